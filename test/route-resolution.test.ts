// docs/decisions.md, "Route tables: one resolution": a route is looked up once, where its method and url are
// first known, whatever the call form; a parameter the route declares is a parameter on every call path, and
// a key named like an option that the route does not declare stays the option.
import { describe, expect, it } from "vitest";
import { endpoint, type RequestOptions } from "../src/index.js";
import { routeTable } from "../src/openapi.js";
import { callUnchecked, expectEndpointError } from "./support/errors.js";

const BASE = "https://api.github.com";
const EVIL = "https://evil.example";

// `GET /q` declares a query parameter `baseUrl`, `POST /b` a body field `url`; `GET /other` declares nothing.
const table = routeTable({
  "GET /q": { url: "/q{?baseUrl}", parameters: { baseUrl: "query" } },
  "POST /b": { url: "/b", parameters: { url: "body", method: "body" } },
  "GET /other": { url: "/other", parameters: {} },
});
const api = endpoint.withRoutes(table);
const QUERY = `${BASE}/q?baseUrl=https%3A%2F%2Fevil.example`;

const callPaths: [string, () => RequestOptions][] = [
  ["a route with a method", () => api("GET /q", { baseUrl: EVIL })],
  ["a route without a method (GET from the defaults)", () => api("/q", { baseUrl: EVIL })],
  ["the options form", () => api({ method: "GET", url: "/q", baseUrl: EVIL })],
  [
    "the options form, the key in the second object",
    () => callUnchecked(api, { method: "GET", url: "/q" }, { baseUrl: EVIL }) as RequestOptions,
  ],
  ["the options form, the url before the method", () => api({ url: "/q", baseUrl: EVIL, method: "GET" })],
  ["defaults() holding the route", () => api.defaults({ method: "GET", url: "/q" })({ baseUrl: EVIL })],
  ["defaults() holding everything", () => api.defaults({ method: "GET", url: "/q", baseUrl: EVIL })()],
  ["a builder's toEndpoint()", () => api.builder().route("GET /q").toEndpoint()({ baseUrl: EVIL })],
  ["a builder's .param()", () => api.builder().route("GET /q").param("baseUrl", EVIL).build()],
  ["a builder's .params()", () => api.builder().route("GET /q").params({ baseUrl: EVIL }).build()],
  ["a builder's .method() and .url()", () => api.builder().url("/q").method("get").param("baseUrl", EVIL).build()],
  [
    "a table added after the route",
    () => endpoint.defaults({ method: "GET", url: "/q" }).withRoutes(table)({ baseUrl: EVIL }),
  ],
  [
    "a builder whose table is added after its route",
    () => endpoint.builder().route("GET /q").withRoutes(table).param("baseUrl", EVIL).build(),
  ],
];

describe("a declared parameter named like an option is that parameter on every call path", () => {
  it.each(callPaths)("%s: baseUrl goes to the query, the request to the API", (_, call) => {
    expect(call().url).toBe(QUERY);
  });

  it("a declared body field named url or method is a body field, in the route form and the options form", () => {
    const expected = { method: "post", url: `${BASE}/b`, body: { url: "/elsewhere", method: "DELETE" } };
    expect(api("POST /b", { url: "/elsewhere", method: "DELETE" })).toMatchObject(expected);
    expect(api.defaults({ method: "POST", url: "/b" })({ url: "/elsewhere", method: "DELETE" })).toMatchObject(
      expected,
    );
  });

  it("merge() refuses it: merged options cannot hold it apart from the option", () => {
    expectEndpointError(() => api.merge("GET /q", { baseUrl: EVIL }), "ERR_INVALID_OPTIONS", 'parameter "baseUrl"');
  });

  it("parse() reads merged options, whose option names are options, as merge() writes them", () => {
    expect(api.parse(api.merge("GET /q")).url).toBe(`${BASE}/q`);
    expect(api.parse(api.merge("GET /other", { baseUrl: "https://ghe.example/api" })).url).toBe(
      "https://ghe.example/api/other",
    );
  });
});

describe("a key named like an option that the route does not declare stays the option", () => {
  it.each([
    ["a route with a method", () => api("GET /other", { baseUrl: "https://ghe.example/api" })],
    ["a route without a method", () => api("/other", { baseUrl: "https://ghe.example/api" })],
    ["the options form", () => api({ method: "GET", url: "/other", baseUrl: "https://ghe.example/api" })],
    ["a route no table holds", () => api("GET /elsewhere", { baseUrl: "https://ghe.example/api" })],
  ])("%s", (_, call) => {
    expect(call().url).toMatch(/^https:\/\/ghe\.example\/api\/(other|elsewhere)$/);
  });

  it("a near-miss of an option name is refused where the route does not declare it", () => {
    expectEndpointError(() => api("GET /other", { baseURL: EVIL }), "ERR_INVALID_OPTIONS", "did you mean `baseUrl`");
  });

  it("a method or url in the options picks the route whose parameters are read", () => {
    const options = callUnchecked(api, { method: "GET", url: "/other" }, { url: "/q", baseUrl: EVIL });
    expect((options as RequestOptions).url).toBe(QUERY);
  });
});
