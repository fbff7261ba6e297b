// A description's flaws confined to one operation cost that operation only (docs/decisions.md, "Tolerant compile"),
// extensions are no paths, a path's literal text is sent as written, and the two smaller decisions on `#` in a path
// and a multipart body without fields.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { endpoint, RequestBuilder, toFetch } from "../src/index.js";
import { openAPIEndpoint, openAPIRoutes, routeTable, skippedOperations, tableApi } from "../src/openapi.js";
import { callUnchecked, expectEndpointError } from "./support/errors.js";

const BASE = "https://api.example.com";

/** A description under test/fixtures/openapi/real/ (its README names the source and what was changed). */
function real(file: string): Record<string, unknown> {
  return parse(readFileSync(new URL(`./fixtures/openapi/real/${file}`, import.meta.url), "utf8")) as Record<
    string,
    unknown
  >;
}

function description(paths: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { openapi: "3.0.3", info: { title: "test", version: "1" }, servers: [{ url: BASE }], paths, ...extra };
}

const json = (schema: unknown = { type: "object", properties: { name: { type: "string" } } }) => ({
  schema,
});

// Each flaw as the real description writes it: loket.nl's media type, spoonacular's empty `content` key, notion's
// header parameter named "", a header name with a space, a path key with spaces (a template's placeholder path).
const FLAWED = description({
  "/employers/{employerId}": {
    get: { parameters: [{ name: "employerId", in: "path", required: true, schema: { type: "string" } }] },
    post: { requestBody: { content: { "applicationjson;version=2018-01-01": json() } } },
  },
  "/recipes/parseIngredients": { post: { requestBody: { content: { "": json() } } } },
  "/v1/pages": { post: { parameters: [{ name: "", in: "header", schema: { type: "string" } }] } },
  "/v1/users": { get: { parameters: [{ name: "Notion Version", in: "header", schema: { type: "string" } }] } },
  "/{base url}/items": { get: {} },
});

const LEFT_OUT = [
  {
    route: "POST /employers/{employerId}",
    message:
      'route table: "POST /employers/{employerId}" has the media type "applicationjson;version=2018-01-01", which is no type/subtype',
  },
  {
    route: "POST /recipes/parseIngredients",
    message: 'route table: "POST /recipes/parseIngredients" has the media type "", which is no type/subtype',
  },
  { route: "POST /v1/pages", message: 'route table: "POST /v1/pages": header name "" is not an HTTP token' },
  {
    route: "GET /v1/users",
    message: 'route table: "GET /v1/users": header name "notion version" is not an HTTP token (U+0020 at position 6)',
  },
  {
    route: "GET /{base url}/items",
    message: 'route "GET /{base url}/items" is not "<METHOD> <URL>" (one space, no spaces in the URL)',
  },
];

describe("tolerant compile (OAS 3.1.1: a flaw of one Operation Object costs that operation)", () => {
  const routes = openAPIRoutes(FLAWED);
  const api = endpoint.withRoutes(routes);

  it("compiles the other operations, which build exactly", () => {
    expect(Object.keys(routes)).toEqual(["GET /employers/{employerId}"]);
    expect(api("GET /employers/{employerId}", { employerId: "e 1" }).url).toBe(`${BASE}/employers/e%201`);
  });

  it("lists what it left out, with the message each call throws, for a program to read", () => {
    expect(skippedOperations(routes)).toEqual(LEFT_OUT);
    expect(tableApi(routes).skipped).toEqual(LEFT_OUT);
    expect(Object.isFrozen(skippedOperations(routes))).toBe(true);
    expect(skippedOperations(openAPIRoutes(description({ "/x": { get: {} } })))).toEqual([]);
    for (const notATable of [undefined, {}, { "GET /x": { url: "/x", parameters: {} } }]) {
      expectEndpointError(
        () => callUnchecked(skippedOperations, notATable),
        "ERR_INVALID_OPTIONS",
        "skippedOperations() needs an endpoint with a route table, a table from openAPIRoutes() or routeTable(), or an OpenAPI 3.0, 3.1 or 3.2 description or a Swagger 2.0 one, got",
      );
    }
  });

  it("throws the stored error when a left-out operation is called: route string, builder, defaults(), merge()/parse()", () => {
    const [first] = LEFT_OUT;
    const message = first!.message;
    expectEndpointError(() => api("POST /employers/{employerId}", { employerId: "e" }), "ERR_INVALID_OPTIONS", message);
    expectEndpointError(() => callUnchecked(api, "post /employers/{employerId}"), "ERR_INVALID_OPTIONS", message);
    expectEndpointError(
      () => api.builder().route("POST /employers/{employerId}").params({ employerId: "e" }).build(),
      "ERR_INVALID_OPTIONS",
      message,
    );
    expectEndpointError(
      () =>
        RequestBuilder.from({})
          .withRoutes(routes)
          .route("POST /employers/{employerId}")
          .params({ employerId: "e" })
          .build(),
      "ERR_INVALID_OPTIONS",
      message,
    );
    expectEndpointError(
      () => api.defaults({ method: "POST", url: "/employers/{employerId}" })({ employerId: "e" }),
      "ERR_INVALID_OPTIONS",
      message,
    );
    expectEndpointError(
      () => api.parse(api.merge("POST /employers/{employerId}", { employerId: "e" })),
      "ERR_INVALID_OPTIONS",
      message,
    );
    expectEndpointError(() => api("POST /v1/pages"), "ERR_INVALID_OPTIONS", 'route table: "POST /v1/pages": header');
    // openAPIEndpoint() binds the table again (its server variables, its credentials): the list goes with it.
    const bound = openAPIEndpoint(FLAWED, { serverVariables: {} });
    expect(bound("GET /employers/{employerId}", { employerId: "e" }).url).toBe(`${BASE}/employers/e`);
    expectEndpointError(() => callUnchecked(bound, "POST /employers/{employerId}"), "ERR_INVALID_OPTIONS", message);
  });

  it("leaves out a whole path whose Path Item is unreadable, naming the path; its methods all throw", () => {
    const table = openAPIRoutes(description({ "/ok": { get: {} }, "/x": { $ref: "#/nowhere" } }));
    expect(skippedOperations(table)).toEqual([
      { route: "/x", message: 'OpenAPI description: path "/x" has the $ref "#/nowhere", which points at nothing' },
    ]);
    expect(endpoint.withRoutes(table)("GET /ok").url).toBe(`${BASE}/ok`);
    expectEndpointError(() => endpoint.withRoutes(table)("DELETE /x"), "ERR_INVALID_OPTIONS", 'path "/x" has the $ref');
  });

  it("still refuses a description that is not one as a whole", () => {
    const refused: [unknown, string][] = [
      ["openapi: 3.0.0", "got string"],
      [{ openapi: "2.0", paths: {} }, 'openapi "2.0"'],
      [description({}, { paths: "/x" }), "paths is string, not an object"],
      [description({}, { paths: { $ref: "#/nowhere" } }), 'paths has the $ref "#/nowhere", which points at nothing'],
      [description({}, { servers: { url: BASE } }), "the description has servers that are not a list"],
      [description({}, { servers: [{ url: 5 }] }), "route table"],
      [description({}, { security: {} }), "the description has security that is not a list"],
    ];
    for (const [document, culprit] of refused) {
      expectEndpointError(() => openAPIRoutes(document), "ERR_INVALID_OPTIONS", culprit);
    }
  });

  it("takes the list in routeTable() data, as the CLI writes it, and checks it as strictly as the rest", () => {
    const skipped = [{ route: "POST /pets", message: "OpenAPI description: POST /pets has a flaw" }];
    const table = routeTable({ "GET /pets": { url: "/pets", parameters: {} } }, { skipped });
    expect(skippedOperations(table)).toEqual(skipped);
    expectEndpointError(() => endpoint.withRoutes(table)("POST /pets"), "ERR_INVALID_OPTIONS", skipped[0]!.message);
    expect(endpoint.withRoutes(table)("GET /pets").url).toBe("https://api.github.com/pets");
    const bad: [unknown, string][] = [
      [{ skipped: "POST /pets" }, "route table: skipped must be a list, got string"],
      [{ skipped: [{ route: "POST /pets" }] }, "a skipped operation must be { route, message } strings"],
      [{ skipped: [{ route: "", message: "m" }] }, "a skipped operation must be { route, message } strings"],
      [{ skipped: [{ route: "GET /pets", message: "m" }] }, '"GET /pets" is both a route and a skipped operation'],
    ];
    for (const [api, culprit] of bad) {
      expectEndpointError(
        () => callUnchecked(routeTable, { "GET /pets": { url: "/pets", parameters: {} } }, api),
        "ERR_INVALID_OPTIONS",
        culprit,
      );
    }
  });
});

describe("tolerant compile on real descriptions (OAS 3.1.1 Media Type Object: a content key is a media type)", () => {
  it('spoonacular: POST /users/connect, whose content key is "", is left out; the others build exactly', () => {
    const routes = openAPIRoutes(real("spoonacular/openapi.yaml"));
    const message = 'route table: "POST /users/connect" has the media type "", which is no type/subtype';
    expect(skippedOperations(routes)).toEqual([{ route: "POST /users/connect", message, operationId: "connectUser" }]);
    expect(Object.keys(routes)).toEqual(["POST /recipes/parseIngredients", "GET /recipes/{id}/information"]);
    const api = endpoint.withRoutes(routes);
    expect(api("GET /recipes/{id}/information", { id: 716429, includeNutrition: false }).url).toBe(
      "https://api.spoonacular.com/recipes/716429/information?includeNutrition=false",
    );
    const parsed = api("POST /recipes/parseIngredients", { ingredientList: "1 cup green tea", servings: 1 });
    expect(parsed).toMatchObject({
      url: "https://api.spoonacular.com/recipes/parseIngredients",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "ingredientList=1%20cup%20green%20tea&servings=1",
    });
    expectEndpointError(() => api("POST /users/connect", { data: {} }), "ERR_INVALID_OPTIONS", message);
  });

  it("a left-out operation called by its operationId throws what its route throws, not an unknown name", () => {
    const routes = openAPIRoutes(real("spoonacular/openapi.yaml"));
    const message = 'route table: "POST /users/connect" has the media type "", which is no type/subtype';
    const api = openAPIEndpoint(routes);
    expectEndpointError(() => api.operation("connectUser", { data: {} }), "ERR_INVALID_OPTIONS", message);
    expectEndpointError(() => api.defaults({}).operation("connectUser"), "ERR_INVALID_OPTIONS", message);
    expectEndpointError(
      () => new RequestBuilder().withRoutes(routes).operation("connectUser"),
      "ERR_INVALID_OPTIONS",
      message,
    );
    // A table as the CLI writes it carries the name in its list.
    const written = routeTable(JSON.parse(JSON.stringify(routes)), JSON.parse(JSON.stringify(tableApi(routes))));
    expectEndpointError(() => endpoint.withRoutes(written).operation("connectUser"), "ERR_INVALID_OPTIONS", message);
    expect(api.operation("getRecipeInformation", { id: 1 }).url).toBe(
      "https://api.spoonacular.com/recipes/1/information",
    );
    expectEndpointError(
      () => callUnchecked(routeTable, {}, { skipped: [{ route: "POST /x", message: "m", operationId: 7 }] }),
      "ERR_INVALID_OPTIONS",
      "operationId that is number, not a string",
    );
  });
});

describe("Specification Extensions (OAS 3.0.3 and 3.1.1: x- keys in the Paths and Responses Objects are no paths or statuses)", () => {
  it("compiles Apicurio's registry, whose Paths Object holds x-codegen-contextRoot", () => {
    const text = readFileSync(
      new URL("./fixtures/openapi/real/apicurio-registry/openapi.yaml", import.meta.url),
      "utf8",
    );
    const routes = openAPIRoutes(parse(text));
    expect(skippedOperations(routes)).toEqual([]);
    expect(Object.keys(routes)).toEqual([
      "GET /admin/config/properties/{propertyName}",
      "PUT /admin/config/properties/{propertyName}",
      "DELETE /admin/config/properties/{propertyName}",
      "GET /ids/contentHashes/{contentHash}/",
      "GET /ids/globalIds/{globalId}",
    ]);
    expect(endpoint.withRoutes(routes)("GET /ids/globalIds/{globalId}", { globalId: 7, dereference: true }).url).toBe(
      "http://apicurio.local/ids/globalIds/7?dereference=true",
    );
  });

  it("ignores an x- key among an operation's responses", () => {
    const routes = openAPIRoutes(
      description({
        "/x": { get: { responses: { "x-vendor": "text", "200": { content: { "text/csv": {} }, description: "" } } } },
      }),
    );
    expect(routes["GET /x"]!.accept).toBe("text/csv");
  });
});

describe("a path literal keeps its sub-delimiters (RFC 3986 §2.2: !$&'()*+,;=:@ are sent as written)", () => {
  // Azure Search's `/docs('{key}')` and Microsoft Graph's OData function call with a quoted parameter.
  const routes = openAPIRoutes(
    description({
      "/docs('{key}')": { get: { parameters: [{ name: "key", in: "path", required: true }] } },
      "/auditEvents/microsoft.graph.getAuditActivityTypes(category='{category}')": {
        get: { parameters: [{ name: "category", in: "path", required: true }] },
      },
      "/all/!$&'()*+,;=:@/{id}": { get: { parameters: [{ name: "id", in: "path", required: true }] } },
    }),
  );
  const api = endpoint.withRoutes(routes);
  const cases: [route: string, params: Record<string, string>, url: string][] = [
    ["GET /docs('{key}')", { key: "k 1" }, `${BASE}/docs('k%201')`],
    [
      "GET /auditEvents/microsoft.graph.getAuditActivityTypes(category='{category}')",
      { category: "a'b" },
      `${BASE}/auditEvents/microsoft.graph.getAuditActivityTypes(category='a%27b')`,
    ],
    ["GET /all/!$&'()*+,;=:@/{id}", { id: "1" }, `${BASE}/all/!$&'()*+,;=:@/1`],
  ];

  it.each(cases)("%s, through every call path", (route, params, url) => {
    const [method, path] = route.split(" ") as [string, string];
    expect(routes[route]!.url).toBe(path);
    expect(callUnchecked(api, route, params)).toMatchObject({ url });
    expect(
      api
        .builder()
        .route(route as never)
        .params(params as never)
        .build().url,
    ).toBe(url);
    expect(callUnchecked(api.defaults({ method, url: path }), params)).toMatchObject({ url });
    expect(api.parse(callUnchecked(api.merge, route, params) as never).url).toBe(url);
    expect(toFetch(callUnchecked(api, route, params) as never)[0]).toBe(url);
    // As a plain route keeps them.
    expect(endpoint(`GET ${BASE}${path}`, params).url).toBe(url);
  });
});

describe("a real OData key segment keeps its sub-delimiters (RFC 3986 §2.2), Microsoft's Security Updates API", () => {
  const routes = openAPIRoutes(real("msrc-security-updates/openapi.yaml"));
  const api = endpoint.withRoutes(routes);
  const route = "GET /Updates('{id}')";
  const url = "https://api.msrc.microsoft.com/Updates('2016-Aug')?api-version=2016-08-01";
  const params = { id: "2016-Aug", "api-version": "2016-08-01" };

  it("compiles every operation, the path as written", () => {
    expect(skippedOperations(routes)).toEqual([]);
    expect(Object.keys(routes)).toEqual(["GET /Updates", route, "GET /cvrf/{id}"]);
    expect(routes[route]!.url).toBe("/Updates('{id}')");
  });

  it("sends /Updates('…') with its ' ( ) as written, through every call path; the value's own are encoded", () => {
    expect(callUnchecked(api, route, params)).toMatchObject({ url });
    expect(api.builder().route(route).params(params).build().url).toBe(url);
    expect(callUnchecked(api.defaults({ method: "GET", url: "/Updates('{id}')" }), params)).toMatchObject({ url });
    expect(api.parse(callUnchecked(api.merge, route, params) as never).url).toBe(url);
    expect(toFetch(callUnchecked(api, route, params) as never)[0]).toBe(url);
    expect(callUnchecked(api, route, { id: "it's (x)" })).toMatchObject({
      url: "https://api.msrc.microsoft.com/Updates('it%27s%20%28x%29')",
    });
  });
});

describe("a path parameter in a path key's #fragment (mastercard): the operation is left out, as the fragment is never sent", () => {
  it("refuses that operation with a message, and builds the path's others", () => {
    const routes = openAPIRoutes(
      description({
        "/accounts#{accountId}": {
          get: { parameters: [{ name: "accountId", in: "path", required: true }] },
        },
        "/accounts#search": { post: {} },
      }),
    );
    expect(skippedOperations(routes)).toEqual([
      {
        route: "GET /accounts#{accountId}",
        message:
          'OpenAPI description: GET /accounts#{accountId} has path parameter "accountId" in its path\'s #fragment, which is never sent',
      },
    ]);
    expect(endpoint.withRoutes(routes)("POST /accounts#search").url).toBe(`${BASE}/accounts`);
    expectEndpointError(
      () => endpoint.withRoutes(routes)("GET /accounts#{accountId}", { accountId: "1" }),
      "ERR_INVALID_OPTIONS",
      "in its path's #fragment, which is never sent",
    );
  });
});

describe("a multipart body without fields (RFC 7578 §4.1: multipart/form-data needs a boundary)", () => {
  const routes = openAPIRoutes(
    description({
      "/upload": { post: { requestBody: { content: { "multipart/form-data": json({ type: "object" }) } } } },
    }),
  );
  const api = endpoint.withRoutes(routes);

  it("refuses text or bytes, which no boundary splits, naming the operation", () => {
    for (const data of ["raw", new Uint8Array([1])]) {
      expectEndpointError(() => api("POST /upload", { data }), "ERR_INVALID_PARAMETER", "POST /upload: the body is ");
    }
    expectEndpointError(
      () => api("POST /upload", { data: "raw" }),
      "ERR_INVALID_PARAMETER",
      'which "multipart/form-data" cannot carry without a boundary: pass its fields as an object or a FormData',
    );
  });

  it("sends fields or a FormData as multipart, the client writing the boundary", () => {
    const form = new FormData();
    form.append("file", "x");
    for (const options of [{ file: "x" }, { data: form }]) {
      const request = callUnchecked(api, "POST /upload", options) as never;
      const [, init] = toFetch(request);
      expect(init.body).toBeInstanceOf(FormData);
      expect(init.headers).not.toHaveProperty("content-type");
    }
  });
});
