// `fluent-endpoint openapi`, run as users run it (the built dist/cli.js in a child process): the module it
// writes holds the route table openAPIRoutes() makes, and its TypeScript form type-checks calls.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ts from "typescript";
import { parse } from "yaml";
import { endpoint } from "../src/index.js";
import { argumentSchema, openAPIEndpoint, openAPIRoutes, routeTable } from "../src/openapi.js";
import { check } from "../src/openapi-check.js";
import { mutations, outcome, validCall } from "./support/calls.js";
import { expectTypeChecks } from "./support/type-check.js";

const root = resolve(__dirname, "..");
const CLI = join(root, "dist", "cli.js");
// An application's folder, where `fluent-endpoint` resolves to this package (node_modules/fluent-endpoint → root).
const directory = mkdtempSync(join(tmpdir(), "cli-openapi-"));
const NOTES = join(root, "test", "fixtures", "openapi", "notes.yaml");
const TWILIO = join(root, "test", "fixtures", "openapi", "twilio", "twilio.json");
let modules = 0;

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

describe("fluent-endpoint openapi", () => {
  it("writes a JavaScript module whose routes are openAPIRoutes() of the YAML description", async () => {
    const { status, stdout, stderr } = cli([NOTES, "-o", "notes-routes.mjs"]);
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    expect(stdout).toMatch(/^wrote \d+ routes to notes-routes\.mjs\n$/);
    const written = (await import(pathToFileURL(join(directory, "notes-routes.mjs")).href)) as { routes: unknown };
    expect(written.routes).toEqual(openAPIRoutes(parse(readFileSync(NOTES, "utf8"))));
  });

  it("writes the same table from a JSON description, printed when no file is named", () => {
    const { status, stdout } = cli([TWILIO, "--no-types"]);
    expect(status).toBe(0);
    expect(stdout).toContain('import { routeTable } from "fluent-endpoint/openapi";');
    const [table, api] = JSON.parse(`[${stdout.slice(stdout.indexOf("routeTable({") + 11).replace(/\);\s*$/, "")}]`);
    const routes = openAPIRoutes(JSON.parse(readFileSync(TWILIO, "utf8")));
    expect(table).toEqual(routes);
    // The description's server and schemes go with the routes, so the written table sends to Twilio, not to GitHub.
    expect(api).toEqual({
      server: { url: "https://api.twilio.com" },
      securitySchemes: { accountSid_authToken: { type: "http", scheme: "basic" } },
    });
    expect(endpoint.withRoutes(routeTable(table, api))("GET /2010-04-01/Accounts.json").url).toBe(
      "https://api.twilio.com/2010-04-01/Accounts.json",
    );
  });

  it("writes a TypeScript module with the paths' types, so calls through it are checked", () => {
    expect(cli([NOTES, "-o", "notes-routes.ts"]).status).toBe(0);
    const module = readFileSync(join(directory, "notes-routes.ts"), "utf8");
    expect(module).toContain("export interface paths");
    expect(module).toContain("export const routes = routeTable<OpenAPIRoutes<paths, operationRoutes>>({");
    writeFileSync(
      join(directory, "calls.ts"),
      [
        'import { endpoint } from "fluent-endpoint";',
        'import { routes } from "./notes-routes.js";',
        "const notes = endpoint.withRoutes(routes);",
        'notes("GET /notes/{noteId}", { noteId: "1", headers: { "X-Request-Id": "r" } });',
        "// @ts-expect-error noteId is missing",
        'notes("GET /notes/{noteId}", { headers: { "X-Request-Id": "r" } });',
        "",
      ].join("\n"),
    );
    expectTypeChecks(directory, ["calls.ts"]);
  }, 60_000);

  it("--check writes each operation's argument schema, so the module's table is checked as the description's", async () => {
    const { status, stderr } = cli([NOTES, "-o", "notes-checked.mjs", "--check"]);
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    const written = (await import(pathToFileURL(join(directory, "notes-checked.mjs")).href)) as { routes: unknown };
    // The module's table is the built package's, which keeps what it knows of its tables to itself.
    const built = (await import(pathToFileURL(join(root, "dist", "openapi.js")).href)) as {
      argumentSchema: typeof argumentSchema;
      openAPIEndpoint: typeof openAPIEndpoint;
    };
    const builtCheck = (await import(pathToFileURL(join(root, "dist", "openapi-check.js")).href)) as {
      check: typeof check;
    };
    const routes = openAPIRoutes(parse(readFileSync(NOTES, "utf8")));
    for (const key of Object.keys(routes)) {
      expect(built.argumentSchema(written.routes, key)).toEqual(argumentSchema(routes, key));
    }
    const message = (api: (route: string, options: unknown) => unknown) => {
      try {
        api("PATCH /notes/{noteId}", { noteId: "n", data: { pinned: "yes" } });
      } catch (error) {
        return (error as Error).message;
      }
      return "no problem";
    };
    expect(message(built.openAPIEndpoint(written.routes, { check: builtCheck.check }) as never)).toBe(
      'PATCH /notes/{noteId}: 2 problems: body field /title is required; body field /pinned: "yes" is not a boolean',
    );
    expect(message(openAPIEndpoint(routes, { check }) as never)).toBe(
      'PATCH /notes/{noteId}: 2 problems: body field /title is required; body field /pinned: "yes" is not a boolean',
    );
  });

  it("--check writes what operations share once: Stripe's module at most 1.5 times its unchecked size, checked as the description is", async () => {
    const STRIPE = join(root, "test", "fixtures", "openapi", "stripe", "stripe.json");
    // The modules as written by default, with the description's types.
    expect(cli([STRIPE, "-o", "stripe.ts"]).status).toBe(0);
    expect(cli([STRIPE, "-o", "stripe-checked.ts", "--check"]).status).toBe(0);
    const size = (file: string) => statSync(join(directory, file)).size;
    expect(size("stripe-checked.ts") / size("stripe.ts")).toBeLessThanOrEqual(1.5);
    expect(cli([STRIPE, "-o", "stripe-checked.mjs", "--check"]).status).toBe(0);
    const { routes: written } = (await import(pathToFileURL(join(directory, "stripe-checked.mjs")).href)) as {
      routes: never;
    };
    const built = (await import(pathToFileURL(join(root, "dist", "openapi.js")).href)) as {
      openAPIEndpoint: typeof openAPIEndpoint;
    };
    const builtCheck = (await import(pathToFileURL(join(root, "dist", "openapi-check.js")).href)) as {
      check: typeof check;
    };
    const routes = openAPIRoutes(JSON.parse(readFileSync(STRIPE, "utf8")));
    const fromModule = built.openAPIEndpoint(written, { check: builtCheck.check }) as never;
    const fromDescription = openAPIEndpoint(routes, { check }) as never;
    const differences: string[] = [];
    let calls = 0;
    for (const route of Object.keys(routes)) {
      const schema = argumentSchema(routes, route);
      const call = validCall(schema);
      for (const [what, each] of [
        ["a valid call", call] as [string, Record<string, unknown>],
        ...mutations(schema, call),
      ]) {
        calls++;
        const [module, description] = [outcome(fromModule, route, each), outcome(fromDescription, route, each)];
        if (module !== description) differences.push(`${route}, ${what}: ${module} from the module, ${description}`);
      }
    }
    expect(differences.slice(0, 10)).toEqual([]);
    expect(calls).toBeGreaterThan(1000);
  });

  it.each([
    [["missing.yaml"], 'cannot read "missing.yaml": ENOENT'],
    [[NOTES, "-o", "routes.txt"], '--output "routes.txt" must end in .ts, .mts, .cts, .js, .mjs or .cjs'],
    [[], "openapi takes one description file"],
  ])("refuses %j with exit code 2 and the usage line", (args, message) => {
    const { status, stderr } = cli(args);
    expect(status).toBe(2);
    expect(stderr).toBe(
      `fluent-endpoint openapi: ${message}\nUsage: fluent-endpoint openapi DESCRIPTION [-o FILE] [--no-types] [--strict] [--check]\n`,
    );
  });

  it("names a description that is not YAML, and a $ref to a file that is not there", () => {
    writeFileSync(join(directory, "broken.yaml"), "openapi: [\n");
    expect(cli(["broken.yaml"]).stderr).toMatch(/^fluent-endpoint openapi: "broken.yaml" is not YAML: /);
    writeFileSync(
      join(directory, "split.json"),
      JSON.stringify({ openapi: "3.1.0", paths: { "/x": { get: { parameters: [{ $ref: "common.yaml#/p" }] } } } }),
    );
    const { status, stderr } = cli(["split.json"]);
    expect(status).toBe(2);
    expect(stderr).toMatch(
      /^fluent-endpoint openapi: cannot bundle the \$refs of "split.json": Error opening file \S*common\.yaml: ENOENT/,
    );
  });
});

describe("fluent-endpoint openapi, hostile descriptions", () => {
  it("writes a table with a __proto__ field that imports whole", async () => {
    writeFileSync(
      join(directory, "proto.json"),
      JSON.stringify({
        openapi: "3.1.0",
        paths: {
          "/x": {
            post: {
              requestBody: {
                content: { "application/json": { schema: { properties: { ["__proto__"]: {}, a: {} } } } },
              },
            },
          },
        },
      }),
    );
    expect(cli(["proto.json", "-o", "proto.mjs"]).status).toBe(0);
    const { routes } = (await import(pathToFileURL(join(directory, "proto.mjs")).href)) as {
      routes: Record<string, { parameters: object }>;
    };
    expect(Object.keys(routes["POST /x"]!.parameters)).toEqual(["__proto__", "a"]);
  });

  it("refuses a YAML alias bomb with exit code 2", () => {
    const lines = ["openapi: 3.1.0", "a0: &a0 [x]"];
    for (let i = 1; i <= 30; i++) lines.push(`a${i}: &a${i} [*a${i - 1}, *a${i - 1}]`);
    lines.push("paths: {}");
    writeFileSync(join(directory, "bomb.yaml"), lines.join("\n"));
    const { status, stderr } = cli(["bomb.yaml"]);
    expect(status).toBe(2);
    expect(stderr).toMatch(/^fluent-endpoint openapi: "bomb.yaml" is not YAML: /);
  });
});

describe("fluent-endpoint openapi: nothing of the description or its file name runs when the module is imported", () => {
  // A file name that ends the header comment and opens a template literal, closed by a field name that runs code.
  const PAYLOAD = "`;globalThis.HOSTILE_RAN=1;({a:{b:{//";
  const hostileDescription = (name: string) => ({
    openapi: "3.1.0",
    info: { title: `${name} */`, version: "1", description: `*/ ${name}` },
    paths: {
      "/x": {
        post: {
          summary: `${name}\u2028*/`,
          parameters: [{ name, in: "query", description: `*/${name}`, schema: { enum: [name] } }],
          requestBody: {
            content: { "application/json": { schema: { properties: { [name]: { description: name } } } } },
          },
        },
      },
    },
  });

  it.each([
    ["d\n0,", PAYLOAD],
    ["d\u20280,", PAYLOAD],
    ["d\u20290,", `${PAYLOAD}\u2028`],
    ["d\r0,*\\", `</script>${PAYLOAD}\u2029`],
  ])("a description file %j with a field %j, written as .mjs and as .ts", async (file, name) => {
    writeFileSync(join(directory, file), JSON.stringify(hostileDescription(name)));
    const expected = openAPIRoutes(hostileDescription(name));
    for (const output of ["hostile.mjs", "hostile.ts"]) {
      const { status, stderr } = cli([file, "-o", output]);
      expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
      const module = readFileSync(join(directory, output), "utf8");
      // Only ASCII, so no line terminator of the description's (U+2028, U+2029) ends a comment.
      expect(module).toMatch(/^[\n\x20-\x7e]*$/);
      const javascript =
        output === "hostile.mjs"
          ? module
          : ts.transpileModule(module, { compilerOptions: { module: ts.ModuleKind.ESNext } }).outputText;
      const runnable = join(directory, `run-${modules++}.mjs`);
      writeFileSync(runnable, javascript);
      const { routes } = (await import(pathToFileURL(runnable).href)) as { routes: unknown };
      expect(Reflect.get(globalThis, "HOSTILE_RAN")).toBeUndefined();
      expect(routes).toEqual(expected);
    }
  });

  it("quotes a parse error, so a description's control characters never reach the terminal", () => {
    writeFileSync(join(directory, "escape.json"), '{"openapi": \u001b]0;title\u0007 }');
    writeFileSync(join(directory, "escape.yaml"), "openapi: [\u001b]0;title\u0007\n");
    for (const file of ["escape.json", "escape.yaml"]) {
      const { status, stderr } = cli([file]);
      expect(status).toBe(2);
      expect(stderr).toContain("\\u001b]0;title\\u0007");
      // eslint-disable-next-line no-control-regex -- control characters are what must not be printed
      expect(stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
    }
  });

  it("applies YAML merge keys, so a path item written as `<<: *common` keeps its operations", () => {
    writeFileSync(
      join(directory, "merge.yaml"),
      [
        "openapi: 3.1.0",
        "info: { title: merge, version: '1' }",
        "x-common: &common",
        "  get:",
        "    parameters: [{ name: q, in: query }]",
        "paths:",
        "  /x:",
        "    <<: *common",
        "",
      ].join("\n"),
    );
    const { status, stdout } = cli(["merge.yaml", "--no-types"]);
    expect(status).toBe(0);
    expect(stdout).toContain('"GET /x": {\n    "url": "/x{?q*}"');
  });
});
