// Requests as the OpenAPI Specification serializes them (3.0.4, 3.1.1, 3.2.0), each rule at its smallest input,
// the clause in the test's name; then OpenAPI 3.2's own examples (test/fixtures/openapi/oas-3.2-examples/).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { endpoint, toFetch } from "../src/index.js";
import { openAPIEndpoint, openAPIRoutes, routeTable } from "../src/openapi.js";
import { expectEndpointError } from "./support/errors.js";
import { callSkipped } from "./support/skipped.js";

const BASE = "https://api.example.com";

function api(paths: Record<string, unknown>, openapi = "3.1.1") {
  const document = { openapi, info: { title: "test", version: "1" }, paths };
  return endpoint.defaults({ baseUrl: BASE }).withRoutes(openAPIRoutes(document));
}

const get = (...parameters: Record<string, unknown>[]) => ({ get: { parameters } });
const post = (content: Record<string, unknown>) => ({ post: { requestBody: { content } } });
const JSON_CONTENT = { "application/json": { schema: { type: "object" } } };

/** The parts of a multipart body as fetch writes them: each part's headers and text. */
async function parts(body: FormData): Promise<string> {
  return (await new Response(body).text()).replace(/\r\n/g, "\n");
}

describe("Parameter Object `content`: the value as its media type's text, under its own name", () => {
  const coordinates = { lat: 10, long: 60 };

  it("a query parameter: JSON text, percent-encoded (coordinates=%7B%22lat%22…)", () => {
    const call = api({ "/points": get({ name: "coordinates", in: "query", content: JSON_CONTENT }) });
    expect(call("GET /points", { coordinates }).url).toBe(
      `${BASE}/points?coordinates=%7B%22lat%22%3A10%2C%22long%22%3A60%7D`,
    );
  });

  it("a header parameter: the JSON text as the header's value (headers are not percent-encoded)", () => {
    const call = api({ "/points": get({ name: "X-Coordinates", in: "header", content: JSON_CONTENT }) });
    expect(call("GET /points", { "X-Coordinates": coordinates }).headers["x-coordinates"]).toBe('{"lat":10,"long":60}');
  });

  it('a cookie parameter: JSON text, percent-encoded (a cookie value holds no `"` or `,`)', () => {
    const call = api({ "/points": get({ name: "c", in: "cookie", content: JSON_CONTENT }) });
    expect(call("GET /points", { c: coordinates }).headers.cookie).toBe("c=%7B%22lat%22%3A10%2C%22long%22%3A60%7D");
  });

  it("a path parameter: JSON text, percent-encoded as {x} encodes text", () => {
    const call = api({
      "/points/{p}": get({ name: "p", in: "path", required: true, content: JSON_CONTENT }),
    });
    expect(call("GET /points/{p}", { p: coordinates }).url).toBe(
      `${BASE}/points/%7B%22lat%22%3A10%2C%22long%22%3A60%7D`,
    );
  });

  it("text/plain: the text as it is, then percent-encoded; an object has no text/plain form (naming the operation)", () => {
    const call = api({
      "/notes": get({ name: "q", in: "query", content: { "text/plain": { schema: { type: "string" } } } }),
    });
    expect(call("GET /notes", { q: "a b" }).url).toBe(`${BASE}/notes?q=a%20b`);
    expectEndpointError(
      () => call("GET /notes", { q: { a: 1 } }),
      "ERR_INVALID_PARAMETER",
      'GET /notes: parameter "q" is an object, which the media type "text/plain" cannot express as text',
    );
  });
});

describe("Encoding Object defaults for a form body (`application/x-www-form-urlencoded`)", () => {
  const FORM = "application/x-www-form-urlencoded";

  it("an object field with no encoding entry is its default contentType, application/json: b=%7B%22c%22%3A3%7D", () => {
    const call = api({ "/x": post({ [FORM]: { schema: { properties: { a: {}, b: {} } } } }) });
    expect(call("POST /x", { a: 1, b: { c: 3 } }).body).toBe("a=1&b=%7B%22c%22%3A3%7D");
  });

  it("a list field is one value per item (Encoding By Name), each by its default contentType", () => {
    const call = api({ "/x": post({ [FORM]: { schema: { properties: { t: {} } } } }) });
    expect(call("POST /x", { t: ["a", { b: 1 }] }).body).toBe("t=a&t=%7B%22b%22%3A1%7D");
  });

  it("an explicit encoding contentType is honoured: a string as application/json is a JSON string", () => {
    const call = api({
      "/x": post({
        [FORM]: { schema: { properties: { id: {} } }, encoding: { id: { contentType: "application/json" } } },
      }),
    });
    expect(call("POST /x", { id: "f81d" }).body).toBe("id=%22f81d%22");
  });

  it("an explicit style (deepObject) keeps that style, as `style`, `explode` or `allowReserved` do", () => {
    const call = api({
      "/x": post({
        [FORM]: {
          schema: { properties: { b: {}, l: {} } },
          encoding: { b: { style: "deepObject" }, l: { explode: false } },
        },
      }),
    });
    expect(call("POST /x", { b: { c: 3 }, l: [1, 2] }).body).toBe("b%5Bc%5D=3&l=1,2");
  });

  it("a contentType listing several types names none to send: the value's default stays", () => {
    const call = api({
      "/x": post({
        [FORM]: { schema: { properties: { icon: {} } }, encoding: { icon: { contentType: "image/png, image/jpeg" } } },
      }),
    });
    expect(call("POST /x", { icon: "iVBO=" }).body).toBe("icon=iVBO%3D");
  });

  it("a plain route's form body (toFetch) is unchanged: a nested object as deepObject, a list as repeated keys", () => {
    const [, init] = toFetch({
      method: "POST",
      url: "https://x.example/",
      headers: { "content-type": FORM },
      body: { b: { c: 3 }, l: [1, 2] },
    });
    expect(init.body).toBe("b%5Bc%5D=3&l=1&l=2");
  });
});

describe("style table: header and cookie objects with explode", () => {
  const color = { R: 100, G: 200 };

  it("a header, simple with explode: R=100,G=200; without: R,100,G,200", () => {
    const call = api({
      "/x": get({ name: "X-A", in: "header", explode: true }, { name: "X-B", in: "header", explode: false }),
    });
    const { headers } = call("GET /x", { "X-A": color, "X-B": color });
    expect([headers["x-a"], headers["x-b"]]).toEqual(["R=100,G=200", "R,100,G,200"]);
  });

  it("a cookie, form (its default) with explode (its default): one cookie per key, R=100; G=200, percent-encoded", () => {
    const call = api({ "/x": get({ name: "color", in: "cookie" }) });
    expect(call("GET /x", { color }).headers.cookie).toBe("R=100; G=200");
    expect(call("GET /x", { color: ["blue", "a b"] }).headers.cookie).toBe("color=blue; color=a%20b");
  });

  it("a cookie, form without explode: color=R,100,G,200 and color=blue,black", () => {
    const call = api({ "/x": get({ name: "color", in: "cookie", explode: false }) });
    expect(call("GET /x", { color }).headers.cookie).toBe("color=R,100,G,200");
    expect(call("GET /x", { color: ["blue", "black"] }).headers.cookie).toBe("color=blue,black");
  });

  it("names the style a cookie's nested object breaks (form), never the simple style", () => {
    const call = api({ "/x": get({ name: "c", in: "cookie" }) });
    expectEndpointError(
      () => call("GET /x", { c: { a: { b: 1 } } }),
      "ERR_INVALID_PARAMETER",
      'GET /x: parameter "c" is an object, which the form style cannot express',
    );
  });
});

describe("RFC 6570, section 2.3: a list or object with no defined member is undefined, so it is left out", () => {
  const call = api({
    "/x": get(
      { name: "X-Tags", in: "header", schema: { type: "array" } },
      { name: "X-Map", in: "header", explode: true, schema: { type: "object" } },
      { name: "tags", in: "cookie", schema: { type: "array" } },
      { name: "flat", in: "cookie", explode: false, schema: { type: "array" } },
      { name: "map", in: "cookie", schema: { type: "object" } },
    ),
  });
  const sent = (parameters: Record<string, unknown>) => {
    const { "user-agent": _, ...headers } = call("GET /x", parameters).headers;
    return headers;
  };

  it("a header parameter whose list is empty or holds only null sends no header (not `x-tags: `)", () => {
    expect(sent({ "X-Tags": [], "X-Map": {} })).toEqual({});
    expect(sent({ "X-Tags": [null], "X-Map": { a: null } })).toEqual({});
  });

  it("a cookie parameter whose list or object defines nothing adds no cookie, and no empty cookie header is sent", () => {
    expect(sent({ tags: [], flat: [], map: {} })).toEqual({});
    expect(sent({ tags: [null, undefined], map: { a: null }, flat: ["a"] })).toEqual({ cookie: "flat=a" });
  });

  it("an empty string is a value, not an undefined one: `x-tags: ` and `tags=`, as the style table's empty row", () => {
    expect(sent({ "X-Tags": [""], tags: [""] })).toEqual({ "x-tags": "", cookie: "tags=" });
  });

  it("a hole is still refused, naming the operation and the parameter", () => {
    expectEndpointError(
      // eslint-disable-next-line no-sparse-arrays
      () => sent({ tags: [, 1] }),
      "ERR_INVALID_PARAMETER",
      'GET /x: parameter "tags" contains a sparse array',
    );
  });
});

describe("allowReserved still percent-encodes what a query cannot carry or a form query reads", () => {
  const call = api({ "/x": get({ name: "r", in: "query", allowReserved: true }) });
  const url = (r: unknown) => call("GET /x", { r }).url.slice(`${BASE}/x?r=`.length);

  it.each([
    ["a#b", "a%23b"],
    ["a&n=evil", "a%26n%3Devil"],
    ["a+b", "a%2Bb"],
    ["[0]", "%5B0%5D"],
    ["100%", "100%25"],
  ])("%s is %s", (value, expected) => {
    expect(url(value)).toBe(expected);
  });

  it("keeps the other reserved characters and percent-encoded triples as they are", () => {
    expect(url("/a?b:c@d!$'()*,;%41")).toBe("/a?b:c@d!$'()*,;%41");
  });

  it("encodes them in a deepObject's keys and values too", () => {
    const deep = api({ "/x": get({ name: "d", in: "query", style: "deepObject", allowReserved: true }) });
    expect(deep("GET /x", { d: { "k&": "v#/" } }).url).toBe(`${BASE}/x?d%5Bk%26%5D=v%23/`);
  });
});

describe("a JSON body whose schema is a string, a number or a list is that value's JSON text", () => {
  const json = (schema: unknown) => api({ "/x": post({ "application/json": { schema } }) });

  it('a string schema: data 5b10ac8d leaves as the JSON text "5b10ac8d"', () => {
    const result = json({ type: "string" })("POST /x", { data: "5b10ac8d" });
    expect(result.body).toBe('"5b10ac8d"');
    expect(toFetch(result)[1].body).toBe('"5b10ac8d"');
  });

  it("a number or a list: the value, which toFetch writes as JSON", () => {
    expect(toFetch(json({ type: "number" })("POST /x", { data: 5 }))[1].body).toBe("5");
    expect(toFetch(json({ type: "array" })("POST /x", { data: ["a"] }))[1].body).toBe('["a"]');
  });

  it("an object schema: a string data is JSON text already, sent as it is (as on a plain route)", () => {
    expect(json({ type: "object" })("POST /x", { data: '{"a":1}' }).body).toBe('{"a":1}');
    expect(endpoint("POST /x", { data: "5b10ac8d" }).body).toBe("5b10ac8d");
  });
});

describe("several request media types: the first the body fits is sent", () => {
  const both = api({
    "/x": post({ "multipart/form-data": { schema: { properties: { a: {} } } }, "*/*": { schema: {} } }),
  });

  it("an array body with multipart/form-data and */* offered leaves as JSON, not under multipart", () => {
    const result = both("POST /x", { data: [1, 2] });
    expect(result.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(toFetch(result)[1].body).toBe("[1,2]");
  });

  it("fields go as the multipart body the description names first", () => {
    expect(both("POST /x", { a: "1" }).headers["content-type"]).toBe("multipart/form-data");
  });

  it("*/*: fields or data as JSON, binary data as it is with its own type or application/octet-stream", () => {
    const any = api({ "/x": post({ "*/*": { schema: { properties: { a: {} } } } }) });
    expect(any("POST /x", { a: 1 }).headers["content-type"]).toBe("application/json; charset=utf-8");
    const bytes = new Uint8Array([1]);
    expect(any("POST /x", { data: bytes })).toMatchObject({
      body: bytes,
      headers: { "content-type": "application/octet-stream" },
    });
    const png = new Blob(["x"], { type: "image/png" });
    expect(any("POST /x", { data: png }).headers["content-type"]).toBe("image/png");
  });

  it("a declared media type that is none (`json`, two types in one key) is no alternative, not a refused description", () => {
    const call = api({
      "/x": post({ "application/json": { schema: {} }, json: { schema: {} }, "text/plain, text/csv": {} }),
    });
    expect(call("POST /x", { data: new Uint8Array([1]) }).headers["content-type"]).toBe(
      "application/json; charset=utf-8",
    );
  });

  it("a FormData for an operation offering JSON then multipart goes as multipart", () => {
    const call = api({
      "/x": post({ "application/json": { schema: {} }, "multipart/form-data": { schema: {} } }),
    });
    const form = new FormData();
    expect(call("POST /x", { data: form }).headers["content-type"]).toBe("multipart/form-data");
  });
});

describe("multipart parts by the Encoding Object's defaults", () => {
  const upload = (encoding?: Record<string, unknown>) =>
    api({
      "/x": post({
        "multipart/form-data": {
          schema: { properties: { at: {}, s: {}, o: {}, b: {}, m: {} } },
          ...(encoding === undefined ? {} : { encoding }),
        },
      }),
    });

  it("a Date (a format: date-time string) is a text/plain part holding the string, not a JSON part", async () => {
    const [, init] = toFetch(upload()("POST /x", { at: new Date("2025-01-02T03:04:05.000Z") }));
    expect((init.body as FormData).get("at")).toBe("2025-01-02T03:04:05.000Z");
    expect(await parts(init.body as FormData)).not.toContain("application/json");
  });

  it("a string is a text part, an object an application/json part, bytes an application/octet-stream part", async () => {
    const [, init] = toFetch(upload()("POST /x", { s: "hi", o: { k: 1 }, b: new Uint8Array([65]) }));
    const text = await parts(init.body as FormData);
    expect(text).toMatch(/name="s"\n\nhi\n/);
    expect(text).toMatch(/name="o"; filename="blob"\nContent-Type: application\/json\n\n\{"k":1\}\n/);
    expect(text).toMatch(/name="b"; filename="blob"\nContent-Type: application\/octet-stream\n\nA\n/);
  });

  it("an explicit encoding contentType wins", async () => {
    const call = upload({ m: { contentType: "application/xml" }, o: { contentType: "application/json" } });
    const [, init] = toFetch(call("POST /x", { m: "<a/>", o: "text" }));
    const text = await parts(init.body as FormData);
    expect(text).toMatch(/name="m"; filename="blob"\nContent-Type: application\/xml\n\n<a\/>\n/);
    expect(text).toMatch(/name="o"; filename="blob"\nContent-Type: application\/json\n\n"text"\n/);
  });
});

describe("messages name the operation and never advise what a table route cannot do", () => {
  it("a style error names the operation", () => {
    const call = api({ "/pets": get({ name: "x", in: "query", style: "spaceDelimited", explode: true }) });
    expectEndpointError(
      () => call("GET /pets", { x: { a: 1 } }),
      "ERR_INVALID_PARAMETER",
      'GET /pets: parameter "x" is an object, which the spaceDelimited style cannot express',
    );
  });

  it("a parameter the operation does not declare is not told to go in the url template", () => {
    const call = api({ "/pets": get({ name: "X-Trace", in: "header" }) });
    expectEndpointError(
      () => call("GET /pets", { trace: { a: 1 } }),
      "ERR_INVALID_PARAMETER",
      'parameter "trace" is an object, which has no query string form; GET /pets declares no such parameter',
    );
  });
});

describe("OpenAPI 3.2", () => {
  const document = JSON.parse(
    readFileSync(new URL("./fixtures/openapi/oas-3.2-examples/oas-3.2-examples.json", import.meta.url), "utf8"),
  ) as { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };
  interface Parameter {
    name: string;
    in: string;
    content?: Record<string, unknown>;
    examples?: Record<string, { dataValue: unknown; serializedValue: string }>;
  }
  const call = endpoint.defaults({ baseUrl: BASE }).withRoutes(openAPIRoutes(document));

  const cases = Object.entries(document.paths).flatMap(([path, item]) =>
    (item.get?.parameters ?? []).flatMap((parameter) =>
      Object.entries(parameter.examples ?? {}).map(([name, example]) => [path, name, parameter, example] as const),
    ),
  );

  it("has the text's parameter examples", () => {
    expect(cases).toHaveLength(12);
  });

  it.each(cases)("%s, example %s", (path, _name, parameter, { dataValue, serializedValue }) => {
    const result = call(`GET ${path}`, { [parameter.name]: dataValue });
    // WHATWG's form encoding writes a space as `+`; `%20` "also meets the above requirements" (URL Percent-Encoding).
    const form = Object.keys(parameter.content ?? {}).includes("application/x-www-form-urlencoded");
    const expected = form ? serializedValue.replaceAll("+", "%20") : serializedValue;
    if (parameter.in === "header") expect(result.headers[parameter.name.toLowerCase()]).toBe(expected);
    else if (parameter.in === "cookie") expect(result.headers.cookie).toBe(expected);
    else if (parameter.in === "path") expect(result.url).toBe(`${BASE}${path.replace(/\{.*\}/, expected)}`);
    else expect(result.url).toBe(`${BASE}${path}?${expected}`);
  });

  it("the full URL of the JSON querystring example", () => {
    expect(call("GET /foo", { json: { numbers: [1, 2], flag: null } }).url).toBe(
      "https://api.example.com/foo?%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D",
    );
  });

  it("style: cookie writes values as they are, so a `;` that would start another cookie is refused", () => {
    expectEndpointError(
      () => call("GET /cookie-style", { cookie: { greeting: "a;b=c" } }),
      "ERR_INVALID_PARAMETER",
      'GET /cookie-style: parameter "cookie" holds a ";", which the cookie style writes as it is: percent-encode it first',
    );
  });

  it("additionalOperations: COPY /pets/{id}, by the method as written, with the path item's parameters", () => {
    const result = call("COPY /pets/{id}", { id: ["a", "b"] });
    expect(result).toMatchObject({ method: "copy", url: `${BASE}/pets/a,b` });
    expect(toFetch(result)[1].method).toBe("COPY");
  });

  it("additionalOperations: an extension method is keyed as written, found in any case, sent as any method is", () => {
    const description = {
      openapi: "3.2.0",
      servers: [{ url: BASE }],
      paths: { "/users": { additionalOperations: { mIxEd: { parameters: [{ name: "q", in: "query" }] } } } },
    };
    expect(Object.keys(openAPIRoutes(description))).toEqual(["mIxEd /users"]);
    const api = openAPIEndpoint(description);
    expect(api("mIxEd /users", { q: 1 })).toMatchObject({ method: "mixed", url: `${BASE}/users?q=1` });
    expect(toFetch(api.builder().route("mIxEd /users").build())[1].method).toBe("MIXED");
    expect(toFetch(api.parse(api.merge("mIxEd /users", { q: 1 })))[1]).toMatchObject({ method: "MIXED" });
    // The declared route in another case: its query parameter, not a leftover in the body.
    expect(api("MIXED /users", { q: 1 })).toMatchObject({ method: "mixed", url: `${BASE}/users?q=1` });
    expect(api("mixed /users", { q: 1 })).toMatchObject({ method: "mixed", url: `${BASE}/users?q=1` });
  });

  it("QUERY: a safe method with a body, its fields in the JSON body", () => {
    const result = call("QUERY /search", { numbers: [1, 2] });
    expect(result).toMatchObject({ url: `${BASE}/search`, body: { numbers: [1, 2] } });
  });

  it("URL Encoded Form with JSON Values: the address as JSON text, the id as text", () => {
    const address = { streetAddress: "123 Example Dr.", city: "Somewhere", state: "CA", zip: "99999+1234" };
    const body = call("POST /form-json-values", { id: "f81d4fae-7dec-11d0-a765-00a0c91e6bf6", address }).body;
    expect(body).toBe(
      "id=f81d4fae-7dec-11d0-a765-00a0c91e6bf6&address=%7B%22streetAddress%22%3A%22123+Example+Dr.%22%2C%22city%22%3A%22Somewhere%22%2C%22state%22%3A%22CA%22%2C%22zip%22%3A%2299999%2B1234%22%7D".replaceAll(
        "+",
        "%20",
      ),
    );
    expect(call("POST /form-json-id", { id: "f81d4fae-7dec-11d0-a765-00a0c91e6bf6" }).body).toBe(
      "id=%22f81d4fae-7dec-11d0-a765-00a0c91e6bf6%22",
    );
  });

  it("Basic Multipart Form: the id a text part, the image bytes, each address an application/json part", async () => {
    const result = call("POST /multipart-basic", {
      id: "f81d",
      profileImage: new Uint8Array([65]),
      addresses: [{ city: "A" }, { city: "B" }],
    });
    const text = await parts(toFetch(result)[1].body as FormData);
    expect(text).toMatch(/name="id"\n\nf81d\n/);
    expect(text).toMatch(/name="profileImage"; filename="blob"\nContent-Type: application\/octet-stream\n\nA\n/);
    expect(text.match(/name="addresses"; filename="blob"\nContent-Type: application\/json\n/g)).toHaveLength(2);
  });

  it("refuses a querystring parameter without content, and an additional operation named like a fixed field", () => {
    const routes = (item: unknown) => () => callSkipped({ openapi: "3.2.0", paths: { "/x": item } });
    expectEndpointError(
      routes(get({ name: "q", in: "querystring" })),
      "ERR_INVALID_OPTIONS",
      'GET /x has the querystring parameter "q" without content, which OpenAPI 3.2 requires',
    );
    expectEndpointError(
      routes({ additionalOperations: { POST: {} } }),
      "ERR_INVALID_OPTIONS",
      "POST /x is an additional operation, which OpenAPI reserves to the post field",
    );
  });
});

describe("routeTable(): the placements and body fields these rules add, checked", () => {
  const table = (entry: unknown) => () => routeTable({ "GET /x": entry as never });

  it("takes { in, contentType }, a header's explode and a cookie's style as plain data", () => {
    const routes = routeTable({
      "POST /x": {
        url: "/x",
        parameters: {
          q: { in: "query", contentType: "application/json" },
          h: { in: "header", explode: true },
          c: { in: "cookie", style: "cookie", explode: false },
        },
        body: {
          type: "multipart/form-data",
          encoding: { m: { contentType: "application/json" } },
          alternatives: ["*/*"],
          stringSchema: false,
        },
      },
    });
    const result = endpoint.withRoutes(routes)("POST /x", { q: [1], h: { a: 1 }, c: ["x", "y"] });
    expect(result).toMatchObject({ url: "https://api.github.com/x?q=%5B1%5D", headers: { h: "a=1", cookie: "c=x,y" } });
  });

  it.each([
    [{ q: { in: "body", contentType: "text/plain" } }, 'places parameter "q" in "body", which is no location'],
    [{ q: { in: "query" } }, 'places parameter "q" in query with no contentType'],
    [{ q: { in: "query", contentType: "json" } }, 'has the media type "json", which is no type/subtype'],
    [{ c: { in: "cookie", style: "simple" } }, 'has cookie parameter "c" of style "simple"'],
    [{ h: { in: "header", explode: "yes" } }, 'has parameter "h" whose explode is not a boolean'],
  ])("refuses the placement %j", (parameters, problem) => {
    expectEndpointError(table({ url: "/x", parameters }), "ERR_INVALID_OPTIONS", problem);
  });

  it.each([
    [{ type: "application/json", alternatives: "*/*" }, "has body alternatives that are not a list"],
    [{ type: "application/json", alternatives: ["x"] }, 'has the media type "x", which is no type/subtype'],
    [{ type: "application/json", stringSchema: 1 }, "has a body stringSchema that is not a boolean"],
    [{ type: "multipart/form-data", encoding: { m: { contentType: 1 } } }, 'has body field "m" with a contentType'],
  ])("refuses the body %j", (body, problem) => {
    expectEndpointError(table({ url: "/x", parameters: {}, body }), "ERR_INVALID_OPTIONS", problem);
  });
});

describe("header and cookie styles a description gets wrong are read as OpenAPI's own, not refused", () => {
  it("a header of style form is simple, a cookie of style simple is form", () => {
    const call = api({
      "/x": get(
        { name: "X-A", in: "header", style: "form", explode: true },
        { name: "c", in: "cookie", style: "simple" },
      ),
    });
    expect(call("GET /x", { "X-A": { a: 1 }, c: ["x", "y"] }).headers).toMatchObject({
      "x-a": "a=1",
      cookie: "c=x; c=y",
    });
  });
});

describe("a body no declared media type can carry", () => {
  it("is refused under application/xml, naming the operation, never sent as JSON text under the XML type", () => {
    const call = api({
      "/feeds": {
        post: {
          requestBody: { content: { "application/xml": { schema: { type: "object", properties: { title: {} } } } } },
        },
      },
    });
    expectEndpointError(
      () => call("POST /feeds", { title: "News" }),
      "ERR_INVALID_PARAMETER",
      'POST /feeds: the body is an object, which "application/xml" cannot carry as fluent-endpoint writes it',
    );
    const xml = call("POST /feeds", { data: "<feed/>" });
    expect(xml.headers["content-type"]).toBe("application/xml");
    expect(xml.body).toBe("<feed/>");
  });
});
