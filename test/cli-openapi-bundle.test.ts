// `fluent-endpoint openapi` on descriptions of several files and on Swagger 2.0, run as users run it (the built
// dist/cli.js in a child process): local $refs are bundled, a remote one is refused before any request is made
// (checked with a loopback server that counts what reaches it), and the types step never ends in a crash.
import { execFile } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { openAPIRoutes } from "../src/openapi.js";

const root = resolve(__dirname, "..");
const CLI = join(root, "dist", "cli.js");
const directory = mkdtempSync(join(tmpdir(), "cli-openapi-bundle-"));
const USAGE_LINE = "Usage: fluent-endpoint openapi DESCRIPTION [-o FILE] [--no-types] [--strict] [--check]";

let server: Server;
let origin: string;
let requests = 0;

beforeAll(async () => {
  mkdirSync(join(directory, "node_modules"));
  symlinkSync(root, join(directory, "node_modules", "fluent-endpoint"), "dir");
  server = createServer((_request, response) => {
    requests++;
    response.writeHead(200, { "content-type": "application/yaml" }).end("one: { value: 1 }\n");
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  rmSync(directory, { recursive: true, force: true });
  server.closeAllConnections();
  server.close();
  await once(server, "close");
});

/** Runs the CLI without blocking this process, so the loopback server could answer a request if one were made. */
function cli(args: string[]): Promise<{ status: number; stdout: string; stderr: string; milliseconds: number }> {
  const started = Date.now();
  return new Promise((done) => {
    execFile(
      process.execPath,
      [CLI, "openapi", ...args],
      { cwd: directory, encoding: "utf8", timeout: 60_000 },
      (error, stdout, stderr) => {
        const status = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
        done({ status, stdout, stderr, milliseconds: Date.now() - started });
      },
    );
  });
}

/** Writes `files` (path → YAML or JSON text) under the temporary directory. */
function write(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(directory, path)), { recursive: true });
    writeFileSync(join(directory, path), text);
  }
}

const MAIN = `openapi: 3.0.3
info: { title: pets, version: "1" }
paths:
  /pets/{petId}:
    parameters:
      - $ref: "../common/parameters.yaml#/petId"
    get:
      parameters:
        - $ref: "../common/parameters.json#/limit"
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: { $ref: "../common/schemas.yaml#/Pet" }
    put:
      requestBody:
        content:
          application/json:
            schema: { $ref: "../common/schemas.yaml#/Pet" }
      responses:
        "204": { description: saved }
`;

const COMMON = {
  "common/parameters.yaml": "petId: { name: petId, in: path, required: true, schema: { type: string } }\n",
  "common/parameters.json": JSON.stringify({ limit: { name: "limit", in: "query", schema: { type: "integer" } } }),
  "common/schemas.yaml": [
    "Pet:",
    "  type: object",
    "  properties:",
    "    name: { type: string }",
    '    owner: { $ref: "#/Owner" }',
    "Owner: { type: object, properties: { id: { type: string } } }",
    "",
  ].join("\n"),
};

/** The same description as one file, written by hand. */
const ONE_FILE = {
  openapi: "3.0.3",
  info: { title: "pets", version: "1" },
  paths: {
    "/pets/{petId}": {
      parameters: [{ name: "petId", in: "path", required: true, schema: { type: "string" } }],
      get: {
        parameters: [{ name: "limit", in: "query", schema: { type: "integer" } }],
        responses: { "200": { description: "ok", content: { "application/json": {} } } },
      },
      put: {
        requestBody: {
          content: {
            "application/json": {
              schema: { type: "object", properties: { name: { type: "string" }, owner: { type: "object" } } },
            },
          },
        },
      },
    },
  },
};

async function importRoutes(file: string): Promise<unknown> {
  return ((await import(pathToFileURL(join(directory, file)).href)) as { routes: unknown }).routes;
}

describe("fluent-endpoint openapi: a description of several files", () => {
  it("bundles $refs to YAML and JSON files in other folders, relative to the file that holds them", async () => {
    write({ "api/pets.yaml": MAIN, ...COMMON });
    const { status, stdout, stderr } = await cli(["api/pets.yaml", "-o", "pets.mjs"]);
    expect({ status, stdout, stderr }).toEqual({ status: 0, stdout: "wrote 2 routes to pets.mjs\n", stderr: "" });
    expect(await importRoutes("pets.mjs")).toEqual(openAPIRoutes(ONE_FILE));
  });

  it("writes the types of the bundled description, the other files' schemas included", async () => {
    write({ "api/pets.yaml": MAIN, ...COMMON });
    const { status, stderr } = await cli(["api/pets.yaml", "-o", "pets.ts"]);
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    const module = readFileSync(join(directory, "pets.ts"), "utf8");
    expect(module).toContain("export interface paths");
    expect(module).toMatch(/owner\?: \{\s+id\?: string;\s+\};/);
    expect(module).toMatch(/limit\?: number;/);
  }, 60_000);

  it("refuses a $ref to a file that is not there, naming it, with exit code 2", async () => {
    write({ "api/broken.yaml": MAIN.replace("../common/parameters.json", "../common/gone.json"), ...COMMON });
    const { status, stderr } = await cli(["api/broken.yaml", "--no-types"]);
    expect(status).toBe(2);
    expect(stderr).toMatch(
      /^fluent-endpoint openapi: cannot bundle the \$refs of "api\/broken\.yaml": Error opening file \S*common\/gone\.json: ENOENT[^\n]*\nUsage: /,
    );
  });
});

describe("fluent-endpoint openapi: a referenced YAML file is read as the description is", () => {
  it("refuses an alias bomb in a file the description refers to, with exit code 2", async () => {
    const lines = ["petId: { name: petId, in: path, required: true }", "a0: &a0 [x]"];
    for (let i = 1; i <= 30; i++) lines.push(`a${i}: &a${i} [*a${i - 1}, *a${i - 1}]`);
    write({
      "bomb/pets.yaml": MAIN.replaceAll("../common/parameters.yaml", "./parameters.yaml"),
      "bomb/parameters.yaml": lines.join("\n"),
      ...COMMON,
    });
    const { status, stderr } = await cli(["bomb/pets.yaml", "--no-types"]);
    expect(status).toBe(2);
    expect(stderr).toMatch(/^fluent-endpoint openapi: cannot bundle the \$refs of "bomb\/pets\.yaml": [^\n]*alias/i);
  });
});

describe("fluent-endpoint openapi: a $ref to a remote document is refused, and nothing is downloaded", () => {
  const withExample = (ref: string) =>
    MAIN.replace(
      'schema: { $ref: "../common/schemas.yaml#/Pet" }\n    put:',
      `schema: { $ref: "../common/schemas.yaml#/Pet" }\n              examples:\n                one: { $ref: "${ref}" }\n    put:`,
    );

  it.each(["-o remote.ts", "--no-types"])(
    "a response example's $ref, which no request reads, is dropped (%s): exit code 0, no request",
    async (options) => {
      write({ "api/remote.yaml": withExample(`${origin}/examples/pet.yaml#/one`), ...COMMON });
      const before = requests;
      const { status, stderr } = await cli(["api/remote.yaml", ...options.split(" ")]);
      expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
      expect(requests).toBe(before);
    },
  );

  it.each([["a $ref in a file the description refers to", "api/nested.yaml", "-o nested.ts"]])(
    "%s: exit code 2, one line naming the URL, no request",
    async (_label, file, options) => {
      const url = `${origin}/examples/pet.yaml`;
      write({
        "api/remote.yaml": withExample(`${url}#/one`),
        "api/nested.yaml": MAIN.replace("../common/parameters.json#/limit", "../common/remote.yaml#/limit"),
        "common/remote.yaml": `limit: { $ref: "${url}#/limit" }\n`,
        ...COMMON,
      });
      const before = requests;
      const { status, stdout, stderr, milliseconds } = await cli([file, ...options.split(" ")]);
      expect({ status, stdout, stderr }).toEqual({
        status: 2,
        stdout: "",
        stderr: `fluent-endpoint openapi: "${file}" refers (by a $ref of its own or of a file it names) to the remote document "${url}", which is never downloaded: save a copy beside it and refer to that\n${USAGE_LINE}\n`,
      });
      expect(requests).toBe(before);
      // At once: no request is attempted, so nothing waits on a network.
      expect(milliseconds).toBeLessThan(10_000);
    },
  );
});

describe("fluent-endpoint openapi: the types step", () => {
  it("ends a description openapi-typescript cannot read in a one-line error, exit code 2; --no-types writes the table", async () => {
    write({
      "odd.json": JSON.stringify({
        openapi: "3.0.3",
        info: { title: "odd", version: "1" },
        paths: {
          "/x": {
            get: {
              responses: { 200: { description: "ok", content: { "application/json": { schema: { allOf: "x" } } } } },
            },
          },
        },
      }),
    });
    const { status, stderr } = await cli(["odd.json", "-o", "odd.ts"]);
    expect(status).toBe(2);
    expect(stderr).toMatch(
      /^fluent-endpoint openapi: openapi-typescript cannot write the types \([^\n]+\): --no-types writes the module without them\nUsage: /,
    );
    expect((await cli(["odd.json", "-o", "odd.mjs"])).status).toBe(0);
  }, 60_000);
});

describe("fluent-endpoint openapi: Swagger 2.0", () => {
  const SWAGGER = `swagger: "2.0"
info: { title: pets, version: "1" }
host: pets.example.com
basePath: /v2
consumes: [application/json]
paths:
  /pets:
    get:
      parameters:
        - { name: tags, in: query, type: array, items: { type: string }, collectionFormat: pipes }
      responses:
        "200": { description: ok, schema: { type: array, items: { $ref: "#/definitions/Pet" } } }
    post:
      parameters:
        - { name: pet, in: body, schema: { $ref: "#/definitions/Pet" } }
      responses:
        "201": { description: made }
definitions:
  Pet: { type: object, properties: { name: { type: string }, tag: { type: string } } }
`;

  it("writes the table openAPIRoutes() makes of it, and the types of the OpenAPI 3.0 it converts to", async () => {
    write({ "swagger.yaml": SWAGGER });
    const { status, stderr } = await cli(["swagger.yaml", "-o", "swagger.ts"]);
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    const module = readFileSync(join(directory, "swagger.ts"), "utf8");
    expect(module).toMatch(/"\/pets": \{/);
    expect(module).toMatch(/Pet: \{\s+name\?: string;\s+tag\?: string;\s+\};/);
    expect((await cli(["swagger.yaml", "-o", "swagger.mjs"])).status).toBe(0);
    expect(await importRoutes("swagger.mjs")).toEqual(openAPIRoutes(parse(SWAGGER)));
  }, 60_000);
});

describe("the recipe's module (examples/recipes/swagger/routes.mjs)", () => {
  it("is what fluent-endpoint openapi writes from the recipe's two files today", async () => {
    const written = join(directory, "recipe-routes.mjs");
    const { status } = await new Promise<{ status: number }>((done) =>
      execFile(
        process.execPath,
        [CLI, "openapi", "examples/recipes/swagger/pets.yaml", "-o", written],
        { cwd: root },
        (error) => done({ status: error === null ? 0 : 1 }),
      ),
    );
    expect(status).toBe(0);
    expect(readFileSync(written, "utf8")).toBe(
      readFileSync(join(root, "examples", "recipes", "swagger", "routes.mjs"), "utf8"),
    );
  });
});
