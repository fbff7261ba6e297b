// Calls of real descriptions (test/fixtures/openapi/real/, each with its README and LICENSE), each written as the
// smallest input that showed a rule broken, on every call path: a route string, the options form, builder steps,
// defaults(), parse(merge()) and toFetch.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { toFetch, type RequestOptions } from "../src/index.js";
import { openAPIEndpoint, openAPIRoutes } from "../src/openapi.js";
import { expectEndpointError } from "./support/errors.js";

function real(api: string, file: string): unknown {
  return parse(readFileSync(new URL(`./fixtures/openapi/real/${api}/${file}`, import.meta.url), "utf8"));
}

/** Builds a request by an untyped route, or from options alone: these descriptions carry no route map. */
type Call = (route: string | Record<string, unknown>, options?: Record<string, unknown>) => RequestOptions;

describe("a description's path parameters are required (OpenAPI: a path parameter's `required` is always true)", () => {
  const jellyfin = openAPIEndpoint(real("jellyfin", "openapi.yaml"));
  const call = jellyfin as unknown as Call;
  const ROUTE = "DELETE /Plugins/{pluginId}/{version}";
  const MISSING = (name: string) => `${ROUTE}: path parameter "${name}" has no value`;

  it("builds Jellyfin's uninstall-by-version with both", () => {
    expect(call(ROUTE, { pluginId: "p1", version: "10.7.0" }).url).toBe("http://jellyfin.local/Plugins/p1/10.7.0");
    expect(call("DELETE /Plugins/{pluginId}", { pluginId: "p1" }).url).toBe("http://jellyfin.local/Plugins/p1");
  });

  it.each([
    ["absent", {}],
    ["undefined", { version: undefined }],
    ["null", { version: null }],
    ['"" (an empty segment is another url)', { version: "" }],
    ["an empty list", { version: [] }],
    ["an empty object", { version: {} }],
    ["a list of null", { version: [null] }],
  ])(
    "without `version` (%s) it is ERR_MISSING_PARAMETER, never DELETE /Plugins/p1, the uninstall of every version",
    (_, given) => {
      const options = { pluginId: "p1", ...given };
      const message = MISSING("version");
      expectEndpointError(() => call(ROUTE, options), "ERR_MISSING_PARAMETER", message);
      const [method, url] = ROUTE.split(" ");
      expectEndpointError(() => call({ method, url, ...options }), "ERR_MISSING_PARAMETER", message);
      expectEndpointError(
        () =>
          jellyfin
            .builder()
            .route(ROUTE as string)
            .params(options as Record<string, unknown>)
            .build(),
        "ERR_MISSING_PARAMETER",
        message,
      );
      expectEndpointError(
        () => (jellyfin.defaults(options) as unknown as Call)(ROUTE),
        "ERR_MISSING_PARAMETER",
        message,
      );
      expectEndpointError(
        () => jellyfin.parse(jellyfin.merge(ROUTE as never, options as never)),
        "ERR_MISSING_PARAMETER",
        message,
      );
    },
  );

  it("wherever it stands in the path, and named by the operation", () => {
    expectEndpointError(() => call(ROUTE, { version: "10.7.0" }), "ERR_MISSING_PARAMETER", MISSING("pluginId"));
    expectEndpointError(
      () => call(ROUTE, { pluginId: "", version: "10.7.0" }),
      "ERR_MISSING_PARAMETER",
      MISSING("pluginId"),
    );
  });

  it("a plain route keeps the dangling-slash rule of the interface", () => {
    const plain = jellyfin.defaults({ baseUrl: "https://h.example" }) as unknown as Call;
    expect(plain("DELETE /plugins/{pluginId}/{version}", { pluginId: "p1" }).url).toBe("https://h.example/plugins/p1");
  });

  it('`""` is a value where the OpenAPI style table writes one: label, matrix, or beside text in its segment', () => {
    const api = openAPIEndpoint({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      servers: [{ url: "https://h.example" }],
      paths: {
        "/m/{m}/l/v{l}/x{s}": {
          get: {
            parameters: [
              { name: "m", in: "path", required: true, style: "matrix" },
              { name: "l", in: "path", required: true, style: "label" },
              { name: "s", in: "path", required: true },
            ],
          },
        },
      },
    }) as unknown as Call;
    expect(api("GET /m/{m}/l/v{l}/x{s}", { m: "", l: "", s: "" }).url).toBe("https://h.example/m/;m/l/v./x");
  });
});

describe("parameter names are case-sensitive (OpenAPI): a header matches a key in any case only if nothing else does", () => {
  const autotask = openAPIEndpoint(real("autotask", "swagger.yaml"));
  const call = autotask as unknown as Call;
  const ROUTE = "PUT /V1.0/IntegrationVendorInsights";
  const given = { Secret: "s3cret", secret: "vendor secret", title: "Insight", UserName: "u", ApiIntegrationCode: "c" };

  it("Autotask's header `Secret` and body field `secret` are two parameters, on every call path", () => {
    const check = (request: RequestOptions) => {
      expect(request.headers).toMatchObject({ secret: "s3cret", username: "u", apiintegrationcode: "c" });
      expect(request.body).toEqual({ secret: "vendor secret", title: "Insight" });
    };
    check(call(ROUTE, given));
    check(call({ method: "PUT", url: "/V1.0/IntegrationVendorInsights", ...given }));
    check(autotask.builder().route(ROUTE).param("secret", "vendor secret").params(given).build());
    check((autotask.defaults({ Secret: "s3cret", secret: "vendor secret" }) as unknown as Call)(ROUTE, given));
    check(autotask.parse(autotask.merge(ROUTE as never, given as never)));
    expect(JSON.parse(toFetch(call(ROUTE, given))[1].body as string)).toEqual({
      secret: "vendor secret",
      title: "Insight",
    });
  });

  it("a key that names no parameter exactly goes to the header it matches in any case", () => {
    const request = call(ROUTE, { SECRET: "s3cret", username: "u", secret: "vendor secret" });
    expect(request.headers).toMatchObject({ secret: "s3cret", username: "u" });
    expect(request.body).toEqual({ secret: "vendor secret" });
  });

  it("the table keeps the header under its own name beside the body field of its lower-case name", () => {
    const { parameters } = openAPIRoutes(real("autotask", "swagger.yaml"))[ROUTE]!;
    expect(parameters).toMatchObject({ Secret: "header", secret: "body", username: "header", title: "body" });
    expect(Object.hasOwn(parameters, "UserName")).toBe(false);
  });
});

describe("a JSON string body is JSON text under every JSON media type (RFC 8259), a wildcard's JSON choice included", () => {
  const description = (types: string[]) => ({
    openapi: "3.0.1",
    info: { title: "t", version: "1" },
    servers: [{ url: "https://h.example" }],
    paths: {
      "/note": {
        post: {
          requestBody: {
            content: Object.fromEntries(types.map((type) => [type, { schema: { type: "string" } }])),
          },
        },
      },
    },
  });

  it.each([
    [["application/*+json", "application/json", "text/json"], "application/json; charset=utf-8"],
    [["*/*"], "application/json; charset=utf-8"],
    [["application/json"], "application/json; charset=utf-8"],
    [["application/json; charset=utf-8"], "application/json; charset=utf-8"],
    [["application/vnd.api+json"], "application/vnd.api+json"],
  ])("%j: a string is sent quoted", (types, contentType) => {
    const api = openAPIEndpoint(description(types));
    const request = (api as unknown as Call)("POST /note", { data: "body text é" });
    expect(request.headers["content-type"]).toBe(contentType);
    expect(request.body).toBe('"body text é"');
    expect(toFetch(request)[1].body).toBe('"body text é"');
    expect(toFetch(api.builder().route("POST /note").data("body text é").build())[1].body).toBe('"body text é"');
    expect(api.parse(api.merge("POST /note" as never, { data: "body text é" } as never)).body).toBe('"body text é"');
  });

  it("Jellyfin's application/*+json (listed first) sends its array body as JSON", () => {
    const jellyfin = openAPIEndpoint(real("jellyfin", "openapi.yaml")) as unknown as Call;
    const request = jellyfin("POST /Repositories", { data: [{ Name: "stable", Enabled: true }] });
    expect(request.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(toFetch(request)[1].body).toBe('[{"Name":"stable","Enabled":true}]');
  });
});

describe("allowReserved is the value's (OpenAPI: whether the parameter value SHOULD allow reserved characters)", () => {
  // Azure's OData names, `$filter` with allowReserved beside `$top` without: both names encoded alike.
  const api = openAPIEndpoint({
    openapi: "3.0.1",
    info: { title: "t", version: "1" },
    servers: [{ url: "https://h.example" }],
    paths: {
      "/items": {
        get: {
          parameters: [
            { name: "$filter", in: "query", allowReserved: true, schema: { type: "string" } },
            { name: "$top", in: "query", schema: { type: "integer" } },
          ],
        },
      },
    },
  });

  it("the name is encoded as every name is, as RFC 6570 writes a varname; the value keeps its reserved characters", () => {
    const url = "https://h.example/items?%24filter=name%20eq%20'a/b'&%24top=5";
    const options = { $filter: "name eq 'a/b'", $top: 5 };
    expect((api as unknown as Call)("GET /items", options).url).toBe(url);
    expect(api.builder().route("GET /items").params(options).build().url).toBe(url);
    expect(api.parse(api.merge("GET /items" as never, options as never)).url).toBe(url);
    expect(toFetch(api.builder().route("GET /items").params(options).build())[0]).toBe(url);
  });
});
