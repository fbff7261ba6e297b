import { afterEach, describe, expect, it, vi } from "vitest";
import { endpoint } from "../src/index.js";
import { argumentSchema, ErrorCodes, openAPIEndpoint, openAPIRoutes, routeTable } from "../src/openapi.js";
import { check } from "../src/openapi-check.js";
import { expectEndpointError, thrown } from "./support/errors.js";

/** A description of one operation, `POST /x` unless said otherwise, with its parameters, body and schemas. */
function described(
  operation: Record<string, unknown>,
  { openapi = "3.0.3", method = "post", path = "/x", schemas = {} } = {},
): Record<string, unknown> {
  return {
    openapi,
    servers: [{ url: "https://api.example" }],
    paths: { [path]: { [method]: { responses: {}, ...operation } } },
    components: { schemas, securitySchemes: { key: { type: "apiKey", in: "query", name: "api_key" } } },
  };
}

function jsonBody(schema: unknown, required = true): Record<string, unknown> {
  return { requestBody: { required, content: { "application/json": { schema } } } };
}

/** The problems of a call that fails its checks. */
function problemsOf(run: () => unknown) {
  const error = thrown(run);
  expect(error.code).toBe("ERR_INVALID_ARGUMENTS");
  return error.problems!;
}

describe("checks are off unless asked for", () => {
  const description = described({
    parameters: [{ name: "state", in: "query", required: true, schema: { enum: ["open"] } }],
  });

  it("sends what it is given without the checks", () => {
    expect(openAPIEndpoint(description)("POST /x", { state: "opne" }).url).toBe("https://api.example/x?state=opne");
    expect(openAPIEndpoint(description, { check: false })("POST /x").url).toBe("https://api.example/x");
  });

  it("checks with the check of fluent-endpoint/openapi/check, and refuses any other check", () => {
    expect(problemsOf(() => openAPIEndpoint(description, { check })("POST /x", { state: "opne" }))).toEqual([
      { in: "query", name: "state", keyword: "enum", message: 'query parameter "state": "opne" is not one of "open"' },
    ]);
    expect(check.kind).toBe("argument checks");
    expect(Object.isFrozen(check)).toBe(true);
    expectEndpointError(
      () => openAPIEndpoint(description, { check: "yes" as never }),
      "ERR_INVALID_OPTIONS",
      "openAPIEndpoint() option check must be the check of fluent-endpoint/openapi/check or false, got string",
    );
    expectEndpointError(
      () => openAPIEndpoint(description, { check: { kind: "argument checks" } as never }),
      "ERR_INVALID_OPTIONS",
      "openAPIEndpoint() option check must be the check of fluent-endpoint/openapi/check or false, got an object",
    );
  });

  it("refuses check: true, saying where the checks are: they are loaded only by an app that imports them", () => {
    expectEndpointError(
      () => openAPIEndpoint(description, { check: true as never }),
      "ERR_INVALID_OPTIONS",
      'openAPIEndpoint() option check takes the checks, not true: import { check } from "fluent-endpoint/openapi/check" and pass { check }',
    );
  });

  it("refuses an option it does not know (a misspelt check would silently drop the checks)", () => {
    expectEndpointError(
      () => openAPIEndpoint(description, { chek: true } as never),
      "ERR_INVALID_OPTIONS",
      'openAPIEndpoint() has no option "chek": it takes serverVariables, credentials, check and onWarning',
    );
  });

  it("refuses the checks on a table that carries no argument schemas, rather than check nothing", () => {
    const written = routeTable({ "POST /x": { url: "/x{?state}", parameters: { state: "query" } } });
    expectEndpointError(
      () => openAPIEndpoint(written, { check }),
      "ERR_INVALID_OPTIONS",
      "openAPIEndpoint() check: the table carries no argument schemas: write it with `fluent-endpoint openapi --check`",
    );
    expect(openAPIEndpoint(written)("POST /x", { state: "opne" }).url).toBe("https://api.github.com/x?state=opne");
  });

  it("leaves a route the description does not declare alone", () => {
    const api = openAPIEndpoint(description, { check });
    expect(api("GET /other", { state: 1 }).url).toBe("https://api.example/other?state=1");
  });
});

describe("a required parameter missing, in each location", () => {
  const locations = [
    ["path", "/x/{id}"],
    ["query", "/x"],
    ["querystring", "/x"],
    ["header", "/x"],
    ["cookie", "/x"],
  ] as const;
  for (const [location, path] of locations) {
    it(`is a required problem in ${location}`, () => {
      const parameter =
        location === "querystring"
          ? {
              name: "id",
              in: location,
              required: true,
              content: { "application/json": { schema: { type: "object" } } },
            }
          : { name: "id", in: location, required: true, schema: { type: "string" } };
      const api = openAPIEndpoint(described({ parameters: [parameter] }, { openapi: "3.2.0", path }), {
        check,
      });
      const where = location === "querystring" ? "query string" : location;
      expect(problemsOf(() => api(`POST ${path}`))).toEqual([
        { in: location, name: "id", keyword: "required", message: `${where} parameter "id" is required` },
      ]);
    });
  }

  it("is met by a header given in headers, in any case", () => {
    const api = openAPIEndpoint(
      described({ parameters: [{ name: "X-Id", in: "header", required: true, schema: { type: "string" } }] }),
      { check },
    );
    expect(api("POST /x", { headers: { "x-id": "7" } }).headers["x-id"]).toBe("7");
    expect(api("POST /x", { "X-Id": "7" }).headers["x-id"]).toBe("7");
  });

  it("does not require Accept, Content-Type or Authorization, whose definition OpenAPI ignores", () => {
    const parameters = ["Accept", "Content-Type", "Authorization"].map((name) => ({
      name,
      in: "header",
      required: true,
      schema: { type: "string" },
    }));
    expect(openAPIEndpoint(described({ parameters }), { check })("POST /x").url).toBe("https://api.example/x");
  });
});

describe("a value against its schema", () => {
  const api = openAPIEndpoint(
    described({
      parameters: [
        { name: "state", in: "query", schema: { type: "string", enum: ["open", "closed"] } },
        { name: "page", in: "query", schema: { type: "integer", minimum: 1, maximum: 100 } },
        { name: "draft", in: "query", schema: { type: "boolean" } },
        { name: "sha", in: "query", schema: { type: "string", pattern: "^[0-9a-f]{7}$" } },
      ],
    }),
    { check },
  );

  it("an enum lists its values", () => {
    expect(problemsOf(() => api("POST /x", { state: "opne" }))).toEqual([
      {
        in: "query",
        name: "state",
        keyword: "enum",
        message: 'query parameter "state": "opne" is not one of "open", "closed"',
      },
    ]);
  });

  it("a type", () => {
    expect(problemsOf(() => api("POST /x", { page: "two" }))).toEqual([
      { in: "query", name: "page", keyword: "type", message: 'query parameter "page": "two" is not an integer' },
    ]);
  });

  it("a number or boolean for a string parameter is a type problem", () => {
    expect(problemsOf(() => api("POST /x", { sha: 1234567 }))).toEqual([
      { in: "query", name: "sha", keyword: "type", message: 'query parameter "sha": 1234567 is not a string' },
    ]);
  });

  it("a bound", () => {
    expect(problemsOf(() => api("POST /x", { page: 0 }))).toEqual([
      {
        in: "query",
        name: "page",
        keyword: "minimum",
        message: 'query parameter "page": 0 is less than its minimum 1',
      },
    ]);
  });

  it("a pattern shows the pattern", () => {
    expect(problemsOf(() => api("POST /x", { sha: "main" }))).toEqual([
      {
        in: "query",
        name: "sha",
        keyword: "pattern",
        message: 'query parameter "sha": "main" does not match the pattern "^[0-9a-f]{7}$"',
      },
    ]);
  });

  it("text that reads as the declared number or boolean is accepted: it travels as text", () => {
    expect(api("POST /x", { page: "7", draft: "true" }).url).toBe("https://api.example/x?page=7&draft=true");
    expect(problemsOf(() => api("POST /x", { page: "700" }))[0]!.keyword).toBe("maximum");
  });

  it("a long value is shortened", () => {
    const message = problemsOf(() => api("POST /x", { state: "x".repeat(1000) }))[0]!.message;
    expect(message).toBe(
      `query parameter "state": "${"x".repeat(40)}…(1000 characters)" is not one of "open", "closed"`,
    );
  });
});

describe("a path parameter's empty text (OAS: path parameters are required; an empty segment is another url)", () => {
  // Jellyfin's DELETE /Plugins/{pluginId}/{version}: without its version it is that API's "uninstall plugin".
  const description = {
    openapi: "3.0.3",
    servers: [{ url: "https://jellyfin.example" }],
    paths: {
      "/Plugins/{pluginId}/{version}": {
        delete: {
          operationId: "UninstallPluginByVersion",
          parameters: [
            { name: "pluginId", in: "path", required: true, schema: { type: "string" } },
            { name: "version", in: "path", required: true, schema: { type: "string" } },
          ],
        },
      },
      "/files/x{name}": {
        get: {
          operationId: "getFile",
          parameters: [{ name: "name", in: "path", required: true, schema: { type: "string" } }],
        },
      },
    },
  };

  it("is a problem where it would empty its segment, as the request would refuse it, and the schema says so", () => {
    const api = openAPIEndpoint(description, { check });
    expect(problemsOf(() => api.operation("UninstallPluginByVersion", { pluginId: "p1", version: "" }))).toEqual([
      { in: "path", name: "version", keyword: "minLength", message: 'path parameter "version": "" is empty' },
    ]);
    expect(argumentSchema(api, "UninstallPluginByVersion").properties).toEqual({
      pluginId: { type: "string", minLength: 1 },
      version: { type: "string", minLength: 1 },
    });
  });

  it("is a value beside literal text in its segment (x{name} is /files/x)", () => {
    const api = openAPIEndpoint(description, { check });
    expect(api.operation("getFile", { name: "" }).url).toBe("https://jellyfin.example/files/x");
    expect(argumentSchema(api, "getFile").properties).toEqual({ name: { type: "string" } });
  });
});

describe("the body", () => {
  const schemas = {
    Issue: {
      type: "object",
      required: ["id", "title"],
      properties: {
        id: { type: "integer", readOnly: true },
        title: { type: "string" },
        milestone: { type: "integer", nullable: true },
        assignee: { type: "string" },
      },
    },
  };
  const api = openAPIEndpoint(described(jsonBody({ $ref: "#/components/schemas/Issue" }), { schemas }), {
    check,
  });

  it("a required body missing", () => {
    expect(problemsOf(() => api("POST /x"))).toEqual([
      { in: "body", name: "", keyword: "required", message: "the body is required" },
    ]);
  });

  it("a required body property, as fields or as data", () => {
    const problem = { in: "body", name: "/title", keyword: "required", message: "body field /title is required" };
    expect(problemsOf(() => api("POST /x", { milestone: 1 }))).toEqual([problem]);
    expect(problemsOf(() => api("POST /x", { data: { milestone: 1 } }))).toEqual([problem]);
  });

  it("a required readOnly property may be left out (it is required in responses only)", () => {
    expect(api("POST /x", { title: "t" }).body).toEqual({ title: "t" });
  });

  it("nullable: null is a value of a nullable property only", () => {
    expect(api("POST /x", { title: "t", milestone: null }).body).toEqual({ title: "t", milestone: null });
    expect(problemsOf(() => api("POST /x", { title: "t", assignee: null }))).toEqual([
      { in: "body", name: "/assignee", keyword: "type", message: "body field /assignee: null is not a string" },
    ]);
  });

  it("a JSON body is not coerced", () => {
    expect(problemsOf(() => api("POST /x", { title: "t", milestone: "5" }))).toEqual([
      {
        in: "body",
        name: "/milestone",
        keyword: "type",
        message: 'body field /milestone: "5" is not an integer or null',
      },
    ]);
  });

  it("oneOf with a discriminator checks the branch it names", () => {
    const pets = {
      Pet: {
        oneOf: [{ $ref: "#/components/schemas/Dog" }, { $ref: "#/components/schemas/Cat" }],
        discriminator: { propertyName: "kind", mapping: { dog: "#/components/schemas/Dog" } },
      },
      Dog: {
        type: "object",
        required: ["kind", "bark"],
        properties: { kind: { type: "string" }, bark: { type: "string" } },
      },
      Cat: { type: "object", required: ["kind"], properties: { kind: { type: "string" }, bark: { type: "boolean" } } },
    };
    const petApi = openAPIEndpoint(described(jsonBody({ $ref: "#/components/schemas/Pet" }), { schemas: pets }), {
      check,
    });
    expect(problemsOf(() => petApi("POST /x", { kind: "dog" }))).toEqual([
      { in: "body", name: "/bark", keyword: "required", message: "body field /bark is required" },
    ]);
    expect(petApi("POST /x", { kind: "Cat", bark: true }).body).toEqual({ kind: "Cat", bark: true });
    expect(problemsOf(() => petApi("POST /x", { kind: "cow" }))).toEqual([
      { in: "body", name: "/kind", keyword: "enum", message: 'body field /kind: "cow" is not one of "dog", "Cat"' },
    ]);
  });

  it("a body with a field named data is described and checked as its fields", () => {
    const fieldsApi = openAPIEndpoint(
      described(
        jsonBody({
          type: "object",
          required: ["url"],
          properties: { url: { type: "string" }, data: { type: "object" } },
        }),
      ),
      { check },
    );
    expect(problemsOf(() => fieldsApi("POST /x", { data: {} }))).toEqual([
      { in: "body", name: "/url", keyword: "required", message: "body field /url is required" },
    ]);
    expect(
      argumentSchema(
        openAPIRoutes(
          described(
            jsonBody({
              type: "object",
              required: ["url"],
              properties: { url: { type: "string" }, data: { type: "object" } },
            }),
          ),
        ),
        "POST /x",
      ),
    ).toEqual({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      title: "POST /x",
      type: "object",
      properties: { url: { type: "string" }, data: { type: "object" } },
      required: ["url"],
    });
  });

  it("a body of bytes is not checked against a JSON schema", () => {
    const bytes = new Uint8Array([1]);
    expect(api("POST /x", { data: bytes }).body).toBe(bytes);
  });
});

describe("every problem at once", () => {
  it("lists each, and the message names the operation", () => {
    const api = openAPIEndpoint(
      described(
        {
          parameters: [
            { name: "owner", in: "path", required: true, schema: { type: "string" } },
            { name: "state", in: "query", schema: { enum: ["open", "closed"] } },
          ],
          ...jsonBody({ type: "object", required: ["title"], properties: { title: { type: "string" } } }),
        },
        { path: "/repos/{owner}/issues" },
      ),
      { check },
    );
    const error = thrown(() => api("POST /repos/{owner}/issues", { state: "opne", data: {} } as never));
    expect(error.message).toBe(
      'POST /repos/{owner}/issues: 3 problems: path parameter "owner" is required; query parameter "state": "opne" is not one of "open", "closed"; body field /title is required',
    );
    expect(error.problems!.map(({ in: location, name, keyword }) => [location, name, keyword])).toEqual([
      ["path", "owner", "required"],
      ["query", "state", "enum"],
      ["body", "/title", "required"],
    ]);
  });
});

describe("checked calls see the values the request is built from", () => {
  const description = described({
    parameters: [{ name: "page", in: "query", required: true, schema: { type: "integer" } }],
  });
  const api = openAPIEndpoint(description, { check });

  it("defaults(), a builder's build(), parse(merge())", () => {
    expect(api.defaults({ page: 2 })("POST /x").url).toBe("https://api.example/x?page=2");
    expect(problemsOf(() => api.defaults({ page: "two" })("POST /x"))[0]!.keyword).toBe("type");
    expect(api.builder().route("POST /x").param("page", 3).build().url).toBe("https://api.example/x?page=3");
    expect(problemsOf(() => api.builder().route("POST /x").build())[0]!.keyword).toBe("required");
    expect(problemsOf(() => api.parse(api.merge("POST /x")))[0]!.keyword).toBe("required");
  });

  it("also given a table, such as a module's", () => {
    const routes = openAPIRoutes(description);
    expect(problemsOf(() => openAPIEndpoint(routes, { check })("POST /x"))[0]!.keyword).toBe("required");
    expect(endpoint.withRoutes(routes)("POST /x").url).toBe("https://api.example/x");
  });
});

describe("no secret is repeated", () => {
  const api = openAPIEndpoint(
    described({
      parameters: [
        { name: "X-Token", in: "header", schema: { type: "string", pattern: "^t_" } },
        { name: "session", in: "cookie", schema: { type: "string", maxLength: 3 } },
        { name: "api_key", in: "query", schema: { type: "string", minLength: 40 } },
      ],
      ...jsonBody({ type: "object", properties: { password: { type: "string", format: "password", minLength: 12 } } }),
    }),
    { check },
  );

  it("a header, a cookie, an API key and a format: password field show only their kind", () => {
    const error = thrown(() =>
      api("POST /x", { "x-token": "hunter2", session: "s3cr3t", api_key: "k3y", password: "pa55" }),
    );
    for (const secret of ["hunter2", "s3cr3t", "k3y", "pa55"]) expect(error.message).not.toContain(secret);
    expect(error.problems!.map((problem) => problem.message)).toEqual([
      'header parameter "x-token": the string given does not match the pattern "^t_"',
      'cookie parameter "session": the string given is longer than 3 characters',
      'query parameter "api_key": the string given is shorter than 40 characters',
      "body field /password: the string given is shorter than 12 characters",
    ]);
  });
});

describe("hostile schemas stay harmless", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("a pattern that backtracks catastrophically runs on RE2, in time linear in the value: ^(a+)+$", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const description = described({
      parameters: [{ name: "q", in: "query", schema: { type: "string", pattern: "^(a+)+$" } }],
      ...jsonBody({ type: "object", properties: { nested: { anyOf: [{ type: "string", pattern: "^(a+)+$" }] } } }),
    });
    const api = openAPIEndpoint(description, { check });
    const hostile = `${"a".repeat(50_000)}!`;
    const started = performance.now();
    // The predicate's refusal, then the validator's, each a search over 50 001 characters.
    expect(problemsOf(() => api("POST /x", { q: hostile, nested: hostile })).map(({ message }) => message)).toEqual([
      `query parameter "q": "${"a".repeat(40)}…(50001 characters)" does not match the pattern "^(a+)+$"`,
      `body field /nested: "${"a".repeat(40)}…(50001 characters)" matches none of its 1 alternatives; the closest is alternative 1 (string), where "${"a".repeat(40)}…(50001 characters)" does not match the pattern "^(a+)+$"`,
    ]);
    // A backtracking engine takes longer than the age of the universe; RE2 a few milliseconds.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(api("POST /x", { q: "a".repeat(50_000), nested: "aaa" }).url).toBe(
      `https://api.example/x?q=${"a".repeat(50_000)}`,
    );
    expect(warn).not.toHaveBeenCalled();
    expect(argumentSchema(openAPIRoutes(description), "POST /x").properties).toEqual({
      q: { type: "string", pattern: "^(a+)+$" },
      data: { type: "object", properties: { nested: { anyOf: [{ type: "string", pattern: "^(a+)+$" }] } } },
    });
  });

  it("so do (a|a)*, (a|aa)+, and a realistic (\\w|\\d)+, which the scan before RE2 refused", () => {
    for (const [pattern, valid, invalid] of [
      ["^(a|a)*$", "a".repeat(30), `${"a".repeat(30)}!`],
      ["^(a|aa)+$", "a".repeat(40), `${"a".repeat(40)}!`],
      ["^(\\w|\\d)+$", "1".repeat(28), `${"1".repeat(28)}!`],
    ] as const) {
      const api = openAPIEndpoint(
        described({ parameters: [{ name: "q", in: "query", schema: { type: "string", pattern } }] }),
        { check },
      );
      expect(api("POST /x", { q: valid }).url).toBe(`https://api.example/x?q=${valid}`);
      expect(problemsOf(() => api("POST /x", { q: invalid }))[0]!.keyword).toBe("pattern");
    }
  });

  it("a harmless pattern the scan refused is checked: a typo in ^[a-zA-Z0-9\\/\\+\\=]{0,2048}$ is refused", () => {
    const pattern = "^[a-zA-Z0-9\\/\\+\\=]{0,2048}$";
    const api = openAPIEndpoint(
      described({
        parameters: [{ name: "token", in: "query", schema: { type: "string", pattern } }],
        ...jsonBody({ type: "object", properties: { tokens: { type: "array", items: { pattern } } } }, false),
      }),
      { check },
    );
    expect(api("POST /x", { token: "ab/c+d=", tokens: ["Zm9v"] }).url).toBe(
      "https://api.example/x?token=ab%2Fc%2Bd%3D",
    );
    expect(api("POST /x", { token: "a".repeat(2048) }).url).toHaveLength(28 + 2048);
    expect(problemsOf(() => api("POST /x", { token: "ab c", tokens: ["ok", "no!"] }))).toEqual([
      {
        in: "query",
        name: "token",
        keyword: "pattern",
        message: 'query parameter "token": "ab c" does not match the pattern "^[a-zA-Z0-9\\\\/\\\\+=]{0,2048}$"',
      },
      {
        in: "body",
        name: "/tokens/1",
        keyword: "pattern",
        message: 'body field /tokens/1: "no!" does not match the pattern "^[a-zA-Z0-9\\\\/\\\\+=]{0,2048}$"',
      },
    ]);
    expect(problemsOf(() => api("POST /x", { token: "a".repeat(2049) }))[0]!.keyword).toBe("pattern");
  });

  it("a pattern keeps JSON Schema's reading: searched for, with ECMAScript's \\s, ., \\u escapes and [^]", () => {
    const checked = (pattern: string) => {
      const api = openAPIEndpoint(
        described({
          parameters: [{ name: "q", in: "query", schema: { type: "string", pattern } }],
          ...jsonBody({ type: "object", properties: { b: { not: { type: "null" }, type: "string", pattern } } }, false),
        }),
        { check },
      );
      // The predicate's answer and the validator's (a `not` keeps the body field from any predicate).
      return (value: string) => {
        const answers = [{ q: value }, { b: value }].map((args) => {
          try {
            api("POST /x", args);
            return true;
          } catch {
            return false;
          }
        });
        expect(answers[0]).toBe(answers[1]);
        return answers[0];
      };
    };
    expect(checked("b")("abc")).toBe(true);
    expect(checked("^b")("abc")).toBe(false);
    expect(checked("^a|b$")("xb")).toBe(true);
    expect(checked("^a|b$")("ax")).toBe(true);
    expect(checked("^a|b$")("xa")).toBe(false);
    expect(checked("^(a|b)$")("ab")).toBe(false);
    expect(checked("^[a|]+\\$$")("a|$")).toBe(true);
    expect(checked("^\\s$")("\u00a0")).toBe(true);
    expect(checked("^\\s$")("\u2028")).toBe(true);
    expect(checked("^\\S$")("\u3000")).toBe(false);
    expect(checked("^[\\s\\d]+$")("1\ufeff2")).toBe(true);
    expect(checked("^.$")("\r")).toBe(false);
    expect(checked("^.$")("😀")).toBe(true);
    expect(checked("^\\u00e9\\u{1F600}$")("é😀")).toBe(true);
    expect(checked("^\\uD83D\\uDE00$")("😀")).toBe(true);
    expect(checked("^[^]$")("\n")).toBe(true);
    expect(checked("^[]")("a")).toBe(false);
    expect(checked("^\\p{L}+$")("héllo")).toBe(true);
    expect(checked("^\\p{Script=Greek}+$")("αβγ")).toBe(true);
    expect(checked("^\\cJ\\x41\\0\\v[\\b]\\t$")("\nA\0\u000b\b\t")).toBe(true);
    expect(checked("^(?<word>\\w+)-(?:\\d)$")("ab-1")).toBe(true);
    expect(checked("^\\p{gc=Lu}\\P{L}$")("É1")).toBe(true);
    expect(checked("^[\\S]\\S\\:\\-\\/$")("ab:-/")).toBe(true);
    expect(checked("^[\\S]$")("\u00a0")).toBe(false);
    expect(checked("^a{1000}$")("a".repeat(1000))).toBe(true);
    expect(checked("^\\d{1001,}$")("1".repeat(1000))).toBe(false);
    expect(checked("^\\d{1001}$")("1".repeat(1001))).toBe(true);
    expect(checked("^.{2,1500}$")("😀😀")).toBe(true);
    expect(checked("^.{3,1500}$")("😀😀")).toBe(false);
  });

  it("a backreference or a lookaround is left unchecked, named in a warning once per description", () => {
    const warnings: unknown[] = [];
    const shared = { type: "string", pattern: "^(a)\\1$" };
    const description = {
      ...described({ parameters: [{ name: "q", in: "query", schema: shared }] }),
      paths: {
        "/x": { post: { responses: {}, parameters: [{ name: "q", in: "query", schema: shared }] } },
        "/y": {
          post: {
            responses: {},
            parameters: [
              { name: "q", in: "query", schema: shared },
              { name: "r", in: "query", schema: { type: "string", pattern: "^(?!x)" } },
            ],
          },
        },
      },
    };
    const api = openAPIEndpoint(description, { check, onWarning: (warning) => warnings.push(warning) });
    expect(warnings).toEqual([]);
    expect(api("POST /x", { q: "not aa" }).url).toBe("https://api.example/x?q=not%20aa");
    expect(api("POST /y", { q: "b", r: "x" }).url).toBe("https://api.example/y?q=b&r=x");
    api("POST /x", { q: "c" });
    expect(openAPIEndpoint(description, { check, onWarning: (warning) => warnings.push(warning) })).toBeTypeOf(
      "function",
    );
    expect(warnings).toEqual([
      {
        code: "WARN_PATTERN_UNCHECKED",
        message: 'POST /x: pattern "^(a)\\\\1$" is left unchecked: RE2 has no backreference',
        route: "POST /x",
        pattern: "^(a)\\1$",
      },
      {
        code: "WARN_PATTERN_UNCHECKED",
        message: 'POST /y: pattern "^(?!x)" is left unchecked: RE2 has no lookaround',
        route: "POST /y",
        pattern: "^(?!x)",
      },
    ]);
  });

  it("what RE2 cannot run is left unchecked, each named with why", () => {
    const patterns = [
      "^(?<a>x)\\k<a>$",
      "(?<=a)b",
      "^(a|b){1001}c$",
      "^\\p{Letter}$",
      "^\\u{110000}$",
      "[",
      "^\\d{1001}$",
    ];
    const warnings: { message: string }[] = [];
    const api = openAPIEndpoint(
      described({
        parameters: patterns.map((pattern, i) => ({ name: `p${i}`, in: "query", schema: { type: "string", pattern } })),
      }),
      { check, onWarning: (warning) => warnings.push(warning) },
    );
    expect(api("POST /x", { p0: "z", p1: "z", p2: "z", p3: "1", p4: "z", p5: "z" }).url).toBe(
      "https://api.example/x?p0=z&p1=z&p2=z&p3=1&p4=z&p5=z",
    );
    expect(problemsOf(() => api("POST /x", { p6: "1".repeat(1000) }))[0]!.name).toBe("p6");
    expect(warnings.map(({ message }) => message.replace("POST /x: pattern ", ""))).toEqual([
      '"^(?<a>x)\\\\k<a>$" is left unchecked: RE2 has no backreference',
      '"(?<=a)b" is left unchecked: RE2 has no lookaround',
      '"^\\\\u{110000}$" is left unchecked: it is no regular expression',
      '"[" is left unchecked: it is no regular expression',
      // What the argument schema keeps, which RE2 then cannot run.
      '"^\\\\p{Letter}$" is left unchecked: RE2 cannot read it (invalid character class range: `\\p{Letter}`)',
      '"^(a|b){1001}c$" is left unchecked: RE2 counts to 1000',
    ]);
  });

  it("a patternProperties key that backtracks is still refused: the validator runs it on its own engine", () => {
    const warnings: { message: string }[] = [];
    const api = openAPIEndpoint(
      described(
        jsonBody({ type: "object", patternProperties: { "^(a+)+$": { type: "integer" }, "^b": { type: "integer" } } }),
      ),
      { check, onWarning: (warning) => warnings.push(warning) },
    );
    expect(api("POST /x", { [`${"a".repeat(40)}!`]: "text" }).body).toEqual({ [`${"a".repeat(40)}!`]: "text" });
    expect(problemsOf(() => api("POST /x", { b: "text" }))[0]!.message).toBe('body field /b: "text" is not an integer');
    expect(warnings.map(({ message }) => message)).toEqual([
      'POST /x: pattern "^(a+)+$" is left unchecked: a patternProperties key the validator would run on a backtracking engine',
    ]);
  });

  it("a patternProperties key with several repeats in sequence is refused too: it backtracks polynomially", () => {
    const warnings: { message: string }[] = [];
    const api = openAPIEndpoint(
      described(jsonBody({ type: "object", patternProperties: { "^\\d*\\d*\\d*\\d*x": { type: "integer" } } })),
      { check, onWarning: (warning) => warnings.push(warning) },
    );
    const started = performance.now();
    // 800 digits took half a minute on a backtracking engine.
    expect(api("POST /x", { [`${"1".repeat(800)}!`]: "text" }).body).toEqual({ [`${"1".repeat(800)}!`]: "text" });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(warnings.map(({ message }) => message)).toEqual([
      'POST /x: pattern "^\\\\d*\\\\d*\\\\d*\\\\d*x" is left unchecked: a patternProperties key the validator would run on a backtracking engine',
    ]);
  });

  it("a schema nested 10 000 levels is checked to a bound", () => {
    let schema: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 10_000; i++) schema = { type: "object", properties: { a: schema } };
    const api = openAPIEndpoint(described(jsonBody(schema)), { check });
    expect(api("POST /x", { a: { a: {} } }).body).toEqual({ a: { a: {} } });
    expect(problemsOf(() => api("POST /x", { a: 1 }))[0]!.message).toBe("body field /a: 1 is not an object");
  });

  it("a 100 000-value enum", () => {
    const values = Array.from({ length: 100_000 }, (_, i) => `v${i}`);
    const api = openAPIEndpoint(
      described({ parameters: [{ name: "q", in: "query", schema: { type: "string", enum: values } }] }),
      { check },
    );
    expect(api("POST /x", { q: "v99999" }).url).toBe("https://api.example/x?q=v99999");
    expect(problemsOf(() => api("POST /x", { q: "w" }))[0]!.message).toBe(
      'query parameter "q": "w" is not one of "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", … (100000 values)',
    );
  });

  it("$ref cycles: one that consumes no value is cut, one through a property is followed as deep as the value", () => {
    const schemas = {
      A: { allOf: [{ $ref: "#/components/schemas/B" }] },
      B: { $ref: "#/components/schemas/A" },
      Node: { type: "object", properties: { next: { $ref: "#/components/schemas/Node" } } },
    };
    const api = openAPIEndpoint(
      described(
        {
          parameters: [{ name: "q", in: "query", schema: { $ref: "#/components/schemas/A" } }],
          ...jsonBody({ $ref: "#/components/schemas/Node" }),
        },
        { openapi: "3.1.0", schemas },
      ),
      { check },
    );
    expect(api("POST /x", { q: "x", next: { next: {} } }).url).toBe("https://api.example/x?q=x");
    expect(problemsOf(() => api("POST /x", { next: { next: 5 } }))[0]!.name).toBe("/next/next");
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 5000; i++) deep = { next: deep };
    expect(api("POST /x", { data: deep }).url).toBe("https://api.example/x");
  });
});

describe("a table from routeTable() with argument schemas (as fluent-endpoint openapi --check writes it)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const data = { "GET /x": { url: "/x{?q}", parameters: { q: "query" as const } } };

  it("is checked by them, read as data and made as harmless as a description's", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const taken = {
      document: { openapi: "3.1.0" },
      operations: {
        "GET /x": {
          parameters: [
            {
              name: "q",
              in: "query" as const,
              required: true,
              schema: { type: "string", pattern: "^(a+)+$", maxLength: 40 },
            },
          ],
        },
      },
    };
    const routes = routeTable(data, { server: { url: "https://api.example" }, arguments: taken });
    const api = openAPIEndpoint(routes, { check });
    expect(api("GET /x", { q: "a".repeat(30) }).url).toBe(`https://api.example/x?q=${"a".repeat(30)}`);
    expect(problemsOf(() => api("GET /x", { q: `${"a".repeat(30)}!` }))[0]!.keyword).toBe("pattern");
    expect(problemsOf(() => api("GET /x"))).toEqual([
      { in: "query", name: "q", keyword: "required", message: 'query parameter "q" is required' },
    ]);
    expect(warn).not.toHaveBeenCalled();
    expect(argumentSchema(routes, "GET /x").properties).toEqual({
      q: { type: "string", pattern: "^(a+)+$", maxLength: 40 },
    });
  });

  it("refuses arguments that are no object", () => {
    expectEndpointError(
      () => routeTable(data, { arguments: [] as never }),
      "ERR_INVALID_OPTIONS",
      "route table: its arguments must be { document, operations } objects, got an array",
    );
  });
});

describe("an additionalOperations route in another case than upper (OpenAPI 3.2)", () => {
  const description = {
    openapi: "3.2.0",
    servers: [{ url: "https://api.example" }],
    paths: {
      "/users": {
        additionalOperations: {
          mIxEd: { operationId: "mixUsers", parameters: [{ name: "q", in: "query", schema: { type: "integer" } }] },
        },
      },
    },
  };

  it("is checked, called by its route in any case or by its name", () => {
    const api = openAPIEndpoint(description, { check });
    const problem = { in: "query", name: "q", keyword: "type", message: 'query parameter "q": "x" is not an integer' };
    expect(problemsOf(() => api("mIxEd /users" as never, { q: "x" } as never))).toEqual([problem]);
    expect(problemsOf(() => api("MIXED /users" as never, { q: "x" } as never))).toEqual([problem]);
    expect(problemsOf(() => api.operation("mixUsers", { q: "x" }))).toEqual([problem]);
  });

  it("has its argument schema, by its route in any case or by its name", () => {
    const routes = openAPIRoutes(description);
    for (const key of ["mIxEd /users", "MIXED /users", "mixUsers"]) {
      expect(argumentSchema(routes, key)).toMatchObject({
        title: "mIxEd /users",
        properties: { q: { type: "integer" } },
      });
    }
  });
});

describe("argumentSchema()", () => {
  const description = described(
    {
      operationId: "createIssue",
      summary: "Create an issue",
      parameters: [
        { name: "owner", in: "path", required: true, description: "The owner", schema: { type: "string" } },
        { name: "X-Trace", in: "header", schema: { type: "string" } },
      ],
      ...jsonBody({ $ref: "#/components/schemas/Issue" }),
    },
    {
      path: "/repos/{owner}/issues",
      schemas: {
        Issue: {
          type: "object",
          required: ["title"],
          properties: { title: { type: "string" }, due: { type: "string", format: "date", nullable: true } },
        },
      },
    },
  );
  const routes = openAPIRoutes(description);
  const expected = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: "POST /repos/{owner}/issues",
    description: "Create an issue",
    type: "object",
    properties: {
      owner: { type: "string", description: "The owner", minLength: 1 },
      "x-trace": { type: "string" },
      data: { $ref: "#/$defs/Issue" },
    },
    required: ["owner", "data"],
    // Beside data, the whole body, a key it does not declare is sent nowhere.
    dependentSchemas: {
      data: { properties: { owner: true, "x-trace": true, data: true }, additionalProperties: false },
    },
    $defs: {
      Issue: {
        type: "object",
        properties: { title: { type: "string" }, due: { type: ["string", "null"], format: "date" } },
        required: ["title"],
      },
    },
  };

  it("is one JSON Schema 2020-12 of the call's options, by route or operationId", () => {
    expect(argumentSchema(routes, "POST /repos/{owner}/issues")).toEqual(expected);
    expect(argumentSchema(routes, "post /repos/{owner}/issues")).toEqual(expected);
    expect(argumentSchema(routes, "createIssue")).toEqual(expected);
    expect(argumentSchema(description, "createIssue")).toEqual(expected);
    // An endpoint openAPIEndpoint() made, checked or not.
    expect(argumentSchema(openAPIEndpoint(routes), "createIssue")).toEqual(expected);
    expect(argumentSchema(openAPIEndpoint(routes, { check }), "POST /repos/{owner}/issues")).toEqual(expected);
  });

  it("is a fresh object each time", () => {
    const first = argumentSchema(routes, "createIssue");
    (first.properties as Record<string, unknown>).owner = 1;
    expect(argumentSchema(routes, "createIssue")).toEqual(expected);
  });

  it("names a key it cannot find", () => {
    expectEndpointError(
      () => argumentSchema(routes, "GET /nothing"),
      "ERR_INVALID_ROUTE",
      'argumentSchema(): the table has no route or operationId "GET /nothing"',
    );
    expectEndpointError(
      () => argumentSchema(routeTable({ "GET /x": { url: "/x", parameters: {} } }), "GET /x"),
      "ERR_INVALID_OPTIONS",
      '"GET /x" has no argument schema',
    );
  });
});

describe("lists and objects made of plain scalars are decided as given, and only a value that passes is let through", () => {
  const body = jsonBody({
    type: "object",
    properties: {
      tags: { type: "array", items: { type: "string", enum: ["a", "b"] }, minItems: 1, maxItems: 2 },
      meta: { type: "object", properties: { n: { type: "integer" } }, required: ["n"], additionalProperties: false },
    },
  });
  const api = openAPIEndpoint(described({ parameters: [], ...body }, { openapi: "3.1.0" }), { check });
  const keywords = (data: unknown) => problemsOf(() => api("POST /x", { data })).map((problem) => problem.keyword);

  it("builds a call whose lists and objects pass", () => {
    expect(api("POST /x", { data: { tags: ["a", "b"], meta: { n: 1 } } }).body).toEqual({
      tags: ["a", "b"],
      meta: { n: 1 },
    });
  });

  it("refuses, in the validator's words, what a list's or object's schema refuses", () => {
    expect(keywords({ tags: ["c"] })).toEqual(["enum"]);
    expect(keywords({ tags: [] })).toEqual(["minItems"]);
    expect(keywords({ tags: ["a", "b", "a"] })).toEqual(["maxItems"]);
    expect(keywords({ meta: {} })).toEqual(["required"]);
    expect(keywords({ meta: { n: 1, m: 2 } })).toEqual(["additionalProperties"]);
    expect(keywords({ meta: { n: "1" } })).toEqual(["type"]);
  });

  it("leaves what it cannot read as given to the checks of the value as sent (a Date as its text)", () => {
    const dated = openAPIEndpoint(
      described({ parameters: [], ...jsonBody({ type: "array", items: { type: "string" } }) }, { openapi: "3.1.0" }),
      { check },
    );
    expect(dated("POST /x", { data: [new Date(0)] }).body).toEqual([new Date(0)]);
    expect(problemsOf(() => dated("POST /x", { data: [1] })).map((problem) => problem.keyword)).toEqual(["type"]);
  });
});

describe("a text's length bounds count code points, whether or not its UTF-16 length settles them", () => {
  const api = openAPIEndpoint(
    described(
      { parameters: [{ name: "s", in: "query", schema: { type: "string", minLength: 2, maxLength: 3 } }] },
      { openapi: "3.1.0" },
    ),
    { check },
  );
  const keywords = (s: string) => problemsOf(() => api("POST /x", { s })).map((problem) => problem.keyword);

  it("takes two or three code points, each of one or two units", () => {
    for (const s of ["ab", "abc", "😀😀", "😀😀😀", "a😀"]) expect(api("POST /x", { s }).url).toContain("?s=");
  });

  it("refuses one code point of two units, and four of eight", () => {
    expect(keywords("😀")).toEqual(["minLength"]);
    expect(keywords("😀😀😀😀")).toEqual(["maxLength"]);
    expect(keywords("abcd")).toEqual(["maxLength"]);
  });
});

describe("a key the operation does not declare", () => {
  const limit = { name: "limit", in: "query", schema: { type: "integer" } };
  const pets = described({ parameters: [limit] }, { method: "get", path: "/pets" });

  it("is sent as it is given without the checks", () => {
    expect(openAPIEndpoint(pets)("GET /pets", { limt: 3 }).url).toBe("https://api.example/pets?limt=3");
  });

  it("is a problem naming the closest declared names, with the code the openapi entry's ErrorCodes holds", () => {
    const error = thrown(() => openAPIEndpoint(pets, { check })("GET /pets", { limt: 3 }));
    expect(error.code).toBe(ErrorCodes.INVALID_ARGUMENTS);
    expect(error.message).toBe(
      'GET /pets: query parameter "limt" is not declared by the operation; did you mean "limit"?',
    );
    expect(error.problems).toEqual([
      {
        in: "query",
        name: "limt",
        keyword: "additionalProperties",
        message: 'query parameter "limt" is not declared by the operation; did you mean "limit"?',
      },
    ]);
  });

  it("lists what the operation declares where no name is close, or says it declares none", () => {
    const api = openAPIEndpoint(pets, { check });
    expect(problemsOf(() => api("GET /pets", { zzzzzz: 1 }))[0]!.message).toBe(
      'query parameter "zzzzzz" is not declared by the operation, which declares "limit"',
    );
    const bare = openAPIEndpoint(described({}, { method: "get", path: "/pets" }), { check });
    expect(problemsOf(() => bare("GET /pets", { limit: 1 }))[0]!.message).toBe(
      'query parameter "limit" is not declared by the operation, which declares no parameters',
    );
  });

  it("is a problem of the body an operation of another method without a body would send it in", () => {
    const api = openAPIEndpoint(described({ parameters: [limit] }), { check });
    expect(problemsOf(() => api("POST /x", { limt: 3 }))).toEqual([
      {
        in: "body",
        name: "/limt",
        keyword: "additionalProperties",
        message: 'body field /limt is not declared by the operation (it declares no body); did you mean "limit"?',
      },
    ]);
  });

  it("is a default's key as much as a call's", () => {
    const api = openAPIEndpoint(pets, { check }).defaults({ per_page: 100 });
    expect(problemsOf(() => api("GET /pets"))).toMatchObject([{ in: "query", name: "per_page" }]);
  });

  it("is reported with the call's other problems", () => {
    const api = openAPIEndpoint(pets, { check });
    expect(problemsOf(() => api("GET /pets", { limit: "many", limt: 3 })).map(({ name }) => name)).toEqual([
      "limit",
      "limt",
    ]);
  });

  it("is never a request option: headers, baseUrl, request, mediaType, method, url and data are the call's own", () => {
    const api = openAPIEndpoint(pets, { check });
    const built = api({
      method: "GET",
      url: "/pets",
      baseUrl: "https://other.example",
      headers: { "x-trace": "1" },
      mediaType: { format: "raw" },
      request: { timeout: 5 },
      limit: 3,
    });
    expect(built.url).toBe("https://other.example/pets?limit=3");
    const posted = openAPIEndpoint(described({ parameters: [limit], ...jsonBody({ type: "object" }) }), { check });
    expect(posted("POST /x", { data: { name: "Rex" }, limit: 3 }).body).toEqual({ name: "Rex" });
  });

  it("is a problem beside data, the whole body, where the build sends it nowhere", () => {
    const description = described({ parameters: [limit], ...jsonBody({ type: "object" }) });
    expect(openAPIEndpoint(description)("POST /x", { data: { name: "Rex" }, limt: 3 })).toMatchObject({
      url: "https://api.example/x",
      body: { name: "Rex" },
    });
    const api = openAPIEndpoint(description, { check });
    expect(problemsOf(() => api("POST /x", { data: { name: "Rex" }, limt: 3 }))).toEqual([
      {
        in: "body",
        name: "/limt",
        keyword: "additionalProperties",
        message: 'body field /limt is not declared by the operation (data is the whole body); did you mean "limit"?',
      },
    ]);
    // Without data, it is a field the body gathers.
    expect(api("POST /x", { name: "Rex", limt: 3 }).body).toEqual({ name: "Rex", limt: 3 });
  });

  it("is an API key the description's security sends in the query, on a call whose strays go to the query", () => {
    expect(openAPIEndpoint(pets, { check })("GET /pets", { api_key: "s" }).url).toBe(
      "https://api.example/pets?api_key=s",
    );
    // A call of another method would send it in its body, where the scheme does not put it.
    expect(problemsOf(() => openAPIEndpoint(described({}), { check })("POST /x", { api_key: "s" }))).toMatchObject([
      { in: "body", name: "/api_key", keyword: "additionalProperties" },
    ]);
  });

  describe("where the query takes any name: a form, exploded query parameter whose object schema is open", () => {
    const freeForm = (schema: unknown, more: Record<string, unknown> = {}) =>
      described(
        { parameters: [limit, { name: "filter", in: "query", schema, ...more }] },
        {
          method: "get",
          path: "/pets",
        },
      );

    it("is sent as the object's own keys would be", () => {
      for (const schema of [
        { type: "object", additionalProperties: { type: "string" } },
        { type: "object", properties: { color: { type: "string" } } },
        { type: "object", additionalProperties: false, patternProperties: { "^x-": {} } },
        {},
      ]) {
        const api = openAPIEndpoint(freeForm(schema), { check });
        expect(api("GET /pets", { color: "red" }).url).toBe("https://api.example/pets?color=red");
        expect(argumentSchema(api, "GET /pets").additionalProperties).toBeUndefined();
      }
      const named = described({ parameters: [{ $ref: "#/components/parameters/Filter" }] }, { method: "get" });
      (named.components as Record<string, unknown>).parameters = {
        Filter: { name: "filter", in: "query", schema: { $ref: "#/components/schemas/Filter" } },
      };
      (named.components as Record<string, Record<string, unknown>>).schemas!.Filter = { type: "object" };
      expect(openAPIEndpoint(named, { check })("GET /x", { color: "red" }).url).toBe("https://api.example/x?color=red");
    });

    it("is refused where the object is closed, not exploded, not form, or not an object", () => {
      const refused: [unknown, Record<string, unknown>][] = [
        [{ type: "object", properties: { color: { type: "string" } }, additionalProperties: false }, {}],
        [{ type: "object" }, { explode: false }],
        [{ type: "object" }, { style: "deepObject" }],
        [{ type: "string" }, {}],
        [{ enum: ["a", "b"] }, {}],
      ];
      for (const [schema, more] of refused) {
        const api = openAPIEndpoint(freeForm(schema, more), { check });
        expect(problemsOf(() => api("GET /pets", { color: "red" }))).toMatchObject([
          { in: "query", name: "color", keyword: "additionalProperties" },
        ]);
        expect(argumentSchema(api, "GET /pets").additionalProperties).toBe(false);
      }
    });

    it("is refused on a call of another method, which sends it in the body", () => {
      const api = openAPIEndpoint(
        described({ parameters: [{ name: "filter", in: "query", schema: { type: "object" } }] }),
        {
          check,
        },
      );
      expect(problemsOf(() => api("POST /x", { color: "red" }))).toMatchObject([{ in: "body", name: "/color" }]);
    });
  });

  describe("a body field gathered into the body: the body's schema decides", () => {
    const body = (schema: Record<string, unknown>) => described({ parameters: [limit], ...jsonBody(schema, false) });

    it("is taken where the body's schema takes it", () => {
      const api = openAPIEndpoint(body({ type: "object", properties: { name: { type: "string" } } }), { check });
      expect(api("POST /x", { name: "Rex", nmae: "Rex" }).body).toEqual({ name: "Rex", nmae: "Rex" });
      expect(argumentSchema(api, "POST /x").additionalProperties).toBeUndefined();
    });

    it("is refused, with the closest field, where the body's schema refuses it", () => {
      const closed = { type: "object", properties: { name: { type: "string" } }, additionalProperties: false };
      const api = openAPIEndpoint(body(closed), { check });
      expect(problemsOf(() => api("POST /x", { name: "Rex", nmae: "Rex" }))).toEqual([
        {
          in: "body",
          name: "",
          keyword: "additionalProperties",
          message: 'the body: has the property "nmae", which the schema does not allow; did you mean "name"?',
        },
      ]);
    });

    it("is a top-level argument where the body is given as its fields, refused as its schema refuses it", () => {
      const fields = (additionalProperties: unknown) =>
        described({
          parameters: [{ name: "data", in: "query", schema: { type: "string" } }],
          ...jsonBody({ type: "object", properties: { title: { type: "string" } }, additionalProperties }),
        });
      const closed = openAPIEndpoint(fields(false), { check });
      expect(argumentSchema(closed, "POST /x").additionalProperties).toBe(false);
      expect(problemsOf(() => closed("POST /x", { title: "a", titel: "a" }))).toEqual([
        {
          in: "body",
          name: "",
          keyword: "additionalProperties",
          message: 'the body: has the property "titel", which the schema does not allow; did you mean "title"?',
        },
      ]);
      const typed = openAPIEndpoint(fields({ type: "integer" }), { check });
      expect(argumentSchema(typed, "POST /x").additionalProperties).toEqual({ type: "integer" });
      expect(typed("POST /x", { title: "a", count: 2 }).body).toEqual({ title: "a", count: 2 });
      expect(problemsOf(() => typed("POST /x", { title: "a", count: "two" }))).toEqual([
        { in: "body", name: "/count", keyword: "type", message: 'body field /count: "two" is not an integer' },
      ]);
      const open = openAPIEndpoint(fields(undefined), { check });
      expect(open("POST /x", { title: "a", titel: "a" }).body).toEqual({ title: "a", titel: "a" });
    });
  });
});

describe("an anyOf or oneOf no alternative of matches names the closest one and what it lacked", () => {
  const pet = (keyword: string, alternatives: unknown[]) =>
    openAPIEndpoint(
      described(jsonBody({ type: "object", properties: { pet: { [keyword]: alternatives } } }), {
        schemas: {
          Cat: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
          Dog: { title: "A dog", type: "object", required: ["name", "bark"] },
        },
      }),
      { check },
    );
  const cat = { $ref: "#/components/schemas/Cat" };
  const short = { type: "string", minLength: 5 };

  it("prefers an alternative whose type takes the value", () => {
    const api = pet("anyOf", [cat, short]);
    expect(problemsOf(() => api("POST /x", { data: { pet: "abc" } }))).toEqual([
      {
        in: "body",
        name: "/pet",
        keyword: "anyOf",
        message:
          'body field /pet: "abc" matches none of its 2 alternatives; the closest is alternative 2 (string), where "abc" is shorter than 5 characters',
      },
    ]);
    expect(problemsOf(() => api("POST /x", { data: { pet: { nmae: "Tom" } } }))[0]!.message).toBe(
      "body field /pet: the object given matches none of its 2 alternatives; the closest is alternative 1 (Cat), where body field /pet/name is required",
    );
  });

  it("then the one with the fewest problems, then the first listed", () => {
    const dog = { $ref: "#/components/schemas/Dog" };
    expect(problemsOf(() => pet("anyOf", [dog, cat])("POST /x", { data: { pet: {} } }))[0]!.message).toBe(
      "body field /pet: the object given matches none of its 2 alternatives; the closest is alternative 2 (Cat), where body field /pet/name is required",
    );
    expect(problemsOf(() => pet("oneOf", [short, cat])("POST /x", { data: { pet: 5 } }))[0]!.message).toBe(
      "body field /pet: 5 does not match exactly one of its 2 alternatives; the closest is alternative 1 (string), where 5 is not a string",
    );
    expect(
      problemsOf(() =>
        pet("anyOf", [{ title: "A dog", type: "object", required: ["bark"] }, short])("POST /x", { data: { pet: {} } }),
      )[0]!.message,
    ).toBe(
      "body field /pet: the object given matches none of its 2 alternatives; the closest is alternative 1 (A dog), where body field /pet/bark is required",
    );
  });

  it("names none where the oneOf failed by matching more than one", () => {
    const api = pet("oneOf", [{ type: "string" }, { minLength: 1 }]);
    expect(problemsOf(() => api("POST /x", { data: { pet: "abc" } }))[0]!.message).toBe(
      'body field /pet: "abc" does not match exactly one of its 2 alternatives',
    );
  });

  it("never repeats a secret value in what the closest lacked", () => {
    const api = openAPIEndpoint(
      described({
        parameters: [
          { name: "X-Key", in: "header", schema: { anyOf: [{ type: "string", minLength: 9 }, { type: "integer" }] } },
        ],
      }),
      { check },
    );
    expect(problemsOf(() => api("POST /x", { headers: { "x-key": "secret" } }))[0]!.message).toBe(
      'header parameter "x-key": the string given matches none of its 2 alternatives; the closest is alternative 1 (string), where the string given is shorter than 9 characters',
    );
  });
});

describe("refusals no keyword's words describe are refusals all the same, and say no secret", () => {
  it("refuses what contains, items: false, unevaluatedProperties and unevaluatedItems refuse", () => {
    const api = (schema: unknown) =>
      openAPIEndpoint(described(jsonBody({ type: "object", properties: { l: schema } }, false), { openapi: "3.1.0" }), {
        check,
      });
    expect(
      problemsOf(() => api({ type: "array", contains: { const: "z" } })("POST /x", { data: { l: ["a"] } })),
    ).toEqual([
      {
        in: "body",
        name: "/l",
        keyword: "contains",
        message: "body field /l: the list given has no item its `contains` schema takes",
      },
    ]);
    for (const schema of [
      { prefixItems: [{ type: "string" }], items: false },
      { type: "array", prefixItems: [{ type: "string" }], unevaluatedItems: false },
    ]) {
      expect(problemsOf(() => api(schema)("POST /x", { data: { l: ["a", "b"] } }))[0]!.message).toBe(
        "body field /l/1: is not allowed by the schema",
      );
    }
    const closed = api({ type: "object", properties: { a: { type: "string" } }, unevaluatedProperties: false });
    expect(problemsOf(() => closed("POST /x", { data: { l: { a: "s", b: 1 } } }))[0]!.message).toBe(
      "body field /l/b: is not allowed by the schema",
    );
    expect(closed("POST /x", { data: { l: { a: "s" } } }).body).toEqual({ l: { a: "s" } });
  });

  it("never shows a password's value in the closest alternative's words", () => {
    const api = openAPIEndpoint(
      described(
        jsonBody({
          type: "object",
          properties: { pw: { type: "string", format: "password", oneOf: [{ maxLength: 3 }, { pattern: "^z" }] } },
        }),
        { openapi: "3.1.0" },
      ),
      { check },
    );
    const error = thrown(() => api("POST /x", { data: { pw: "hunter2SECRET" } }));
    expect(error.message).toBe(
      "POST /x: body field /pw: the string given does not match exactly one of its 2 alternatives; the closest is alternative 1, where the string given is longer than 3 characters",
    );
    expect(JSON.stringify(error.problems)).not.toContain("hunter2");
  });

  it("refuses a __proto__ key JSON.parse makes, as any key the operation does not declare", () => {
    const description = {
      openapi: "3.1.0",
      servers: [{ url: "https://a.example" }],
      paths: {
        "/q": {
          delete: { parameters: [{ name: "limit", in: "query", schema: { type: "integer" } }] },
          post: jsonBody({ type: "object", additionalProperties: false, properties: { a: { type: "string" } } }),
        },
        "/g": { get: { parameters: [{ name: "limit", in: "query", schema: { type: "integer" } }] } },
      },
    };
    const api = openAPIEndpoint(description, { check });
    expect(problemsOf(() => api("GET /g", JSON.parse('{"__proto__":"v"}')))[0]!.message).toBe(
      'query parameter "__proto__" is not declared by the operation, which declares "limit"',
    );
    expect(problemsOf(() => api("DELETE /q", JSON.parse('{"__proto__":{"x":1}}')))[0]!.name).toBe("/__proto__");
    expect(problemsOf(() => api("POST /q", JSON.parse('{"a":"s","__proto__":{"b":1}}')))[0]!.message).toBe(
      'the body: has the property "__proto__", which the schema does not allow',
    );
  });
});
