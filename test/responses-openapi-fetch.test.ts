// Response types against openapi-fetch 0.17's, for every operation of three real descriptions (docs/typed-routes.md,
// "Responses"): `fluent-endpoint openapi` writes each one's module as users run it (the built dist/cli.js), then tsc
// checks, operation by operation, that ResponseData and ResponseError are mutually assignable with openapi-fetch's
// `data` and `error` for the same call, and that an operationId types as its route. Where the two differ on purpose,
// the line says how: a 205 has no body (openapi-fetch's success statuses leave it out), a media range reads as
// `unknown` (openapi-fetch types it as its schema, whatever the response's media type).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectTypeChecks } from "./support/type-check.js";

const root = resolve(__dirname, "..");
const require = createRequire(import.meta.url);
// An application's folder, where `fluent-endpoint` resolves to this package and `openapi-fetch` to its devDependency.
const directory = mkdtempSync(join(tmpdir(), "responses-openapi-fetch-"));

beforeAll(() => {
  mkdirSync(join(directory, "node_modules"));
  symlinkSync(root, join(directory, "node_modules", "fluent-endpoint"), "dir");
  symlinkSync(join(root, "node_modules", "openapi-fetch"), join(directory, "node_modules", "openapi-fetch"), "dir");
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
// What readResponse() reads as bytes and as JSON (src/adapters/response.ts), here to tell how openapi-fetch must read.
const BYTES = /^((image|audio|video|font)\/|application\/(octet-stream|(pdf|g?zip)$))/;
const JSON_TYPE = /^application\/(.*\+)?json(;.*)?$/;

type Node = Record<string, any>;

/** How many operations, and of them how many read otherwise than JSON or differ from openapi-fetch on purpose. */
interface Counts {
  operations: number;
  named: number;
  text: number;
  bytes: number;
  range: number;
  reset: number;
}

/**
 * The module of checks for a description: per operation, its success and error types against openapi-fetch's for the
 * same call (openapi-fetch reading JSON where the operation offers it, as ours do by default; its bytes with
 * `parseAs: "arrayBuffer"`), and its operationId's against its route's.
 */
function parityChecks(name: string, description: Node): { module: string; counts: Counts } {
  const deref = (node: Node): Node =>
    typeof node.$ref === "string"
      ? (node.$ref as string)
          .split("/")
          .slice(1)
          .reduce((at: Node, key) => at[key.replace(/~1/g, "/").replace(/~0/g, "~")], description)
      : node;
  const lines: string[] = [];
  const counts: Counts = { operations: 0, named: 0, text: 0, bytes: 0, range: 0, reset: 0 };
  const names = new Map<string, number>();
  for (const item of Object.values(description.paths as Node)) {
    for (const method of METHODS)
      if (item[method]?.operationId)
        names.set(item[method].operationId, (names.get(item[method].operationId) ?? 0) + 1);
  }
  for (const [path, item] of Object.entries(description.paths as Node)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      counts.operations++;
      const route = JSON.stringify(`${method.toUpperCase()} ${path}`);
      const success = Object.entries((operation.responses ?? {}) as Node).filter(([status]) => status.startsWith("2"));
      // Swagger 2.0 (Kubernetes') names a response's media types in `produces`; the CLI converts it the same way.
      const media = success.flatMap(([, response]) => {
        const read = deref(response);
        if (read.content) return Object.keys(read.content);
        return read.schema ? ((operation.produces ?? description.produces ?? ["application/json"]) as string[]) : [];
      });
      const json = media.filter((type) => JSON_TYPE.test(type));
      const picked = json.length > 0 ? json : media;
      const kind = picked.some((type) => type.includes("*"))
        ? "range"
        : picked.length > 0 && picked.every((type) => BYTES.test(type.split(";")[0]!))
          ? "bytes"
          : json.length === 0 && picked.length > 0
            ? "text"
            : "json";
      if (kind !== "json") counts[kind]++;
      const reset = success.some(([status]) => status === "205");
      if (reset) counts.reset++;
      const theirs = `paths[${JSON.stringify(path)}][${JSON.stringify(method)}]`;
      const as = `${kind === "bytes" ? `{ parseAs: "arrayBuffer" }` : "{}"}, ${kind === "json" ? "Json" : "Any"}`;
      const data = kind === "range" ? "unknown" : `FetchData<${theirs}, ${as}>${reset ? " | undefined" : ""}`;
      lines.push(`check<Same<ResponseData<Routes, ${route}>, ${data}>>();`);
      lines.push(`check<Same<ResponseError<Routes, ${route}>, FetchError<${theirs}, ${as}>>>();`);
      const id = operation.operationId as string | undefined;
      if (id !== undefined && names.get(id) === 1) {
        counts.named++;
        const byName = JSON.stringify(id);
        lines.push(`check<Same<ResponseData<Routes, ${byName}>, ResponseData<Routes, ${route}>>>();`);
        lines.push(`check<Same<ResponseError<Routes, ${byName}>, ResponseError<Routes, ${route}>>>();`);
      }
    }
  }
  const module = `import type { FetchResponse } from "openapi-fetch";
import type { OpenAPIRoutes, ResponseData, ResponseError } from "fluent-endpoint";
import type { operationRoutes, paths } from "./${name}.js";
type Routes = OpenAPIRoutes<paths, operationRoutes>;
/** true when A and B are mutually assignable. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
declare function check<Holds extends true>(): void;
/** openapi-fetch's media types: JSON's, for an operation that offers JSON (as ours by default), or all. */
type Json = \`\${string}/\${string}json\`;
type Any = \`\${string}/\${string}\`;
type Fetched<Operation, Init, Media extends Any> = FetchResponse<Operation & Record<string | number, any>, Init, Media>;
/** openapi-fetch's \`data\` and \`error\`: each from the member of its result that requires it. */
type FetchData<Operation, Init, Media extends Any> = Fetched<Operation, Init, Media> extends infer Result
  ? Result extends { data: infer Data } ? ({} extends Pick<Result, "data"> ? never : Data) : never
  : never;
type FetchError<Operation, Init, Media extends Any> = Fetched<Operation, Init, Media> extends infer Result
  ? Result extends { error: infer Error } ? ({} extends Pick<Result, "error"> ? never : Error) : never
  : never;
${lines.join("\n")}
`;
  return { module, counts };
}

/** Writes the description's module with the CLI, then its checks, and type-checks them. */
function expectParity(name: string, file: string): Counts {
  const cli = spawnSync(process.execPath, [join(root, "dist", "cli.js"), "openapi", file, "-o", `${name}.ts`], {
    cwd: directory,
    encoding: "utf8",
  });
  expect(cli.status, cli.stderr).toBe(0);
  const { module, counts } = parityChecks(name, JSON.parse(readFileSync(file, "utf8")) as Node);
  writeFileSync(join(directory, `${name}-parity.ts`), module);
  expectTypeChecks(directory, [`${name}-parity.ts`]);
  return counts;
}

// Measured on two cores: the CLI 7 to 10 s a description, tsc 6 to 15 s.
describe("ResponseData and ResponseError against openapi-fetch 0.17's data and error, every operation", () => {
  it("of GitHub's description (@octokit/openapi): 1 223 operations, 3 with a 205", () => {
    const counts = expectParity("github", require.resolve("@octokit/openapi/generated/api.github.com.json"));
    expect(counts).toEqual({ operations: 1223, named: 1223, text: 4, bytes: 0, range: 0, reset: 3 });
  }, 180_000);

  it("of Stripe's description: 468 operations, a PDF read as bytes", () => {
    const counts = expectParity("stripe", join(root, "test", "fixtures", "openapi", "stripe", "stripe.json"));
    expect(counts).toEqual({ operations: 468, named: 468, text: 0, bytes: 1, range: 0, reset: 0 });
  }, 180_000);

  it("of Kubernetes' description (Swagger 2.0): 1 014 operations, 48 of any media type", () => {
    const counts = expectParity(
      "kubernetes",
      join(root, "test", "fixtures", "openapi", "kubernetes-1.13", "kubernetes-1.13.json"),
    );
    expect(counts).toEqual({ operations: 1014, named: 1014, text: 0, bytes: 0, range: 48, reset: 0 });
  }, 180_000);
});
