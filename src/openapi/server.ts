// A description's servers: read from a table, and their `{name}` variables filled in (docs/decisions.md,
// "A description's defaults").
import { kindOf, EndpointError, quote } from "../core/errors.js";
import type { RouteServer, ServerVariable } from "../core/route-table.js";
import { isPlainObject, setOwn } from "../core/values.js";
import { readBaseUrl } from "../http/url.js";

/** Values an endpoint gives a server's variables, by name. */
export type ServerVariables = Readonly<Record<string, string>>;

const VARIABLE = /\{([^{}]*)\}/g;
const AUTHORITY = /^(?:[a-z][\w+.-]*:)?\/\/([^/?#]*)/i;

/** `server` checked and copied, plain data; `where` names it in a message. */
export function readServer(where: string, server: unknown): RouteServer {
  const { url, variables } = isPlainObject(server) ? server : ({} as Record<string, unknown>);
  if (typeof url !== "string") fail(`${where} has a server without a url: ${kindOf(server)}`);
  if (variables === undefined) return Object.freeze({ url });
  if (!isPlainObject(variables)) fail(`${where} has server variables that are not an object`);
  const copy: Record<string, ServerVariable> = {};
  for (const name of Object.keys(variables)) {
    const { default: value, enum: values } = isPlainObject(variables[name]) ? variables[name] : {};
    if (typeof value !== "string") fail(`${where} has server variable ${quote(name)} without a string default`);
    if (values === undefined) {
      setOwn(copy, name, Object.freeze({ default: value }));
    } else if (Array.isArray(values) && values.every((item) => typeof item === "string")) {
      setOwn(copy, name, Object.freeze({ default: value, enum: Object.freeze([...values] as string[]) }));
    } else {
      fail(`${where} has server variable ${quote(name)} whose enum is not a list of strings`);
    }
  }
  return Object.freeze({ url, variables: Object.freeze(copy) });
}

/**
 * The base url `server` makes, each `{name}` its given value or its default. A value may not move the request
 * to another host. Each is judged by where it lands in the url the values make (a server may write its host and path
 * as `{hostname}{basePath}`): in the authority it holds letters, digits, `-._~` and a port's `:` only and ends
 * there; in the path it holds no `?`, `#` or `\`; and it may not leave the authority empty.
 */
export function serverUrl(server: RouteServer, given: ServerVariables): string {
  const { url } = server;
  const variables = server.variables ?? {};
  const spans: { name: string; value: string; at: number }[] = [];
  let text = "";
  let copied = 0;
  for (const match of url.matchAll(VARIABLE)) {
    const name = match[1]!;
    const variable = Object.hasOwn(variables, name) ? variables[name] : undefined;
    if (variable === undefined)
      fail(`server ${quote(url)} names the variable ${quote(name)}, which it does not declare`);
    const value = Object.hasOwn(given, name) ? given[name]! : variable.default;
    if (variable.enum !== undefined && !variable.enum.includes(value)) {
      fail(
        `server variable ${quote(name)} is ${quote(value)}, not one of ${variable.enum.map((item) => quote(item)).join(", ")}`,
      );
    }
    text += url.slice(copied, match.index);
    spans.push({ name, value, at: text.length });
    text += value;
    copied = match.index + match[0].length;
  }
  text += url.slice(copied);
  // The authority runs from `//` to the next `/`, `?` or `#`; a url without one (`/v1`) has none.
  const authority = AUTHORITY.exec(text);
  const hostEnd = authority === null ? 0 : authority[0].length;
  // A value may hold the scheme and `//` as well (`{server}/api/v1`); the regular expression has checked those.
  const hostStart = authority === null ? 0 : hostEnd - authority[1]!.length;
  for (const { name, value, at } of spans) {
    const inHost = at < hostEnd;
    const host = value.slice(Math.max(0, hostStart - at));
    if (inHost ? at + value.length > hostEnd || !/^[\w.~:-]*$/.test(host) : /[?#\\]/.test(value)) {
      fail(
        `server variable ${quote(name)} is ${quote(value)}, which would change the server's ${inHost ? "host" : "path"}`,
      );
    }
  }
  // `https:///x` is read by URL parsers as the host `x`.
  const empty = authority?.[1] === "" ? spans.find((span) => span.at === hostEnd) : undefined;
  if (empty !== undefined) {
    fail(`server variable ${quote(empty.name)} is ${quote(empty.value)}, which would leave the server without a host`);
  }
  // A relative server (`v1`, `./`, `../api`) is relative to where the description is served, which the caller reads
  // the url against: it stays relative, `v1` written `./v1` (the same reference), a form `baseUrl` takes back.
  const bare = text !== "" && !/^(?:\/|\.\.?\/|[a-z][\w+.-]*:)/i.test(text);
  return readBaseUrl(bare ? `./${text}` : text);
}

/** `given` checked against the variables the servers declare: a name none of them declares is a mistake. */
export function readServerVariables(given: unknown, servers: Iterable<RouteServer>): ServerVariables {
  if (given === undefined) return {};
  if (!isPlainObject(given)) fail(`server variables must be an object, got ${kindOf(given)}`);
  const declared = new Set<string>();
  for (const server of servers) for (const name of Object.keys(server.variables ?? {})) declared.add(name);
  const copy: Record<string, string> = {};
  for (const name of Object.keys(given)) {
    const value = given[name];
    if (!declared.has(name)) {
      fail(
        `server variable ${quote(name)} is declared by no server${declared.size === 0 ? "" : ` (declared: ${[...declared].map((item) => quote(item)).join(", ")})`}`,
      );
    }
    if (typeof value !== "string") fail(`server variable ${quote(name)} must be a string, got ${kindOf(value)}`);
    setOwn(copy, name, value);
  }
  return Object.freeze(copy);
}

function fail(message: string): never {
  throw new EndpointError("ERR_INVALID_OPTIONS", message);
}
