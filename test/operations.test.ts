// Operations by name (docs/decisions.md, "Operations by name"): a call by operationId builds what the call by its
// route builds, through `api.operation()`, the builder, `defaults()` and a module `fluent-endpoint openapi` writes,
// for every operation of the fixture descriptions; the errors of a name a table lacks, shares or cannot have; and
// `tableOperations()`, the list a program reads instead of the description.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { endpoint, EndpointError, type Endpoint } from "../src/index.js";
import { endpoint as octokitEndpoint } from "../src/octokit.js";
import { openAPIEndpoint, openAPIRoutes, type RouteTable, routeTable, tableOperations } from "../src/openapi.js";

const root = resolve(__dirname, "..");
const FIXTURES = join(root, "test", "fixtures", "openapi");
const CLI = join(root, "dist", "cli.js");

/** The fixture descriptions whose operations have operationIds (test/fixtures/openapi/*\/README.md). */
const DESCRIPTIONS = [
  "stripe/stripe.json",
  "digitalocean/digitalocean.json",
  "box/box.json",
  "twilio/twilio.json",
  "datadog/datadog.json",
  "matrix/matrix.json",
  "libregraph/libregraph.json",
  "oas-3.2-examples/oas-3.2-examples.json",
  "petstore-expanded.yaml",
  "notes.yaml",
  "requests.yaml",
];

function description(path: string): unknown {
  const text = readFileSync(join(FIXTURES, path), "utf8");
  return path.endsWith(".yaml") ? parse(text) : JSON.parse(text);
}

/** What a call gives: its request options, or its error's code and message. */
function outcome(build: () => unknown): unknown {
  try {
    return build();
  } catch (error) {
    if (!(error instanceof EndpointError)) throw error;
    return { code: error.code, message: error.message };
  }
}

/** Values for an operation's path parameters and its first query parameter, so most calls build a url. */
function parametersOf(routes: RouteTable, route: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  let query = false;
  for (const [name, placement] of Object.entries(routes[route]!.parameters)) {
    if (placement === "path") values[name] = "v1";
    else if (placement === "query" && !query) [values[name], query] = ["q1", true];
  }
  return values;
}

/** Each operation of `routes` that has an operationId, with the parameters a call passes. */
function named(routes: RouteTable): [operationId: string, route: string, parameters: Record<string, unknown>][] {
  return tableOperations(routes).flatMap(({ operationId, route }) =>
    operationId === undefined ? [] : [[operationId, route, parametersOf(routes, route)]],
  );
}

describe("a call by operationId is the call by its route", () => {
  for (const path of DESCRIPTIONS) {
    it(`every named operation of ${path}, through operation(), the builder and defaults()`, () => {
      const routes = openAPIRoutes(description(path));
      const api = openAPIEndpoint(routes);
      const withDefaults = api.defaults({ headers: { "x-trace": "t1" } });
      const operations = named(routes);
      expect(operations.length).toBeGreaterThan(0);
      for (const [operationId, route, parameters] of operations) {
        const byRoute = outcome(() => api(route, parameters));
        expect(outcome(() => api.operation(operationId, parameters))).toEqual(byRoute);
        expect(outcome(() => api.builder().operation(operationId).params(parameters).build())).toEqual(
          outcome(() => api.builder().route(route).params(parameters).build()),
        );
        expect(outcome(() => withDefaults.operation(operationId, parameters))).toEqual(
          outcome(() => withDefaults(route, parameters)),
        );
      }
    });
  }

  it("has every operation of the fixtures with an operationId tested (1 976 of them)", () => {
    const count = DESCRIPTIONS.reduce((sum, path) => sum + named(openAPIRoutes(description(path))).length, 0);
    expect(count).toBe(1976);
  });

  it("keeps merge() and parse(): a builder's operation merged, then parsed, is what it builds", () => {
    const api = openAPIEndpoint(description("petstore-expanded.yaml"));
    const builder = api.builder().operation("find pet by id").param("id", 7);
    expect(builder.merge()).toMatchObject({ method: "GET", url: "/pets/{id}", id: 7 });
    expect(api.parse(builder.merge())).toEqual(builder.build());
    expect(builder.build().url).toBe("https://petstore.swagger.io/v2/pets/7");
  });

  it("takes a name as written: spaces, slashes, dots and unicode", () => {
    const routes = routeTable({
      "GET /a": { url: "/a", parameters: {}, operationId: "issues/list-for-repo" },
      "GET /b": { url: "/b", parameters: {}, operationId: "pets.get" },
      "GET /c": { url: "/c", parameters: {}, operationId: "liste der Tiere" },
      "GET /d": { url: "/d", parameters: {}, operationId: "宠物" },
      "GET /e": { url: "/e", parameters: {} },
    });
    const api = endpoint.withRoutes(routes);
    expect(
      ["issues/list-for-repo", "pets.get", "liste der Tiere", "宠物"].map((name) => api.operation(name).url),
    ).toEqual([
      "https://api.github.com/a",
      "https://api.github.com/b",
      "https://api.github.com/c",
      "https://api.github.com/d",
    ]);
  });

  it("resolves a name across chained tables newest first, as routes are", () => {
    const older = routeTable({
      "GET /old": { url: "/old", parameters: {}, operationId: "getThing" },
      "GET /only-old": { url: "/only-old", parameters: {}, operationId: "getOld" },
    });
    const newer = routeTable({ "GET /new": { url: "/new", parameters: {}, operationId: "getThing" } });
    const api = endpoint.withRoutes(older).withRoutes(newer);
    expect(api.operation("getThing").url).toBe("https://api.github.com/new");
    expect(api.operation("getOld").url).toBe("https://api.github.com/only-old");
    expect(api.builder().operation("getOld").build().url).toBe("https://api.github.com/only-old");
    expect(outcome(() => api.operation("getOlf"))).toEqual({
      code: "ERR_INVALID_ROUTE",
      message: 'no operation is named "getOlf"; did you mean "getOld"?',
    });
  });

  it("keeps the names of a table bound to credentials and server variables", () => {
    const api = openAPIEndpoint(
      {
        openapi: "3.1.0",
        info: { title: "keys", version: "1" },
        servers: [{ url: "https://{region}.pets.example", variables: { region: { default: "us" } } }],
        components: { securitySchemes: { k: { type: "apiKey", in: "query", name: "key" } } },
        paths: { "/pets": { get: { operationId: "listPets", security: [{ k: [] }] } } },
      },
      { credentials: { k: "s3" }, serverVariables: { region: "eu" } },
    );
    expect(api.operation("listPets").url).toBe("https://eu.pets.example/pets?key=s3");
  });

  it("refuses a name an older table gives two operations, when no newer table has it", () => {
    const older = routeTable({
      "GET /a": { url: "/a", parameters: {}, operationId: "shared" },
      "GET /b": { url: "/b", parameters: {}, operationId: "shared" },
    });
    const newer = routeTable({ "GET /c": { url: "/c", parameters: {}, operationId: "other" } });
    expect(outcome(() => endpoint.withRoutes(older).withRoutes(newer).operation("shared"))).toEqual({
      code: "ERR_INVALID_ROUTE",
      message: 'operationId "shared" names 2 operations, GET /a and GET /b: call one by its route',
    });
  });
});

describe("names that find no single operation", () => {
  const petstore = openAPIEndpoint(description("petstore-expanded.yaml"));

  it("names the closest operationIds for a name the table lacks (letter case aside first)", () => {
    expect(outcome(() => petstore.operation("findPetz"))).toEqual({
      code: "ERR_INVALID_ROUTE",
      message: 'no operation is named "findPetz"; did you mean "findPets"?',
    });
    expect(outcome(() => petstore.builder().operation("ADDPET"))).toEqual({
      code: "ERR_INVALID_ROUTE",
      message: 'no operation is named "ADDPET"; did you mean "addPet"?',
    });
    const github = endpoint.withRoutes(
      routeTable({
        "GET /repos/{owner}/{repo}/issues": {
          url: "/repos/{owner}/{repo}/issues",
          parameters: { owner: "path", repo: "path" },
          operationId: "issues/list-for-repo",
        },
        "GET /orgs/{org}/issues": {
          url: "/orgs/{org}/issues",
          parameters: { org: "path" },
          operationId: "issues/list-for-org",
        },
        "GET /user/issues": { url: "/user/issues", parameters: {}, operationId: "issues/list-for-authenticated-user" },
      }),
    );
    expect(outcome(() => github.operation("issues/list-for-rep"))).toEqual({
      code: "ERR_INVALID_ROUTE",
      message: 'no operation is named "issues/list-for-rep"; did you mean "issues/list-for-repo"?',
    });
    // Names as far from it as each other are all named, up to three.
    expect(outcome(() => github.operation("issues/list-for-x"))).toEqual({
      code: "ERR_INVALID_ROUTE",
      message: 'no operation is named "issues/list-for-x"; did you mean "issues/list-for-org"?',
    });
  });

  it("says so when the table names no operation", () => {
    const uber = openAPIEndpoint(description("uber/uber.json"));
    expect(outcome(() => uber.operation("getProducts"))).toEqual({
      code: "ERR_INVALID_ROUTE",
      message:
        'no operation is named "getProducts": the route table names none by operationId; call a route as "METHOD /path"',
    });
  });

  it("refuses a name two operations share, naming both routes, which keep working", () => {
    const api = openAPIEndpoint({
      openapi: "3.0.3",
      info: { title: "shared", version: "1" },
      servers: [{ url: "https://api.example.com" }],
      paths: {
        "/pets": { get: { operationId: "listPets", responses: {} } },
        "/v2/pets": { get: { operationId: "listPets", responses: {} } },
      },
    });
    expect(outcome(() => api.operation("listPets"))).toEqual({
      code: "ERR_INVALID_ROUTE",
      message: 'operationId "listPets" names 2 operations, GET /pets and GET /v2/pets: call one by its route',
    });
    expect(outcome(() => api.builder().operation("listPets"))).toEqual(outcome(() => api.operation("listPets")));
    expect([api("GET /pets").url, api("GET /v2/pets").url]).toEqual([
      "https://api.example.com/pets",
      "https://api.example.com/v2/pets",
    ]);
  });

  it("refuses operation() on an endpoint without a table, the Octokit entry's included", () => {
    const expected = { code: "ERR_INVALID_ROUTE", message: "operation() needs a route table: see withRoutes()" };
    expect(outcome(() => endpoint.operation("getPetById"))).toEqual(expected);
    expect(outcome(() => endpoint.defaults({ baseUrl: "/api" }).builder().operation("getPetById"))).toEqual(expected);
    const octokit = octokitEndpoint.withRoutes() as unknown as Endpoint;
    expect(outcome(() => octokit.operation("issues/list-for-repo"))).toEqual(expected);
  });

  it("refuses a name that is not a string, never with a TypeError", () => {
    const kinds = [undefined, null, 7, Symbol("x"), {}].map((name) => outcome(() => petstore.operation(name as never)));
    expect(kinds).toEqual(
      ["undefined", "null", "number", "symbol", "an object"].map((kind) => ({
        code: "ERR_INVALID_ROUTE",
        message: `an operationId must be a string, got ${kind}`,
      })),
    );
  });
});

describe("tableOperations()", () => {
  it("lists each operation with its operationId, route, summary, tags and deprecated mark", () => {
    const routes = openAPIRoutes({
      openapi: "3.1.0",
      info: { title: "pets", version: "1" },
      paths: {
        "/pets": {
          get: { operationId: "listPets", summary: "List pets", tags: ["pets"], responses: {} },
          post: { operationId: "addPet", deprecated: true, responses: {} },
        },
        "/pets/{id}": { delete: { summary: "Delete a pet", tags: [], responses: {} } },
      },
    });
    expect(tableOperations(routes)).toEqual([
      {
        operationId: "listPets",
        method: "GET",
        path: "/pets",
        route: "GET /pets",
        summary: "List pets",
        tags: ["pets"],
      },
      { operationId: "addPet", method: "POST", path: "/pets", route: "POST /pets", deprecated: true },
      { method: "DELETE", path: "/pets/{id}", route: "DELETE /pets/{id}", summary: "Delete a pet", tags: [] },
    ]);
  });

  it("returns fresh objects, the table unchanged", () => {
    const routes = openAPIRoutes(description("datadog/datadog.json"));
    const first = tableOperations(routes);
    first[0]!.tags!.push("changed");
    first[0]!.operationId = "changed";
    expect(tableOperations(routes)[0]).toEqual({
      operationId: "GetIPRanges",
      method: "GET",
      path: "/",
      route: "GET /",
      summary: "List IP Ranges",
      tags: ["IP Ranges"],
    });
  });

  it("leaves out a summary, tags or deprecated mark of another type in a description", () => {
    const routes = openAPIRoutes({
      openapi: "3.0.3",
      info: { title: "odd", version: "1" },
      paths: { "/x": { get: { operationId: "getX", summary: 7, tags: "x", deprecated: "yes", responses: {} } } },
    });
    expect(tableOperations(routes)).toEqual([{ operationId: "getX", method: "GET", path: "/x", route: "GET /x" }]);
  });

  it("refuses what is neither an endpoint with a table, a table nor a description, naming itself", () => {
    expect(outcome(() => tableOperations({ "GET /x": { url: "/x", parameters: {} } } as never))).toEqual({
      code: "ERR_INVALID_OPTIONS",
      message:
        'tableOperations() needs an endpoint with a route table, a table from openAPIRoutes() or routeTable(), or an OpenAPI 3.0, 3.1 or 3.2 description or a Swagger 2.0 one, got an object with neither "openapi" nor "swagger"',
    });
  });
});

describe("what a table trusts of an operation's names", () => {
  const entry = { url: "/x", parameters: {} };
  it.each([
    [{ operationId: 7 }, 'route table: "GET /x" has operationId that is number, not a string'],
    [
      { operationId: "a\ud800" },
      'route table: "GET /x" has operationId "a\\ud800", which holds a lone UTF-16 surrogate',
    ],
    [{ summary: ["s"] }, 'route table: "GET /x" has summary that is an array, not a string'],
    [{ tags: "pets" }, 'route table: "GET /x" has tags that are string, not a list'],
    [{ tags: ["pets", 1] }, 'route table: "GET /x" has a tag that is number, not a string'],
    [{ tags: ["\udc00"] }, 'route table: "GET /x" has a tag "\\udc00", which holds a lone UTF-16 surrogate'],
    [{ deprecated: "yes" }, 'route table: "GET /x" has deprecated that is string, not a boolean'],
  ])("refuses %j", (fields, message) => {
    expect(outcome(() => routeTable({ "GET /x": { ...entry, ...fields } as never }))).toEqual({
      code: "ERR_INVALID_OPTIONS",
      message,
    });
  });

  it("copies the fields, frozen, so the caller's data can change without changing the table", () => {
    const tags = ["pets"];
    const routes = routeTable({ "GET /x": { ...entry, operationId: "getX", summary: "X", tags, deprecated: false } });
    tags.push("later");
    expect(routes["GET /x"]).toEqual({
      ...entry,
      operationId: "getX",
      summary: "X",
      tags: ["pets"],
      deprecated: false,
    });
    expect(Object.isFrozen(routes["GET /x"]!.tags)).toBe(true);
    expect(tags).toEqual(["pets", "later"]);
  });
});

describe("a module fluent-endpoint openapi writes", () => {
  // An application's folder, where `fluent-endpoint` resolves to this package (node_modules/fluent-endpoint → root).
  const directory = mkdtempSync(join(tmpdir(), "operations-"));
  beforeAll(() => {
    mkdirSync(join(directory, "node_modules"));
    symlinkSync(root, join(directory, "node_modules", "fluent-endpoint"), "dir");
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  for (const path of DESCRIPTIONS) {
    it(`calls every named operation of ${path} as the description's table does`, async () => {
      const file = `${path.replace(/[/.]/g, "-")}.mjs`;
      const { status, stderr } = spawnSync(process.execPath, [CLI, "openapi", join(FIXTURES, path), "-o", file], {
        cwd: directory,
        encoding: "utf8",
      });
      expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
      const { routes } = (await import(pathToFileURL(join(directory, file)).href)) as { routes: RouteTable };
      const fromModule = openAPIEndpoint(routes);
      const fromDescription = openAPIRoutes(description(path));
      expect(tableOperations(routes)).toEqual(tableOperations(fromDescription));
      for (const [operationId, route, parameters] of named(fromDescription)) {
        expect(outcome(() => fromModule.operation(operationId, parameters))).toEqual(
          outcome(() => fromModule(route, parameters)),
        );
      }
    });
  }
});

describe("the command line by operationId", () => {
  const PETSTORE = join(FIXTURES, "petstore-expanded.yaml");
  const run = (...args: string[]) => {
    const { status, stdout, stderr } = spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });
    return { status, stdout, stderr };
  };

  it("builds an operation by its operationId as written, sent to the description's server", () => {
    const { status, stdout } = run("--openapi", PETSTORE, "find pet by id", "id:=7");
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      method: "get",
      url: "https://petstore.swagger.io/v2/pets/7",
      headers: { accept: "application/json", "user-agent": "fluent-endpoint.js/0.1.0" },
    });
    expect(run("--openapi", PETSTORE, "addPet", "name=Rex", "--curl").stdout).toBe(
      "curl --globoff -X 'POST' --url 'https://petstore.swagger.io/v2/pets' -H 'accept: application/json' -H 'user-agent: fluent-endpoint.js/0.1.0' -H 'content-type: application/json; charset=utf-8' --data-binary '{\"name\":\"Rex\"}'\n",
    );
  });

  it("builds a route of the description as the description says", () => {
    const { status, stdout } = run("--openapi", PETSTORE, "GET", "/pets", "tags=dog", "limit:=3");
    expect(status).toBe(0);
    expect(JSON.parse(stdout).url).toBe("https://petstore.swagger.io/v2/pets?tags=dog&limit=3");
  });

  it("lists the operations: operationId, route, tags and summary", () => {
    const { status, stdout } = run("--openapi", join(FIXTURES, "datadog", "datadog.json"), "--list");
    expect(status).toBe(0);
    expect(stdout.split("\n").slice(0, 2)).toEqual([
      "GetIPRanges  GET /  (IP Ranges)  List IP Ranges",
      "ListAPIKeys  GET /api/v1/api_key  (Key Management)  Get all API keys",
    ]);
    expect(stdout.split("\n").filter((line) => line.includes("[deprecated]"))).toHaveLength(65);
  });

  it("tells a misspelt name the closest, and --list without a description, with exit code 2", () => {
    expect(run("--openapi", PETSTORE, "findPetz")).toEqual({
      status: 2,
      stdout: "",
      stderr:
        'fluent-endpoint: no operation is named "findPetz"; did you mean "findPets"?\nusage: fluent-endpoint [METHOD] URL [name=value ...] [options]; see --help\n',
    });
    expect(run("--list").stderr).toMatch(/^fluent-endpoint: --list lists the operations of --openapi FILE\n/);
    expect(run("--openapi", join(FIXTURES, "missing.yaml"), "x").stderr).toMatch(
      /^fluent-endpoint: cannot read ".*missing\.yaml": ENOENT\n/,
    );
  });
});

describe("the names a module written by fluent-endpoint openapi types", () => {
  it("writes operationRoutes, ASCII only", () => {
    const directory = mkdtempSync(join(tmpdir(), "operation-names-"));
    try {
      const file = join(directory, "api.json");
      writeFileSync(
        file,
        JSON.stringify({
          openapi: "3.0.3",
          info: { title: "names", version: "1" },
          paths: {
            "/pets": { get: { operationId: "宠物", responses: {} }, post: { operationId: "pets.add", responses: {} } },
            "/v2/pets": { get: { responses: {} } },
          },
        }),
      );
      const { status, stdout } = spawnSync(process.execPath, [CLI, "openapi", file], { encoding: "utf8" });
      expect(status).toBe(0);
      expect(stdout).toContain(
        '/** The operations by operationId, each one\'s route. */\nexport type operationRoutes = {\n  "\\u5ba0\\u7269": "GET /pets";\n  "pets.add": "POST /pets";\n};\n',
      );
      expect(stdout).toContain("export const routes = routeTable<OpenAPIRoutes<paths, operationRoutes>>(");
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
