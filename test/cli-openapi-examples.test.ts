// `fluent-endpoint openapi` drops, before bundling, the examples of every media type, parameter and header wherever
// the specification puts one, and `components.examples` with every `$ref` to it (docs/decisions.md, "Types of a
// description"), run as users run it (the built dist/cli.js in a child process): a `$ref` among them that resolves
// nowhere no longer stops the command, and a schema's own `example` and `examples` stay.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { endpoint } from "../src/index.js";
import type { argumentSchema } from "../src/openapi.js";
import { expectTypeChecks } from "./support/type-check.js";

const root = resolve(__dirname, "..");
const CLI = join(root, "dist", "cli.js");
// An application's folder, where `fluent-endpoint` resolves to this package (node_modules/fluent-endpoint → root).
const directory = mkdtempSync(join(tmpdir(), "cli-openapi-examples-"));

function cli(args: string[]) {
  const { status, stdout, stderr } = spawnSync(process.execPath, [CLI, "openapi", ...args], {
    cwd: directory,
    encoding: "utf8",
  });
  return { status, stdout, stderr };
}

beforeAll(() => {
  mkdirSync(join(directory, "node_modules"));
  symlinkSync(root, join(directory, "node_modules", "fluent-endpoint"), "dir");
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

type Node = Record<string, unknown>;

/** Examples each of whose `$ref`s stops the bundling its own way, were they kept. */
const DANGLING = {
  example: { $ref: "#/nowhere" },
  examples: { gone: { $ref: "#/components/examples/gone" }, absent: { $ref: "absent.yaml#/one" } },
};
const media = { schema: { type: "string" }, ...DANGLING };
const parameter = { name: "q", in: "query", schema: { type: "string" }, ...DANGLING };
const header = { schema: { type: "string" }, ...DANGLING };
const ok = { 200: { description: "ok" } };
const posting = { post: { requestBody: { content: { "application/json": media } }, responses: ok } };

/** Where the specification puts a media type, a parameter or a header, and the routes the description then has. */
const PLACES: [string, Node, number][] = [
  ["a request body's media type", { paths: { "/body": posting } }, 2],
  [
    "a response's media type",
    {
      paths: {
        "/response": { get: { responses: { 200: { description: "ok", content: { "application/json": media } } } } },
      },
    },
    2,
  ],
  ["a path item's parameter", { paths: { "/item": { parameters: [parameter], get: { responses: ok } } } }, 2],
  ["an operation's parameter", { paths: { "/parameter": { get: { parameters: [parameter], responses: ok } } } }, 2],
  [
    "a parameter's media type",
    {
      paths: {
        "/content": {
          get: { parameters: [{ name: "q", in: "query", content: { "application/json": media } }], responses: ok },
        },
      },
    },
    2,
  ],
  [
    "a response's header",
    { paths: { "/header": { get: { responses: { 200: { description: "ok", headers: { "X-Rate": header } } } } } } },
    2,
  ],
  [
    "a header of a media type's encoding",
    {
      paths: {
        "/encoding": {
          post: {
            requestBody: {
              content: {
                "multipart/form-data": {
                  schema: { type: "object", properties: { file: { type: "string" } } },
                  encoding: { file: { headers: { "X-Part": header } } },
                },
              },
            },
            responses: ok,
          },
        },
      },
    },
    2,
  ],
  ["a webhook's operation", { webhooks: { ping: posting } }, 1],
  ["a webhook's operation in x-webhooks, where OpenAPI 3.0 has them", { "x-webhooks": { ping: posting } }, 1],
  [
    "a callback's operation",
    { paths: { "/callback": { post: { callbacks: { done: { "{$request.body#/url}": posting } }, responses: ok } } } },
    2,
  ],
  [
    "an operation of additionalOperations",
    { paths: { "/additional": { additionalOperations: { COPY: { parameters: [parameter], responses: ok } } } } },
    2,
  ],
  ["components.parameters", { components: { parameters: { q: parameter } } }, 1],
  ["components.headers", { components: { headers: { rate: header } } }, 1],
  [
    "components.requestBodies",
    { components: { requestBodies: { body: { content: { "application/json": media } } } } },
    1,
  ],
  [
    "components.responses",
    { components: { responses: { ok: { description: "ok", content: { "application/json": media } } } } },
    1,
  ],
  ["components.callbacks", { components: { callbacks: { done: { "{$request.body#/url}": posting } } } }, 1],
  ["components.pathItems", { components: { pathItems: { item: posting } } }, 1],
  ["components.mediaTypes", { components: { mediaTypes: { json: media } } }, 1],
];

/** A description of `GET /ping` and the `places`, with the example that `#/components/examples/gone` names. */
function description(...places: Node[]): Node {
  const document: Node = {
    openapi: "3.2.0",
    info: { title: "examples", version: "1" },
    paths: { "/ping": { get: { responses: ok } } },
    components: { examples: { gone: { value: 1 } } },
  };
  for (const place of places) {
    for (const [key, value] of Object.entries(place)) {
      document[key] = { ...(document[key] as Node), ...(value as Node) };
    }
  }
  return document;
}

describe("fluent-endpoint openapi: examples are dropped wherever the specification puts them", () => {
  it.each(PLACES.map((place, index) => [...place, index] as const))(
    "%s: its examples go, and their $refs (to nothing, to a missing file, to components.examples) with them",
    (_place, place, count, index) => {
      writeFileSync(join(directory, `place-${index}.json`), JSON.stringify(description(place)));
      expect(cli([`place-${index}.json`, "-o", `place-${index}.mjs`])).toEqual({
        status: 0,
        stdout: `wrote ${count} ${count === 1 ? "route" : "routes"} to place-${index}.mjs\n`,
        stderr: "",
      });
    },
  );

  it("the types of a description with all of those are written", () => {
    writeFileSync(join(directory, "places.json"), JSON.stringify(description(...PLACES.map(([, place]) => place))));
    const { status, stdout, stderr } = cli(["places.json", "-o", "places.ts"]);
    expect({ status, stdout, stderr }).toEqual({ status: 0, stdout: "wrote 10 routes to places.ts\n", stderr: "" });
    expect(readFileSync(join(directory, "places.ts"), "utf8")).toContain("export interface paths");
  });
});

describe("fluent-endpoint openapi: a schema's own example and examples stay", () => {
  const SCHEMAS = {
    openapi: "3.1.0",
    info: { title: "schemas", version: "1" },
    paths: {
      "/count": {
        get: {
          // An extension, and the schemas' examples below, name an example of components.examples (GitHub's has
          // a schema's `example` that does), which goes with them.
          "x-sample": { $ref: "#/components/examples/gone" },
          parameters: [
            {
              name: "n",
              in: "query",
              schema: { type: "integer", examples: [{ $ref: "#/components/examples/gone" }, 8] },
            },
          ],
          responses: {
            200: {
              description: "ok",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: { count: { type: "integer", example: 7, examples: [8] } },
                    example: { $ref: "#/components/examples/gone" },
                  },
                },
              },
            },
          },
        },
      },
    },
    components: { examples: { gone: { value: 1 } } },
  };

  it("in the written types, but a $ref among them to components.examples, which goes with it", () => {
    writeFileSync(join(directory, "schemas.json"), JSON.stringify(SCHEMAS));
    const { status, stdout, stderr } = cli(["schemas.json", "-o", "schemas.ts"]);
    expect({ status, stdout, stderr }).toEqual({ status: 0, stdout: "wrote 1 route to schemas.ts\n", stderr: "" });
    expect(readFileSync(join(directory, "schemas.ts"), "utf8")).toMatch(
      /\/\*\*\s+\* @example 7\s+\* @example 8\s+\*\/\s+count\?: number;/,
    );
  });

  it("in the argument schemas --check writes", async () => {
    writeFileSync(join(directory, "schemas.json"), JSON.stringify(SCHEMAS));
    expect(cli(["schemas.json", "-o", "schemas.mjs", "--check"]).status).toBe(0);
    const written = (await import(pathToFileURL(join(directory, "schemas.mjs")).href)) as { routes: unknown };
    // The module's table is the built package's, which keeps what it knows of its tables to itself.
    const built = (await import(pathToFileURL(join(root, "dist", "openapi.js")).href)) as {
      argumentSchema: typeof argumentSchema;
    };
    expect(built.argumentSchema(written.routes as never, "GET /count")).toEqual({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      title: "GET /count",
      type: "object",
      properties: { n: { type: "integer", examples: [8] } },
      additionalProperties: false,
    });
  });
});

describe("fluent-endpoint openapi: GitHub's description (@octokit/openapi's api.github.com.json)", () => {
  // Its x-webhooks' examples and a schema's `example` name examples of components.examples. Measured on two cores:
  // the typed run about 6 s and its tsc 2 to 5 s, the table alone under 2 s.
  const GITHUB = createRequire(import.meta.url).resolve("@octokit/openapi/generated/api.github.com.json");

  it("writes its types, which type-check a call", () => {
    // stderr holds openapi-typescript's warning about a discriminator of GitHub's.
    expect(cli([GITHUB, "-o", "github.ts"])).toMatchObject({ status: 0, stdout: "wrote 1223 routes to github.ts\n" });
    writeFileSync(
      join(directory, "github-calls.ts"),
      [
        'import { endpoint } from "fluent-endpoint";',
        'import { routes } from "./github.js";',
        "const github = endpoint.withRoutes(routes);",
        'github("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });',
        "// @ts-expect-error repo is missing",
        'github("GET /repos/{owner}/{repo}", { owner: "o" });',
        "",
      ].join("\n"),
    );
    expectTypeChecks(directory, ["github-calls.ts"]);
  });

  it("writes its table, whose routes build against api.github.com", async () => {
    const { status, stdout, stderr } = cli([GITHUB, "-o", "github.mjs"]);
    expect({ status, stdout, stderr }).toEqual({ status: 0, stdout: "wrote 1223 routes to github.mjs\n", stderr: "" });
    const { routes } = (await import(pathToFileURL(join(directory, "github.mjs")).href)) as { routes: never };
    // The built package's endpoint, which reads the server the table's module gave it.
    const built = (await import(pathToFileURL(join(root, "dist", "index.js")).href)) as { endpoint: typeof endpoint };
    expect(built.endpoint.withRoutes(routes)("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }).url).toBe(
      "https://api.github.com/repos/o/r",
    );
  });
});
