// `fluent-endpoint openapi`: writes a module that exports an OpenAPI description's route table (and, where
// openapi-typescript is installed, the types of its paths), so an application does not load the description.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, extname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  openAPIRoutes,
  type OpenAPIWarning,
  type RouteTable,
  skippedOperations,
  tableApi,
  type TableApi,
  tableOperations,
} from "../openapi.js";
import { isSwagger, swaggerToOpenAPI } from "../openapi/swagger.js";
import { writtenArguments } from "./arguments.js";
import { breakListCycles, dropExamples, dropSharedOperationIds } from "./typable.js";

export const OPENAPI_USAGE = `Usage: fluent-endpoint openapi DESCRIPTION [-o FILE] [--no-types] [--strict] [--check]

Writes a module exporting \`routes\`, the route table of an OpenAPI 3.0 or 3.1
description or a Swagger 2.0 one (.json, .yaml or .yml), for endpoint.withRoutes(routes).

  -o, --output FILE   write to FILE (.ts, .mts, .cts, .js, .mjs or .cjs) instead of printing
                      a .ts module; a .js module is CommonJS or an ES module as Node reads
                      it (.cjs, .mjs, or by the nearest package.json's "type")
  --no-types          leave out the \`paths\` types (written when openapi-typescript is
                      installed; a .js module never has them)
  --strict            make warnings errors: an operation left out for a flaw of its own
                      (printed as a warning, the module still written) fails the command
  --check             also write each operation's argument schema, which
                      openAPIEndpoint(routes, { check }) checks calls by
                      and argumentSchema(routes, key) returns

A description of several files is bundled into one: its $refs to other local files
(relative paths, YAML or JSON) are read; a $ref to a remote URL (http, https) is
refused, and nothing is downloaded.`;

/** A command-line mistake: printed with the usage, exit code 2. */
export class OpenAPIUsageError extends Error {}

/** Runs `fluent-endpoint openapi …` and returns what to print. */
export async function openapiCommand(args: string[]): Promise<string> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      output: { type: "string", short: "o" },
      "no-types": { type: "boolean" },
      strict: { type: "boolean" },
      check: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return OPENAPI_USAGE;
  if (positionals.length !== 1) throw new OpenAPIUsageError("openapi takes one description file");
  const file = positionals[0]!;
  const output = values.output;
  const javascript = output !== undefined && /\.[cm]?js$/.test(output);
  if (output !== undefined && !javascript && !/\.[cm]?ts$/.test(output)) {
    throw new OpenAPIUsageError(`--output ${JSON.stringify(output)} must end in .ts, .mts, .cts, .js, .mjs or .cjs`);
  }

  const document = await readDescription(file);
  // docs/decisions.md, "Tolerant compile": an operation with a flaw of its own is left out, and said so (the library's
  // warnings, "Warnings").
  const warnings: OpenAPIWarning[] = [];
  const routes = openAPIRoutes(document, { onWarning: (warning) => warnings.push(warning) });
  const skipped = skippedOperations(routes);
  if (values.strict && warnings.length > 0) {
    const count = warnings.length;
    const more = count === 1 ? "" : ` (and ${count - 1} more, printed as warnings without --strict)`;
    throw new OpenAPIUsageError(`--strict: ${escapeControls(warnings[0]!.message)}${more}`);
  }
  for (const warning of warnings) printWarning(warning);
  const json = JSON.stringify(routes, null, 2);
  // In a literal, a `"__proto__":` key would set the prototype: such a table is written as JSON text to parse.
  const literal = (value: unknown, text: string) =>
    text.includes('"__proto__"') ? `JSON.parse(${JSON.stringify(JSON.stringify(value))})` : text;
  const api: TableApi = tableApi(routes);
  // Its server and security schemes, the second argument: docs/decisions.md, "A description's defaults".
  let second = Object.keys(api).length === 0 ? "" : literal(api, JSON.stringify(api, null, 2));
  const taken = values.check ? writtenArguments(routes) : undefined;
  if (taken !== undefined) {
    // Data no type describes more than `TableArguments` does, as text to parse: a type-checker reads a string, not a
    // megabyte of literal (Stripe's module type-checked in 1.7 times the time of its unchecked one as a literal).
    const text = `JSON.parse(${JSON.stringify(JSON.stringify(taken))})`;
    second =
      second === ""
        ? `{ arguments: ${text} }`
        : `${second.slice(0, second.lastIndexOf("}")).trimEnd()},\n  "arguments": ${text}\n}`;
  }
  const table = literal(routes, json) + (second === "" ? "" : `, ${second}`);
  const types = javascript || values["no-types"] ? undefined : await pathTypes(document, values.strict === true);
  // The file name in a JSON string, so a line break in it cannot end the comment (docs/decisions.md, "What a table trusts").
  const header = `// Written by fluent-endpoint openapi from ${JSON.stringify(file)}: do not edit.\n`;
  // TypeScript's import and export compile to either format; JavaScript is written in the one Node reads it as.
  const module = javascript
    ? isCommonJS(output)
      ? `${header}const { routeTable } = require("fluent-endpoint/openapi");\n\nexports.routes = routeTable(${table});\n`
      : `${header}import { routeTable } from "fluent-endpoint/openapi";\n\nexport const routes = routeTable(${table});\n`
    : types === undefined
      ? `${header}import { routeTable } from "fluent-endpoint/openapi";\n\nexport const routes = routeTable(${table});\n`
      : `${header}import type { OpenAPIRoutes } from "fluent-endpoint";\nimport { routeTable } from "fluent-endpoint/openapi";\n\n${types}\n${operationRoutes(routes)}\nexport const routes = routeTable<OpenAPIRoutes<paths, operationRoutes>>(${table});\n`;
  if (output === undefined) return asciiOnly(module.trimEnd());
  try {
    writeFileSync(output, asciiOnly(module));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "its folder does not exist" : firstLine(error);
    throw new OpenAPIUsageError(`cannot write ${JSON.stringify(output)}: ${reason}`);
  }
  const count = Object.keys(routes).length;
  const left = skipped.length === 0 ? "" : ` (${skipped.length} left out)`;
  return `wrote ${count} ${count === 1 ? "route" : "routes"}${left} to ${output}`;
}

/**
 * The type that names the table's operations, operationId to route, for `operation(operationId)`'s types (written
 * with openapi-typescript's, which refuses a description whose operations share an operationId).
 */
function operationRoutes(routes: RouteTable): string {
  const operations = tableOperations(routes);
  const count = new Map<string | undefined, number>();
  for (const { operationId } of operations) count.set(operationId, (count.get(operationId) ?? 0) + 1);
  // A name several operations share names none: `operation()` refuses it, and a type literal cannot hold it twice.
  const lines = operations.flatMap(({ operationId, route }) =>
    operationId === undefined || count.get(operationId)! > 1
      ? []
      : [`  ${JSON.stringify(operationId)}: ${JSON.stringify(route)};`],
  );
  return `/** The operations by operationId, each one's route. */\nexport type operationRoutes = {\n${lines.join("\n")}\n};\n`;
}

/**
 * The description in `file` (JSON or YAML), its `$ref`s to other local files bundled in, a Swagger 2.0 one
 * converted to OpenAPI 3.0 (once, so a route table and its types are made from the same description).
 */
export async function readDescription(file: string): Promise<unknown> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new OpenAPIUsageError(
      `cannot read ${JSON.stringify(file)}: ${(error as NodeJS.ErrnoException).code ?? error}`,
    );
  }
  const parsed = await parseDescription(file, text);
  // Examples are read by neither the table nor the types (docs/decisions.md, "Types of a description").
  dropExamples(parsed);
  const bundled = await bundleDescription(file, parsed);
  return isSwagger(bundled) ? swaggerToOpenAPI(bundled) : bundled;
}

/**
 * Whether Node reads the JavaScript file `path` as CommonJS: a `.cjs` file, or a `.js` file whose nearest
 * package.json has no `"type": "module"` (or that has no package.json above it).
 */
function isCommonJS(path: string): boolean {
  if (path.endsWith(".cjs")) return true;
  if (path.endsWith(".mjs")) return false;
  for (let dir = dirname(resolve(path)); ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      try {
        return (JSON.parse(readFileSync(manifest, "utf8")) as { type?: unknown }).type !== "module";
      } catch (error) {
        throw new OpenAPIUsageError(`cannot read ${JSON.stringify(manifest)}: ${(error as Error).message}`);
      }
    }
    if (dirname(dir) === dir) return true;
  }
}

/**
 * The module with every character outside ASCII escaped (`\\u2028`): the same text in a string, a comment or a
 * name, and no line terminator (U+2028, U+2029) of the description's can end a comment.
 */
function asciiOnly(module: string): string {
  return module.replace(/[^\0-\x7f]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Prints a warning of the library's or the command's own, its control characters escaped. */
export function printWarning({ message }: OpenAPIWarning): void {
  console.error(`fluent-endpoint: warning: ${escapeControls(message)}`);
}

/** An error's first line, its control characters escaped. */
function firstLine(error: unknown): string {
  return escapeControls(String((error as Error)?.message ?? error).split("\n")[0]!);
}

/** Text of the description in a message, its control characters escaped, so none reaches the terminal (ESC, BEL). */
function escapeControls(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex -- control characters are what it escapes
    /[\0-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

async function parseDescription(file: string, text: string): Promise<unknown> {
  const json = extname(file).toLowerCase() === ".json";
  try {
    if (json) return JSON.parse(text);
    const { parse } = await import("yaml");
    // yaml's own limit on aliases refuses an alias bomb; merge keys (`<<: *common`) are applied, never read as a key.
    return parse(text, { merge: true });
  } catch (error) {
    throw new OpenAPIUsageError(
      `${JSON.stringify(file)} is not ${json ? "JSON" : "YAML"}: ${escapeControls((error as Error).message)}`,
    );
  }
}

/**
 * The description with the files its `$ref`s name (relative to the file that holds them, YAML or JSON) bundled in by
 * @apidevtools/json-schema-ref-parser, every `$ref` then pointing inside it. A `$ref` to a remote URL is refused
 * before any request is made: the built-in http resolver is off, and the one in its place only records the URL.
 */
async function bundleDescription(file: string, document: unknown): Promise<unknown> {
  if (typeof document !== "object" || document === null) return document;
  const [{ $RefParser }, { parse }] = await Promise.all([
    import("@apidevtools/json-schema-ref-parser"),
    import("yaml"),
  ]);
  let remote: string | undefined;
  try {
    return await new $RefParser().bundle(file, document as never, {
      resolve: {
        http: false,
        remote: {
          order: 0,
          canRead: /^(?!file:)[a-z][a-z\d+.-]*:\/\//i,
          read: ({ url }: { url: string }) => {
            remote = url;
            throw new Error(`${url} is remote`);
          },
        },
      },
      // YAML files are read as the description itself is: merge keys applied, an alias bomb refused.
      parse: {
        yaml: {
          order: 100,
          canParse: /\.ya?ml$/i,
          parse: ({ data }: { data: Buffer | string }) => parse(String(data), { merge: true }),
        },
      },
    });
  } catch (error) {
    if (remote !== undefined) {
      throw new OpenAPIUsageError(
        `${JSON.stringify(file)} refers (by a $ref of its own or of a file it names) to the remote document ${escapeControls(JSON.stringify(remote))}, which is never downloaded: save a copy beside it and refer to that`,
      );
    }
    const message = escapeControls((error as Error).message.split("\n")[0]!);
    throw new OpenAPIUsageError(`cannot bundle the $refs of ${JSON.stringify(file)}: ${message}`);
  }
}

/** The `paths` types (and their components) by openapi-typescript, if the project has it. */
async function pathTypes(document: unknown, strict: boolean): Promise<string | undefined> {
  let generator: { default: (schema: never) => Promise<unknown[]>; astToString: (nodes: unknown[]) => string };
  try {
    // A dependency of this package, with the TypeScript it needs beside it, whichever TypeScript the application has.
    generator = (await import("openapi-typescript")) as never;
  } catch (error) {
    throw new OpenAPIUsageError(
      `openapi-typescript, which writes the types, cannot be loaded (${firstLine(error)}): reinstall fluent-endpoint, or write the module with --no-types`,
    );
  }
  const copy = structuredClone(document);
  const fallback = (message: string) => {
    if (strict) throw new OpenAPIUsageError(`--strict: ${escapeControls(message)}`);
    printWarning({ code: "WARN_TYPES_FALLBACK", message });
  };
  for (const name of dropSharedOperationIds(copy)) {
    fallback(`operationId ${JSON.stringify(name)} names several operations, which are typed by their routes only`);
  }
  for (const name of breakListCycles(copy)) {
    fallback(
      `the types of schema ${JSON.stringify(name)} give way: a list of itself in it is typed unknown[], as TypeScript cannot type it (TS2502)`,
    );
  }
  try {
    return generator.astToString(await generator.default(copy as never));
  } catch (error) {
    // Whatever openapi-typescript cannot do is a one-line error, not a crash: the table alone can still be written.
    throw new OpenAPIUsageError(
      `openapi-typescript cannot write the types (${firstLine(error)}): --no-types writes the module without them`,
    );
  }
}
