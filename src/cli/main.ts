// `fluent-endpoint`: prints what a route plus parameters turns into, as request
// options (JSON), a curl command or the arguments of fetch. Bad input prints its
// message and a usage line, and exits with 2.
import { closeSync, openSync, readSync } from "node:fs";
import { parseArgs } from "node:util";
import { endpoint, EndpointError, type MergedOptions, type RequestOptions, toFetch, VERSION } from "../index.js";
import { OPTION_KEYS } from "../core/options.js";
import { parseUrlTemplate } from "../template/template.js";
import {
  openAPIEndpoint,
  openAPIRoutes,
  type OpenAPIWarning,
  type RouteTable,
  skippedOperations,
  tableApi,
  tableOperations,
} from "../openapi.js";
import { parseRoute } from "../http/route.js";
import { check } from "../openapi-check.js";
import { closestNames } from "../openapi/table/names.js";
import { OPENAPI_USAGE, openapiCommand, OpenAPIUsageError, printWarning, readDescription } from "./openapi.js";

const SYNOPSIS = "fluent-endpoint [METHOD] URL [name=value ...] [options]";

const USAGE = `Usage: ${SYNOPSIS}
       fluent-endpoint --openapi FILE OPERATION [name=value ...] [--check] [options]
       fluent-endpoint --openapi FILE --list
       fluent-endpoint openapi DESCRIPTION [-o FILE] [--no-types] [--strict] [--check]

Prints the request options endpoint() returns for a route and parameters.

Route:
  GET /users/octocat          a method and a URL, as two arguments or quoted as one
  /user                       a URL alone (the method is GET)
  The first argument is a method when it is an HTTP method token (letters, digits and
  !#$%&'*+-.^_\`|~, in any case: PROPFIND, get) and a second argument follows that is
  not a parameter: it holds no "=", or a "/" comes before its first "=" (/search?q=x is
  a URL). Otherwise the first argument is the whole route: "/user page=2" and
  "user page=2" are a URL and a parameter; "GET" alone, or "GET page=2", is an error
  (a method without its URL).

Operations of a description:
  --openapi FILE              build by an OpenAPI description (.json, .yaml, .yml; Swagger
                              2.0 too): the route or an operationId as written
                              (fluent-endpoint --openapi petstore.yaml getPetById petId:=7),
                              placed as the description says, sent to its first server
  --list                      with --openapi: list its operations (operationId, route,
                              summary, tags, deprecated, and those left out with why)
  --check                     with --openapi: check the parameters against the operation's
                              schemas first (a problem is an error, exit code 2)

Parameters:
  name=value                  a string (labels=bug,ui is the string "bug,ui")
  name:=json                  a JSON value: per_page:=100 draft:=true labels:='["bug","ui"]'

Options:
  -H, --header "name: value"  add a header (repeatable)
  --base-url URL              prefix for a url that is a path (default https://api.github.com):
                              "", a path starting with "/" or a scheme://… url
  --data TEXT | @FILE | -     the request body: text, a UTF-8 file, or standard input
                              (at most 64 MiB)
  --curl                      print an equivalent curl command instead
  --fetch                     print the arguments of fetch(...toFetch(options)) instead
  -h, --help                  print this help
  -v, --version               print the version
  --                          end the options: every argument after it is the route or a
                              parameter, even one that starts with "-" (-- -x=1)

Commands:
  fluent-endpoint openapi DESCRIPTION [-o FILE]
                              write the route table of an OpenAPI description as a
                              module (see fluent-endpoint openapi --help)

Bad input prints "fluent-endpoint: <message>" and a usage line to stderr and exits
with code 2.

Examples:
  fluent-endpoint GET "/repos/{owner}/{repo}/issues" owner=octokit repo=endpoint.js state=open -H "authorization: token secret123"
  fluent-endpoint --openapi petstore.yaml getPetById petId:=7 --curl`;

// The line printed under every error message.
const USAGE_HINT = `usage: ${SYNOPSIS}; see --help`;

/** Bad command-line input; reported like an EndpointError. */
class UsageError extends Error {}

/**
 * `name=value` is a string parameter; `name:=json` is parsed as JSON. A number JSON.parse reads as
 * ±Infinity (`1e400`) is refused, as the library refuses it in a query, instead of a body's `null`.
 */
function parseParameter(argument: string): [string, unknown] {
  const equals = argument.indexOf("=");
  const isJson = equals > 0 && argument[equals - 1] === ":";
  const name = equals === -1 ? "" : argument.slice(0, isJson ? equals - 1 : equals);
  if (name === "") throw new UsageError(`parameter ${JSON.stringify(argument)} is not name=value or name:=json`);
  const text = argument.slice(equals + 1);
  if (!isJson) return [name, text];
  let infinite: number | undefined;
  let value: unknown;
  try {
    value = JSON.parse(text, (_key, item: unknown) => {
      if (typeof item === "number" && !Number.isFinite(item)) infinite ??= item;
      return item;
    });
  } catch {
    throw new UsageError(`parameter "${name}": ${JSON.stringify(text)} is not valid JSON`);
  }
  if (infinite !== undefined) {
    throw new UsageError(`parameter "${name}": ${JSON.stringify(text)} holds ${infinite}, not a finite number`);
  }
  return [name, value];
}

/** `"name: value"`, as curl takes it; the value is trimmed, the name is validated by the library. */
function parseHeader(argument: string): [string, string] {
  const colon = argument.indexOf(":");
  if (colon <= 0) throw new UsageError(`header ${JSON.stringify(argument)} is not "name: value"`);
  return [argument.slice(0, colon), argument.slice(colon + 1).trim()];
}

/**
 * The most `--data` reads from a file or standard input: printed as JSON, where a control
 * character is 6 characters (`\u0001`), a body of that size stays under V8's longest string
 * (2 ** 29 - 24 characters); and `@/dev/zero` ends with a message instead of never.
 */
const MAX_DATA_BYTES = 64 * 1024 * 1024;

/** The bytes of `--data @file` or `--data -`, read in chunks up to {@link MAX_DATA_BYTES}. */
function readBounded(argument: string): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  let fd: number | undefined;
  try {
    fd = argument === "-" ? 0 : openSync(argument.slice(1), "r");
    for (;;) {
      const chunk = Buffer.allocUnsafe(64 * 1024);
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      total += read;
      if (total > MAX_DATA_BYTES) {
        throw new UsageError(
          `--data ${argument}: more than 64 MiB, the most --data reads; send a larger body from code`,
        );
      }
      chunks.push(chunk.subarray(0, read));
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--data ${argument}: ${(error as Error).message}`);
  } finally {
    if (fd !== undefined && fd !== 0) closeSync(fd);
  }
  return Buffer.concat(chunks, total);
}

/**
 * `--data`: `@file` reads a UTF-8 file (relative to the working directory), `-` standard
 * input, at most 64 MiB. Bytes that are not UTF-8 are refused: decoding would silently replace them.
 */
function readData(argument: string): string {
  if (argument !== "-" && !argument.startsWith("@")) return argument;
  const bytes = readBounded(argument);
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new UsageError(
      `--data ${argument}: not UTF-8 text; send binary bytes from code, or with curl --data-binary @FILE`,
    );
  }
}

// RFC 9110 token characters: what a method may be made of.
const METHOD_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Whether `argument` reads as a `name=value` or `name:=json` parameter: an "=" with no "/" before it. */
function isParameter(argument: string): boolean {
  const equals = argument.indexOf("=");
  return equals > 0 && argument.lastIndexOf("/", equals) === -1;
}

/**
 * The route and the parameters of the positionals. `GET /x` as two arguments is the
 * route "GET /x" when the first is a method token and the second is not a parameter;
 * otherwise the first argument is the whole route (`/user page=2`, `"GET /x"`).
 */
function splitPositionals(positionals: string[]): [route: string | undefined, parameters: string[]] {
  const [first, second, ...rest] = positionals;
  if (first !== undefined && second !== undefined && METHOD_TOKEN.test(first) && !isParameter(second)) {
    return [`${first} ${second}`, rest];
  }
  return [first, positionals.slice(1)];
}

/** A value RFC 6570 expands to nothing: none, `null`, or an empty list or object. */
function hasNoValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === "object" && Object.keys(value).length === 0;
}

/**
 * The placeholders of the url (`{repo}`, `{+path}`, `:repo`) whose parameter has no value: the url leaves them out
 * (`DELETE /repos/{owner}/{repo}` without repo is `/repos/octokit`). Optional expressions (`{?page}`, `{/path}`) are not.
 */
function emptyPlaceholders(merged: MergedOptions): { source: string; name: string }[] {
  const params = merged as unknown as Record<string, unknown>;
  return parseUrlTemplate(merged.url ?? "").parts.flatMap((part) =>
    typeof part === "string" || (part.operator !== "" && part.operator !== "+")
      ? []
      : part.varspecs.filter(({ name }) => hasNoValue(params[name])).map(({ name }) => ({ source: part.source, name })),
  );
}

/** POSIX shell single quotes: nothing inside is special, and `'` is written `'\''`. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * A header for curl's `-H`, shell-quoted. A value with characters U+0080–U+00FF (which
 * fetch and Node send as one byte each, Latin-1) goes through POSIX `printf` with octal
 * escapes: quoted as it is, the shell would hand curl their UTF-8 bytes instead.
 */
function curlHeader(header: string): string {
  if (!/[\u0080-\u00ff]/.test(header)) return shellQuote(header);
  let format = "";
  for (const char of header) {
    const code = char.charCodeAt(0);
    format += code >= 0x80 ? `\\${code.toString(8)}` : char === "\\" ? "\\\\" : char === "%" ? "%%" : char;
  }
  return `"$(printf ${shellQuote(format)})"`;
}

/** An equivalent curl command, every value shell-quoted. */
function toCurl(options: RequestOptions): string {
  const { method, url, headers } = options;
  // toFetch serialises a JSON body exactly as fetch would send it.
  const body = toFetch(options)[1].body as string | undefined;
  // `-X HEAD` makes curl wait for a body that never comes; `--head` is curl's HEAD.
  // `--globoff`: curl would otherwise expand `[1-3]` or `{a,b}` in the url into several requests.
  const words = ["curl", "--globoff", ...(method === "head" ? ["--head"] : ["-X", shellQuote(method.toUpperCase())])];
  // `--url`: a url starting with "-" (from an empty base URL) would be read as an option.
  words.push("--url", shellQuote(url));
  for (const name of Object.keys(headers)) {
    const value = String(headers[name]);
    // curl drops a header written `name:`; `name;` sends it with an empty value.
    words.push("-H", curlHeader(value === "" ? `${name};` : `${name}: ${value}`));
  }
  if (body !== undefined) {
    const text = String(body);
    if (text.indexOf("\0") !== -1) {
      throw new UsageError(
        "--curl: the body holds a NUL byte, which no command-line argument can carry; use --fetch, or curl --data-binary @FILE",
      );
    }
    // curl reads a file for `--data-binary @name`; `--data-raw` sends a leading `@` as is.
    words.push(text.startsWith("@") ? "--data-raw" : "--data-binary", shellQuote(text));
  }
  return words.join(" ");
}

/**
 * A description's operations, one a line: operationId (or `-` for none), route, then `[deprecated]`, its tags
 * and summary where it has them; each field is the description's text, its control characters escaped.
 */
function operationList(description: unknown): string {
  const routes = openAPIRoutes(description);
  const lines = tableOperations(routes).map(({ operationId, route, summary, tags, deprecated }) =>
    [
      operationId ?? "-",
      route,
      ...(deprecated === true ? ["[deprecated]"] : []),
      ...(tags === undefined || tags.length === 0 ? [] : [`(${tags.join(", ")})`]),
      ...(summary === undefined ? [] : [summary]),
    ]
      .map(escapeControls)
      .join("  "),
  );
  // docs/decisions.md, "Tolerant compile": listed, as what a call of one throws.
  for (const { route, message, operationId } of skippedOperations(routes)) {
    lines.push([operationId ?? "-", route, `[left out: ${message}]`].map(escapeControls).join("  "));
  }
  return lines.join("\n");
}

/** Text of a description on the terminal: its control characters escaped, so none reaches it (ESC, BEL). */
function escapeControls(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it escapes
  return text.replace(/[\0-\x1f\x7f-\x9f\u2028\u2029]/g, (character) => JSON.stringify(character).slice(1, -1));
}

/**
 * Whether the route argument names an operation of `routes` by operationId: a name it has, as written (`find pet by
 * id` too); else any argument that is no route (no space, no leading `/`), so a misspelt name is told the closest.
 */
function isOperationId(route: string, routes: RouteTable): boolean {
  return (
    tableOperations(routes).some(({ operationId }) => operationId === route) ||
    (route.indexOf(" ") === -1 && !route.startsWith("/"))
  );
}

/**
 * Refuses a route the description lacks: built by the ordinary rules, it would go out without what the description
 * says of it (its server's path, its `accept`), and a typo would fail only at the server.
 */
function assertDescribed(route: string, routes: RouteTable, file: string): void {
  let method: string | undefined, url: string;
  try {
    ({ method = "GET", url } = parseRoute(route));
  } catch {
    return; // no route at all: the builder says why
  }
  const key = `${method.toUpperCase()} ${url}`;
  const same = (each: string) => each.toUpperCase() === key.toUpperCase() && each.endsWith(` ${url}`);
  const described = tableOperations(routes).map((operation) => operation.route);
  // A left-out operation is the description's too: its call says why it was left out.
  if (described.some(same) || skippedOperations(routes).some(({ route: left }) => same(left))) return;
  const closest = closestNames(key, described);
  const hint = closest.length === 0 ? "" : `; the closest: ${closest.map((each) => JSON.stringify(each)).join(", ")}`;
  throw new UsageError(`${JSON.stringify(file)} has no operation ${JSON.stringify(key)}${hint}`);
}

/** Warns when the url a call makes is relative: the description names no server, or a relative one. */
function warnRelative(routes: RouteTable, builder: { merge(): MergedOptions }): void {
  let baseUrl: string;
  try {
    baseUrl = builder.merge().baseUrl;
  } catch {
    return;
  }
  if (/^[a-z][\w+.-]*:\/\//i.test(baseUrl)) return;
  const server = tableApi(routes).server?.url;
  console.error(
    server === undefined || server === "/"
      ? "fluent-endpoint: warning: the description names no server, so the url is a path on the host that serves it: pass --base-url"
      : `fluent-endpoint: warning: the description's server ${JSON.stringify(server)} is relative, so the url is relative to where the description is served: pass --base-url`,
  );
}

/** Runs the command line `args` and returns the text to print. */
async function run(args: string[]): Promise<string> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        header: { type: "string", short: "H", multiple: true },
        "base-url": { type: "string" },
        data: { type: "string" },
        curl: { type: "boolean" },
        fetch: { type: "boolean" },
        openapi: { type: "string" },
        list: { type: "boolean" },
        check: { type: "boolean" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "v" },
      },
    });
  } catch (error) {
    // Node's messages go on with advice about `--`; the first sentence names the problem.
    const problem = (error as Error).message.split(/\.\s/)[0]!;
    // A value that starts with "-" must be attached: `--data=-x`, `-H-x`.
    const option = /^Option '(-[^']*)' argument is ambiguous$/.exec(problem)?.[1];
    const attached = option === undefined ? undefined : option.startsWith("--") ? `${option}=VALUE` : `${option}VALUE`;
    const hint = attached === undefined ? "" : ` (for a value starting with "-", write ${attached})`;
    throw new UsageError(`${problem}${hint}`);
  }
  const { values, positionals } = parsed;
  if (values.help) return USAGE;
  if (values.version) return VERSION;
  if (values.openapi === undefined && (values.list || values.check)) {
    throw new UsageError(`${values.list ? "--list lists" : "--check checks"} the operations of --openapi FILE`);
  }
  if (values.list && positionals.length > 0) {
    throw new UsageError(`--list takes no operation or parameter, got ${JSON.stringify(positionals[0])}`);
  }
  const description = values.openapi === undefined ? undefined : await readDescription(values.openapi);
  if (values.list) return operationList(description);
  const [route, parameters] = splitPositionals(positionals);
  if (route === undefined) {
    throw new UsageError(
      values.openapi === undefined
        ? 'missing route such as "GET /user"'
        : `missing an operation of ${JSON.stringify(values.openapi)}: its operationId or "METHOD /path" (--list lists them)`,
    );
  }
  if (values.curl && values.fetch) throw new UsageError("--curl and --fetch cannot be combined");

  let builder = endpoint.builder();
  if (description === undefined) builder = builder.route(route);
  else {
    const routes = openAPIRoutes(description);
    // A pattern the checks leave unchecked concerns the call; an operation left out throws when called.
    const onWarning = (warning: OpenAPIWarning) => warning.code === "WARN_PATTERN_UNCHECKED" && printWarning(warning);
    const api = openAPIEndpoint(routes, { check: values.check === true && check, onWarning }).builder();
    if (isOperationId(route, routes)) builder = api.operation(route);
    else {
      assertDescribed(route, routes, values.openapi!);
      builder = api.route(route);
    }
    if (values["base-url"] === undefined) warnRelative(routes, builder);
  }
  if (values["base-url"] !== undefined) builder = builder.baseUrl(values["base-url"]);
  for (const header of values.header ?? []) builder = builder.header(...parseHeader(header));
  for (const parameter of parameters) {
    const [name, value] = parseParameter(parameter);
    if (OPTION_KEYS.has(name)) {
      throw new UsageError(
        `"${name}" is an option, not a parameter: put the method in the route; use --base-url, -H or --data`,
      );
    }
    builder = builder.param(name, value);
  }
  let unsent: string[] = [];
  if (values.data !== undefined) {
    const data = readData(values.data);
    // Built without the data, the parameters the url does not use make the JSON body: with it, they are not sent.
    unsent = Object.keys(builder.build().body ?? {});
    builder = builder.data(data);
  }
  const options = builder.build();
  for (const name of unsent) {
    console.error(
      `fluent-endpoint: warning: parameter ${JSON.stringify(name)} is not sent: --data is the whole body, and the url does not use it`,
    );
  }
  for (const placeholder of emptyPlaceholders(builder.merge())) {
    console.error(
      `fluent-endpoint: warning: placeholder ${placeholder.source} has no value, so the url leaves it out: pass ${placeholder.name}=…`,
    );
  }

  if (values.curl) return toCurl(options);
  return JSON.stringify(values.fetch ? toFetch(options) : options, null, 2);
}

const args = process.argv.slice(2);
// Every failure is one line and exit code 2, a bug's too (its stack would say nothing a user can act on).
if (args[0] === "openapi") {
  openapiCommand(args.slice(1)).then(console.log, (error: unknown) => {
    const known = error instanceof EndpointError || error instanceof OpenAPIUsageError || isArgumentError(error);
    console.error(`fluent-endpoint openapi: ${messageOf(error, known)}\n${OPENAPI_USAGE.split("\n")[0]}`);
    process.exitCode = 2;
  });
} else {
  run(args).then(console.log, (error: unknown) => {
    const known = error instanceof EndpointError || error instanceof UsageError || error instanceof OpenAPIUsageError;
    console.error(`fluent-endpoint: ${messageOf(error, known)}\n${USAGE_HINT}`);
    process.exitCode = 2;
  });
}

/** An error's message; one that is no user's mistake says so, in its first line. */
function messageOf(error: unknown, known: boolean): string {
  const message = String((error as Error)?.message ?? error);
  return known ? message : `internal error, please report it: ${message.split("\n")[0]!}`;
}

/** parseArgs' own mistakes (an unknown option, a missing value). */
function isArgumentError(error: unknown): boolean {
  return (
    typeof (error as { code?: unknown })?.code === "string" &&
    (error as { code: string }).code.startsWith("ERR_PARSE_ARGS")
  );
}
