// Swagger 2.0 descriptions in openAPIRoutes(): each call built from a 2.0 description is the call built from the
// OpenAPI 3.0 description written by hand for it, and the exact request is the one the 2.0 text describes.
import { describe, expect, it } from "vitest";
import { endpoint, toFetch, type RequestOptions } from "../src/index.js";
import { openAPIRoutes } from "../src/openapi.js";
import { expectEndpointError } from "./support/errors.js";
import { callSkipped } from "./support/skipped.js";

const INFO = { title: "test", version: "1" };

function swagger(paths: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { swagger: "2.0", info: INFO, host: "api.example.com", basePath: "/v1", schemes: ["https"], paths, ...extra };
}

function openapi(paths: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { openapi: "3.0.3", info: INFO, servers: [{ url: "https://api.example.com/v1" }], paths, ...extra };
}

/** A request as it goes out: the options, and for a multipart body the FormData entries toFetch sends. */
function sent(request: RequestOptions): unknown {
  const body = toFetch(request)[1].body;
  return { ...request, form: body instanceof FormData ? [...body.entries()] : undefined };
}

/**
 * Each call built from the 2.0 description and from its hand-written 3.0 equivalent (with no `baseUrl` of the
 * caller's, so the description's server counts wherever the table carries it); returns the calls' requests.
 */
function expectSameCalls(
  two: Record<string, unknown>,
  three: Record<string, unknown>,
  calls: [route: string, parameters: Record<string, unknown>][],
): RequestOptions[] {
  const fromTwo = endpoint.withRoutes(openAPIRoutes(two));
  const fromThree = endpoint.withRoutes(openAPIRoutes(three));
  return calls.map(([route, parameters]) => {
    const request = fromTwo(route, parameters);
    expect({ route, request: sent(request) }).toEqual({ route, request: sent(fromThree(route, parameters)) });
    return request;
  });
}

const array = (name: string, location: string, extra: Record<string, unknown> = {}) => ({
  name,
  in: location,
  type: "array",
  items: { type: "string" },
  ...extra,
});

describe("Swagger 2.0: collectionFormat is the 3.0 style and explode it stands for", () => {
  const IDS = ["1", "2", "a b"];

  it.each([
    ["csv", { style: "form", explode: false }, "ids=1,2,a%20b"],
    ["ssv", { style: "spaceDelimited", explode: false }, "ids=1%202%20a%20b"],
    ["pipes", { style: "pipeDelimited", explode: false }, "ids=1%7C2%7Ca%20b"],
    ["multi", { style: "form", explode: true }, "ids=1&ids=2&ids=a%20b"],
    [undefined, { style: "form", explode: false }, "ids=1,2,a%20b"],
  ])("a query array of collectionFormat %s is %j: ?%s", (format, style, expected) => {
    const two = swagger({ "/items": { get: { parameters: [array("ids", "query", { collectionFormat: format })] } } });
    const three = openapi({
      "/items": { get: { parameters: [{ name: "ids", in: "query", schema: { type: "array" }, ...style }] } },
    });
    const [request] = expectSameCalls(two, three, [["GET /items", { ids: IDS }]]);
    expect(request!.url).toBe(`https://api.example.com/v1/items?${expected}`);
  });

  it("a path or header array of collectionFormat csv (or none) is simple: 1,2", () => {
    const two = swagger({
      "/items/{ids}": {
        get: {
          parameters: [array("ids", "path", { required: true, collectionFormat: "csv" }), array("X-Tags", "header")],
        },
      },
    });
    const three = openapi({
      "/items/{ids}": {
        get: {
          parameters: [
            { name: "ids", in: "path", required: true, schema: { type: "array" } },
            { name: "X-Tags", in: "header", schema: { type: "array" } },
          ],
        },
      },
    });
    const [request] = expectSameCalls(two, three, [["GET /items/{ids}", { ids: ["1", "2"], "x-tags": ["a", "b"] }]]);
    expect(request!.url).toBe("https://api.example.com/v1/items/1,2");
    expect(request!.headers["x-tags"]).toBe("a,b");
  });

  it.each([
    ["query", "tsv", "csv, ssv, pipes, multi"],
    ["formData", "tsv", "csv, ssv, pipes, multi"],
    ["path", "ssv", "csv"],
    ["path", "pipes", "csv"],
    ["header", "tsv", "csv"],
    ["header", "multi", "csv"],
  ])(
    "a %s array of collectionFormat %s, which no 3.0 style writes, leaves its operation out, a call of it ERR_INVALID_OPTIONS naming it",
    (location, format, supported) => {
      const two = swagger({
        "/items/{ids}": {
          post: { parameters: [array("ids", location, { required: true, collectionFormat: format })] },
          delete: {},
        },
      });
      // docs/decisions.md, "Tolerant compile": that operation is left out, its path's others compiled.
      expect(Object.keys(openAPIRoutes(two))).toEqual(["DELETE /items/{ids}"]);
      expectEndpointError(
        () => callSkipped(two),
        "ERR_INVALID_OPTIONS",
        `OpenAPI description: POST /items/{ids} has ${location} parameter "ids" with collectionFormat "${format}", which OpenAPI 3.0 has no style for: change it to ${supported}`,
      );
    },
  );

  it("a collectionFormat on a parameter that is no array changes nothing", () => {
    const two = swagger({
      "/items": { get: { parameters: [{ name: "q", in: "query", type: "string", collectionFormat: "tsv" }] } },
    });
    const three = openapi({
      "/items": { get: { parameters: [{ name: "q", in: "query", schema: { type: "string" } }] } },
    });
    expectSameCalls(two, three, [["GET /items", { q: "a b" }]]);
  });
});

describe("Swagger 2.0: in: formData is a form body of the consumes type", () => {
  const formFields = [
    { name: "name", in: "formData", type: "string", required: true },
    array("tags", "formData", { collectionFormat: "multi" }),
    array("ids", "formData", { collectionFormat: "csv" }),
    array("words", "formData", { collectionFormat: "ssv" }),
    array("codes", "formData", { collectionFormat: "pipes" }),
  ];
  const formSchema = {
    type: "object",
    required: ["name"],
    properties: {
      name: { type: "string" },
      tags: { type: "array" },
      ids: { type: "array" },
      words: { type: "array" },
      codes: { type: "array" },
    },
  };
  const formEncoding = {
    ids: { style: "form", explode: false },
    words: { style: "spaceDelimited", explode: false },
    codes: { style: "pipeDelimited", explode: false },
  };
  const VALUES = { name: "Rex", tags: ["a", "b"], ids: [1, 2], words: ["x", "y"], codes: ["p", "q"] };

  it("application/x-www-form-urlencoded: each field by its collectionFormat", () => {
    const two = swagger({
      "/pets": { post: { consumes: ["application/x-www-form-urlencoded"], parameters: formFields } },
    });
    const three = openapi({
      "/pets": {
        post: {
          requestBody: {
            content: { "application/x-www-form-urlencoded": { schema: formSchema, encoding: formEncoding } },
          },
        },
      },
    });
    const [request] = expectSameCalls(two, three, [["POST /pets", VALUES]]);
    expect(request!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(request!.body).toBe("name=Rex&tags=a&tags=b&ids=1,2&words=x%20y&codes=p%7Cq");
  });

  it("multipart/form-data with a type: file field, sent as FormData parts", () => {
    const two = swagger({
      "/pets/{petId}/image": {
        post: {
          consumes: ["multipart/form-data"],
          parameters: [
            { name: "petId", in: "path", required: true, type: "integer" },
            { name: "file", in: "formData", type: "file", required: true },
            { name: "caption", in: "formData", type: "string" },
          ],
        },
      },
    });
    const three = openapi({
      "/pets/{petId}/image": {
        post: {
          parameters: [{ name: "petId", in: "path", required: true, schema: { type: "integer" } }],
          requestBody: {
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  required: ["file"],
                  properties: { file: { type: "string", format: "binary" }, caption: { type: "string" } },
                },
              },
            },
          },
        },
      },
    });
    const file = new Blob(["png"], { type: "image/png" });
    const [request] = expectSameCalls(two, three, [["POST /pets/{petId}/image", { petId: 7, file, caption: "me" }]]);
    expect(request!.url).toBe("https://api.example.com/v1/pets/7/image");
    expect(request!.headers["content-type"]).toBe("multipart/form-data");
    const form = toFetch(request!)[1].body as FormData;
    expect(form.get("caption")).toBe("me");
    expect(form.get("file")).toBeInstanceOf(Blob);
  });

  it("form fields under a consumes that names no form type (or none) are multipart", () => {
    const fields = [{ name: "name", in: "formData", type: "string" }];
    const three = openapi({
      "/pets": {
        post: {
          requestBody: {
            content: {
              "multipart/form-data": { schema: { type: "object", properties: { name: { type: "string" } } } },
            },
          },
        },
      },
    });
    for (const two of [
      swagger({ "/pets": { post: { parameters: fields } } }),
      swagger({ "/pets": { post: { parameters: fields } } }, { consumes: ["application/json"] }),
    ]) {
      const [request] = expectSameCalls(two, three, [["POST /pets", { name: "Rex" }]]);
      expect(request!.headers["content-type"]).toBe("multipart/form-data");
    }
  });

  it("form fields of the path item go to each of its operations, an operation's own of the same name winning", () => {
    const two = swagger({
      "/pets": {
        parameters: [{ name: "name", in: "formData", type: "string" }, array("ids", "formData")],
        post: {
          consumes: ["application/x-www-form-urlencoded"],
          parameters: [{ name: "age", in: "formData", type: "integer" }],
        },
        put: {
          consumes: ["application/x-www-form-urlencoded"],
          parameters: [array("ids", "formData", { collectionFormat: "multi" })],
        },
      },
    });
    const schema = (properties: Record<string, unknown>) => ({ type: "object", properties });
    const three = openapi({
      "/pets": {
        post: {
          requestBody: {
            content: {
              "application/x-www-form-urlencoded": {
                schema: schema({ name: {}, ids: {}, age: {} }),
                encoding: { ids: { style: "form", explode: false } },
              },
            },
          },
        },
        put: {
          requestBody: { content: { "application/x-www-form-urlencoded": { schema: schema({ name: {}, ids: {} }) } } },
        },
      },
    });
    const [post, put] = expectSameCalls(two, three, [
      ["POST /pets", { name: "Rex", ids: [1, 2], age: 3 }],
      ["PUT /pets", { name: "Rex", ids: [1, 2] }],
    ]);
    expect(post!.body).toBe("name=Rex&ids=1,2&age=3");
    expect(put!.body).toBe("name=Rex&ids=1&ids=2");
  });
});

describe("Swagger 2.0: in: body under consumes, global and per operation", () => {
  const definitions = {
    Pet: { type: "object", required: ["name"], properties: { name: { type: "string" }, tag: { type: "string" } } },
  };
  const body = { name: "pet", in: "body", required: true, schema: { $ref: "#/definitions/Pet" } };
  const components = { schemas: definitions };

  it("a body of the global consumes, JSON first whatever its place in the list", () => {
    const two = swagger(
      { "/pets": { post: { parameters: [body] } } },
      { consumes: ["application/xml", "application/json"], definitions },
    );
    const three = openapi(
      {
        "/pets": {
          post: {
            requestBody: {
              required: true,
              content: {
                "application/xml": { schema: { $ref: "#/components/schemas/Pet" } },
                "application/json": { schema: { $ref: "#/components/schemas/Pet" } },
              },
            },
          },
        },
      },
      { components },
    );
    const [request] = expectSameCalls(two, three, [["POST /pets", { name: "Rex", tag: "dog" }]]);
    expect(request!.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(request!.body).toEqual({ name: "Rex", tag: "dog" });
  });

  it("an operation's consumes replaces the global one; no consumes at all is JSON", () => {
    const two = swagger(
      {
        "/notes": {
          post: { consumes: ["text/plain"], parameters: [{ name: "text", in: "body", schema: { type: "string" } }] },
        },
        "/pets": { post: { parameters: [body] } },
      },
      { definitions },
    );
    const three = openapi(
      {
        "/notes": { post: { requestBody: { content: { "text/plain": { schema: { type: "string" } } } } } },
        "/pets": {
          post: {
            requestBody: {
              required: true,
              content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } },
            },
          },
        },
      },
      { components },
    );
    const [note, pet] = expectSameCalls(two, three, [
      ["POST /notes", { data: "hello" }],
      ["POST /pets", { name: "Rex" }],
    ]);
    expect(note!.headers["content-type"]).toBe("text/plain");
    expect(note!.body).toBe("hello");
    expect(pet!.body).toEqual({ name: "Rex" });
  });

  it("parameters by $ref to #/parameters (a body one included) are the parameters they name", () => {
    const two = swagger(
      {
        "/pets/{petId}": {
          parameters: [{ $ref: "#/parameters/petId" }],
          put: { parameters: [{ $ref: "#/parameters/pet" }, { $ref: "#/parameters/dryRun" }] },
        },
      },
      {
        definitions,
        parameters: {
          petId: { name: "petId", in: "path", required: true, type: "string" },
          dryRun: { name: "dry_run", in: "query", type: "boolean" },
          pet: body,
        },
      },
    );
    const three = openapi(
      {
        "/pets/{petId}": {
          parameters: [{ name: "petId", in: "path", required: true, schema: { type: "string" } }],
          put: {
            parameters: [{ name: "dry_run", in: "query", schema: { type: "boolean" } }],
            requestBody: {
              required: true,
              content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } },
            },
          },
        },
      },
      { components },
    );
    const [request] = expectSameCalls(two, three, [
      ["PUT /pets/{petId}", { petId: "a/b", dry_run: true, name: "Rex" }],
    ]);
    expect(request!.url).toBe("https://api.example.com/v1/pets/a%2Fb?dry_run=true");
    expect(request!.body).toEqual({ name: "Rex" });
  });
});

describe("Swagger 2.0: the server a call goes to, and the accept header of its response types", () => {
  const paths = { "/pets": { get: { responses: { 200: { description: "ok" } } } } };
  const two = (extra: Record<string, unknown>) => ({ swagger: "2.0", info: INFO, paths, ...extra });
  const three = (servers: string[]) => ({
    openapi: "3.0.3",
    info: INFO,
    paths,
    ...(servers.length > 0 && { servers: servers.map((url) => ({ url })) }),
  });

  // Only the first server is ever used, so the http server listed after https for `schemes: [http, https]` shows nowhere.
  it.each([
    [{ host: "api.example.com", basePath: "/v1", schemes: ["https"] }, ["https://api.example.com/v1"]],
    [
      { host: "api.example.com", basePath: "/v1", schemes: ["http", "https"] },
      ["https://api.example.com/v1", "http://api.example.com/v1"],
    ],
    [{ host: "api.example.com", basePath: "/v1", schemes: ["http"] }, ["http://api.example.com/v1"]],
    [{ host: "api.example.com:8443", basePath: "/v1" }, ["https://api.example.com:8443/v1"]],
    [{ host: "api.example.com", basePath: "/" }, ["https://api.example.com"]],
    [{ host: "api.example.com" }, ["https://api.example.com"]],
    [{ basePath: "/v1" }, ["/v1"]],
    [{ basePath: "/v1/" }, ["/v1"]],
  ])("%j is the servers %j: https first, and https where no scheme is named", (fields, urls) => {
    const [request] = expectSameCalls(two(fields), three(urls), [["GET /pets", {}]]);
    expect(request!.url).toBe(`${urls[0]}/pets`);
  });

  it("a description with neither host nor basePath has no servers: a call goes to / as a 3.0 one without servers", () => {
    const [request] = expectSameCalls(two({}), three([]), [["GET /pets", {}]]);
    expect(request!.url).toBe("/pets");
  });

  it("a response's schema is content of each produces type, an operation's produces replacing the global one", () => {
    const schema = { type: "array" };
    const fromTwo = swagger(
      {
        "/pets": { get: { responses: { 200: { description: "ok", schema } } } },
        "/pets.xml": { get: { produces: ["application/xml"], responses: { 200: { description: "ok", schema } } } },
      },
      { produces: ["application/json", "text/csv"] },
    );
    const content = (types: string[]) => Object.fromEntries(types.map((type) => [type, { schema }]));
    const fromThree = openapi({
      "/pets": {
        get: { responses: { 200: { description: "ok", content: content(["application/json", "text/csv"]) } } },
      },
      "/pets.xml": { get: { responses: { 200: { description: "ok", content: content(["application/xml"]) } } } },
    });
    const [pets, xml] = expectSameCalls(fromTwo, fromThree, [
      ["GET /pets", {}],
      ["GET /pets.xml", {}],
    ]);
    expect(pets!.headers.accept).toBe("application/json, text/csv");
    expect(xml!.headers.accept).toBe("application/xml");
  });
});

describe("Swagger 2.0: what openAPIRoutes() takes and refuses", () => {
  it("neither changes nor freezes the caller's description, and takes a frozen one", () => {
    const two = swagger(
      {
        "/pets": {
          parameters: [{ name: "name", in: "formData", type: "string" }],
          post: { parameters: [{ $ref: "#/parameters/q" }] },
        },
      },
      { parameters: { q: { name: "q", in: "query", type: "string" } } },
    );
    const before = structuredClone(two);
    openAPIRoutes(two);
    expect(two).toEqual(before);
    expect(Object.isFrozen(two.paths)).toBe(false);
    const deepFreeze = (value: unknown): unknown => {
      if (typeof value === "object" && value !== null) Object.values(Object.freeze(value)).forEach(deepFreeze);
      return value;
    };
    expect(openAPIRoutes(deepFreeze(structuredClone(two)))).toEqual(openAPIRoutes(two));
  });

  it("takes swagger: 2 (YAML's reading of an unquoted 2.0) as 2.0", () => {
    const paths = { "/pets": { get: { parameters: [array("ids", "query")] } } };
    expect(openAPIRoutes({ ...swagger(paths), swagger: 2 })).toEqual(openAPIRoutes(swagger(paths)));
  });

  it.each([
    ["Swagger 1.2", { swaggerVersion: "1.2", apis: [] }, 'got swaggerVersion "1.2"'],
    ["swagger 1.2", { swagger: "1.2", paths: {} }, 'got swagger "1.2"'],
    ["swagger 3.0", { swagger: "3.0", paths: {} }, 'got swagger "3.0"'],
    ["OpenAPI 2.0", { openapi: "2.0", paths: {} }, 'got openapi "2.0"'],
    ["neither openapi nor swagger", { info: INFO, paths: {} }, 'got an object with neither "openapi" nor "swagger"'],
    ["a list", [], "got an array"],
  ])("refuses %s with ERR_INVALID_OPTIONS naming what it found and what is supported", (_label, document, found) => {
    expectEndpointError(
      () => openAPIRoutes(document),
      "ERR_INVALID_OPTIONS",
      `openAPIRoutes() needs an OpenAPI 3.0, 3.1 or 3.2 description or a Swagger 2.0 one, ${found}`,
    );
  });

  it("refuses a 2.0 description nested too deep to copy or convert with ERR_INVALID_OPTIONS, not a RangeError", () => {
    let schema: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 20_000; i++) schema = { type: "object", properties: { a: schema } };
    expectEndpointError(
      () => openAPIRoutes(swagger({ "/x": { post: { parameters: [{ name: "b", in: "body", schema }] } } })),
      "ERR_INVALID_OPTIONS",
      /^OpenAPI description: the Swagger 2\.0 description cannot be (copied|converted to OpenAPI 3\.0) \(Maximum call stack size exceeded\)$/,
    );
  });

  it("refuses a 2.0 description that cannot be copied, and leaves out an operation with a dangling #/parameters $ref, naming it", () => {
    expectEndpointError(
      () => openAPIRoutes({ ...swagger({}), "x-hook": () => 1 }),
      "ERR_INVALID_OPTIONS",
      "OpenAPI description: the Swagger 2.0 description cannot be copied",
    );
    expectEndpointError(
      () => callSkipped(swagger({ "/x": { get: { parameters: [{ $ref: "#/parameters/missing" }] } } })),
      "ERR_INVALID_OPTIONS",
      'OpenAPI description: GET /x has the $ref "#/parameters/missing", which points at nothing',
    );
  });
});
