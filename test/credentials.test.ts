// docs/decisions.md, "Credentials": given once per endpoint by security scheme name, sent on the operations
// whose security names the scheme, placed as the scheme says, and only to the operation's server.
import { describe, expect, it } from "vitest";
import { endpoint } from "../src/index.js";
import { openAPIEndpoint, openAPIRoutes, routeTable } from "../src/openapi.js";
import { expectEndpointError } from "./support/errors.js";
import { description as fixture } from "./support/fixtures.js";

// One operation per kind of scheme, from the Security Scheme Object's own list.
const secured = {
  openapi: "3.0.3",
  info: { title: "Secured", version: "1" },
  servers: [{ url: "https://api.example.com" }],
  security: [{ headerKey: [] }],
  components: {
    securitySchemes: {
      headerKey: { type: "apiKey", in: "header", name: "X-API-Key" },
      queryKey: { type: "apiKey", in: "query", name: "api key" },
      cookieKey: { type: "apiKey", in: "cookie", name: "session" },
      basic: { type: "http", scheme: "basic" },
      bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      oauth: { type: "oauth2", flows: {} },
      oidc: { type: "openIdConnect", openIdConnectUrl: "https://id.example.com/.well-known/openid-configuration" },
      unused: { type: "apiKey", in: "header", name: "X-Unused" },
    },
  },
  paths: {
    "/inherited": { get: { responses: {} } },
    "/query": { get: { security: [{ queryKey: [] }], parameters: [{ name: "q", in: "query" }], responses: {} } },
    "/cookie": { get: { security: [{ cookieKey: [] }], parameters: [{ name: "theme", in: "cookie" }], responses: {} } },
    "/basic": { get: { security: [{ basic: [] }], responses: {} } },
    "/bearer": { get: { security: [{ bearer: [] }], responses: {} } },
    "/oauth": { get: { security: [{ oauth: ["read"] }], responses: {} } },
    "/oidc": { get: { security: [{ oidc: [] }], responses: {} } },
    "/both": { get: { security: [{ headerKey: [], queryKey: [] }], responses: {} } },
    "/either": { get: { security: [{ basic: [] }, { bearer: [] }], responses: {} } },
    "/public": { get: { security: [], responses: {} } },
    "/optional": { get: { security: [{}, { bearer: [] }], responses: {} } },
    "/elsewhere": { get: { servers: [{ url: "https://other.example.com" }], responses: {} } },
    "/header-param": {
      get: { parameters: [{ name: "Authorization", in: "header" }], security: [{ bearer: [] }], responses: {} },
    },
  },
};

const all = {
  headerKey: "h-key",
  queryKey: "q key&",
  cookieKey: "c€",
  basic: { username: "Aladdin", password: "open sesame" },
  bearer: "jwt.token",
  oauth: "oauth-token",
  oidc: "id-token",
};

describe("credentials placed as each scheme says", () => {
  const api = openAPIEndpoint(secured, { credentials: all });

  it("sends an apiKey in its header, on an operation that inherits the description's security", () => {
    expect(api("GET /inherited").headers["x-api-key"]).toBe("h-key");
  });

  it("sends an apiKey in the query, percent-encoded, after the operation's own parameters", () => {
    expect(api("GET /query", { q: "1" }).url).toBe("https://api.example.com/query?q=1&api%20key=q%20key%26");
  });

  it("sends an apiKey as a cookie, beside the operation's cookie parameters", () => {
    expect(api("GET /cookie", { theme: "dark" }).headers.cookie).toBe("theme=dark; session=c%E2%82%AC");
  });

  it("keeps a cookie key's RFC 6265 cookie octets as they are, and percent-encodes only what a cookie cannot hold", () => {
    const copied = openAPIEndpoint(secured, { credentials: { cookieKey: "s%3Aabc.sig%2B" } });
    expect(copied("GET /cookie").headers.cookie).toBe("session=s%3Aabc.sig%2B");
    const spaced = openAPIEndpoint(secured, { credentials: { cookieKey: 'a b;c"é' } });
    expect(spaced("GET /cookie").headers.cookie).toBe("session=a%20b%3Bc%22%C3%A9");
  });

  it("sends HTTP basic as RFC 7617 says, and bearer, OAuth 2.0 and OpenID Connect tokens as Bearer", () => {
    expect(api("GET /basic").headers.authorization).toBe("Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==");
    expect(api("GET /bearer").headers.authorization).toBe("Bearer jwt.token");
    expect(api("GET /oauth").headers.authorization).toBe("Bearer oauth-token");
    expect(api("GET /oidc").headers.authorization).toBe("Bearer id-token");
  });

  it("sends every scheme of a requirement, and the first requirement whose credentials are all given", () => {
    const both = api("GET /both");
    expect(both.headers["x-api-key"]).toBe("h-key");
    expect(both.url).toBe("https://api.example.com/both?api%20key=q%20key%26");
    expect(api("GET /either").headers.authorization).toMatch(/^Basic /);
    const bearerOnly = openAPIEndpoint(secured, { credentials: { bearer: "t" } });
    expect(bearerOnly("GET /either").headers.authorization).toBe("Bearer t");
    expect(bearerOnly("GET /optional").headers.authorization).toBe("Bearer t");
  });

  it("sends nothing on an operation that needs no credentials, or whose requirement is not met", () => {
    const none = api("GET /public");
    expect(none.headers).not.toHaveProperty("authorization");
    expect(none.headers).not.toHaveProperty("x-api-key");
    expect(openAPIEndpoint(secured, { credentials: { bearer: "t" } })("GET /both").url).toBe(
      "https://api.example.com/both",
    );
  });

  it("never sends them to a host a call names other than the operation's server", () => {
    expect(api("GET /inherited", { baseUrl: "https://evil.example" }).headers).not.toHaveProperty("x-api-key");
    expect(api("GET /query", { baseUrl: "https://evil.example" }).url).toBe("https://evil.example/query");
    expect(api("GET https://evil.example/bearer").headers).not.toHaveProperty("authorization");
    // An operation with its own server gets them there (the description's requirement, its own host).
    expect(api("GET /elsewhere").headers["x-api-key"]).toBe("h-key");
    // A route the table lacks is no operation of the description: nothing.
    expect(api("GET /undeclared").headers).not.toHaveProperty("x-api-key");
  });

  it("keeps a header the caller sets over the credential", () => {
    expect(api("GET /bearer", { headers: { authorization: "Bearer mine" } }).headers.authorization).toBe("Bearer mine");
    expect(api("GET /header-param", { Authorization: "Bearer param" }).headers.authorization).toBe("Bearer param");
  });

  it("never puts a declared Authorization header parameter in the query", () => {
    const request = endpoint.withRoutes(openAPIRoutes(secured))("GET /header-param", { Authorization: "Bearer s" });
    expect(request.url).toBe("https://api.example.com/header-param");
    expect(request.headers.authorization).toBe("Bearer s");
  });
});

describe("credentials checked when the endpoint is made", () => {
  it("refuses a name no scheme declares, naming the declared ones", () => {
    expectEndpointError(
      () => openAPIEndpoint(secured, { credentials: { bearerr: "t" } }),
      "ERR_INVALID_OPTIONS",
      'credential "bearerr" names no security scheme (declared: "headerKey", "queryKey"',
    );
  });

  it("refuses a credential for a scheme no operation uses", () => {
    expectEndpointError(
      () => openAPIEndpoint(secured, { credentials: { unused: "k" } }),
      "ERR_INVALID_OPTIONS",
      'credential "unused" is for a security scheme no operation uses',
    );
  });

  it.each([
    ["a basic credential that is a string", { basic: "Aladdin:open sesame" }, "must be { username, password }"],
    ["a user name with a colon", { basic: { username: "a:b", password: "c" } }, 'no ":" in the user name'],
    ["an empty token", { bearer: "" }, 'credential "bearer" must be a non-empty string'],
    ["a token with a line break", { bearer: "t\r\nx-evil: 1" }, 'credential "bearer" cannot be sent'],
    ["credentials that are no object", "token", "credentials must be an object, got string"],
  ])("refuses %s", (_, credentials, message) => {
    expectEndpointError(
      () => openAPIEndpoint(secured, { credentials: credentials as never }),
      "ERR_INVALID_OPTIONS",
      message,
    );
  });

  it("refuses a table whose route names a scheme the table does not declare, and a scheme of no known type", () => {
    expectEndpointError(
      () => routeTable({ "GET /x": { url: "/x", parameters: {}, security: [["key"]] } }),
      "ERR_INVALID_OPTIONS",
      `route table: "GET /x" names the security scheme "key", which the table does not declare`,
    );
    expectEndpointError(
      () => routeTable({}, { securitySchemes: { key: { type: "magic" } as never } }),
      "ERR_INVALID_OPTIONS",
      'the security scheme "key" of type "magic"',
    );
  });

  it("leaves out a requirement that names a scheme the description does not declare, which nothing can meet", () => {
    const sloppy = {
      ...secured,
      paths: { "/x": { get: { security: [{ nowhere: [] }, { bearer: [] }], responses: {} } } },
    };
    expect(openAPIRoutes(sloppy)["GET /x"]!.security).toEqual([["bearer"]]);
  });
});

// docs/decisions.md, "The caller's host": a baseUrl the caller configures (`defaults()`, a builder step) gets the
// credentials, as the description's servers do; a host that arrives with a call's values never does.
describe("the caller's host: a configured baseUrl gets the credentials, a call's values never", () => {
  // Jira's shape: a placeholder server that each customer replaces by their own site.
  const cloud = {
    openapi: "3.0.1",
    info: { title: "Cloud", version: "1" },
    servers: [{ url: "https://your-domain.atlassian.net" }],
    components: {
      securitySchemes: {
        basicAuth: { type: "http", scheme: "basic" },
        headerKey: { type: "apiKey", in: "header", name: "X-Api-Key" },
        queryKey: { type: "apiKey", in: "query", name: "token" },
      },
    },
    paths: {
      "/rest/api/3/myself": { get: { security: [{ basicAuth: [] }], responses: {} } },
      "/rest/api/3/search": {
        get: { security: [{ headerKey: [] }], parameters: [{ name: "jql", in: "query" }], responses: {} },
      },
      "/rest/api/3/feed": { get: { security: [{ queryKey: [] }], responses: {} } },
    },
  };
  const credentials = {
    basicAuth: { username: "me@acme.com", password: "api-token" },
    headerKey: "k-1",
    queryKey: "q-1",
  };
  const api = openAPIEndpoint(cloud, { credentials });
  const acme = "https://acme.atlassian.net";
  const evil = "https://evil.example";
  const basic = `Basic ${btoa("me@acme.com:api-token")}`;
  const configured = api.defaults({ baseUrl: acme });

  it("sends them to a baseUrl set by defaults(): HTTP basic, an apiKey in a header and one in the query", () => {
    expect(configured("GET /rest/api/3/myself")).toMatchObject({
      url: "https://acme.atlassian.net/rest/api/3/myself",
      headers: { authorization: basic },
    });
    expect(configured("GET /rest/api/3/search", { jql: "a" })).toMatchObject({
      url: "https://acme.atlassian.net/rest/api/3/search?jql=a",
      headers: { "x-api-key": "k-1" },
    });
    expect(configured("GET /rest/api/3/feed").url).toBe("https://acme.atlassian.net/rest/api/3/feed?token=q-1");
    // The description's own server, unconfigured, as before.
    expect(api("GET /rest/api/3/myself")).toMatchObject({
      url: "https://your-domain.atlassian.net/rest/api/3/myself",
      headers: { authorization: basic },
    });
  });

  it("sends them to a baseUrl set by a builder step, before or after the route, and by the endpoint it makes", () => {
    expect(api.builder().baseUrl(acme).route("GET /rest/api/3/myself").build().headers.authorization).toBe(basic);
    expect(api.builder().route("GET /rest/api/3/feed").baseUrl(acme).build().url).toBe(
      "https://acme.atlassian.net/rest/api/3/feed?token=q-1",
    );
    expect(api.builder().baseUrl(acme).toEndpoint()("GET /rest/api/3/search").headers["x-api-key"]).toBe("k-1");
    expect(configured.builder().route("GET /rest/api/3/myself").build().headers.authorization).toBe(basic);
    expect(api.defaults(configured.DEFAULTS)("GET /rest/api/3/myself").headers.authorization).toBe(basic);
  });

  it("Jira's own description: the basicAuth credential goes to the customer's site", () => {
    const jira = openAPIEndpoint(fixture("jira"), {
      credentials: { basicAuth: { username: "me@acme.com", password: "api-token" } },
    });
    expect(jira.defaults({ baseUrl: acme })("GET /rest/api/3/myself")).toMatchObject({
      url: "https://acme.atlassian.net/rest/api/3/myself",
      headers: { authorization: basic },
    });
    expect(jira.builder().baseUrl(acme).operation("getCurrentUser").build().headers.authorization).toBe(basic);
    expect(jira("GET /rest/api/3/myself", { baseUrl: acme }).headers).not.toHaveProperty("authorization");
  });

  it("never sends them to a host a call names, over a configured one or another builder's", () => {
    const moved = configured("GET /rest/api/3/myself", { baseUrl: evil });
    expect(moved.url).toBe("https://evil.example/rest/api/3/myself");
    expect(moved.headers).not.toHaveProperty("authorization");
    expect(configured("GET /rest/api/3/feed", { baseUrl: evil }).url).toBe("https://evil.example/rest/api/3/feed");
    expect(configured("GET /rest/api/3/search", { baseUrl: evil }).headers).not.toHaveProperty("x-api-key");
    for (const host of ["https://acme.atlassian.net.evil.example", "https://acme.atlassian.net@evil.example"]) {
      expect(configured("GET /rest/api/3/myself", { baseUrl: host }).headers).not.toHaveProperty("authorization");
    }
    const endpointOfBuilder = api.builder().baseUrl(acme).toEndpoint();
    expect(endpointOfBuilder("GET /rest/api/3/myself", { baseUrl: evil }).headers).not.toHaveProperty("authorization");
    // The configured host given again by a call is still the caller's host: its scheme and host are compared.
    expect(configured("GET /rest/api/3/myself", { baseUrl: `${acme}/` }).headers.authorization).toBe(basic);
  });

  it("in a chain of defaults(), the last baseUrl configured is the caller's host", () => {
    expect(configured.defaults({ headers: { "x-trace": "1" } })("GET /rest/api/3/myself").headers.authorization).toBe(
      basic,
    );
    const moved = api.defaults({ baseUrl: "https://old.atlassian.net" }).defaults({ baseUrl: acme });
    expect(moved("GET /rest/api/3/myself").headers.authorization).toBe(basic);
    expect(moved("GET /rest/api/3/myself", { baseUrl: "https://old.atlassian.net" }).headers).not.toHaveProperty(
      "authorization",
    );
  });

  it("merge() and parse(): merged options are a call's values, and the endpoint that parses them says what it configured", () => {
    const merged = configured.merge("GET /rest/api/3/myself");
    expect(merged.baseUrl).toBe(acme);
    expect(configured.parse(merged)).toEqual(configured("GET /rest/api/3/myself"));
    expect(configured.parse(merged).headers.authorization).toBe(basic);
    expect(configured(merged).headers.authorization).toBe(basic);
    expect(configured.parse({ ...merged, baseUrl: evil }).headers).not.toHaveProperty("authorization");
    // Another endpoint configured no such host: to it, acme is a host that came with the values.
    expect(api.parse(merged).headers).not.toHaveProperty("authorization");
    expect(api(merged).headers).not.toHaveProperty("authorization");
  });

  it("a table without a server, or a route whose server's default makes no url: only the configured host gets them", () => {
    const table = routeTable(
      { "GET /me": { url: "/me", parameters: {}, security: [["key"]] } },
      { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Key" } } },
    );
    const bare = openAPIEndpoint(table, { credentials: { key: "k" } });
    expect(bare("GET /me").url).toBe("https://api.github.com/me");
    expect(bare("GET /me").headers).not.toHaveProperty("x-key");
    expect(bare.defaults({ baseUrl: "https://api.mine.example" })("GET /me").headers["x-key"]).toBe("k");
    // DigitalOcean's agents: `https://{agent_url}`, whose default `{your-agent-url}` makes no url.
    const agents = openAPIEndpoint(fixture("digitalocean"), { credentials: { inference_bearer_auth: "agent-key" } });
    const agent = "https://abc.agents.do-ai.run";
    const chat = agents.defaults({ baseUrl: agent })("POST /api/v1/chat/completions", { messages: [] });
    expect(chat.url).toBe("https://abc.agents.do-ai.run/api/v1/chat/completions");
    expect(chat.headers.authorization).toBe("Bearer agent-key");
    const called = agents("POST /api/v1/chat/completions", { messages: [], baseUrl: agent });
    expect(called.headers).not.toHaveProperty("authorization");
  });

  it("never sends them where a parameter's value makes the url absolute, whatever the configured host", () => {
    const table = routeTable(
      { "GET /x": { url: "{+origin}/x", parameters: { origin: "path" }, security: [["key"]] } },
      {
        server: { url: "https://api.example.com" },
        securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Key" } },
      },
    );
    const keyed = openAPIEndpoint(table, { credentials: { key: "k" } }).defaults({ baseUrl: acme });
    expect(keyed("GET /x", { origin: "" }).headers["x-key"]).toBe("k");
    const moved = keyed("GET /x", { origin: evil });
    expect(moved.url).toBe("https://evil.example/x");
    expect(moved.headers).not.toHaveProperty("x-key");
  });
});

describe("credentials of real descriptions", () => {
  it("Stripe: basic or bearer, to api.stripe.com", () => {
    const stripe = openAPIEndpoint(fixture("stripe"), { credentials: { bearerAuth: "sk_test_1" } });
    expect(stripe("GET /v1/customers").headers.authorization).toBe("Bearer sk_test_1");
  });

  it("Twilio: basic with the account SID and auth token", () => {
    const twilio = openAPIEndpoint(fixture("twilio"), {
      credentials: { accountSid_authToken: { username: "AC1", password: "tok" } },
    });
    const request = twilio("GET /2010-04-01/Accounts.json");
    expect(request.url).toBe("https://api.twilio.com/2010-04-01/Accounts.json");
    expect(request.headers.authorization).toBe(`Basic ${btoa("AC1:tok")}`);
  });

  it("Box: an OAuth 2.0 token as Bearer, also to the upload server an operation names", () => {
    const box = openAPIEndpoint(fixture("box"), { credentials: { OAuth2Security: "box-token" } });
    expect(box("GET /files/{file_id}", { file_id: "1" }).headers.authorization).toBe("Bearer box-token");
    const upload = box("POST /files/upload_sessions", { folder_id: "0", file_size: 1, file_name: "a" });
    expect(upload.url).toBe("https://upload.box.com/api/2.0/files/upload_sessions");
    expect(upload.headers.authorization).toBe("Bearer box-token");
  });
});

describe("credentials of real descriptions: an apiKey in a header, the query and a cookie", () => {
  const datadog = fixture("datadog");
  const matrix = fixture("matrix");
  const overseerr = fixture("overseerr");
  const send = "PUT /rooms/{roomId}/send/{eventType}/{txnId}";
  const message = { roomId: "!r:example.org", eventType: "m.room.message", txnId: "t1", body: "hi", msgtype: "m.text" };

  it("Datadog: the API and application keys in their headers, both where a requirement names both", () => {
    const api = openAPIEndpoint(datadog, { credentials: { apiKeyAuth: "dd-api", appKeyAuth: "dd-app" } });
    const query = api("GET /api/v1/query", { from: 1, to: 2, query: "avg:cpu" });
    expect(query.url).toBe("https://api.datadoghq.com/api/v1/query?from=1&to=2&query=avg%3Acpu");
    expect(query.headers).toMatchObject({ "dd-api-key": "dd-api", "dd-application-key": "dd-app" });
    expect(api("GET /api/v1/validate").headers).toMatchObject({ "dd-api-key": "dd-api" });
    expect(api("GET /api/v1/validate").headers).not.toHaveProperty("dd-application-key");
    // The requirement needs both keys: the API key alone meets no requirement of the query.
    const alone = openAPIEndpoint(datadog, { credentials: { apiKeyAuth: "dd-api" } })("GET /api/v1/query");
    expect(alone.headers).not.toHaveProperty("dd-api-key");
    expect(api("GET /").headers).not.toHaveProperty("dd-api-key");
  });

  it("Datadog: the key goes to the logs intake, an operation's own server, in the region the endpoint names", () => {
    const api = openAPIEndpoint(datadog, { credentials: { apiKeyAuth: "dd-api" } });
    const logs = api("POST /v1/input", { data: [{ message: "up" }] });
    expect(logs.url).toBe("https://http-intake.logs.datadoghq.com/v1/input");
    expect(logs.headers["dd-api-key"]).toBe("dd-api");
    const eu = openAPIEndpoint(datadog, {
      credentials: { apiKeyAuth: "dd-api" },
      serverVariables: { site: "datadoghq.eu" },
    });
    expect(eu("POST /v1/input", { data: [] }).url).toBe("https://http-intake.logs.datadoghq.eu/v1/input");
    expect(eu("GET /api/v1/validate")).toMatchObject({
      url: "https://api.datadoghq.eu/api/v1/validate",
      headers: { "dd-api-key": "dd-api" },
    });
  });

  it("Datadog: an OAuth 2.0 token as Bearer; nothing to another host; a key for a scheme no operation uses refused", () => {
    const api = openAPIEndpoint(datadog, { credentials: { AuthZ: "dd-oauth", apiKeyAuth: "dd-api" } });
    expect(api("GET /api/v1/dashboard").headers.authorization).toBe("Bearer dd-oauth");
    const proxied = api("GET /api/v1/validate", { baseUrl: "https://proxy.example" });
    expect(proxied.url).toBe("https://proxy.example/api/v1/validate");
    expect(proxied.headers).not.toHaveProperty("dd-api-key");
    expect(api("GET /api/v1/validate", { baseUrl: "https://api.datadoghq.eu" }).headers).not.toHaveProperty(
      "dd-api-key",
    );
    // Configured, the host is the caller's choice (see "the caller's host" below).
    expect(api.defaults({ baseUrl: "https://api.datadoghq.eu" })("GET /api/v1/validate").headers).toMatchObject({
      "dd-api-key": "dd-api",
    });
    // Declared (`api_key` in the query) but named by no v1 operation's security.
    expectEndpointError(
      () => openAPIEndpoint(datadog, { credentials: { apiKeyAuthQuery: "k" } }),
      "ERR_INVALID_OPTIONS",
      'credential "apiKeyAuthQuery" is for a security scheme no operation uses',
    );
  });

  it("Matrix: the access token in the query, percent-encoded after the path, or as Bearer, whichever is given", () => {
    const query = openAPIEndpoint(matrix, { credentials: { accessTokenQuery: "syt_a b&c" } })(send, message);
    expect(query.url).toBe(
      "https://localhost:8008/_matrix/client/v3/rooms/%21r%3Aexample.org/send/m.room.message/t1?access_token=syt_a%20b%26c",
    );
    expect(query.headers).not.toHaveProperty("authorization");
    expect(query.body).toEqual({ body: "hi", msgtype: "m.text" });
    const bearer = openAPIEndpoint(matrix, { credentials: { accessTokenBearer: "syt_t" } })(send, message);
    expect(bearer.url).toBe("https://localhost:8008/_matrix/client/v3/rooms/%21r%3Aexample.org/send/m.room.message/t1");
    expect(bearer.headers.authorization).toBe("Bearer syt_t");
    // Both given: the first requirement the description lists.
    const both = openAPIEndpoint(matrix, { credentials: { accessTokenQuery: "q", accessTokenBearer: "b" } });
    expect(both(send, message).url).toMatch(/\?access_token=q$/);
    expect(both(send, message).headers).not.toHaveProperty("authorization");
  });

  it("Matrix: the token goes to the homeserver the endpoint names, never to another host", () => {
    const api = openAPIEndpoint(matrix, {
      credentials: { accessTokenQuery: "syt" },
      serverVariables: { hostname: "matrix.example.org:8448" },
    });
    expect(api(send, message).url).toBe(
      "https://matrix.example.org:8448/_matrix/client/v3/rooms/%21r%3Aexample.org/send/m.room.message/t1?access_token=syt",
    );
    const elsewhere = api(send, { ...message, baseUrl: "https://evil.example/_matrix/client/v3" });
    expect(elsewhere.url).toBe(
      "https://evil.example/_matrix/client/v3/rooms/%21r%3Aexample.org/send/m.room.message/t1",
    );
  });

  it("Overseerr: the session as a cookie, or the key in X-Api-Key; nothing where the operation needs neither", () => {
    const session = openAPIEndpoint(overseerr, { credentials: { cookieAuth: "s:abc.def" } });
    const me = session("GET /auth/me");
    expect(me.url).toBe("http://localhost:5055/api/v1/auth/me");
    expect(me.headers.cookie).toBe("connect.sid=s:abc.def"); // `:` is a cookie octet: sent as it is
    expect(me.headers).not.toHaveProperty("x-api-key");
    const keyed = openAPIEndpoint(overseerr, { credentials: { apiKey: "ovr-key" } });
    expect(keyed("GET /search", { query: "dune" })).toMatchObject({
      url: "http://localhost:5055/api/v1/search?query=dune",
      headers: { "x-api-key": "ovr-key" },
    });
    expect(keyed("GET /search", { query: "dune" }).headers).not.toHaveProperty("cookie");
    const status = openAPIEndpoint(overseerr, { credentials: { cookieAuth: "s", apiKey: "k" } })("GET /status");
    expect(status.headers).not.toHaveProperty("cookie");
    expect(status.headers).not.toHaveProperty("x-api-key");
  });

  it("Overseerr: the credentials follow the server the endpoint names, and go nowhere else", () => {
    const api = openAPIEndpoint(overseerr, {
      credentials: { apiKey: "ovr-key" },
      serverVariables: { server: "https://requests.example.net" },
    });
    expect(api("GET /auth/me")).toMatchObject({
      url: "https://requests.example.net/api/v1/auth/me",
      headers: { "x-api-key": "ovr-key" },
    });
    expect(api("GET /auth/me", { baseUrl: "http://localhost:5055/api/v1" }).headers).not.toHaveProperty("x-api-key");
    const cookie = openAPIEndpoint(overseerr, { credentials: { cookieAuth: "s" } });
    expect(cookie("GET /auth/me", { baseUrl: "https://evil.example/api/v1" }).headers).not.toHaveProperty("cookie");
  });
});

describe("credentials of real descriptions: OpenID Connect", () => {
  const libregraph = fixture("libregraph");

  it("Libre Graph: an OpenID Connect token as Bearer, or HTTP basic, where the document's security applies", () => {
    const oidc = openAPIEndpoint(libregraph, { credentials: { openId: "oidc-token" } });
    const me = oidc("GET /v1.0/me");
    expect(me.url).toBe("https://ocis.ocis.rolling.owncloud.works/graph/v1.0/me");
    expect(me.headers.authorization).toBe("Bearer oidc-token");
    const basic = openAPIEndpoint(libregraph, {
      credentials: { basicAuth: { username: "einstein", password: "relativity" } },
    });
    expect(basic("GET /v1.0/me").headers.authorization).toBe(`Basic ${btoa("einstein:relativity")}`);
  });

  it("Libre Graph: an operation that names its own bearer scheme gets that one, not the document's", () => {
    const api = openAPIEndpoint(libregraph, { credentials: { openId: "oidc-token", bearerAuth: "edu-token" } });
    expect(api("GET /v1.0/education/users").headers.authorization).toBe("Bearer edu-token");
    expect(api("GET /v1.0/me").headers.authorization).toBe("Bearer oidc-token");
    const oidcOnly = openAPIEndpoint(libregraph, { credentials: { openId: "oidc-token" } });
    expect(oidcOnly("GET /v1.0/education/users").headers).not.toHaveProperty("authorization");
  });

  it("Libre Graph: the token never goes to another host, such as the description's second server", () => {
    const api = openAPIEndpoint(libregraph, { credentials: { openId: "oidc-token" } });
    const local = api("GET /v1.0/me", { baseUrl: "https://localhost:9200/graph" });
    expect(local.url).toBe("https://localhost:9200/graph/v1.0/me");
    expect(local.headers).not.toHaveProperty("authorization");
  });
});

describe("every operation of the real descriptions, with every credential its security uses", () => {
  const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
  type Operation = { security?: Record<string, string[]>[] };
  type Scheme = { type: string; in?: string; name?: string; scheme?: string };
  const cases = [
    ["datadog", { apiKeyAuth: "dd-api", appKeyAuth: "dd-app", AuthZ: "dd-oauth" }, 235],
    ["matrix", { accessTokenQuery: "mx-q", accessTokenBearer: "mx-b" }, 1],
    ["overseerr", { cookieAuth: "ovr-s", apiKey: "ovr-k" }, 170],
    ["libregraph", { openId: "lg-oidc", bearerAuth: "lg-bearer", basicAuth: { username: "u", password: "p" } }, 91],
  ] as const;

  it.each(cases)(
    "%s: each builds, with the first requirement's credentials exactly as its schemes say",
    (name, credentials, count) => {
      const document = fixture(name) as {
        paths: Record<string, Record<string, Operation>>;
        security?: Record<string, string[]>[];
        components: { securitySchemes: Record<string, Scheme> };
      };
      const api = openAPIEndpoint(document, { credentials });
      let built = 0;
      for (const path of Object.keys(document.paths)) {
        for (const method of METHODS) {
          const operation = document.paths[path]![method];
          if (operation === undefined) continue;
          const parameters = Object.fromEntries([...path.matchAll(/\{([^}]+)\}/g)].map((match) => [match[1], "p1"]));
          const request = api(`${method.toUpperCase()} ${path}`, parameters);
          built += 1;
          const requirement = (operation.security ?? document.security ?? []).find(
            (names) => Object.keys(names).length > 0,
          );
          for (const scheme of Object.keys(requirement ?? {})) {
            const { type, in: where, name: key, scheme: http } = document.components.securitySchemes[scheme]!;
            const value = (credentials as Record<string, string>)[scheme]!;
            if (http === "basic") expect(request.headers.authorization).toBe(`Basic ${btoa("u:p")}`);
            else if (type !== "apiKey") expect(request.headers.authorization).toBe(`Bearer ${value}`);
            else if (where === "header") expect(request.headers[key!.toLowerCase()]).toBe(value);
            else if (where === "query") expect(request.url).toContain(`${key}=${value}`);
            else expect(request.headers.cookie).toBe(`${key}=${value}`);
          }
          if (requirement === undefined) {
            expect(request.headers).not.toHaveProperty("authorization");
            expect(request.headers).not.toHaveProperty("cookie");
            for (const value of Object.values(credentials))
              if (typeof value === "string") expect(request.url).not.toContain(value);
          }
          expect(request.url).toMatch(/^https?:\/\/[^/]+\//);
        }
      }
      expect(built).toBe(count);
    },
  );
});
