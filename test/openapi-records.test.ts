// One record per operation, read by every OpenAPI feature: checks carried through every way an endpoint is made,
// every public function taking every form a user holds, and the regressions found where the readings drifted.
import { describe, expect, it } from "vitest";
import { endpoint, EndpointError } from "../src/index.js";
import {
  argumentSchema,
  ErrorCodes,
  openAPIEndpoint,
  openAPIRoutes,
  routeTable,
  skippedOperations,
  tableApi,
  tableOperations,
  type RouteTableData,
  type TableApi,
} from "../src/openapi.js";
import { check } from "../src/openapi-check.js";
import { expectEndpointError, thrown } from "./support/errors.js";
import { description } from "./support/fixtures.js";

const PETS = {
  openapi: "3.1.0",
  servers: [{ url: "https://pets.example" }],
  paths: {
    "/pets": {
      get: {
        operationId: "listPets",
        parameters: [{ name: "limit", in: "query", schema: { type: "integer", maximum: 10 } }],
        responses: {},
      },
    },
  },
};
const OTHER = {
  openapi: "3.1.0",
  servers: [{ url: "https://other.example" }],
  paths: { "/other": { get: { operationId: "other", responses: {} } } },
};

/** The code of a call's error, or "built". */
function outcome(run: () => unknown): string {
  try {
    run();
    return "built";
  } catch (error) {
    if (error instanceof EndpointError) return error.code;
    throw error;
  }
}

describe("checks asked for are kept through every way an endpoint is made from a checked one", () => {
  const checked = openAPIEndpoint(PETS, { check });

  it("refuses a failing call on the checked endpoint itself, by route and by name", () => {
    expect(outcome(() => checked("GET /pets", { limit: 99 }))).toBe(ErrorCodes.INVALID_ARGUMENTS);
    expect(outcome(() => checked.operation("listPets", { limit: 99 }))).toBe("ERR_INVALID_ARGUMENTS");
    expect(checked("GET /pets", { limit: 9 }).url).toBe("https://pets.example/pets?limit=9");
  });

  it("keeps them through defaults() and builder()", () => {
    const defaulted = checked.defaults({ headers: { "x-app": "1" } });
    expect(outcome(() => defaulted("GET /pets", { limit: 99 }))).toBe("ERR_INVALID_ARGUMENTS");
    expect(outcome(() => checked.defaults({ limit: 99 })("GET /pets"))).toBe("ERR_INVALID_ARGUMENTS");
    expect(outcome(() => checked.builder().route("GET /pets").param("limit", 99).build())).toBe(
      "ERR_INVALID_ARGUMENTS",
    );
    expect(outcome(() => checked.builder().operation("listPets").param("limit", 99).build())).toBe(
      "ERR_INVALID_ARGUMENTS",
    );
  });

  it("keeps a checked table's checks for its own routes under a table withRoutes() adds above it", () => {
    const chained = checked.withRoutes(openAPIRoutes(OTHER));
    expect(outcome(() => chained("GET /pets", { limit: 99 }))).toBe("ERR_INVALID_ARGUMENTS");
    expect(outcome(() => chained.operation("listPets", { limit: 99 }))).toBe("ERR_INVALID_ARGUMENTS");
    expect(outcome(() => chained.defaults({}).builder().route("GET /pets").param("limit", 99).build())).toBe(
      "ERR_INVALID_ARGUMENTS",
    );
    // The table above was not asked to check: its own routes are built as given.
    expect(chained("GET /other", { limit: 99 }).url).toBe("https://other.example/other?limit=99");
  });

  it("checks only the routes of the table asked to: a route a later table replaces is that table's", () => {
    const replaced = checked.withRoutes(openAPIRoutes({ ...PETS, servers: [{ url: "https://mirror.example" }] }));
    expect(replaced("GET /pets", { limit: 99 }).url).toBe("https://mirror.example/pets?limit=99");
  });

  it("checks a checked table's routes under one chained below it too", () => {
    const below = endpoint.withRoutes(openAPIRoutes(OTHER));
    // A checked endpoint made over a table: its routes checked, the table's other routes not.
    const table = openAPIRoutes(PETS);
    const api = openAPIEndpoint(table, { check }).withRoutes(openAPIRoutes(OTHER));
    expect(outcome(() => api("GET /pets", { limit: 99 }))).toBe("ERR_INVALID_ARGUMENTS");
    expect(below("GET /other", { limit: 99 }).url).toBe("https://other.example/other?limit=99");
  });
});

describe("every public function takes every form a user holds, and names itself", () => {
  const table = openAPIRoutes(PETS);
  // A module as `fluent-endpoint openapi --check` writes it: the table's data and API, read back as JSON.
  const written = routeTable(
    JSON.parse(JSON.stringify(table)) as RouteTableData,
    JSON.parse(JSON.stringify({ ...tableApi(table), arguments: writtenArguments() })) as TableApi,
  );
  const forms: [string, unknown][] = [
    ["a description", PETS],
    ["a table", table],
    ["a module's table", written],
    ["openAPIEndpoint()", openAPIEndpoint(PETS)],
    ["a checked openAPIEndpoint()", openAPIEndpoint(PETS, { check })],
    ["withRoutes()", endpoint.withRoutes(table)],
    ["defaults()", endpoint.withRoutes(table).defaults({ headers: { "x-app": "1" } })],
    ["withRoutes() over another table", endpoint.withRoutes(openAPIRoutes(OTHER)).withRoutes(table)],
  ];

  it.each(forms)("argumentSchema() takes %s", (_form, api) => {
    expect(argumentSchema(api, "listPets").properties).toEqual({ limit: { type: "integer", maximum: 10 } });
    expect(argumentSchema(api, "GET /pets").title).toBe("GET /pets");
  });

  it.each(forms)("tableOperations() and skippedOperations() take %s", (_form, api) => {
    expect(tableOperations(api).map(({ route }) => route)).toContain("GET /pets");
    expect(skippedOperations(api)).toEqual([]);
  });

  it("lists an endpoint's tables newest first, a route listed once", () => {
    const api = endpoint.withRoutes(openAPIRoutes(OTHER)).withRoutes(table).withRoutes(openAPIRoutes(OTHER));
    expect(tableOperations(api).map(({ route }) => route)).toEqual(["GET /other", "GET /pets"]);
  });

  it("names the function called when given something else", () => {
    for (const [call, name] of [
      [(value: unknown) => argumentSchema(value, "listPets"), "argumentSchema()"],
      [tableOperations, "tableOperations()"],
      [skippedOperations, "skippedOperations()"],
    ] as [(value: unknown) => unknown, string][]) {
      expectEndpointError(() => call(endpoint), "ERR_INVALID_OPTIONS", `${name} needs an endpoint with a route table`);
      expectEndpointError(() => call(42), "ERR_INVALID_OPTIONS", `${name} needs an endpoint with a route table`);
      expectEndpointError(() => call({ openapi: "2.0" }), "ERR_INVALID_OPTIONS", `${name} needs`);
    }
  });

  function writtenArguments(): unknown {
    // The arguments data form, as the CLI writes it.
    return {
      document: { openapi: "3.1.0" },
      operations: {
        "GET /pets": { parameters: [{ name: "limit", in: "query", schema: { type: "integer", maximum: 10 } }] },
      },
    };
  }
});

describe("a revoked Proxy as a path parameter's value", () => {
  const styles = {
    simple: { style: "simple" },
    label: { style: "label" },
    matrix: { style: "matrix", explode: true },
    content: { content: { "application/json": {} } },
  };
  const paths = Object.fromEntries(
    Object.entries(styles).map(([style, how]) => [
      `/${style}/{id}`,
      { get: { parameters: [{ name: "id", in: "path", required: true, ...how }], responses: {} } },
    ]),
  );
  const api = openAPIEndpoint({ openapi: "3.1.0", servers: [{ url: "https://x.example" }], paths });
  const revoked = () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    return proxy;
  };

  it.each(Object.keys(styles))("is ERR_INVALID_PARAMETER in the %s style, alone or inside a value", (style) => {
    for (const value of [revoked(), [revoked()], { a: revoked() }, [1, revoked()]]) {
      const error = thrown(() => api(`GET /${style}/{id}`, { id: value }));
      expect(error.code).toBe("ERR_INVALID_PARAMETER");
      expect(error.message).toContain("revoked Proxy");
    }
  });
});

describe("a schema reached through a long chain of $refs", () => {
  const chain = (length: number, link: (next: string) => unknown) => {
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < length; i++) schemas[`S${i}`] = link(`#/components/schemas/S${i + 1}`);
    schemas[`S${length}`] = { type: "string", maxLength: 3 };
    return {
      openapi: "3.1.0",
      servers: [{ url: "https://x.example" }],
      paths: {
        "/x": { get: { parameters: [{ name: "q", in: "query", schema: { $ref: "#/components/schemas/S0" } }] } },
      },
      components: { schemas },
    };
  };

  it("checks a call in time linear in the chain, with no stack overflow", () => {
    const api = openAPIEndpoint(
      chain(1000, (next) => ({ $ref: next })),
      { check },
    );
    expect(api("GET /x", { q: "abc" }).url).toBe("https://x.example/x?q=abc");
    expect(outcome(() => api("GET /x", { q: "abcd" }))).toBe("ERR_INVALID_ARGUMENTS");
  });

  it("leaves a chain of schemas each checked against the value unchecked past 100 links, never overflowing", () => {
    const api = openAPIEndpoint(
      chain(1000, (next) => ({ allOf: [{ $ref: next }] })),
      { check },
    );
    expect(api("GET /x", { q: "abcd" }).url).toBe("https://x.example/x?q=abcd");
    const short = openAPIEndpoint(
      chain(50, (next) => ({ allOf: [{ $ref: next }] })),
      { check },
    );
    expect(outcome(() => short("GET /x", { q: "abcd" }))).toBe("ERR_INVALID_ARGUMENTS");
  });
});

describe("names from the description in messages", () => {
  const long = "PublicIPAddresses_ListVirtualMachineScaleSetVMPublicIPAddresses";
  const api = openAPIEndpoint({
    openapi: "3.1.0",
    paths: { "/x": { get: { operationId: long, responses: {} } } },
  });

  it("shows a suggestion whole, shortening only the caller's own name", () => {
    const misspelt = long.replace("Scale", "Scal");
    expect(thrown(() => api.operation(misspelt)).message).toContain(`; did you mean ${JSON.stringify(long)}?`);
    const huge = "y".repeat(100);
    expect(thrown(() => api.operation(huge)).message).toContain('"yyyy');
    expect(thrown(() => api.operation(huge)).message).toContain("(100 characters)");
  });

  it("names a shared operationId as shared before any parameter is read, a left-out one as its route does", () => {
    const shared = openAPIEndpoint({
      openapi: "3.1.0",
      paths: {
        "/a": { get: { operationId: "same", responses: {} } },
        "/b": { get: { operationId: "same", parameters: [{ name: "", in: "header" }], responses: {} } },
      },
    });
    const error = thrown(() => shared.operation("same", { "bad key\n": 1 }));
    expect(error.code).toBe("ERR_INVALID_ROUTE");
    expect(error.message).toBe('operationId "same" names 2 operations, GET /a and GET /b: call one by its route');
  });
});

describe("a flaw in a security scheme leaves out the operations that can only be sent with it", () => {
  const description = {
    openapi: "3.1.0",
    servers: [{ url: "https://x.example" }],
    components: {
      securitySchemes: {
        broken: { type: "apiKey", in: "header", name: "X Key" },
        token: { type: "http", scheme: "bearer" },
      },
    },
    paths: {
      "/only": { get: { security: [{ broken: [] }], responses: {} } },
      "/either": { get: { security: [{ broken: [] }, { token: [] }], responses: {} } },
      "/open": { get: { responses: {} } },
    },
  };

  it("compiles the description, leaving out only what needs the flawed scheme", () => {
    const routes = openAPIRoutes(description);
    expect(Object.keys(routes)).toEqual(["GET /either", "GET /open"]);
    expect(skippedOperations(routes)).toEqual([
      {
        route: "GET /only",
        message:
          'OpenAPI description: GET /only can only be sent with a flawed security scheme: the description has the security scheme "broken" in the header "X Key", which is no HTTP token',
      },
    ]);
    const api = openAPIEndpoint(routes, { credentials: { token: "t" } });
    expect(api("GET /either").headers.authorization).toBe("Bearer t");
    expectEndpointError(() => api("GET /only"), "ERR_INVALID_OPTIONS", "flawed security scheme");
    expect(tableApi(routes).securitySchemes).toEqual({ token: { type: "http", scheme: "bearer" } });
  });
});

describe("an argument schema and the build agree by construction", () => {
  it("offers no data to an operation whose method carries no body (Stripe's GET operations declare a form body)", () => {
    const stripe = description("stripe");
    const routes = openAPIRoutes(stripe);
    const gets = Object.keys(routes).filter((route) => route.startsWith("GET "));
    const withBody = gets.filter((route) => {
      const [, path] = route.split(" ") as [string, string];
      return (stripe.paths as Record<string, Record<string, { requestBody?: unknown }>>)[path]!.get!.requestBody;
    });
    expect(withBody.length).toBeGreaterThan(200);
    for (const route of withBody) expect(argumentSchema(routes, route).properties).not.toHaveProperty("data");
  });

  it("requires an optional body's required fields once any field is given (DigitalOcean's DNS record)", () => {
    const routes = openAPIRoutes(description("digitalocean"));
    const route = "PATCH /v2/domains/{domain_name}/records/{domain_record_id}";
    const schema = argumentSchema(routes, route);
    expect((schema.dependentRequired as Record<string, string[]>).name).toEqual(["type"]);
    const api = openAPIEndpoint(routes, { check, serverVariables: {} });
    const error = thrown(() => api(route, { domain_name: "example.com", domain_record_id: 3, name: "www" }));
    expect(error.code).toBe("ERR_INVALID_ARGUMENTS");
    expect(error.problems).toEqual([
      { in: "body", name: "/type", keyword: "required", message: "body field /type is required" },
    ]);
    expect(api(route, { domain_name: "example.com", domain_record_id: 3 }).body).toBeUndefined();
    expect(api(route, { domain_name: "example.com", domain_record_id: 3, type: "A", name: "www" }).body).toEqual({
      type: "A",
      name: "www",
    });
  });

  it("checks the siblings of a Blob field, leaving only the Blob unchecked", () => {
    const api = openAPIEndpoint(
      {
        openapi: "3.0.3",
        servers: [{ url: "https://x.example" }],
        paths: {
          "/upload": {
            post: {
              requestBody: {
                required: true,
                content: {
                  "multipart/form-data": {
                    schema: {
                      type: "object",
                      required: ["file", "name"],
                      properties: {
                        file: { type: "string", format: "binary" },
                        name: { type: "string", maxLength: 5 },
                      },
                    },
                  },
                },
              },
              responses: {},
            },
          },
        },
      },
      { check },
    );
    const file = new Blob(["bytes"]);
    expect(thrown(() => api("POST /upload", { data: { file } })).problems).toEqual([
      { in: "body", name: "/name", keyword: "required", message: "body field /name is required" },
    ]);
    expect(thrown(() => api("POST /upload", { data: { file, name: "toolong" } })).problems![0]!.keyword).toBe(
      "maxLength",
    );
    expect(api("POST /upload", { data: { file, name: "a.txt" } }).body).toEqual({ file, name: "a.txt" });
  });

  it("takes a body under a media type it writes no text of as text (application/xml)", () => {
    const routes = openAPIRoutes({
      openapi: "3.1.0",
      paths: {
        "/feeds": {
          post: {
            requestBody: { content: { "application/xml": { schema: { type: "object" } } } },
            responses: {},
          },
        },
      },
    });
    expect(argumentSchema(routes, "POST /feeds").properties).toEqual({
      data: { type: "string", contentMediaType: "application/xml" },
    });
  });

  it("describes a path parameter's value as the request takes it: no empty list, object or segment", () => {
    const routes = openAPIRoutes({
      openapi: "3.1.0",
      paths: {
        "/pets/{ids}/{filter}": {
          get: {
            parameters: [
              { name: "ids", in: "path", required: true, schema: { type: "array", items: { type: "string" } } },
              { name: "filter", in: "path", required: true, schema: { type: ["object", "null"] } },
            ],
            responses: {},
          },
        },
      },
    });
    expect(argumentSchema(routes, "GET /pets/{ids}/{filter}").properties).toEqual({
      ids: { type: "array", items: { type: "string" }, minItems: 1 },
      filter: { type: ["object"], minProperties: 1 },
    });
  });
});
