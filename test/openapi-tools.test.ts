// fluent-endpoint/openapi/tools: an API's operations as tools for a model (docs/decisions.md, "Tools for an agent"),
// rule by rule, on a description written for these tests.
import { describe, expect, it } from "vitest";
import { EndpointError } from "../src/index.js";
import { openAPIEndpoint, openAPIRoutes, routeTable } from "../src/openapi.js";
import { checkArguments, toolCall, toolDefinitions, type McpTool } from "../src/openapi-tools.js";
import { strictModeProblems } from "./support/strict-mode.js";

const LONG_ID = "connectCoreV1DeleteNamespacedPodProxyWithPathAndSomeMoreWordsToPassSixtyFour";

const description = {
  openapi: "3.0.3",
  info: { title: "Pets", version: "1" },
  servers: [{ url: "https://pets.example" }],
  components: {
    securitySchemes: { key: { type: "apiKey", in: "query", name: "api_key" } },
    schemas: {
      Pet: {
        type: "object",
        required: ["name"],
        properties: {
          name: { type: "string", minLength: 1 },
          tag: { type: "string", nullable: true },
          labels: { type: "object", additionalProperties: { type: "string" } },
          extra: {},
          toys: { type: "array" },
        },
      },
    },
  },
  security: [{ key: [] }],
  paths: {
    "/pets": {
      get: {
        operationId: "listPets",
        summary: "List pets",
        tags: ["pets"],
        parameters: [
          { name: "kind", in: "query", description: "Only pets of this kind", schema: { enum: ["cat", "dog"] } },
          { name: "limit", in: "query", schema: { type: "integer", maximum: 100 } },
          { name: "api_key", in: "query", schema: { type: "string" } },
          { name: "owner", in: "query", schema: { type: "string" } },
          { name: "Created<", in: "query", schema: { type: "string", format: "date" } },
          { name: "code", in: "query", schema: { type: "string", pattern: "^(a)\\1$" } },
        ],
      },
      post: {
        operationId: "pets/add",
        summary: "Add a pet",
        tags: ["pets", "write"],
        parameters: [{ name: "X-Request-Id", in: "header", schema: { type: "string" } }],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } },
        },
      },
    },
    "/pets/{id}": {
      get: {
        operationId: "getPet",
        description: "One pet, by its id. ".repeat(100),
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
      },
      delete: {
        operationId: LONG_ID,
        deprecated: true,
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
      },
    },
    "/owners/{owner}/pets": {
      get: { parameters: [{ name: "owner", in: "path", required: true, schema: { type: "string" } }] },
    },
  },
};

const routes = openAPIRoutes(description);
const api = openAPIEndpoint(routes);
const mcp = (options = {}) => toolDefinitions(routes, options).tools as McpTool[];
const tool = (name: string, options = {}) => mcp({ deprecated: true, ...options }).find((each) => each.name === name)!;

describe("tool names", () => {
  it("are the operationId where it fits, made to fit otherwise, and from the method and path without one", () => {
    expect(mcp({ deprecated: true }).map(({ name }) => name)).toEqual([
      "listPets",
      "pets_add",
      "getPet",
      "connectCoreV1DeleteNamespacedPodProxyWithPathAndSomeMor_cbbc8aa9",
      "get_owners_owner_pets",
    ]);
  });

  it("are unique: two that would be one each get a suffix of their own", () => {
    const twins = openAPIRoutes({
      openapi: "3.1.0",
      info: { title: "Twins", version: "1" },
      paths: { "/a": { get: { operationId: "a.b" } }, "/b": { get: { operationId: "a/b" } } },
    });
    const names = toolDefinitions(twins).tools.map(({ name }) => name);
    expect(names).toEqual(["a_b_cd1d5214", "a_b_8994b52e"]);
  });

  it("stay the same whatever the options select", () => {
    expect(mcp({ include: ["getPet"] }).map(({ name }) => name)).toEqual(["getPet"]);
    expect(toolDefinitions(routes, { include: [LONG_ID], deprecated: true }).tools.map(({ name }) => name)).toEqual([
      "connectCoreV1DeleteNamespacedPodProxyWithPathAndSomeMor_cbbc8aa9",
    ]);
  });
});

describe("tool descriptions", () => {
  it("are the summary, else the description, within maxDescription, the notes kept", () => {
    expect(tool("listPets").description).toBe('List pets\n\nPatterns left unchecked: "^(a)\\\\1$".');
    const long = tool("getPet", { maxDescription: 100 }).description;
    expect(long).toHaveLength(100);
    expect(long.endsWith("…")).toBe(true);
    expect(tool("getPet").description).toHaveLength(1024);
  });

  it("say deprecated, and name the route where the description says nothing", () => {
    expect(tool("connectCoreV1DeleteNamespacedPodProxyWithPathAndSomeMor_cbbc8aa9").description).toBe(
      "DELETE /pets/{id}\n\nDeprecated.",
    );
  });
});

describe("tool schemas", () => {
  it("are self-contained object schemas: no $schema or title, closed, credentials out, every name a provider takes", () => {
    expect(tool("listPets").inputSchema).toEqual({
      type: "object",
      properties: {
        kind: { enum: ["cat", "dog"], description: "Only pets of this kind" },
        limit: { type: "integer", maximum: 100 },
        owner: { type: "string" },
        Created: { type: "string", format: "date" },
        code: { type: "string" },
      },
      additionalProperties: false,
    });
  });

  it("say {} for any value, give every array its items, and keep shared parts once in $defs", () => {
    expect(tool("pets_add").inputSchema).toEqual({
      type: "object",
      properties: { "x-request-id": { type: "string" }, data: { $ref: "#/$defs/Pet" } },
      required: ["data"],
      additionalProperties: false,
      $defs: {
        Pet: {
          type: "object",
          required: ["name"],
          properties: {
            name: { type: "string", minLength: 1 },
            tag: { type: ["string", "null"] },
            labels: { type: "object", additionalProperties: { type: "string" } },
            extra: {},
            toys: { type: "array", items: {} },
          },
        },
      },
    });
  });

  it("stay within maxSchemaSize: nested descriptions first, then the largest shared parts described loosely", () => {
    const small = tool("pets_add", { maxSchemaSize: 1000 });
    expect(JSON.stringify(small.inputSchema).length).toBeLessThanOrEqual(1000);
    const tiny = toolDefinitions(routes, { include: ["pets/add"], maxSchemaSize: 1000 });
    expect(tiny.tools[0]!.inputSchema.properties).toHaveProperty("data");
  });

  it("are in each provider's shape", () => {
    const [openai] = toolDefinitions(routes, { format: "openai", include: ["getPet"] }).tools;
    expect(openai).toEqual({
      type: "function",
      function: {
        name: "getPet",
        description: expect.any(String),
        parameters: {
          type: "object",
          properties: { id: { type: "integer" } },
          required: ["id"],
          additionalProperties: false,
        },
        strict: false,
      },
    });
    const [anthropic] = toolDefinitions(routes, { format: "anthropic", include: ["getPet"] }).tools;
    expect(Object.keys(anthropic!)).toEqual(["name", "description", "input_schema"]);
    expect(anthropic!.input_schema).toEqual(openai!.function.parameters);
  });
});

describe("the strict variant", () => {
  const strict = toolDefinitions(routes, { format: "openai", strict: true, deprecated: true }).tools;

  it("is valid under OpenAI's strict-mode rules, for every tool", () => {
    expect(strict.map(({ function: { parameters } }) => strictModeProblems(parameters))).toEqual(strict.map(() => []));
    expect(strict.every(({ function: { strict: flag } }) => flag)).toBe(true);
  });

  it("requires every property, an optional one nullable; says what strict mode lacks; asks for a map as JSON text", () => {
    const add = strict.find(({ function: { name } }) => name === "pets_add")!.function.parameters;
    expect(add).toEqual({
      type: "object",
      properties: { "x-request-id": { type: ["string", "null"] }, data: { $ref: "#/$defs/Pet" } },
      required: ["x-request-id", "data"],
      additionalProperties: false,
      $defs: {
        Pet: {
          type: "object",
          properties: {
            name: { type: "string", description: "minLength: 1" },
            tag: { type: ["string", "null"] },
            labels: {
              type: ["string", "null"],
              description:
                'JSON text of an object, by this JSON Schema: {"type":"object","additionalProperties":{"type":"string"}}',
            },
            extra: { type: ["string", "null"], description: "JSON text of any JSON value" },
            toys: { type: ["array", "null"], items: { type: "string", description: "JSON text of any JSON value" } },
          },
          required: ["name", "tag", "labels", "extra", "toys"],
          additionalProperties: false,
        },
      },
    });
  });

  it("is read back by toolCall: null for an optional argument is none, JSON text is parsed", () => {
    const options = { strict: true };
    const args = {
      "x-request-id": null,
      data: { name: "Rex", tag: null, labels: '{"color":"red"}', extra: null, toys: ['"ball"', "{}"] },
    };
    expect(toolCall(routes, "pets_add", JSON.stringify(args), options)).toEqual({
      request: api.operation("pets/add", { data: { name: "Rex", labels: { color: "red" }, toys: ["ball", {}] } }),
    });
    expect(toolCall(routes, "pets_add", { data: { name: "Rex", labels: "{color" } }, options)).toEqual({
      problems: [
        {
          in: "body",
          name: "/labels",
          keyword: "json",
          message: 'field "data/labels" must be JSON text: "{color" is none',
        },
      ],
    });
  });
});

describe("include, exclude and deprecated", () => {
  it("select by operationId, tag or route; deprecated operations out unless asked; each left out listed", () => {
    const { tools, left } = toolDefinitions(routes, { include: ["pets"], exclude: ["GET /pets"] });
    expect(tools.map(({ name }) => name)).toEqual(["pets_add"]);
    expect(left).toEqual([
      { route: "GET /pets", operationId: "listPets", name: "listPets", reason: "excluded" },
      { route: "GET /pets/{id}", operationId: "getPet", name: "getPet", reason: "excluded" },
      {
        route: "DELETE /pets/{id}",
        operationId: LONG_ID,
        name: "connectCoreV1DeleteNamespacedPodProxyWithPathAndSomeMor_cbbc8aa9",
        reason: "excluded",
      },
      { route: "GET /owners/{owner}/pets", name: "get_owners_owner_pets", reason: "excluded" },
    ]);
    expect(toolDefinitions(routes).left).toEqual([
      {
        route: "DELETE /pets/{id}",
        operationId: LONG_ID,
        name: "connectCoreV1DeleteNamespacedPodProxyWithPathAndSomeMor_cbbc8aa9",
        reason: "deprecated",
      },
    ]);
  });

  it("list the operations the table left out, with what their call throws", () => {
    const flawed = openAPIRoutes({
      openapi: "3.1.0",
      info: { title: "Flawed", version: "1" },
      paths: {
        "/ok": { get: { operationId: "ok" } },
        "/bad": { get: { operationId: "bad", parameters: [{ name: "", in: "header", schema: {} }] } },
      },
    });
    const { tools, left } = toolDefinitions(flawed);
    expect(tools.map(({ name }) => name)).toEqual(["ok"]);
    expect(left).toEqual([
      { route: "GET /bad", operationId: "bad", reason: "not compiled", message: expect.stringContaining("GET /bad") },
    ]);
  });

  it("refuse a name no operation has, naming the closest", () => {
    expect(() => toolDefinitions(routes, { include: ["listPet"] })).toThrow(
      new EndpointError(
        "ERR_INVALID_OPTIONS",
        'toolDefinitions(): no operationId, tag or route is "listPet"; did you mean "listPets"?',
      ),
    );
  });
});

describe("bound arguments", () => {
  it("are out of every schema and added to every call that takes them", () => {
    const options = { bind: { owner: "octocat" } };
    expect(tool("listPets", options).inputSchema.properties).not.toHaveProperty("owner");
    expect(tool("get_owners_owner_pets", options).inputSchema).toEqual({
      type: "object",
      properties: {},
      additionalProperties: false,
    });
    expect(toolCall(routes, "get_owners_owner_pets", "{}", options)).toEqual({
      request: api("GET /owners/{owner}/pets", { owner: "octocat" }),
    });
    expect(toolCall(routes, "listPets", { limit: 5 }, options)).toEqual({
      request: api.operation("listPets", { limit: 5, owner: "octocat" }),
    });
  });

  it("may be a field of the body: out of its schema, added to every call's data", () => {
    const options = { bind: { name: "Rex" } };
    const add = tool("pets_add", options).inputSchema;
    expect((add.properties as Record<string, Record<string, unknown>>).data).toMatchObject({ type: "object" });
    expect(JSON.stringify(add)).not.toContain('"name"');
    expect(toolCall(routes, "pets_add", { data: { tag: "dog" } }, options)).toEqual({
      request: api.operation("pets/add", { data: { tag: "dog", name: "Rex" } }),
    });
    expect(toolCall(routes, "pets_add", {}, options)).toEqual({
      request: api.operation("pets/add", { data: { name: "Rex" } }),
    });
  });

  it("are the app's: the model's argument of that name is one the tool does not take", () => {
    const result = toolCall(routes, "listPets", { owner: "mallory" }, { bind: { owner: "octocat" } });
    expect(result).toEqual({
      problems: [{ name: "owner", keyword: "additionalProperties", message: 'the tool takes no argument "owner"' }],
    });
  });

  it("are refused when no tool takes them, and throw when the checks refuse them: the app's mistake", () => {
    expect(() => toolDefinitions(routes, { bind: { ownr: "x" } })).toThrow(
      'toolDefinitions(): option bind: no tool takes an argument "ownr"',
    );
    expect(() => toolCall(routes, "getPet", {}, { bind: { id: "seven" } })).toThrow(EndpointError);
  });
});

describe("toolCall", () => {
  it("builds what the call by operationId builds, from an object or JSON text", () => {
    expect(toolCall(routes, "listPets", { kind: "cat", limit: 10 })).toEqual({
      request: api.operation("listPets", { kind: "cat", limit: 10 }),
    });
    expect(toolCall(routes, "listPets", '{"kind":"cat","Created":"2024-01-02"}')).toEqual({
      request: api.operation("listPets", { kind: "cat", "Created<": "2024-01-02" }),
    });
    expect(toolCall(routes, "getPet", "")).toEqual({
      problems: [{ in: "path", name: "id", keyword: "required", message: 'path parameter "id" is required' }],
    });
  });

  it("builds by the endpoint it is given: its credentials, defaults and server", () => {
    const keyed = openAPIEndpoint(description, { credentials: { key: "k-1" } }).defaults({ headers: { "x-app": "1" } });
    const result = toolCall(keyed, "getPet", { id: 7 });
    expect(result).toEqual({ request: keyed.operation("getPet", { id: 7 }) });
    expect("request" in result && result.request.url).toBe("https://pets.example/pets/7?api_key=k-1");
  });

  it("tells the model its mistakes as problems, never by a throw", () => {
    expect(toolCall(routes, "listPet", {})).toEqual({
      problems: [{ name: "", keyword: "tool", message: 'no tool is named "listPet"; did you mean "listPets"?' }],
    });
    expect(toolCall(routes, "listPets", "{kind")).toEqual({
      problems: [{ name: "", keyword: "json", message: expect.stringMatching(/^the arguments are no JSON text: /) }],
    });
    expect(toolCall(routes, "listPets", "[1]")).toEqual({
      problems: [{ name: "", keyword: "json", message: "the arguments must be a JSON object, got an array" }],
    });
    expect(toolCall(routes, "listPets", { kind: "cow", limt: 5 })).toEqual({
      problems: [
        {
          name: "limt",
          keyword: "additionalProperties",
          message: 'the tool takes no argument "limt"; did you mean "limit"?',
        },
      ],
    });
    expect(toolCall(routes, "listPets", { kind: "cow" })).toEqual({
      problems: [
        {
          in: "query",
          name: "kind",
          keyword: "enum",
          message: 'query parameter "kind": "cow" is not one of "cat", "dog"',
        },
      ],
    });
    expect(toolCall(routes, "pets_add", { "x-request-id": "a\nb", data: { name: "Rex" } })).toEqual({
      problems: [{ name: "", keyword: "ERR_INVALID_HEADER", message: expect.stringContaining("x-request-id") }],
    });
  });

  it("never lets the model set an option: baseUrl, headers or url are arguments the tool does not take", () => {
    const result = toolCall(routes, "getPet", { id: 7, baseUrl: "https://evil.example", headers: { a: "b" } });
    expect(result).toEqual({
      problems: [
        { name: "baseUrl", keyword: "additionalProperties", message: expect.stringContaining('"baseUrl"') },
        { name: "headers", keyword: "additionalProperties", message: expect.stringContaining('"headers"') },
      ],
    });
  });

  it("throws for the programmer's mistakes: no table, bad options", () => {
    expect(() => toolCall({}, "x", {})).toThrow(EndpointError);
    expect(() => toolCall(routes, "getPet", {}, { strcit: true } as never)).toThrow(
      'toolCall() has no option "strcit": it takes format, strict, include, exclude, deprecated, bind, maxDescription, maxSchemaSize',
    );
    expect(() => toolDefinitions(routes, { format: "gemini" } as never)).toThrow(
      'toolDefinitions() option format must be "mcp", "openai" or "anthropic", got "gemini"',
    );
    expect(() => toolDefinitions(routes, { maxDescription: 5 })).toThrow(
      "toolDefinitions() option maxDescription must be an integer of at least 80, got 5",
    );
    const bare = routeTable({ "GET /x": { url: "/x", parameters: {} } });
    expect(() => toolDefinitions(bare)).toThrow(
      "toolDefinitions(): the table carries no argument schemas: write it with `fluent-endpoint openapi --check`",
    );
  });
});

describe("checkArguments", () => {
  it("lists a call's problems without building it, none for a call that passes", () => {
    expect(checkArguments(routes, "listPets", { kind: "cow" })).toEqual([
      {
        in: "query",
        name: "kind",
        keyword: "enum",
        message: 'query parameter "kind": "cow" is not one of "cat", "dog"',
      },
    ]);
    expect(checkArguments(routes, "GET /pets/{id}", { id: 7 })).toEqual([]);
    expect(checkArguments(description, "getPet", {})).toEqual([
      { in: "path", name: "id", keyword: "required", message: 'path parameter "id" is required' },
    ]);
  });

  it("counts an endpoint's defaults as part of the call", () => {
    expect(checkArguments(api.defaults({ id: 7 } as never), "getPet", {})).toEqual([]);
  });

  it("throws for a key the table lacks or arguments that are no object", () => {
    expect(() => checkArguments(routes, "getPets", {})).toThrow(EndpointError);
    expect(() => checkArguments(routes, "getPet", "id=7" as never)).toThrow(
      "checkArguments() args must be an object, got string",
    );
  });
});
