// `fluent-endpoint openapi` (the built dist/cli.js) on descriptions with flaws: an operation left out is a warning and
// the module is still written, `--strict` makes it an error; a module whose types had to give way still type-checks.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { endpoint } from "../src/index.js";
import { skippedOperations } from "../src/openapi.js";
import { expectEndpointError } from "./support/errors.js";
import { expectTypeChecks } from "./support/type-check.js";

const root = resolve(__dirname, "..");
const CLI = join(root, "dist", "cli.js");
const directory = mkdtempSync(join(tmpdir(), "cli-openapi-tolerant-"));
const VERCEL = join(root, "test", "fixtures", "openapi", "real", "vercel-edge-config", "openapi.yaml");
const PEERTUBE = join(root, "test", "fixtures", "openapi", "real", "peertube", "openapi.yaml");

function cli(args: string[]) {
  return spawnSync(process.execPath, [CLI, "openapi", ...args], { cwd: directory, encoding: "utf8" });
}

/** Type-checks `files` of the temporary application, as a user's `tsc -p .` would. */
function typeCheck(files: string[]): void {
  expectTypeChecks(directory, files);
}

// loket.nl's media type and notion's header parameter named "", beside an operation without a flaw.
const FLAWED = {
  openapi: "3.0.3",
  info: { title: "flawed", version: "1" },
  servers: [{ url: "https://api.example.com" }],
  paths: {
    "/employers": {
      get: { responses: { "200": { description: "ok" } } },
      post: {
        requestBody: { content: { "applicationjson;version=2018-01-01": { schema: { type: "object" } } } },
        responses: { "201": { description: "created" } },
      },
    },
    "/v1/pages": {
      post: {
        parameters: [{ name: "", in: "header", schema: { type: "string" } }],
        responses: { "200": { description: "ok" } },
      },
    },
  },
};
const LEFT_OUT = [
  {
    route: "POST /employers",
    message:
      'route table: "POST /employers" has the media type "applicationjson;version=2018-01-01", which is no type/subtype',
  },
  { route: "POST /v1/pages", message: 'route table: "POST /v1/pages": header name "" is not an HTTP token' },
];

beforeAll(() => {
  mkdirSync(join(directory, "node_modules"));
  symlinkSync(root, join(directory, "node_modules", "fluent-endpoint"), "dir");
  writeFileSync(join(directory, "flawed.yaml"), stringify(FLAWED));
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("fluent-endpoint openapi on a description with flawed operations (docs/decisions.md, Tolerant compile)", () => {
  it("prints each operation left out as a warning, writes the module (exit 0), whose table throws for it", async () => {
    const { status, stdout, stderr } = cli(["flawed.yaml", "-o", "flawed.mjs", "--no-types"]);
    expect({ status, stdout }).toEqual({ status: 0, stdout: "wrote 1 route (2 left out) to flawed.mjs\n" });
    expect(stderr).toBe(
      LEFT_OUT.map(
        ({ route, message }) => `fluent-endpoint: warning: ${route} is left out, a call of it throws: ${message}\n`,
      ).join(""),
    );
    const { routes } = (await import(pathToFileURL(join(directory, "flawed.mjs")).href)) as { routes: never };
    // The module's table is made by the package it imports (dist/), which keeps what the table left out.
    const built = (await import(pathToFileURL(join(root, "dist", "openapi.js")).href)) as {
      skippedOperations: typeof skippedOperations;
    };
    expect(built.skippedOperations(routes)).toEqual(LEFT_OUT);
    const api = endpoint.withRoutes(routes);
    expect(api("GET /employers").url).toBe("https://api.example.com/employers");
    expectEndpointError(() => api("POST /employers", { data: {} }), "ERR_INVALID_OPTIONS", LEFT_OUT[0]!.message);
  });

  it("--strict makes the warnings an error: exit 2, no module written", () => {
    const { status, stdout, stderr } = cli(["flawed.yaml", "-o", "strict.mjs", "--strict"]);
    expect({ status, stdout }).toEqual({ status: 2, stdout: "" });
    expect(stderr).toContain(
      `fluent-endpoint openapi: --strict: ${LEFT_OUT[0]!.route} is left out, a call of it throws: ${LEFT_OUT[0]!.message} (and 1 more, printed as warnings without --strict)`,
    );
    expect(existsSync(join(directory, "strict.mjs"))).toBe(false);
  });
});

describe("fluent-endpoint openapi writes types that type-check where a description's own would not", () => {
  it("Vercel's recursive EdgeConfigItemValue (a list of itself, TS2502): typed unknown[] there, with a warning", () => {
    const { status, stderr } = cli([VERCEL, "-o", "vercel.ts"]);
    expect({ status, stderr }).toEqual({
      status: 0,
      stderr:
        'fluent-endpoint: warning: the types of schema "EdgeConfigItemValue" give way: a list of itself in it is typed unknown[], as TypeScript cannot type it (TS2502)\n',
    });
    const module = readFileSync(join(directory, "vercel.ts"), "utf8");
    expect(module).toContain('[key: string]: components["schemas"]["EdgeConfigItemValue"];');
    expect(module).toContain("} | unknown[]) | null;");
    writeFileSync(
      join(directory, "vercel-calls.ts"),
      [
        'import { endpoint } from "fluent-endpoint";',
        'import { routes } from "./vercel.js";',
        "const vercel = endpoint.withRoutes(routes);",
        'vercel("GET /v1/edge-config/{edgeConfigId}/items", { edgeConfigId: "ecfg_1", teamId: "team_1" });',
        "// @ts-expect-error edgeConfigId is missing",
        'vercel("GET /v1/edge-config/{edgeConfigId}/items", {});',
        "",
      ].join("\n"),
    );
    typeCheck(["vercel-calls.ts"]);
    expect(cli([VERCEL, "-o", "vercel-strict.ts", "--strict"]).status).toBe(2);
  }, 60_000);

  it("an operationId two operations share (which openapi-typescript refuses): a warning, those typed by their routes", () => {
    const shared = {
      openapi: "3.0.3",
      info: { title: "shared", version: "1" },
      servers: [{ url: "https://api.example" }],
      paths: {
        "/pets": { get: { operationId: "listPets", responses: {} } },
        "/v2/pets": { get: { operationId: "listPets", responses: {} } },
        "/pets/{id}": {
          get: {
            operationId: "getPet",
            parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
            responses: {},
          },
        },
      },
    };
    writeFileSync(join(directory, "shared.yaml"), stringify(shared));
    const { status, stderr } = cli(["shared.yaml", "-o", "shared.ts"]);
    expect({ status, stderr }).toEqual({
      status: 0,
      stderr:
        'fluent-endpoint: warning: operationId "listPets" names several operations, which are typed by their routes only\n',
    });
    const module = readFileSync(join(directory, "shared.ts"), "utf8");
    expect(module).toContain('export type operationRoutes = {\n  "getPet": "GET /pets/{id}";\n};');
    writeFileSync(
      join(directory, "shared-calls.ts"),
      [
        'import { endpoint } from "fluent-endpoint";',
        'import { routes } from "./shared.js";',
        "const api = endpoint.withRoutes(routes);",
        'api.operation("getPet", { id: "7" });',
        'api("GET /v2/pets");',
        "// @ts-expect-error a name two operations share is no operation's name",
        'api.operation("listPets");',
        "",
      ].join("\n"),
    );
    typeCheck(["shared-calls.ts"]);
    expect(cli(["shared.yaml", "-o", "shared-strict.ts", "--strict"]).status).toBe(2);
  }, 60_000);

  it("PeerTube's remote $ref in a response's examples, which no request reads: dropped, the module written", () => {
    // PeerTube's shape: a response example named by a $ref to a document on the web.
    const peertube = {
      openapi: "3.0.0",
      info: { title: "PeerTube", version: "1" },
      servers: [{ url: "https://peertube2.cpy.re" }],
      paths: {
        "/api/v1/videos/{id}": {
          get: {
            parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
            responses: {
              "200": {
                description: "successful operation",
                content: {
                  "application/json": {
                    schema: { type: "object", properties: { name: { type: "string" } } },
                    examples: { nightly: { $ref: "https://peertube2.cpy.re/api/v1/videos/1#/example" } },
                  },
                },
              },
            },
          },
        },
      },
    };
    writeFileSync(join(directory, "peertube.yaml"), stringify(peertube));
    const { status, stdout, stderr } = cli(["peertube.yaml", "-o", "peertube.ts"]);
    expect({ status, stdout, stderr }).toEqual({ status: 0, stdout: "wrote 1 route to peertube.ts\n", stderr: "" });
    expect(readFileSync(join(directory, "peertube.ts"), "utf8")).not.toContain("peertube2.cpy.re/api/v1/videos/1");
    writeFileSync(
      join(directory, "peertube-calls.ts"),
      [
        'import { endpoint } from "fluent-endpoint";',
        'import { routes } from "./peertube.js";',
        'endpoint.withRoutes(routes)("GET /api/v1/videos/{id}", { id: "9" });',
        "",
      ].join("\n"),
    );
    typeCheck(["peertube-calls.ts"]);
  }, 60_000);

  it("PeerTube's own description: its examples' externalValue on the web is dropped, the module written and typed", () => {
    const { status, stdout, stderr } = cli([PEERTUBE, "-o", "peertube-real.ts"]);
    expect({ status, stdout, stderr }).toEqual({
      status: 0,
      stdout: "wrote 3 routes to peertube-real.ts\n",
      stderr: "",
    });
    expect(readFileSync(join(directory, "peertube-real.ts"), "utf8")).not.toContain("peertube2.cpy.re");
    writeFileSync(
      join(directory, "peertube-real-calls.ts"),
      [
        'import { endpoint } from "fluent-endpoint";',
        'import { routes } from "./peertube-real.js";',
        'const peertube = endpoint.withRoutes(routes).defaults({ baseUrl: "https://peertube2.cpy.re/api/v1" });',
        'peertube("GET /videos/{id}/description", { id: 42 });',
        'peertube("POST /videos/{id}/views", { id: "9c9de5e8-0a1e-484a-b099-e80766180a6d" });',
        "// @ts-expect-error id is missing",
        'peertube("GET /videos/{id}/description", {});',
        "",
      ].join("\n"),
    );
    typeCheck(["peertube-real-calls.ts"]);
  }, 60_000);
});
