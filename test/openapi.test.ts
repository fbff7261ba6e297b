// Route tables from OpenAPI descriptions: openAPIRoutes() and withRoutes(routes), rule by rule, then on
// four large real descriptions (test/fixtures/openapi/*/README.md) against openapi-fetch's serializers.
import { readFileSync } from "node:fs";
import {
  defaultPathSerializer,
  serializeArrayParam,
  serializeObjectParam,
  serializePrimitiveParam,
} from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { endpoint, RequestBuilder, toFetch } from "../src/index.js";
import { openAPIRoutes, routeTable } from "../src/openapi.js";
import { callUnchecked, expectEndpointError } from "./support/errors.js";
import { callSkipped } from "./support/skipped.js";

const BASE = "https://api.example.com";
const fixture = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/openapi/${path}`, import.meta.url), "utf8"));

/** A description of the given paths (and components), OpenAPI 3.1. */
function description(paths: Record<string, unknown>, components: Record<string, unknown> = {}): unknown {
  return { openapi: "3.1.0", info: { title: "test", version: "1" }, paths, components };
}

function api(paths: Record<string, unknown>, components?: Record<string, unknown>) {
  return endpoint.defaults({ baseUrl: BASE }).withRoutes(openAPIRoutes(description(paths, components)));
}

const query = (name: string, extra: Record<string, unknown> = {}) => ({ name, in: "query", ...extra });

describe("the OpenAPI Specification's style examples (3.1.2), each style and explode value", () => {
  interface Row {
    style: string;
    explode: boolean;
    empty: string | null;
    string: string | null;
    array: string | null;
    object: string | null;
  }
  const rows = fixture("style-examples/style-examples.json") as Row[];
  const VALUES = { empty: "", string: "blue", array: ["blue", "black", "brown"], object: { R: 100, G: 200, B: 150 } };
  const PATH_STYLES = new Set(["simple", "label", "matrix"]);
  const cases = rows.flatMap((row) =>
    (["empty", "string", "array", "object"] as const)
      .filter((kind) => row[kind] !== null)
      .map((kind) => [row.style, row.explode, kind, row[kind]!] as const),
  );

  it("has every row of the table", () => {
    expect(rows).toHaveLength(14);
    expect(cases.length).toBeGreaterThan(30);
  });

  it.each(cases)("%s, explode %s, %s value: %s", (style, explode, kind, expected) => {
    const value = VALUES[kind];
    if (PATH_STYLES.has(style)) {
      const call = api({
        "/p/x{color}": { get: { parameters: [{ name: "color", in: "path", required: true, style, explode }] } },
      });
      expect(call("GET /p/x{color}", { color: value }).url).toBe(`${BASE}/p/x${expected}`);
    } else {
      const call = api({ "/q": { get: { parameters: [query("color", { style, explode })] } } });
      expect(call("GET /q", { color: value }).url).toBe(`${BASE}/q?${expected}`);
    }
  });

  it("follows RFC 6570 where the 3.1.0 table did not: label without explode joins with commas", () => {
    const old = (fixture("style-examples/style-examples-3.1.0.json") as Row[]).find(
      (row) => row.style === "label" && !row.explode,
    )!;
    expect(old.array).toBe(".blue.black.brown");
    const call = api({
      "/p/x{color}": { get: { parameters: [{ name: "color", in: "path", style: "label", explode: false }] } },
    });
    expect(call("GET /p/x{color}", { color: VALUES.array }).url).toBe(`${BASE}/p/x.blue,black,brown`);
  });
});

describe("openAPIRoutes()", () => {
  it("compiles path and form query parameters into one RFC 6570 template, in declared order", () => {
    const routes = openAPIRoutes(
      description({
        "/pets/{petId}/{tags}": {
          get: {
            parameters: [
              { name: "petId", in: "path", required: true },
              { name: "tags", in: "path", style: "label", explode: true },
              query("fields", { explode: false }),
              query("limit"),
              query("filter", { style: "deepObject", explode: true }),
            ],
          },
        },
      }),
    );
    expect(routes["GET /pets/{petId}/{tags}"]).toEqual({
      url: "/pets/{petId}/{.tags*}{?fields,limit*}",
      parameters: {
        petId: "path",
        tags: "path",
        fields: "query",
        limit: "query",
        filter: { style: "deepObject", explode: true },
      },
    });
  });

  it("merges path-item parameters with the operation's, the operation's winning by name and location", () => {
    const routes = openAPIRoutes(
      description({
        "/items/{id}": {
          parameters: [{ name: "id", in: "path", required: true }, query("page"), query("sort")],
          get: { parameters: [query("sort", { explode: false }), { name: "id", in: "header" }] },
        },
      }),
    );
    expect(routes["GET /items/{id}"]).toEqual({
      url: "/items/{id}{?page*,sort}",
      parameters: { id: "path", page: "query", sort: "query" },
    });
  });

  it("resolves $refs to components: parameters, request bodies, schemas, and chains of them", () => {
    const routes = openAPIRoutes(
      description(
        {
          "/notes": {
            post: {
              parameters: [{ $ref: "#/components/parameters/Dry" }],
              requestBody: { $ref: "#/components/requestBodies/Note" },
            },
          },
        },
        {
          parameters: { Dry: { $ref: "#/components/parameters/DryRun" }, DryRun: query("dry_run") },
          requestBodies: {
            Note: { content: { "application/json": { schema: { $ref: "#/components/schemas/Note" } } } },
          },
          schemas: {
            Note: { allOf: [{ $ref: "#/components/schemas/Base" }, { properties: { text: { type: "string" } } }] },
            Base: { type: "object", properties: { "a/b": {}, title: {} } },
          },
        },
      ),
    );
    expect(routes["POST /notes"]).toEqual({
      url: "/notes{?dry_run*}",
      parameters: { dry_run: "query", "a/b": "body", title: "body", text: "body" },
      body: { type: "application/json" },
    });
  });

  it("reads a JSON pointer's escapes (~1, ~0, percent-encoding)", () => {
    const routes = openAPIRoutes(
      description(
        { "/x": { get: { parameters: [{ $ref: "#/components/parameters/a~1b~0c%20d" }] } } },
        { parameters: { "a/b~c d": query("q") } },
      ),
    );
    expect(routes["GET /x"]!.parameters).toEqual({ q: "query" });
  });

  it("keeps a path key's #fragment in the route, never in the url", () => {
    const routes = openAPIRoutes(description({ "/files/{id}#copy": { post: {} } }));
    expect(routes["POST /files/{id}#copy"]!.url).toBe("/files/{id}");
  });

  it("writes a name RFC 6570 has no varname for percent-encoded, and the call uses the name as declared", () => {
    const paths = {
      "/users/{user-id}": {
        get: { parameters: [{ name: "user-id", in: "path" }, query("DateCreated<"), query("include-total")] },
      },
    };
    expect(openAPIRoutes(description(paths))["GET /users/{user-id}"]!.url).toBe("/users/{user%2Did}");
    expect(
      api(paths)("GET /users/{user-id}", { "user-id": "a b", "DateCreated<": "2024", "include-total": true }).url,
    ).toBe(`${BASE}/users/a%20b?DateCreated%3C=2024&include-total=true`);
  });

  it("places a value given for an Accept, Content-Type or Authorization header parameter in that header, never the query", () => {
    const routes = openAPIRoutes(
      description({
        "/x": {
          get: {
            parameters: ["Accept", "Content-Type", "Authorization", "X-Trace"].map((name) => ({ name, in: "header" })),
          },
        },
      }),
    );
    expect(routes["GET /x"]!.parameters).toEqual({
      accept: "header",
      "content-type": "header",
      authorization: "header",
      "x-trace": "header",
    });
    const request = endpoint.withRoutes(routes)("GET /x", { Authorization: "Bearer secret", "X-Trace": "t" });
    expect(request.url).toBe("/x");
    expect(request.headers).toMatchObject({ authorization: "Bearer secret", "x-trace": "t" });
  });

  it("neither changes nor freezes the description", () => {
    const document = description({ "/x/{a}": { get: { parameters: [{ name: "a", in: "path" }] } } });
    const before = structuredClone(document);
    openAPIRoutes(document);
    expect(document).toEqual(before);
    expect(Object.isFrozen((document as { paths: object }).paths)).toBe(false);
  });

  it.each([
    ["a non-object", 42, "got number"],
    ["a Swagger 1.2 document", { swagger: "1.2", paths: {} }, 'swagger "1.2"'],
    ["OpenAPI 2", { openapi: "2.0", paths: {} }, 'openapi "2.0"'],
  ])("refuses %s with ERR_INVALID_OPTIONS", (_label, document, culprit) => {
    expectEndpointError(() => callSkipped(document), "ERR_INVALID_OPTIONS", culprit);
  });

  it("refuses a $ref to another document, a dangling $ref and a $ref cycle, naming the operation and the $ref", () => {
    const withRef = (ref: string, components = {}) =>
      description({ "/x": { get: { parameters: [{ $ref: ref }] } } }, components);
    expectEndpointError(
      () => callSkipped(withRef("common.yaml#/components/parameters/a")),
      "ERR_INVALID_OPTIONS",
      /GET \/x, parameter 0 has the \$ref "common.yaml#\/components\/parameters\/a" to another document: bundle/,
    );
    expectEndpointError(
      () => callSkipped(withRef("#/components/parameters/missing")),
      "ERR_INVALID_OPTIONS",
      '"#/components/parameters/missing", which points at nothing',
    );
    expectEndpointError(
      () =>
        callSkipped(withRef("#/components/parameters/a", { parameters: { a: { $ref: "#/components/parameters/a" } } })),
      "ERR_INVALID_OPTIONS",
      "$ref cycle",
    );
  });

  it("refuses a style OpenAPI does not define for the location", () => {
    expectEndpointError(
      () => callSkipped(description({ "/x": { get: { parameters: [query("a", { style: "label" })] } } })),
      "ERR_INVALID_OPTIONS",
      'query parameter "a" of style "label"',
    );
    expectEndpointError(
      () => callSkipped(description({ "/x/{a}": { get: { parameters: [{ name: "a", in: "path", style: "form" }] } } })),
      "ERR_INVALID_OPTIONS",
      'path parameter "a" of style "form"',
    );
  });
});

describe("withRoutes(routes): parameters where the description puts them", () => {
  it("sends query parameters in the url for every method, not in the body", () => {
    const call = api({
      "/images": {
        post: {
          parameters: [query("dry_run")],
          requestBody: { content: { "application/json": { schema: { properties: { name: {} } } } } },
        },
        delete: { parameters: [query("ids", { explode: false })] },
      },
    });
    const post = call("POST /images", { dry_run: true, name: "x" });
    expect(post.url).toBe(`${BASE}/images?dry_run=true`);
    expect(post.body).toEqual({ name: "x" });
    const remove = call("DELETE /images", { ids: [1, 2] });
    expect(remove.url).toBe(`${BASE}/images?ids=1,2`);
    expect(remove.body).toBeUndefined();
  });

  it('leaves an undefined value out and writes "" as `x=`, in every style', () => {
    const call = api({
      "/q": {
        get: {
          parameters: [
            query("a"),
            query("b"),
            query("c", { style: "pipeDelimited" }),
            query("d", { style: "deepObject" }),
          ],
        },
      },
    });
    expect(call("GET /q", { a: undefined, b: "", c: "", d: undefined }).url).toBe(`${BASE}/q?b=&c=`);
  });

  it("honours allowReserved", () => {
    const call = api({ "/q": { get: { parameters: [query("path", { allowReserved: true }), query("plain")] } } });
    expect(call("GET /q", { path: "a/b:c?d", plain: "a/b:c?d" }).url).toBe(
      `${BASE}/q?plain=a%2Fb%3Ac%3Fd&path=a/b:c?d`,
    );
  });

  it("writes a deepObject's nested objects as a[b][c]=v and its lists by index (as Stripe's expand[0]=…)", () => {
    const call = api({
      "/v1/customers": {
        get: {
          parameters: [
            query("created", { style: "deepObject", explode: true }),
            query("expand", { style: "deepObject", explode: true }),
          ],
        },
      },
    });
    expect(call("GET /v1/customers", { created: { gte: 1, range: { to: 2 } }, expand: ["data.a", "data.b"] }).url).toBe(
      `${BASE}/v1/customers?created%5Bgte%5D=1&created%5Brange%5D%5Bto%5D=2&expand%5B0%5D=data.a&expand%5B1%5D=data.b`,
    );
  });

  it.each([
    [
      "an object for pipeDelimited with explode",
      query("c", { style: "pipeDelimited", explode: true }),
      { a: 1 },
      "pipeDelimited",
    ],
    // A `form` parameter is in the template, whose message names the placeholder.
    ["a nested object for form", query("c"), { a: { b: 1 } }, "url placeholder: lists and objects may only hold"],
    ["a list of lists for spaceDelimited", query("c", { style: "spaceDelimited" }), [[1]], "spaceDelimited"],
    ["a Map for deepObject", query("c", { style: "deepObject" }), new Map(), "deepObject"],
  ])("refuses %s with ERR_INVALID_PARAMETER naming the parameter and the style", (_label, parameter, value, style) => {
    const call = api({ "/q": { get: { parameters: [parameter] } } });
    expectEndpointError(() => call("GET /q", { c: value }), "ERR_INVALID_PARAMETER", new RegExp(`"c".*${style}`));
  });

  it("sends header parameters given at the top level in any case, with booleans and numbers as text", () => {
    const call = api({
      "/droplets/{id}": {
        delete: {
          parameters: [
            { name: "id", in: "path" },
            { name: "X-Dangerous", in: "header" },
            { name: "X-Count", in: "header" },
            { name: "X-List", in: "header" },
          ],
        },
      },
    });
    const result = call("DELETE /droplets/{id}", { id: 3, "X-Dangerous": true, "x-count": 2, "X-List": ["a", "b"] });
    expect(result.url).toBe(`${BASE}/droplets/3`);
    expect(result.headers).toMatchObject({ "x-dangerous": "true", "x-count": "2", "x-list": "a,b" });
    expect(result.body).toBeUndefined();
    expect(call("DELETE /droplets/{id}", { id: 3, headers: { "X-Dangerous": "true" } }).headers["x-dangerous"]).toBe(
      "true",
    );
  });

  it("refuses a header parameter's value no header can carry", () => {
    const call = api({ "/x": { get: { parameters: [{ name: "X-A", in: "header" }] } } });
    expectEndpointError(() => call("GET /x", { "X-A": "a\nb" }), "ERR_INVALID_HEADER", '"X-A"');
  });

  it("writes cookie parameters into one cookie header, after one the caller gave", () => {
    const call = api({
      "/x": {
        get: {
          parameters: [
            { name: "a", in: "cookie" },
            { name: "b", in: "cookie" },
          ],
        },
      },
    });
    expect(call("GET /x", { a: 1, b: "x y" }).headers.cookie).toBe("a=1; b=x%20y");
    expect(call("GET /x", { a: 1, headers: { cookie: "s=0" } }).headers.cookie).toBe("s=0; a=1");
    expect(call("GET /x", {}).headers.cookie).toBeUndefined();
  });

  it("builds other routes, and every route without a table, by the ordinary rules", () => {
    const call = api({ "/images": { post: { parameters: [query("dry_run")] } } });
    expect(call("POST /other", { dry_run: true }).body).toEqual({ dry_run: true });
    expect(endpoint("POST /images", { baseUrl: BASE, dry_run: true }).body).toEqual({ dry_run: true });
    expect(call("GET /images", { dry_run: true }).url).toBe(`${BASE}/images?dry_run=true`);
  });
});

describe("withRoutes(routes): a declared parameter named like an option is a parameter", () => {
  const paths = {
    "/web_links": {
      post: {
        requestBody: {
          content: { "application/json": { schema: { properties: { url: {}, data: {}, method: {}, name: {} } } } },
        },
      },
    },
    "/products": { get: { parameters: [query("url"), query("headers"), query("baseUrl")] } },
  };

  it("in the body: `url`, `data` and `method` are fields, and the request still goes to the API", () => {
    const result = api(paths)("POST /web_links", { url: "https://evil.example", data: 1, method: "x", name: "n" });
    expect(result.method).toBe("post");
    expect(result.url).toBe(`${BASE}/web_links`);
    expect(result.body).toEqual({ url: "https://evil.example", data: 1, method: "x", name: "n" });
  });

  it("in the query: `url`, `headers` and `baseUrl` are query parameters", () => {
    const result = api(paths)("GET /products", { url: "u", headers: "h" as never, baseUrl: "b" });
    expect(result.url).toBe(`${BASE}/products?url=u&headers=h&baseUrl=b`);
    expect(result.headers).not.toHaveProperty("url");
  });

  it("through a builder: .param() and .params() take the declared names", () => {
    const built = new RequestBuilder()
      .baseUrl(BASE)
      .withRoutes(openAPIRoutes(description(paths)))
      .route("POST /web_links")
      .param("url", "https://a.example")
      .params({ data: 2 })
      .build();
    expect(built.url).toBe(`${BASE}/web_links`);
    expect(built.body).toEqual({ url: "https://a.example", data: 2 });
  });

  it("without the table, the option keys keep their meaning", () => {
    expect(endpoint("POST /web_links", { baseUrl: BASE, url: "https://a.example/x" }).url).toBe("https://a.example/x");
    expectEndpointError(
      () => new RequestBuilder().route("POST /web_links").param("url", "x"),
      "ERR_INVALID_PARAMETER",
      '"url" is an option',
    );
  });

  it("merge() refuses what merged options cannot hold apart, naming the parameter", () => {
    expectEndpointError(
      () => api(paths).merge("POST /web_links", { url: "x" }),
      "ERR_INVALID_OPTIONS",
      'parameter "url" has an option\'s name',
    );
  });
});

describe("withRoutes(routes): bodies by media type", () => {
  it("encodes a form body by the Encoding Object: lists as repeated keys, an object as JSON text (its default contentType), the description's encoding", () => {
    const call = api({
      "/v1/charges": {
        post: {
          requestBody: {
            content: {
              "application/x-www-form-urlencoded": {
                schema: { properties: { amount: {}, metadata: {}, expand: {}, tags: {}, ids: {} } },
                encoding: { expand: { style: "deepObject", explode: true }, ids: { explode: false } },
              },
            },
          },
        },
      },
    });
    const result = call("POST /v1/charges", {
      amount: 100,
      metadata: { order: "6735", note: "a b" },
      expand: ["customer"],
      tags: ["a", "b"],
      ids: [1, 2],
    });
    expect(result.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(result.body).toBe(
      "amount=100&metadata=%7B%22order%22%3A%226735%22%2C%22note%22%3A%22a%20b%22%7D&expand%5B0%5D=customer&tags=a&tags=b&ids=1,2",
    );
    expect(new URLSearchParams(result.body as string).get("metadata")).toBe('{"order":"6735","note":"a b"}');
  });

  it("sends multipart fields as FormData through toFetch, and takes a caller's own FormData as data", async () => {
    const call = api({
      "/files": {
        post: {
          requestBody: { content: { "multipart/form-data": { schema: { properties: { attributes: {}, file: {} } } } } },
        },
      },
    });
    const file = new Blob(["hello"], { type: "text/plain" });
    const result = call("POST /files", { attributes: { name: "a.txt" }, file });
    expect(result.headers["content-type"]).toBe("multipart/form-data");
    const [, init] = toFetch(result);
    expect(init.headers).not.toHaveProperty("content-type");
    const form = init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(await (form.get("attributes") as Blob).text()).toBe('{"name":"a.txt"}');
    expect(await (form.get("file") as Blob).text()).toBe("hello");
    const bytes = toFetch(call("POST /files", { file: new Uint8Array([104, 105]) }))[1].body as FormData;
    expect(await (bytes.get("file") as Blob).text()).toBe("hi");

    const own = new FormData();
    own.append("file", file);
    const [, ownInit] = toFetch(call("POST /files", { data: own }));
    expect(ownInit.body).toBe(own);
    expect(ownInit.headers).not.toHaveProperty("content-type");
  });

  it("sends text and binary data with the content type the description names, and JSON variants by their name", () => {
    const call = api({
      "/text": { post: { requestBody: { content: { "text/plain": {} } } } },
      "/upload": { put: { requestBody: { content: { "application/octet-stream": {} } } } },
      "/patch": {
        patch: { requestBody: { content: { "application/merge-patch+json": { schema: { properties: { a: {} } } } } } },
      },
    });
    expect(call("POST /text", { data: "hi" })).toMatchObject({ body: "hi", headers: { "content-type": "text/plain" } });
    const bytes = new Uint8Array([1]);
    expect(call("PUT /upload", { data: bytes })).toMatchObject({
      headers: { "content-type": "application/octet-stream" },
    });
    expect(call("PUT /upload", { data: bytes }).body).toBe(bytes);
    expect(call("PATCH /patch", { a: 1 })).toMatchObject({
      body: { a: 1 },
      headers: { "content-type": "application/merge-patch+json" },
    });
  });

  it("refuses body fields on a GET, as it refuses data there", () => {
    const call = api({
      "/x": { get: { requestBody: { content: { "application/json": { schema: { properties: { a: {} } } } } } } },
    });
    expectEndpointError(
      () => call("GET /x", { a: 1 }),
      "ERR_INVALID_OPTIONS",
      "a body field cannot be sent with a GET request",
    );
    expect(call("GET /x", {}).body).toBeUndefined();
  });
});

describe("withRoutes(routes): the table", () => {
  const data = { "GET /pets/{id}": { url: "/pets/{id}{?tags*}", parameters: { id: "path", tags: "query" } } } as const;

  it("takes a hand-written table through routeTable(), which copies it and neither changes nor freezes it", () => {
    const before = structuredClone(data);
    const routes = routeTable(data);
    expect(endpoint.withRoutes(routes)("GET /pets/{id}", { id: 1, tags: ["a", "b"] }).url).toBe(
      "https://api.github.com/pets/1?tags=a&tags=b",
    );
    expect(routes).toEqual(data);
    expect(routes).not.toBe(data);
    expect(data).toEqual(before);
    expect(Object.isFrozen(data)).toBe(false);
    expect(Object.isFrozen(data["GET /pets/{id}"])).toBe(false);
  });

  it("refuses a table routeTable() did not make (plain data carries none of the code that builds it)", () => {
    expectEndpointError(
      () => callUnchecked(endpoint.withRoutes, data),
      "ERR_INVALID_OPTIONS",
      "withRoutes() needs a table from routeTable(), got an object",
    );
    const builder = new RequestBuilder();
    expectEndpointError(() => callUnchecked(builder.withRoutes.bind(builder), 1), "ERR_INVALID_OPTIONS", "got number");
  });

  it("is kept by defaults() made after it, and a later table adds to an earlier one", () => {
    const more = routeTable({ "GET /owners": { url: "/owners{?name*}", parameters: { name: "query" } } });
    const both = endpoint.withRoutes(routeTable(data)).defaults({ baseUrl: BASE }).withRoutes(more);
    expect(both("GET /pets/{id}", { id: 1, tags: ["a", "b"] }).url).toBe(`${BASE}/pets/1?tags=a&tags=b`);
    expect(both("GET /owners", { name: ["x", "y"] }).url).toBe(`${BASE}/owners?name=x&name=y`);
    expect(endpoint("GET /pets/{id}", { id: 1, tags: ["a", "b"] }).url).toBe(
      "https://api.github.com/pets/1?tags=a%2Cb",
    );
  });

  it("withRoutes() without a table returns its receiver, as before", () => {
    expect(endpoint.withRoutes()).toBe(endpoint);
    const builder = new RequestBuilder();
    expect(builder.withRoutes()).toBe(builder);
  });

  it.each([
    ["not an object", 1, "route table (a plain object), got number"],
    ["a key without a method", { "/x": { url: "/x", parameters: {} } }, '"/x" has no method'],
    ["an entry without a url", { "GET /x": { parameters: {} } }, '"GET /x" has no url template'],
    ["a broken template", { "GET /x": { url: "/x{", parameters: {} } }, "ERR_INVALID_TEMPLATE"],
    ["an unknown placement", { "GET /x": { url: "/x", parameters: { a: "body2" } } }, 'parameter "a" placed by string'],
    ["a body without a type", { "GET /x": { url: "/x", parameters: {}, body: {} } }, "body without a media type"],
  ])("routeTable() refuses a table that is %s, naming the route", (_label, table, culprit) => {
    if (culprit === "ERR_INVALID_TEMPLATE") {
      expectEndpointError(() => callUnchecked(routeTable, table), "ERR_INVALID_TEMPLATE", "/x{");
    } else {
      expectEndpointError(() => callUnchecked(routeTable, table), "ERR_INVALID_OPTIONS", culprit);
    }
  });
});

describe("four large real descriptions, compiled and called", () => {
  const NAMES = ["stripe", "digitalocean", "box", "twilio"] as const;
  const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
  type Node = Record<string, any>;

  function resolve(document: Node, node: Node | undefined): Node | undefined {
    while (node?.$ref !== undefined) {
      node = (node.$ref as string)
        .slice(2)
        .split("/")
        .reduce<Node>((at, key) => at[key.replaceAll("~1", "/").replaceAll("~0", "~")], document);
    }
    return node;
  }

  /** A value of the schema's kind, flat (openapi-fetch writes no nested values). */
  function sample(document: Node, schema: Node | undefined): unknown {
    const node = resolve(document, schema) ?? {};
    const first = node.anyOf?.[0] ?? node.oneOf?.[0] ?? node.allOf?.[0];
    if (node.type === undefined && first !== undefined) return sample(document, first);
    switch (node.type) {
      case "integer":
      case "number":
        return 7;
      case "boolean":
        return true;
      case "array":
        return ["x y", "z"];
      case "object":
        return { k: "v w" };
      default:
        return "a b-c";
    }
  }

  it.each(NAMES)("%s: every operation compiles, and every call's url is openapi-fetch's", (name) => {
    const document = fixture(`${name}/${name}.json`) as Node;
    const routes = openAPIRoutes(document);
    const call = endpoint.defaults({ baseUrl: BASE }).withRoutes(routes);
    let operations = 0;
    let compared = 0;
    for (const path of Object.keys(document.paths)) {
      const item = resolve(document, document.paths[path])!;
      for (const method of METHODS.filter((m) => item[m] !== undefined)) {
        operations++;
        const route = `${method.toUpperCase()} ${path}`;
        const operation = item[method];
        const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p: Node) =>
          resolve(document, p)!,
        );
        const values: Record<string, unknown> = {};
        const pathValues: Record<string, unknown> = {};
        const pairs: string[] = [];
        const headers: Record<string, string> = {};
        let skip = false;
        for (const parameter of parameters) {
          const value = sample(document, parameter.schema);
          const style = parameter.style ?? (parameter.in === "query" ? "form" : "simple");
          const explode = parameter.explode ?? style === "form";
          if (
            parameter.in === "header" &&
            ["accept", "content-type", "authorization"].includes(parameter.name.toLowerCase())
          )
            continue;
          values[parameter.name] = value;
          if (parameter.in === "path") pathValues[parameter.name] = value;
          else if (parameter.in === "header") headers[parameter.name.toLowerCase()] = String(value);
          else if (parameter.in === "query") {
            // openapi-fetch has no deepObject for lists (Stripe's expand[0]=…): those calls are checked below.
            if (Array.isArray(value) && style === "deepObject") skip = true;
            const options = { style, explode, allowReserved: parameter.allowReserved === true };
            pairs.push(
              Array.isArray(value)
                ? serializeArrayParam(parameter.name, value, options as never)
                : typeof value === "object"
                  ? serializeObjectParam(parameter.name, value as Record<string, unknown>, options as never)
                  : serializePrimitiveParam(parameter.name, String(value), options),
            );
          }
        }
        const result = call(route, values);
        for (const [header, text] of Object.entries(headers))
          expect(result.headers[header], `${route} ${header}`).toBe(text);
        if (skip) continue;
        const bare = path.split("#")[0]!;
        const expectedPath = defaultPathSerializer(bare.replace(/<|>/g, encodeURIComponent), pathValues);
        const [actualPath, actualQuery = ""] = result.url.slice(BASE.length).split("?");
        expect(actualPath, route).toBe(expectedPath);
        // Order aside (a template's form parameters come first), `|` as the 3.1.2 table encodes it, and a name's
        // `<` or `>` encoded (openapi-fetch writes a name as it is, Twilio's `EndTime<` too).
        const split = (text: string) =>
          text
            .split("&")
            .filter(Boolean)
            .map((pair) => pair.replaceAll("|", "%7C").replaceAll("<", "%3C").replaceAll(">", "%3E"))
            .sort();
        expect(split(actualQuery!), route).toEqual(split(pairs.filter(Boolean).join("&")));
        compared++;
      }
    }
    expect(Object.keys(routes)).toHaveLength(operations);
    expect(compared).toBeGreaterThan(operations / 2);
  });

  it("Stripe: deepObject lists by index, a form body with nested metadata, a body field `url`", () => {
    const stripe = endpoint
      .defaults({ baseUrl: "https://api.stripe.com" })
      .withRoutes(openAPIRoutes(fixture("stripe/stripe.json")));
    expect(stripe("GET /v1/customers", { expand: ["data.default_source"], created: { gte: 1 }, limit: 3 }).url).toBe(
      "https://api.stripe.com/v1/customers?limit=3&expand%5B0%5D=data.default_source&created%5Bgte%5D=1",
    );
    const customer = stripe("POST /v1/customers", {
      email: "a@b.example",
      metadata: { order_id: "6735" },
      expand: ["tax"],
    });
    expect(customer.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(customer.body as string))).toEqual({
      email: "a@b.example",
      "metadata[order_id]": "6735",
      "expand[0]": "tax",
    });
    const hook = stripe("POST /v1/webhook_endpoints", {
      url: "https://hooks.example/in",
      enabled_events: ["charge.failed"],
    });
    expect(hook.url).toBe("https://api.stripe.com/v1/webhook_endpoints");
    expect(new URLSearchParams(hook.body as string).get("url")).toBe("https://hooks.example/in");
    const payout = stripe("POST /v1/payouts", { amount: 5, currency: "usd", method: "instant" });
    expect(payout.method).toBe("post");
    expect(new URLSearchParams(payout.body as string).get("method")).toBe("instant");
  });

  it("DigitalOcean: a required boolean header, a body field `data`, query arrays exploded", () => {
    const digitalocean = endpoint
      .defaults({ baseUrl: "https://api.digitalocean.com" })
      .withRoutes(openAPIRoutes(fixture("digitalocean/digitalocean.json")));
    const dangerous = digitalocean("DELETE /v2/droplets/{droplet_id}/destroy_with_associated_resources/dangerous", {
      droplet_id: 3164444,
      "X-Dangerous": true,
    });
    expect(dangerous.headers["x-dangerous"]).toBe("true");
    expect(dangerous.body).toBeUndefined();
    const record = digitalocean("POST /v2/domains/{domain_name}/records", {
      domain_name: "example.com",
      type: "A",
      name: "www",
      data: "162.10.66.0",
    });
    expect(record.url).toBe("https://api.digitalocean.com/v2/domains/example.com/records");
    expect(record.body).toEqual({ type: "A", name: "www", data: "162.10.66.0" });
    expect(
      digitalocean("GET /v2/apps/{app_id}/deployments", { app_id: "a", deployment_types: ["MANUAL", "DEPLOY_ON_PUSH"] })
        .url,
    ).toBe(
      "https://api.digitalocean.com/v2/apps/a/deployments?deployment_types=MANUAL&deployment_types=DEPLOY_ON_PUSH",
    );
  });

  it("Box: fields comma-joined, a #fragment route, header parameters, a multipart upload", async () => {
    const box = endpoint
      .defaults({ baseUrl: "https://api.box.com/2.0" })
      .withRoutes(openAPIRoutes(fixture("box/box.json")));
    expect(
      box("GET /files/{file_id}", { file_id: "12345", fields: ["name", "size"], "if-none-match": "1" }),
    ).toMatchObject({
      url: "https://api.box.com/2.0/files/12345?fields=name,size",
      headers: { "if-none-match": "1" },
    });
    expect(
      box("PUT /files/{file_id}#add_shared_link", {
        file_id: "1",
        fields: ["shared_link"],
        shared_link: { access: "open" },
      }),
    ).toMatchObject({
      url: "https://api.box.com/2.0/files/1?fields=shared_link",
      body: { shared_link: { access: "open" } },
    });
    const upload = box("POST /files/content", {
      baseUrl: "https://upload.box.com/api/2.0",
      attributes: { name: "a.txt", parent: { id: "0" } },
      file: new Blob(["hi"]),
    });
    expect(upload.url).toBe("https://upload.box.com/api/2.0/files/content");
    const form = toFetch(upload)[1].body as FormData;
    expect([...form.keys()]).toEqual(["attributes", "file"]);
    expect(JSON.parse(await (form.get("attributes") as Blob).text())).toEqual({ name: "a.txt", parent: { id: "0" } });
  });

  it("Twilio: a placeholder before .json, names with < and >, repeated form fields, Url and Method as fields", () => {
    const twilio = endpoint
      .defaults({ baseUrl: "https://api.twilio.com" })
      .withRoutes(openAPIRoutes(fixture("twilio/twilio.json")));
    expect(
      twilio("GET /2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json", { AccountSid: "AC1", Sid: "CA2" }).url,
    ).toBe("https://api.twilio.com/2010-04-01/Accounts/AC1/Calls/CA2.json");
    expect(
      twilio("GET /2010-04-01/Accounts/{AccountSid}/Calls.json", { AccountSid: "AC1", "StartTime>": "2024-01-01" }).url,
    ).toBe("https://api.twilio.com/2010-04-01/Accounts/AC1/Calls.json?StartTime%3E=2024-01-01");
    const call = twilio("POST /2010-04-01/Accounts/{AccountSid}/Calls.json", {
      AccountSid: "AC1",
      To: "+15558675310",
      From: "+15017122661",
      Url: "https://demo.twilio.com/docs/voice.xml",
      Method: "GET",
      StatusCallbackEvent: ["initiated", "answered"],
    });
    expect(call.body).toBe(
      "To=%2B15558675310&From=%2B15017122661&Url=https%3A%2F%2Fdemo.twilio.com%2Fdocs%2Fvoice.xml&Method=GET&StatusCallbackEvent=initiated&StatusCallbackEvent=answered",
    );
  });
});

describe("withRoutes(routes): the smaller rules", () => {
  const paths = {
    "/x/{id}": {
      get: { parameters: [{ name: "id", in: "path" }, { name: "X-Mode", in: "header" }, query("q")] },
      head: { parameters: [{ name: "id", in: "path" }] },
    },
  };

  it("a header parameter replaces a default header of its name", () => {
    const call = endpoint
      .defaults({ baseUrl: BASE, headers: { "x-mode": "default" } })
      .withRoutes(openAPIRoutes(description(paths)));
    expect(call("GET /x/{id}", { id: 1 }).headers["x-mode"]).toBe("default");
    expect(call("GET /x/{id}", { id: 1, "X-Mode": "fast" }).headers["x-mode"]).toBe("fast");
  });

  it("the options form finds the route by method and url too", () => {
    expect(api(paths)({ method: "GET", url: "/x/{id}", id: 2, q: ["a", "b"] }).url).toBe(`${BASE}/x/2?q=a&q=b`);
  });

  it("a lower-case method in the route finds the route", () => {
    expect(api(paths)("get /x/{id}", { id: 2, q: ["a", "b"] }).url).toBe(`${BASE}/x/2?q=a&q=b`);
  });

  it("data on a HEAD route of a table is refused as everywhere", () => {
    expectEndpointError(
      () => api(paths)("HEAD /x/{id}", { id: 1, data: "x" }),
      "ERR_INVALID_OPTIONS",
      "data cannot be sent with a HEAD request",
    );
  });
});

describe("toFetch of a multipart body", () => {
  const multipart = (body: Record<string, unknown>) => ({
    method: "POST",
    url: "/x",
    headers: { "content-type": "multipart/form-data" },
    body,
  });

  it("refuses a field a form body refuses: a lone surrogate, a function, a Symbol, NaN", () => {
    for (const [body, problem] of [
      [{ a: "a\uD800" }, 'multipart field "a" contains a lone UTF-16 surrogate'],
      [{ ["a\uD800"]: "x" }, 'multipart field "a\\ud800" has a name with a lone UTF-16 surrogate'],
      [{ f: () => 1 }, 'multipart field "f" is function, which a multipart body cannot hold'],
      [{ s: [Symbol("s")] }, 'multipart field "s" is symbol, which a multipart body cannot hold'],
      [{ n: NaN }, 'parameter "n" is NaN, not a finite number'],
    ] as const) {
      expectEndpointError(() => toFetch(multipart(body)), "ERR_INVALID_PARAMETER", problem);
    }
    const sent = toFetch(multipart({ a: "é", n: 1, b: true, big: 2n }))[1].body as FormData;
    expect([...sent.entries()]).toEqual([
      ["a", "é"],
      ["n", "1"],
      ["b", "true"],
      ["big", "2"],
    ]);
  });

  it("names the field and multipart when a field's JSON cannot be written", () => {
    expectEndpointError(
      () => toFetch(multipart({ meta: new Map() })),
      "ERR_INVALID_PARAMETER",
      'multipart field "meta" cannot be serialised: it holds a Map, which JSON writes as {}',
    );
  });

  it("refuses a sparse list at its first hole, whatever its length", () => {
    const options = {
      method: "POST",
      url: "/x",
      headers: { "content-type": "multipart/form-data" },
      body: { files: Array(2 ** 32 - 1) },
    };
    expectEndpointError(
      () => toFetch(options),
      "ERR_INVALID_PARAMETER",
      'multipart field "files" contains a sparse array (a hole at index 0)',
    );
  });
});

describe("hostile descriptions, tables and values (each found by a review)", () => {
  it("refuses a header or cookie name no request can carry, and a media type no header can", () => {
    expectEndpointError(
      () => routeTable({ "GET /x": { url: "/x", parameters: { "a=b;\r\nX-Evil: 1": "cookie" } } }),
      "ERR_INVALID_OPTIONS",
      "which is no token",
    );
    expectEndpointError(
      () => routeTable({ "GET /x": { url: "/x", parameters: { "bad name\r\n": "header" } } }),
      "ERR_INVALID_HEADER",
      "is not an HTTP token",
    );
    expectEndpointError(
      () => routeTable({ "POST /x": { url: "/x", parameters: {}, body: { type: "text/plain\r\nX-Evil: 1" } } }),
      "ERR_INVALID_HEADER",
      '"content-type"',
    );
    expectEndpointError(
      () => callSkipped(description({ "/x": { get: { parameters: [{ name: "X Bad", in: "header" }] } } })),
      "ERR_INVALID_OPTIONS",
      '"x bad"',
    );
  });

  it("reads schemas that share $refs at every level once each (no exponential walk)", () => {
    // Each schema counts the reads of its properties: a walk of every path through the parts would read
    // S0's 2^80 times (and never end); one read per schema is 41 reads in all.
    let reads = 0;
    const counted = (properties: object, parts: object = {}) => ({
      ...parts,
      get properties() {
        reads++;
        return properties;
      },
    });
    const schemas: Record<string, unknown> = { S0: counted({ leaf: {} }) };
    for (let level = 1; level <= 40; level++) {
      const ref = { $ref: `#/components/schemas/S${level - 1}` };
      schemas[`S${level}`] = counted({ [`f${level}`]: {} }, { allOf: [ref, ref], anyOf: [ref, ref] });
    }
    schemas.Loop = { anyOf: [{ $ref: "#/components/schemas/Loop" }, { $ref: "#/components/schemas/Loop" }] };
    const body = (ref: string) => ({ requestBody: { content: { "application/json": { schema: { $ref: ref } } } } });
    const routes = openAPIRoutes(
      description(
        { "/a": { post: body("#/components/schemas/S40") }, "/b": { post: body("#/components/schemas/Loop") } },
        { schemas },
      ),
    );
    expect(reads).toBe(41);
    expect(Object.keys(routes["POST /a"]!.parameters)).toHaveLength(41);
    expect(routes["POST /b"]!.parameters).toEqual({});
  });

  it("takes 3.1's boolean schemas and a chain of 20 000 $refs, and refuses a $ref that is no UTF-8", () => {
    expect(
      openAPIRoutes(
        description({ "/x": { post: { requestBody: { content: { "application/json": { schema: true } } } } } }),
      )["POST /x"]!.body,
    ).toEqual({ type: "application/json" });
    const parameters: Record<string, unknown> = { P0: query("q") };
    for (let i = 1; i <= 20_000; i++) parameters[`P${i}`] = { $ref: `#/components/parameters/P${i - 1}` };
    const chained = openAPIRoutes(
      description({ "/x": { get: { parameters: [{ $ref: "#/components/parameters/P20000" }] } } }, { parameters }),
    );
    expect(chained["GET /x"]!.url).toBe("/x{?q*}");
    expectEndpointError(
      () => callSkipped(description({ "/x": { get: { parameters: [{ $ref: "#/%E0" }] } } })),
      "ERR_INVALID_OPTIONS",
      "no UTF-8",
    );
  });

  it("a name declared in several locations is the path's, then the query's, the header's, the cookie's, in any order", () => {
    const id = (location: string) => ({ name: "id", in: location });
    for (const order of [
      ["header", "path"],
      ["path", "header"],
      ["query", "path"],
      ["cookie", "query", "path", "header"],
    ]) {
      const call = api({ "/a/{id}": { get: { parameters: order.map(id) } } });
      const result = call("GET /a/{id}", { id: 7 });
      expect(result.url).toBe(`${BASE}/a/7`);
      expect(result.headers.id).toBeUndefined();
      expect(result.headers.cookie).toBeUndefined();
    }
    // A placeholder no parameter declares is the path's too.
    expect(api({ "/b/{id}": { get: { parameters: [query("id")] } } })("GET /b/{id}", { id: 7 }).url).toBe(
      `${BASE}/b/7`,
    );
    for (const order of [
      [{ name: "page", in: "header" }, query("page"), { name: "page", in: "cookie" }],
      [{ name: "page", in: "cookie" }, { name: "Page", in: "header" }, query("page")],
    ]) {
      const paged = api({ "/y": { get: { parameters: order } } })("GET /y", { page: 5 });
      expect(paged.url).toBe(`${BASE}/y?page=5`);
      expect(paged.headers.page).toBeUndefined();
      expect(paged.headers.cookie).toBeUndefined();
    }
    for (const order of [
      [
        { name: "s", in: "cookie" },
        { name: "S", in: "header" },
      ],
      [
        { name: "S", in: "header" },
        { name: "s", in: "cookie" },
      ],
    ]) {
      const result = api({ "/z": { get: { parameters: order } } })("GET /z", { s: 1 });
      expect(result.headers.s).toBe("1");
      expect(result.headers.cookie).toBeUndefined();
    }
  });

  it("a body field named like a parameter is that parameter", () => {
    const call = api({
      "/x/{id}": {
        post: {
          parameters: [{ name: "id", in: "path" }],
          requestBody: { content: { "application/json": { schema: { properties: { id: {}, name: {} } } } } },
        },
      },
    });
    expect(call("POST /x/{id}", { id: 5, name: "n" })).toMatchObject({ url: `${BASE}/x/5`, body: { name: "n" } });
  });

  it("a path parameter the path does not name is left to the ordinary rules; an undeclared {user-id} is filled", () => {
    const call = api({
      "/pets/{petId}": { get: { parameters: [{ name: "petid", in: "path" }] } },
      "/users/{user-id}": { get: {} },
    });
    expect(call("GET /pets/{petId}", { petId: 1, petid: 5 }).url).toBe(`${BASE}/pets/1?petid=5`);
    expect(call("GET /users/{user-id}", { "user-id": "a" }).url).toBe(`${BASE}/users/a`);
    expectEndpointError(
      () => routeTable({ "GET /x": { url: "/x", parameters: { id: "path" } } }),
      "ERR_INVALID_OPTIONS",
      'places parameter "id" in its template, which has no such variable',
    );
  });

  it("encodes a form body whose media type has parameters or another case", () => {
    const call = api({
      "/x": {
        post: {
          requestBody: {
            content: { "Application/X-WWW-Form-Urlencoded; charset=utf-8": { schema: { properties: { m: {} } } } },
          },
        },
      },
    });
    expect(call("POST /x", { m: { k: "v" } }).body).toBe("m=%7B%22k%22%3A%22v%22%7D");
  });

  it("sends JSON where the description names only a wildcard media type", () => {
    const call = api({
      "/x": { post: { requestBody: { content: { "*/*": { schema: { properties: { a: {} } } } } } } },
    });
    expect(call("POST /x", { a: 1 }).headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  it("matches a cookie's name exactly, a header's in any case", () => {
    const call = api({
      "/x": {
        get: {
          parameters: [
            { name: "sess", in: "cookie" },
            { name: "X-A", in: "header" },
          ],
        },
      },
    });
    const result = call("GET /x", { SESS: 1, "x-a": 2 });
    expect(result.headers.cookie).toBeUndefined();
    expect(result.url).toBe(`${BASE}/x?SESS=1`);
    expect(result.headers["x-a"]).toBe("2");
  });

  it("refuses a sparse list in every style our code writes, at its first hole, whatever its length", () => {
    const sparse = Array(2 ** 32 - 1);
    sparse[5] = 1;
    const call = api({
      "/x": {
        get: {
          parameters: [
            query("p", { style: "pipeDelimited" }),
            query("d", { style: "deepObject" }),
            { name: "H", in: "header" },
          ],
        },
      },
    });
    for (const values of [{ p: sparse }, { d: { a: sparse } }, { H: sparse }]) {
      expectEndpointError(() => call("GET /x", values), "ERR_INVALID_PARAMETER", "sparse array (a hole at index 0)");
    }
  });

  it("writes a deepObject list of 200 000 items without overflowing the stack", () => {
    const call = api({ "/x": { get: { parameters: [query("d", { style: "deepObject" })] } } });
    expect(call("GET /x", { d: { a: Array(200_000).fill(1) } }).url.length).toBeGreaterThan(200_000);
  });

  it("refuses a withRoutes() argument that only looks like a table, or is a revoked Proxy", () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    for (const fake of [proxy, { [Symbol.for("fluent-endpoint.routeTable")]: 1 }]) {
      expectEndpointError(
        () => callUnchecked(endpoint.withRoutes, fake),
        "ERR_INVALID_OPTIONS",
        "needs a table from routeTable()",
      );
    }
  });
});

describe("what a table trusts about its data: nothing, every field read once and checked", () => {
  /** An object whose `field` answers `first` to its first read and `later` to every other, counting the reads. */
  function turning(field: string, first: unknown, later: unknown, rest: Record<string, unknown> = {}) {
    const counter = { reads: 0 };
    const object = Object.defineProperty({ ...rest }, field, {
      enumerable: true,
      get: () => (counter.reads++ === 0 ? first : later),
    });
    return { object, counter };
  }

  it("a body type that turns into a header injection after its check is sent as checked", () => {
    const { object: body, counter } = turning("type", "text/plain", "text/plain\r\nX-Injected: 1");
    const routes = routeTable({ "POST /x": { url: "/x", parameters: { a: "body" }, body: body as never } });
    const result = endpoint.withRoutes(routes)("POST /x", { data: "hi" });
    expect(result.headers["content-type"]).toBe("text/plain");
    expect(counter.reads).toBe(1);
  });

  it("a placement's style, explode and allowReserved are each read once", () => {
    const style = turning("style", "form", "constructor", { explode: false });
    const routes = routeTable({ "GET /x": { url: "/x", parameters: { a: style.object as never } } });
    expect(endpoint.withRoutes(routes)("GET /x", { a: [1, 2] }).url).toBe("https://api.github.com/x?a=1,2");
    expect(style.counter.reads).toBe(1);
  });

  it("a parameter style that turns into `constructor` after its check never reaches the url", () => {
    const { object: parameter, counter } = turning("style", "simple", "constructor", { name: "id", in: "path" });
    const call = api({ "/x/{id}": { get: { parameters: [parameter] } } });
    expect(call("GET /x/{id}", { id: 7 }).url).toBe(`${BASE}/x/7`);
    expect(counter.reads).toBe(1);
  });

  it("a table's routes cannot change once made: its entries, its runtime and the table are frozen", () => {
    const TABLE = Symbol.for("fluent-endpoint.routeTable");
    const routes = routeTable({ "GET /x": { url: "/x", parameters: {} } });
    const runtime = Reflect.get(routes, TABLE) as Record<string, unknown>;
    const evil = { url: "https://evil.example/x", parameters: {} };
    expect(() => Reflect.apply(Map.prototype.set, runtime.entries, ["GET /x", evil])).toThrow(TypeError);
    expect(Reflect.set(runtime.entries as object, "GET /x", evil)).toBe(false);
    expect(Reflect.set(runtime, "entries", { "GET /x": evil })).toBe(false);
    expect(Reflect.defineProperty(routes, TABLE, { value: { entries: { "GET /x": evil } } })).toBe(false);
    expect(endpoint.withRoutes(routes)("GET /x").url).toBe("https://api.github.com/x");
  });

  it("a forged table is ERR_INVALID_OPTIONS at withRoutes(), not a TypeError at call time", () => {
    const TABLE = Symbol.for("fluent-endpoint.routeTable");
    const entry = { url: "https://evil.example/x", parameters: {} };
    const noop = () => "";
    for (const forged of [
      { [TABLE]: { entries: new Map([["GET /x", entry]]) } },
      { [TABLE]: { entries: { "GET /x": entry }, values: noop, placeParameter: noop, writeBody: noop } },
      { [TABLE]: { entries: null, values: noop, placeParameter: noop, writeBody: noop } },
    ]) {
      expectEndpointError(
        () => callUnchecked(endpoint.withRoutes, forged),
        "ERR_INVALID_OPTIONS",
        "needs a table from routeTable()",
      );
      expectEndpointError(
        () => RequestBuilder.from({}).withRoutes(forged as never),
        "ERR_INVALID_OPTIONS",
        "needs a table from routeTable()",
      );
    }
  });

  it("refuses a parameter name with a lone surrogate when the table is made", () => {
    expectEndpointError(
      () => callSkipped(description({ "/p/{id\uD800}": { get: { parameters: [{ name: "id\uD800", in: "path" }] } } })),
      "ERR_INVALID_OPTIONS",
      'route table: "GET /p/{id\\ud800}" has the parameter name "id\\ud800", which holds a lone UTF-16 surrogate',
    );
  });

  it("refuses a media type that is no type/subtype, naming the operation", () => {
    const body = (type: string) => ({ post: { requestBody: { content: { [type]: { schema: {} } } } } });
    expectEndpointError(
      () => callSkipped(description({ "/x": body("") })),
      "ERR_INVALID_OPTIONS",
      'route table: "POST /x" has the media type "", which is no type/subtype',
    );
    for (const type of ["json", "a/b/c", "text/ plain", "(a)/b"]) {
      expectEndpointError(
        () => callSkipped(description({ "/x": body(type) })),
        "ERR_INVALID_OPTIONS",
        "no type/subtype",
      );
    }
    expectEndpointError(
      () => callSkipped(description({ "/x": body("application/vnd.x€+json") })),
      "ERR_INVALID_OPTIONS",
      'route table: "POST /x" has the media type "application/vnd.x€+json": header "content-type" has a value with U+20AC',
    );
    expect(openAPIRoutes(description({ "/x": body("text/plain; charset=utf-8") }))["POST /x"]!.body).toEqual({
      type: "text/plain; charset=utf-8",
    });
  });
});

describe("hostile descriptions: read as written, each $ref resolved once, each shared schema stored once", () => {
  it("reads an RFC 6570 operator in a description's path as part of the name, never as an operator", () => {
    // The route map's types read the route string as RFC 6570 (`{+path}` is `path`), so these calls go untyped.
    const url = (call: unknown, route: string, options: object) =>
      (callUnchecked(call, route, options) as { url: string }).url;
    const call = api({ "/files/{+path}": { get: {} } });
    expect(url(call, "GET /files/{+path}", { "+path": "b?admin=1#frag" })).toBe(`${BASE}/files/b%3Fadmin%3D1%23frag`);
    // `path` is not the parameter `+path`, which has no value then: another operation's url (`/files`) is never made.
    expectEndpointError(
      () => url(call, "GET /files/{+path}", { path: "b?admin=1#frag" }),
      "ERR_MISSING_PARAMETER",
      'GET /files/{+path}: path parameter "+path" has no value',
    );
    const reserved = api({ "/r/{#x}/{.y}": { get: { parameters: [{ name: "#x", in: "path" }] } } });
    expect(url(reserved, "GET /r/{#x}/{.y}", { "#x": "a/b#c", ".y": "d" })).toBe(`${BASE}/r/a%2Fb%23c/d`);
  });

  it("resolves each $ref once: 1 000 operations on the head of one chain of 1 000 $refs read each link once", () => {
    let reads = 0;
    const parameters: Record<string, unknown> = { P0: query("q") };
    for (let i = 1; i <= 1_000; i++) {
      parameters[`P${i}`] = {
        get $ref() {
          reads++;
          return `#/components/parameters/P${i - 1}`;
        },
      };
    }
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 1_000; i++) {
      paths[`/x${i}`] = { get: { parameters: [{ $ref: "#/components/parameters/P1000" }] } };
    }
    const routes = openAPIRoutes(description(paths, { parameters }));
    expect(reads).toBe(1_000);
    expect(routes["GET /x999"]!.url).toBe("/x999{?q*}");
  });

  it("stores a body schema that many operations share once, however many fields it has", () => {
    for (const n of [100, 1_000]) {
      const properties: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) properties[`f${i}`] = {};
      const paths: Record<string, unknown> = {};
      const body = { requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/S" } } } } };
      for (let i = 0; i < n; i++) paths[`/x${i}`] = { post: body };
      const routes = openAPIRoutes(description(paths, { schemas: { S: { properties } } }));
      const stored = new Set(Object.values(routes).map((entry) => entry.parameters));
      expect([...stored].reduce((fields, parameters) => fields + Object.keys(parameters).length, 0)).toBe(n);
      expect(routes[`POST /x${n - 1}`]!.parameters[`f${n - 1}`]).toBe("body");
    }
  });

  it("compiles operations sharing a body of many fields in time linear in them (a ratio, not a time)", () => {
    const compile = (n: number) => {
      const properties: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) properties[`f${i}`] = {};
      const paths: Record<string, unknown> = {};
      const body = { requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/S" } } } } };
      for (let i = 0; i < n; i++) paths[`/x${i}`] = { post: body };
      const document = description(paths, { schemas: { S: { properties } } });
      const started = performance.now();
      openAPIRoutes(document);
      return performance.now() - started;
    };
    const median = (n: number) => [compile(n), compile(n), compile(n)].sort((a, b) => a - b)[1]!;
    compile(1_000);
    // Four times the operations and fields: linear, about 4 times as long; quadratic (every operation reading every
    // field, as it once did), 16 times.
    expect(median(8_000) / median(2_000)).toBeLessThan(10);
  });

  it("compiles 16 000 path parameters in about the time of 16 000 query parameters (a ratio, not a time)", () => {
    const n = 16_000;
    const names = Array.from({ length: n }, (_, i) => `p${i}`);
    const compile = (location: "path" | "query") => {
      const path = location === "path" ? `/x/${names.map((name) => `{${name}}`).join("/")}` : "/x";
      const parameters = names.map((name) => ({ name, in: location }));
      const started = performance.now();
      const routes = openAPIRoutes(description({ [path]: { get: { parameters } } }));
      const took = performance.now() - started;
      expect(Object.keys(routes[`GET ${path}`]!.parameters)).toHaveLength(n);
      return took;
    };
    const median = (location: "path" | "query") =>
      [compile(location), compile(location), compile(location)].sort((a, b) => a - b)[1]!;
    // Quadratic, the path took 80 times as long as the query; linear, 1–3 times (bench/adversarial.mjs reports it).
    expect(median("path") / median("query")).toBeLessThan(8);
  });

  it("refuses a revoked Proxy as an operation's parameters, an allOf list or a node on a $ref's path", () => {
    const revoked = () => {
      const { proxy, revoke } = Proxy.revocable([], {});
      revoke();
      return proxy;
    };
    const schema = (value: unknown) => ({
      post: { requestBody: { content: { "application/json": { schema: value } } } },
    });
    for (const [paths, components] of [
      [{ "/x": { get: { parameters: revoked() } } }, {}],
      [{ "/x": schema({ allOf: revoked() }) }, {}],
      [{ "/x": schema({ $ref: "#/components/schemas/list/0" }) }, { schemas: { list: revoked() } }],
      [{ "/x": schema({ properties: revoked() }) }, {}],
    ] as const) {
      expectEndpointError(() => callSkipped(description(paths, components)), "ERR_INVALID_OPTIONS", "revoked Proxy");
    }
  });

  it("refuses a $ref to an anchor: it points at nothing, never at the whole document", () => {
    expectEndpointError(
      () => callSkipped(description({ "/x": { $ref: "#pets" } })),
      "ERR_INVALID_OPTIONS",
      'path "/x" has the $ref "#pets", which points at nothing',
    );
  });

  it.each(["constructor", "toString", "__proto__", "hasOwnProperty"])(
    "names the parameter and its style for a path style %j",
    (style) => {
      expectEndpointError(
        () => callSkipped(description({ "/x/{id}": { get: { parameters: [{ name: "id", in: "path", style }] } } })),
        "ERR_INVALID_OPTIONS",
        `OpenAPI description: GET /x/{id} has path parameter "id" of style "${style}"`,
      );
    },
  );

  it("reads a `#` inside {…} as part of a name, and names the path and operation of a path that makes no template", () => {
    const call = api({ "/p/{a#b}#copy": { get: { parameters: [{ name: "a#b", in: "path" }] } } });
    expect(call("GET /p/{a#b}#copy", { "a#b": "x" }).url).toBe(`${BASE}/p/x`);
    expectEndpointError(
      () => callSkipped(description({ "/p/{a": { get: {} } })),
      "ERR_INVALID_OPTIONS",
      'OpenAPI description: GET /p/{a has the path "/p/{a", which makes no url template (url template "/p/{a": ',
    );
  });
});

describe("cookie parameters through a route table", () => {
  it("keeps both a cookie parameter and a header parameter named Cookie, in either order", () => {
    const session = { name: "session", in: "cookie" };
    const cookie = { name: "Cookie", in: "header" };
    for (const [parameters, expected] of [
      [[session, cookie], "session=s1; theme=dark"],
      [[cookie, session], "session=s1; theme=dark"],
    ] as const) {
      const call = api({ "/x": { get: { parameters } } });
      expect(call("GET /x", { session: "s1", Cookie: "theme=dark" }).headers.cookie).toBe(expected);
    }
    const call = api({ "/x": { get: { parameters: [session, cookie] } } });
    expect(call("GET /x", { Cookie: "theme=dark", session: "s1" }).headers.cookie).toBe("theme=dark; session=s1");
  });

  it("encodes a cookie value's characters beyond Latin-1 as UTF-8, as it does é", () => {
    const call = api({ "/x": { get: { parameters: [{ name: "sid", in: "cookie" }] } } });
    expect(call("GET /x", { sid: "€" }).headers.cookie).toBe("sid=%E2%82%AC");
    expect(call("GET /x", { sid: "é" }).headers.cookie).toBe("sid=%C3%A9");
  });
});
