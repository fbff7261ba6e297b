// Compile warnings as data (docs/decisions.md, "Warnings"): told to `onWarning`, each once per description, and never
// printed by the library; the command line prints them.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  argumentSchema,
  openAPIEndpoint,
  openAPIRoutes,
  type OpenAPIWarning,
  skippedOperations,
  tableOperations,
} from "../src/openapi.js";
import { check } from "../src/openapi-check.js";
import { checkArguments, toolDefinitions } from "../src/openapi-tools.js";
import { expectEndpointError } from "./support/errors.js";

/** `GET /ok`; `POST /flawed`, left out (a media type that is none); two operations sharing a backreference pattern. */
function description(): Record<string, unknown> {
  const code = { type: "string", pattern: "^(a)\\1$" };
  return {
    openapi: "3.0.3",
    info: { title: "warned", version: "1" },
    servers: [{ url: "https://api.example" }],
    paths: {
      "/ok": { get: { parameters: [{ name: "code", in: "query", schema: code }], responses: {} } },
      "/also": {
        get: {
          parameters: [
            { name: "code", in: "query", schema: code },
            { name: "id", in: "query", schema: { type: "string", pattern: "^[a-z]+$" } },
          ],
          responses: {},
        },
      },
      "/flawed": {
        post: { requestBody: { content: { "applicationjson;v=1": { schema: {} } } }, responses: {} },
      },
    },
  };
}

const LEFT_OUT: OpenAPIWarning = {
  code: "WARN_OPERATION_LEFT_OUT",
  message:
    'POST /flawed is left out, a call of it throws: route table: "POST /flawed" has the media type "applicationjson;v=1", which is no type/subtype',
  route: "POST /flawed",
};
const BACKREFERENCE: OpenAPIWarning = {
  code: "WARN_PATTERN_UNCHECKED",
  message: 'GET /ok: pattern "^(a)\\\\1$" is left unchecked: RE2 has no backreference',
  route: "GET /ok",
  pattern: "^(a)\\1$",
};

describe("compile warnings reach the caller through onWarning only", () => {
  let printed: ReturnType<typeof vi.spyOn>[];
  beforeEach(() => {
    printed = [
      vi.spyOn(console, "warn").mockImplementation(() => {}),
      vi.spyOn(console, "error").mockImplementation(() => {}),
      vi.spyOn(console, "log").mockImplementation(() => {}),
      vi.spyOn(process.stderr, "write").mockImplementation(() => true),
    ];
  });
  afterEach(() => {
    for (const spy of printed) expect(spy).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it("openAPIRoutes() tells each operation left out, once per description however often it is compiled", () => {
    const warnings: OpenAPIWarning[] = [];
    const onWarning = (warning: OpenAPIWarning) => warnings.push(warning);
    const described = description();
    openAPIRoutes(described, { onWarning });
    openAPIRoutes(described, { onWarning });
    expect(warnings).toEqual([LEFT_OUT]);
    expect(Object.isFrozen(warnings[0])).toBe(true);
    // Told once whichever function hears it (one made anew at each call is no reason to tell it again); another
    // description object is another description.
    openAPIRoutes(described, { onWarning: (warning) => warnings.push(warning) });
    openAPIRoutes(description(), { onWarning });
    expect(warnings).toEqual([LEFT_OUT, LEFT_OUT]);
  });

  it("openAPIEndpoint() tells the operations left out, and with checks each pattern left unchecked once", () => {
    const warnings: OpenAPIWarning[] = [];
    const described = description();
    const api = openAPIEndpoint(described, { check, onWarning: (warning) => warnings.push(warning) });
    expect(warnings).toEqual([LEFT_OUT]);
    // Told when the first operation that has it is checked; a second operation sharing it tells nothing more.
    expect(api("GET /ok", { code: "b" }).url).toBe("https://api.example/ok?code=b");
    expect(api("GET /also", { code: "c", id: "x" }).url).toBe("https://api.example/also?code=c&id=x");
    expectEndpointError(
      () => api("GET /also", { id: "X" }),
      "ERR_INVALID_ARGUMENTS",
      `query parameter "id": "X" does not match the pattern "^[a-z]+$"`,
    );
    expect(warnings).toEqual([LEFT_OUT, BACKREFERENCE]);
  });

  it("a table given to openAPIEndpoint() is the description: its warnings are told once too", () => {
    const warnings: OpenAPIWarning[] = [];
    const routes = openAPIRoutes(description());
    for (let i = 0; i < 2; i++) {
      const api = openAPIEndpoint(routes, { check, onWarning: (warning) => warnings.push(warning) });
      api("GET /ok", { code: "b" });
    }
    expect(warnings).toEqual([LEFT_OUT, BACKREFERENCE]);
  });

  it("without onWarning they are silent, and the existing functions still answer", () => {
    const described = description();
    const api = openAPIEndpoint(described, { check });
    expect(api("GET /ok", { code: "b" }).url).toBe("https://api.example/ok?code=b");
    expect(skippedOperations(described)).toEqual([
      {
        route: "POST /flawed",
        message: LEFT_OUT.message.replace("POST /flawed is left out, a call of it throws: ", ""),
      },
    ]);
    expect(tableOperations(described)).toHaveLength(2);
    const schema = argumentSchema(described, "GET /ok");
    expect(schema.properties).toEqual({ code: { type: "string" } });
    expect(schema.$comment).toBe('patterns left unchecked: "^(a)\\\\1$" (RE2 has no backreference)');
    expect(toolDefinitions(described).tools[0]!.description).toBe('GET /ok\n\nPatterns left unchecked: "^(a)\\\\1$".');
    expect(checkArguments(described, "GET /also", { code: "c", id: "X" })).toHaveLength(1);
  });

  it("onWarning must be a function; openAPIRoutes() takes no other option", () => {
    expectEndpointError(
      () => openAPIRoutes(description(), { onWarning: "log" as never }),
      "ERR_INVALID_OPTIONS",
      "openAPIRoutes() option onWarning must be a function, got string",
    );
    expectEndpointError(
      () => openAPIEndpoint(description(), { onWarning: {} as never }),
      "ERR_INVALID_OPTIONS",
      "openAPIEndpoint() option onWarning must be a function, got an object",
    );
    expectEndpointError(
      () => openAPIRoutes(description(), { onWarnings: () => {} } as never),
      "ERR_INVALID_OPTIONS",
      'openAPIRoutes() has no option "onWarnings": it takes onWarning',
    );
    expectEndpointError(
      () => openAPIRoutes(description(), [] as never),
      "ERR_INVALID_OPTIONS",
      "openAPIRoutes() options must be an object, got an array",
    );
  });
});

describe("the command line prints the warnings", () => {
  const root = resolve(__dirname, "..");
  const directory = mkdtempSync(join(tmpdir(), "openapi-warnings-"));
  writeFileSync(join(directory, "warned.json"), JSON.stringify(description()));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const cli = (args: string[]) =>
    spawnSync(process.execPath, [join(root, "dist", "cli.js"), ...args], { cwd: directory, encoding: "utf8" });

  it("openapi prints each operation left out", () => {
    const { status, stderr } = cli(["openapi", "warned.json", "--no-types", "-o", "warned.mjs"]);
    expect({ status, stderr }).toEqual({ status: 0, stderr: `fluent-endpoint: warning: ${LEFT_OUT.message}\n` });
  });

  it("a checked call prints a pattern it leaves unchecked, and still refuses what it checks", () => {
    const checked = cli(["--openapi", "warned.json", "--check", "GET /ok", "code=b"]);
    expect({ status: checked.status, stderr: checked.stderr }).toEqual({
      status: 0,
      stderr: `fluent-endpoint: warning: ${BACKREFERENCE.message}\n`,
    });
    const refused = cli(["--openapi", "warned.json", "--check", "GET /also", "id=X"]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('query parameter "id": "X" does not match the pattern "^[a-z]+$"');
  });
});
