// docs/decisions.md, "A description's defaults": a table made from a description sends its routes to the
// description's server with the operation's `accept`, in place of GitHub's; whatever the caller sets wins.
import { describe, expect, it } from "vitest";
import { endpoint, RequestBuilder } from "../src/index.js";
import { openAPIEndpoint, openAPIRoutes, tableApi, routeTable } from "../src/openapi.js";
import { expectEndpointError } from "./support/errors.js";
import { description as fixture } from "./support/fixtures.js";

const stripe = openAPIRoutes(fixture("stripe"));
const box = openAPIRoutes(fixture("box"));
const digitalocean = fixture("digitalocean");
const datadog = fixture("datadog");
const matrix = fixture("matrix");
const overseerr = fixture("overseerr");

// The smallest description with a server, a path-level and an operation-level server and server variables.
const regional = {
  openapi: "3.1.0",
  info: { title: "Regional", version: "1" },
  servers: [
    {
      url: "https://{region}.api.example.com/{version}",
      variables: { region: { default: "us", enum: ["us", "eu"] }, version: { default: "v1" } },
    },
    { url: "https://sandbox.example.com" },
  ],
  paths: {
    "/items/{id}": {
      get: {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": { content: { "application/xml": {}, "application/json": {} } },
          "404": { content: { "application/problem+json": {} } },
        },
      },
      delete: { servers: [{ url: "https://admin.example.com/v1" }], responses: { "204": {} } },
    },
    "/files": {
      servers: [{ url: "https://files.example.com" }],
      get: { responses: { "200": { content: { "application/octet-stream": {} } } } },
    },
  },
};

describe("a description's server and accept replace GitHub's", () => {
  it("sends a route of another API's table to that API's server, never to GitHub's host or with GitHub's accept", () => {
    const request = endpoint.withRoutes(stripe)("GET /v1/customers/{customer}", {
      customer: "cus_1",
      headers: { authorization: "Bearer sk_test" },
    });
    expect(request.url).toBe("https://api.stripe.com/v1/customers/cus_1");
    expect(request.headers).toEqual({
      accept: "application/json",
      authorization: "Bearer sk_test",
      "user-agent": expect.stringMatching(/^fluent-endpoint\.js\//),
    });
  });

  it("fills the first server's variables with their defaults, and builds accept from every response, JSON first", () => {
    const api = endpoint.withRoutes(openAPIRoutes(regional));
    const request = api("GET /items/{id}", { id: "7" });
    expect(request.url).toBe("https://us.api.example.com/v1/items/7");
    expect(request.headers.accept).toBe("application/json, application/problem+json, application/xml");
  });

  it("sends an operation with servers of its own there (Box's uploads), and a path with servers there", () => {
    const api = endpoint.withRoutes(box);
    expect(api("POST /files/upload_sessions", { folder_id: "0", file_size: 1, file_name: "a" }).url).toBe(
      "https://upload.box.com/api/2.0/files/upload_sessions",
    );
    expect(api("GET /files/{file_id}", { file_id: "12" }).url).toBe("https://api.box.com/2.0/files/12");
    const regionalApi = endpoint.withRoutes(openAPIRoutes(regional));
    expect(regionalApi("DELETE /items/{id}", { id: "7" }).url).toBe("https://admin.example.com/v1/items/7");
    expect(regionalApi("GET /files").url).toBe("https://files.example.com/files");
  });

  it("sends no accept where the operation's responses declare no content, and none for a route the table lacks", () => {
    const api = endpoint.withRoutes(openAPIRoutes(regional));
    expect(api("DELETE /items/{id}", { id: "7" }).headers).not.toHaveProperty("accept");
    const other = api("GET /not/described");
    expect(other.url).toBe("https://us.api.example.com/v1/not/described");
    expect(other.headers).not.toHaveProperty("accept");
  });

  it("reads a description without servers as the specification's default server `/`", () => {
    const { servers: _, ...document } = regional;
    expect(endpoint.withRoutes(openAPIRoutes(document))("GET /items/{id}", { id: "7" }).url).toBe("/items/7");
  });

  it("keeps a relative server url relative to where the description is served (Server Object, `url`)", () => {
    const at = (url: string) => {
      const document = { ...regional, servers: [{ url }] };
      return endpoint.withRoutes(openAPIRoutes(document))("GET /items/{id}", { id: "7" }).url;
    };
    expect(at("./")).toBe("./items/7");
    expect(at("../api/")).toBe("../api/items/7");
    expect(at("v1")).toBe("./v1/items/7");
    // Read against the description's own url, as a client resolves it: not against the host's root.
    expect(new URL(at("../api/"), "https://example.com/docs/v2/openapi.json").href).toBe(
      "https://example.com/docs/api/items/7",
    );
    expectEndpointError(() => at("v1?x=1"), "ERR_INVALID_OPTIONS", "must be");
  });

  it("gives a relative server back through merge() and DEFAULTS, which baseUrl takes", () => {
    const api = endpoint.withRoutes(openAPIRoutes({ ...regional, servers: [{ url: "v1" }] }));
    const request = api("GET /items/{id}", { id: "7" });
    expect(request.url).toBe("./v1/items/7");
    expect(api.parse(api.merge("GET /items/{id}", { id: "7" }))).toEqual(request);
    // DEFAULTS fed back chooses its baseUrl (and its removed accept): docs/decisions.md, "A description's defaults".
    expect(api.defaults(api.DEFAULTS)("GET /items/{id}", { id: "7" }).url).toBe("./v1/items/7");
  });

  it("keeps GitHub's defaults for a table made without a server (routeTable(data))", () => {
    const api = endpoint.withRoutes(routeTable({ "GET /x": { url: "/x", parameters: {} } }));
    expect(api("GET /x")).toMatchObject({
      url: "https://api.github.com/x",
      headers: { accept: "application/vnd.github.v3+json" },
    });
  });

  it("shows the table's server and the operation's accept in DEFAULTS and merge(), which parse() builds alike", () => {
    const api = endpoint.withRoutes(openAPIRoutes(regional));
    expect(api.DEFAULTS.baseUrl).toBe("https://us.api.example.com/v1");
    // GitHub's accept removed, shown as a removed header is: `null`.
    expect(api.DEFAULTS.headers.accept).toBeNull();
    const merged = api.merge("DELETE /items/{id}", { id: "7" });
    expect(merged.baseUrl).toBe("https://admin.example.com/v1");
    expect(api.parse(merged).url).toBe("https://admin.example.com/v1/items/7");
    expect(api.merge("GET /items/{id}").headers.accept).toBe(
      "application/json, application/problem+json, application/xml",
    );
  });

  it("builds a builder's route by the table too", () => {
    const request = new RequestBuilder().withRoutes(stripe).route("GET /v1/charges").build();
    expect(request.url).toBe("https://api.stripe.com/v1/charges");
    expect(request.headers.accept).toBe("application/json");
  });

  it("keeps each route's own table's server when tables of two APIs are added", () => {
    const api = endpoint.withRoutes(stripe).withRoutes(openAPIRoutes(regional));
    expect(api("GET /v1/charges").url).toBe("https://api.stripe.com/v1/charges");
    expect(api("GET /items/{id}", { id: "1" }).url).toBe("https://us.api.example.com/v1/items/1");
    // A route neither table holds goes to the last table's server.
    expect(api("GET /elsewhere").url).toBe("https://us.api.example.com/v1/elsewhere");
  });
});

describe("a route's server is the route's the request goes to", () => {
  const withServer = routeTable(
    { "GET /a": { url: "/a", parameters: {}, server: { url: "https://op.example" } } },
    { server: { url: "https://srv.example" } },
  );
  const withoutServer = routeTable({ "GET /q": { url: "/q", parameters: {} } });

  it("sends a route of a table made without a server, added over one with a server, to that server", () => {
    const api = endpoint.withRoutes(withServer).withRoutes(withoutServer);
    expect(api("GET /q").url).toBe("https://srv.example/q");
    expect(api.builder().route("GET /q").build().url).toBe("https://srv.example/q");
  });

  it("takes no server from a route a call passes through: a url key that moves the route, in one call or two steps", () => {
    const api = endpoint.withRoutes(withServer).withRoutes(withoutServer);
    expect(api("GET /a", { url: "/q" }).url).toBe("https://srv.example/q");
    expect(api.merge("GET /a", { url: "/q" }).baseUrl).toBe("https://srv.example");
    expect(api.builder().route("GET /a").url("/q").build().url).toBe("https://srv.example/q");
    expect(api.defaults({ method: "GET", url: "/a" })({ url: "/q" }).url).toBe("https://srv.example/q");
  });

  it("does not fail a call on a server that only the route it passed through uses", () => {
    const api = endpoint.withRoutes(
      routeTable(
        {
          "GET /agent": {
            url: "/agent",
            parameters: {},
            server: { url: "https://{host}/x", variables: { host: { default: "" } } },
          },
          "GET /ok": { url: "/ok", parameters: {} },
        },
        { server: { url: "https://good.example" } },
      ),
    );
    expect(api("GET /agent", { url: "/ok" }).url).toBe("https://good.example/ok");
    expectEndpointError(() => api("GET /agent"), "ERR_INVALID_OPTIONS", 'server variable "host" is ""');
  });
});

describe("OpenAPI 3.2 additional operations", () => {
  it("go to their own server with their responses' accept and their security, as any operation", () => {
    const document = {
      openapi: "3.2.0",
      info: { title: "Links", version: "1" },
      servers: [{ url: "https://api.example.com" }],
      components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Key" } } },
      paths: {
        "/items/{id}": {
          parameters: [{ name: "id", in: "path", required: true }],
          additionalOperations: {
            LINK: {
              servers: [{ url: "https://links.example.com" }],
              security: [{ key: [] }],
              responses: { "204": { content: { "application/json": {} } } },
            },
          },
        },
      },
    };
    const request = openAPIEndpoint(document, { credentials: { key: "k" } })("LINK /items/{id}", { id: "1" });
    expect(request).toMatchObject({
      url: "https://links.example.com/items/1",
      headers: { accept: "application/json", "x-key": "k" },
    });
  });
});

describe("the table's server, accept and credentials on every call form", () => {
  const secured = {
    ...regional,
    components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Key" } } },
    security: [{ key: [] }],
  };
  const api = openAPIEndpoint(secured, { credentials: { key: "k" } });
  it.each([
    ["a route with a method", () => api("DELETE /items/{id}", { id: "7" })],
    ["the options form", () => api({ method: "DELETE", url: "/items/{id}", id: "7" })],
    ["defaults() holding the route", () => api.defaults({ method: "DELETE", url: "/items/{id}" })({ id: "7" })],
    ["a builder's toEndpoint()", () => api.builder().route("DELETE /items/{id}").toEndpoint()({ id: "7" })],
    ["builder steps", () => api.builder().url("/items/{id}").method("DELETE").param("id", "7").build()],
    ["parse() of merge()", () => api.parse(api.merge("DELETE /items/{id}", { id: "7" }))],
  ])("%s", (_, build) => {
    const request = build();
    expect(request.url).toBe("https://admin.example.com/v1/items/7");
    expect(request.headers["x-key"]).toBe("k");
  });

  it("a route without a method takes the defaults' GET and the route's own accept", () => {
    const request = api("/items/{id}", { id: "7" });
    expect(request.url).toBe("https://us.api.example.com/v1/items/7");
    expect(request.headers).toMatchObject({
      accept: "application/json, application/problem+json, application/xml",
      "x-key": "k",
    });
  });
});

describe("what the caller sets wins over the table", () => {
  const table = openAPIRoutes(regional);
  const mine = "https://proxy.example";

  it.each([
    ["defaults() before withRoutes()", () => endpoint.defaults({ baseUrl: mine }).withRoutes(table)("GET /files")],
    ["defaults() after withRoutes()", () => endpoint.withRoutes(table).defaults({ baseUrl: mine })("GET /files")],
    ["the call", () => endpoint.withRoutes(table)("GET /files", { baseUrl: mine })],
    ["a builder step", () => new RequestBuilder().withRoutes(table).baseUrl(mine).route("GET /files").build()],
    [
      "merged options given to parse()",
      () => endpoint.withRoutes(table).parse({ ...endpoint.withRoutes(table).merge("GET /files"), baseUrl: mine }),
    ],
  ])("baseUrl set by %s", (_, build) => {
    expect(build().url).toBe(`${mine}/files`);
  });

  it("keeps GitHub's base url when the caller sets it, even to GitHub's own value", () => {
    const api = endpoint.defaults({ baseUrl: "https://api.github.com" }).withRoutes(table);
    expect(api("GET /files").url).toBe("https://api.github.com/files");
  });

  it("keeps an accept the caller sets or removes, wherever it was set", () => {
    expect(endpoint.withRoutes(table)("GET /files", { headers: { accept: "text/plain" } }).headers.accept).toBe(
      "text/plain",
    );
    expect(
      endpoint.defaults({ headers: { accept: "application/vnd.github.v3+json" } }).withRoutes(table)("GET /files")
        .headers.accept,
    ).toBe("application/vnd.github.v3+json");
    expect(
      endpoint.withRoutes(table).defaults({ headers: { accept: null } })("GET /items/{id}", { id: "1" }).headers,
    ).not.toHaveProperty("accept");
    expect(
      new RequestBuilder().withRoutes(table).header("Accept", "a/b").route("GET /files").build().headers.accept,
    ).toBe("a/b");
  });

  it("applies mediaType.format to the operation's accept", () => {
    const github = routeTable(
      { "GET /readme": { url: "/readme", parameters: {}, accept: "application/vnd.github.v3+json" } },
      { server: { url: "https://ghe.example/api/v3" } },
    );
    const request = endpoint.withRoutes(github)("GET /readme", { mediaType: { format: "raw" } });
    expect(request).toMatchObject({
      url: "https://ghe.example/api/v3/readme",
      headers: { accept: "application/vnd.github.v3.raw" },
    });
  });
});

describe("server variables", () => {
  it("takes the endpoint's values in place of the defaults, checked against the description's enum", () => {
    const api = openAPIEndpoint(regional, { serverVariables: { region: "eu", version: "v2" } });
    expect(api("GET /items/{id}", { id: "7" }).url).toBe("https://eu.api.example.com/v2/items/7");
    expect(api.DEFAULTS.baseUrl).toBe("https://eu.api.example.com/v2");
    expectEndpointError(
      () => openAPIEndpoint(regional, { serverVariables: { region: "ap" } }),
      "ERR_INVALID_OPTIONS",
      'server variable "region" is "ap", not one of "us", "eu"',
    );
  });

  it("refuses a variable no server declares, naming those that are", () => {
    expectEndpointError(
      () => openAPIEndpoint(regional, { serverVariables: { regoin: "eu" } }),
      "ERR_INVALID_OPTIONS",
      'server variable "regoin" is declared by no server (declared: "region", "version")',
    );
  });

  it("refuses a value that would move the request to another host", () => {
    expectEndpointError(
      () => openAPIEndpoint(regional, { serverVariables: { version: "v1?x=" } }),
      "ERR_INVALID_OPTIONS",
      'server variable "version" is "v1?x=", which would change the server\'s path',
    );
    const hosted = {
      ...regional,
      servers: [{ url: "https://{host}/v1", variables: { host: { default: "a.example" } } }],
    };
    expectEndpointError(
      () => openAPIEndpoint(hosted, { serverVariables: { host: "evil.example/x" } }),
      "ERR_INVALID_OPTIONS",
      'server variable "host" is "evil.example/x", which would change the server\'s host',
    );
  });

  it("fails only the routes of a server whose default makes no url, when they are built (DigitalOcean's agents)", () => {
    const api = openAPIEndpoint(digitalocean);
    expect(api("GET /v2/account").url).toBe("https://api.digitalocean.com/v2/account");
    expectEndpointError(
      () => api("POST /api/v1/chat/completions", { messages: [] }),
      "ERR_INVALID_OPTIONS",
      'server variable "agent_url" is "{your-agent-url}", which would change the server\'s host',
    );
    const agent = openAPIEndpoint(digitalocean, { serverVariables: { agent_url: "abc.agents.do-ai.run" } });
    expect(agent("POST /api/v1/chat/completions", { messages: [] }).url).toBe(
      "https://abc.agents.do-ai.run/api/v1/chat/completions",
    );
    // A baseUrl given with the route, in the call or the builder, is where it goes: its server is not looked up.
    const own = { messages: [], baseUrl: "https://abc.agents.do-ai.run" };
    expect(api("POST /api/v1/chat/completions", own).url).toBe("https://abc.agents.do-ai.run/api/v1/chat/completions");
    expect(api({ method: "POST", url: "/api/v1/chat/completions", ...own }).url).toBe(
      "https://abc.agents.do-ai.run/api/v1/chat/completions",
    );
  });

  it("takes a region from the enum for the document's server and an operation's own (Datadog)", () => {
    expect(openAPIEndpoint(datadog)("GET /api/v1/validate").url).toBe("https://api.datadoghq.com/api/v1/validate");
    expect(openAPIEndpoint(datadog)("POST /v1/input", { data: [] }).url).toBe(
      "https://http-intake.logs.datadoghq.com/v1/input",
    );
    const eu = openAPIEndpoint(datadog, { serverVariables: { site: "datadoghq.eu" } });
    expect(eu("GET /api/v1/validate").url).toBe("https://api.datadoghq.eu/api/v1/validate");
    expect(eu("POST /v1/input", { data: [] }).url).toBe("https://http-intake.logs.datadoghq.eu/v1/input");
    expect(eu("GET /").url).toBe("https://ip-ranges.datadoghq.eu/");
    expectEndpointError(
      () => openAPIEndpoint(datadog, { serverVariables: { site: "datadoghq.org" } }),
      "ERR_INVALID_OPTIONS",
      'server variable "site" is "datadoghq.org", not one of "datadoghq.com", "us3.datadoghq.com"',
    );
  });

  it("reads variables that hold a host with its port and the whole path, `{protocol}://{hostname}{basePath}` (Matrix)", () => {
    const send = "PUT /rooms/{roomId}/send/{eventType}/{txnId}";
    const message = { roomId: "r", eventType: "m.room.message", txnId: "1" };
    expect(openAPIEndpoint(matrix)(send, message).url).toBe(
      "https://localhost:8008/_matrix/client/v3/rooms/r/send/m.room.message/1",
    );
    const api = openAPIEndpoint(matrix, {
      serverVariables: { protocol: "http", hostname: "matrix.example.org:8448", basePath: "/_matrix/client/v4" },
    });
    expect(api(send, message).url).toBe(
      "http://matrix.example.org:8448/_matrix/client/v4/rooms/r/send/m.room.message/1",
    );
    expect(api.DEFAULTS.baseUrl).toBe("http://matrix.example.org:8448/_matrix/client/v4");
    expectEndpointError(
      () => openAPIEndpoint(matrix, { serverVariables: { protocol: "ftp" } }),
      "ERR_INVALID_OPTIONS",
      'server variable "protocol" is "ftp", not one of "http", "https"',
    );
  });

  it.each([
    [
      { hostname: "evil.example/x" },
      'server variable "hostname" is "evil.example/x", which would change the server\'s host',
    ],
    [
      { hostname: "me@evil.example" },
      'server variable "hostname" is "me@evil.example", which would change the server\'s host',
    ],
    [{ basePath: "/v3?x=" }, 'server variable "basePath" is "/v3?x=", which would change the server\'s path'],
    [{ basePath: "#x" }, 'server variable "basePath" is "#x", which would change the server\'s path'],
    // `https:////evil.example` and `https:///evil.example` are read by URL parsers as the host evil.example.
    [
      { hostname: "", basePath: "//evil.example" },
      'server variable "hostname" is "", which would leave the server without a host',
    ],
    [{ hostname: "" }, 'server variable "hostname" is "", which would leave the server without a host'],
  ])("refuses %o for Matrix's server, judged where the value lands", (serverVariables, message) => {
    expectEndpointError(() => openAPIEndpoint(matrix, { serverVariables }), "ERR_INVALID_OPTIONS", message);
  });

  it("reads a variable that holds the scheme, host and port, `{server}/api/v1` (Overseerr)", () => {
    expect(openAPIEndpoint(overseerr)("GET /auth/me").url).toBe("http://localhost:5055/api/v1/auth/me");
    const api = openAPIEndpoint(overseerr, { serverVariables: { server: "https://requests.example.net" } });
    expect(api("GET /auth/me").url).toBe("https://requests.example.net/api/v1/auth/me");
    expectEndpointError(
      () => openAPIEndpoint(overseerr, { serverVariables: { server: "https://evil.example/x?" } }),
      "ERR_INVALID_OPTIONS",
      'server variable "server" is "https://evil.example/x?", which would change the server\'s host',
    );
    expectEndpointError(
      () => openAPIEndpoint(overseerr, { serverVariables: { server: "https://me@evil.example" } }),
      "ERR_INVALID_OPTIONS",
      "which would change the server's host",
    );
  });

  it("makes an endpoint from a table as from its description, and keeps the table's routes", () => {
    const table = openAPIRoutes(regional);
    expect(tableApi(table).server).toEqual(regional.servers[0]);
    const api = openAPIEndpoint(table, { serverVariables: { region: "eu" } });
    expect(api("GET /files").url).toBe("https://files.example.com/files");
    expect(api("GET /items/{id}", { id: "1" }).url).toBe("https://eu.api.example.com/v1/items/1");
  });

  it("refuses options that are not an object, and a server that is not one", () => {
    expectEndpointError(
      () => openAPIEndpoint(regional, "eu" as never),
      "ERR_INVALID_OPTIONS",
      "openAPIEndpoint() options must be an object, got string",
    );
    expectEndpointError(
      () => routeTable({}, { server: { url: 1 } } as never),
      "ERR_INVALID_OPTIONS",
      "route table has a server without a url",
    );
    expectEndpointError(
      () => routeTable({}, { server: { url: "https://{a}.example", variables: { a: { default: 1 } } } } as never),
      "ERR_INVALID_OPTIONS",
      'server variable "a" without a string default',
    );
  });
});
