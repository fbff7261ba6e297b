// docs/decisions.md, "Credentials": given once per endpoint by security scheme name, sent on the operations
// whose security names the scheme, placed as the scheme says, and only to the operation's server.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { endpoint } from "../src/index.js";
import { openAPIEndpoint, openAPIRoutes, routeTable } from "../src/openapi.js";
import { expectEndpointError } from "./support/errors.js";

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/openapi/${name}/${name}.json`, import.meta.url), "utf8")) as Record<
    string,
    unknown
  >;

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

  it("never sends them to a host other than the operation's server", () => {
    expect(api("GET /inherited", { baseUrl: "https://evil.example" }).headers).not.toHaveProperty("x-api-key");
    expect(api.defaults({ baseUrl: "https://evil.example" })("GET /query").url).toBe("https://evil.example/query");
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
