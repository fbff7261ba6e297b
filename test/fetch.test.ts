// toFetch(options) returns the [url, init] arguments of fetch.
// Every rule of the adapter, one describe each; the end-to-end proof is e2e-clients.test.ts.
import { Readable } from "node:stream";
import { runInNewContext } from "node:vm";
import { FormData as UndiciFormData } from "undici";
import { describe, expect, it } from "vitest";
import { endpoint, RequestBuilder, type RequestOptions, toFetch } from "../src/index.js";
import { routeTable } from "../src/openapi.js";
import { JSON_TYPE } from "./support/defaults.js";

/** Request options written by hand, for the cases endpoint() cannot produce. */
function options(body: unknown, contentType?: string): RequestOptions {
  const headers: Record<string, string> = { accept: "*/*" };
  if (contentType !== undefined) headers["content-type"] = contentType;
  return { method: "post", url: "https://example.com/upload", headers, body };
}

describe("the url", () => {
  it("is the first element, unchanged", () => {
    const result = endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "endpoint.js", q: "a b" });
    expect(toFetch(result)[0]).toBe("https://api.github.com/repos/octokit/endpoint.js/issues?q=a%20b");
  });
});

describe("the method", () => {
  it.each([
    ["GET /user", "GET"],
    ["HEAD /user", "HEAD"],
    ["POST /user/repos", "POST"],
    ["PUT /user/following/{username}", "PUT"],
    ["PATCH /user", "PATCH"],
    ["DELETE /user/emails", "DELETE"],
    ["OPTIONS /user", "OPTIONS"],
    ["TRACE /user", "TRACE"],
    ["QUERY /search", "QUERY"],
  ])("is uppercased: %s → %s", (route, method) => {
    expect(endpoint(route, { username: "octocat" }).method).toBe(method.toLowerCase());
    expect(toFetch(endpoint(route, { username: "octocat" }))[1].method).toBe(method);
  });

  // fetch itself upper-cases only DELETE, GET, HEAD, OPTIONS, POST and PUT; every registered method is upper case.
  it.each([
    ["patch", "PATCH"],
    ["mIxEd", "MIXED"],
    ["propfind", "PROPFIND"],
    ["PROPFIND", "PROPFIND"],
  ])("every method in any case, a standard or an extension one, is sent upper case: %s → %s", (given, sent) => {
    expect(toFetch({ method: given, url: "https://h.example/", headers: {} })[1].method).toBe(sent);
    expect(toFetch(endpoint(`${given} /files`))[1].method).toBe(sent);
  });
});

describe("the headers", () => {
  it("are a plain object of strings, numbers stringified", () => {
    const result = endpoint("POST /markdown/raw", {
      data: "Hello **world**",
      headers: { "content-type": "text/plain", "Content-Length": 15, authorization: "token secret123" },
    });
    const { headers } = toFetch(result)[1];
    expect(Object.getPrototypeOf(headers)).toBe(Object.prototype);
    expect(headers).toStrictEqual({
      accept: "application/vnd.github.v3+json",
      authorization: "token secret123",
      "content-length": "15",
      "content-type": "text/plain",
      "user-agent": expect.stringMatching(/^fluent-endpoint\.js\/\d+\.\d+\.\d+/),
    });
  });

  it("are a new object; the request options keep their number", () => {
    const result = endpoint("PUT /x", { headers: { "content-length": 0 } });
    const { headers } = toFetch(result)[1];
    expect(headers).not.toBe(result.headers);
    expect(headers["content-length"]).toBe("0");
    expect(result.headers["content-length"]).toBe(0);
  });

  it("leave out null and undefined values of hand-written options", () => {
    const handWritten = { method: "get", url: "/x", headers: { accept: "*/*", a: null, b: undefined } };
    expect(toFetch(handWritten as unknown as RequestOptions)[1].headers).toStrictEqual({ accept: "*/*" });
  });

  it("keep a __proto__ header as an own key, without touching the prototype", () => {
    const handWritten: RequestOptions = { method: "get", url: "/x", headers: JSON.parse('{"__proto__":"v"}') };
    const { headers } = toFetch(handWritten)[1];
    expect(Object.getPrototypeOf(headers)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(headers, "__proto__")?.value).toBe("v");
  });
});

describe("a JSON body", () => {
  it("is serialised when endpoint() built it from parameters", () => {
    const result = endpoint("POST /repos/{owner}/{repo}/issues", {
      owner: "octokit",
      repo: "endpoint.js",
      title: "Found a bug",
      labels: ["bug"],
      assignee: null,
    });
    expect(toFetch(result)[1]).toStrictEqual({
      method: "POST",
      headers: expect.objectContaining({ "content-type": JSON_TYPE }),
      body: '{"title":"Found a bug","labels":["bug"],"assignee":null}',
    });
  });

  it.each([
    "application/json",
    JSON_TYPE,
    "Application/JSON; Charset=UTF-8",
    " application/json ;charset=utf-8",
    "application/vnd.github+json",
    "application/vnd.github.v3+json; charset=utf-8",
    "application/merge-patch+json",
    "APPLICATION/PROBLEM+JSON",
  ])("is serialised for the JSON content type %j", (contentType) => {
    expect(toFetch(options({ a: [1, "ü"], b: null }, contentType))[1].body).toBe('{"a":[1,"ü"],"b":null}');
  });

  it.each([
    ["an array", ["a", 1], '["a",1]'],
    ["a number", 42, "42"],
    ["a boolean", false, "false"],
    ["null", null, "null"],
  ])("is serialised when it is %s", (_label, body, text) => {
    expect(toFetch(options(body, JSON_TYPE))[1].body).toBe(text);
  });

  it.each([
    "text/plain",
    "application/x-www-form-urlencoded-ish",
    "application/json-seq",
    "application/jsonl",
    "text/json-ish",
  ])("is serialised when it is a plain object or an array, even under the non-JSON content type %j", (contentType) => {
    // fetch would send "[object Object]"; @octokit/request serialises such bodies too.
    expect(toFetch(options({ a: 1 }, contentType))[1].body).toBe('{"a":1}');
    expect(toFetch(options(["a"], contentType))[1].body).toBe('["a"]');
    expect(toFetch(endpoint("POST /b", { a: "x", headers: { "content-type": contentType } }))[1].body).toBe(
      '{"a":"x"}',
    );
  });

  describe("under application/x-www-form-urlencoded", () => {
    const FORM = "application/x-www-form-urlencoded";

    it.each([FORM, "Application/X-WWW-Form-Urlencoded; charset=utf-8"])(
      "a plain object is encoded as a route table's form body is, a list as repeated keys, under %j",
      (contentType) => {
        const since = new Date("2024-01-02T03:04:05.000Z");
        const fields = { q: "a b&c=d", lang: "c++", n: 1, on: true, labels: ["bug", "ui"], since, none: null };
        const body = toFetch(options({ ...fields, skip: undefined }, contentType))[1].body;
        // "+" encoded: a form decoder reads a raw "+" as a space.
        expect(body).toBe(
          "q=a%20b%26c%3Dd&lang=c%2B%2B&n=1&on=true&labels=bug&labels=ui&since=2024-01-02T03%3A04%3A05.000Z",
        );
        // What a server's form parser reads back.
        expect([...new URLSearchParams(body as string)]).toEqual([
          ["q", "a b&c=d"],
          ["lang", "c++"],
          ["n", "1"],
          ["on", "true"],
          ["labels", "bug"],
          ["labels", "ui"],
          ["since", "2024-01-02T03:04:05.000Z"],
        ]);
        // The same text as the form body of a route table's operation.
        const table = routeTable({
          "POST /f": {
            url: "/f",
            parameters: Object.fromEntries(Object.keys(fields).map((name) => [name, "body"] as const)),
            body: { type: FORM },
          },
        });
        expect(endpoint.withRoutes(table)("POST /f", fields).body).toBe(body);
      },
    );

    it("applies to the body endpoint() builds from leftover parameters", () => {
      const result = endpoint("POST /login", { user: "octo cat", pass: "p&ss", headers: { "content-type": FORM } });
      expect(toFetch(result)[1]).toMatchObject({
        body: "user=octo%20cat&pass=p%26ss",
        headers: { "content-type": FORM },
      });
    });

    it("finds the content type in hand-written options under any case of its name", () => {
      const handWritten = (contentType: string, body: unknown): RequestOptions => ({
        method: "post",
        url: "https://example.com/x",
        headers: { "Content-Type": contentType },
        body,
      });
      expect(toFetch(handWritten(FORM, { a: "b c" }))[1].body).toBe("a=b%20c");
      expect(toFetch(handWritten("application/json", 42))[1].body).toBe("42");
      const form = new FormData();
      const [, init] = toFetch(handWritten("application/json", form));
      expect(init.headers).toEqual({}); // the JSON content type left out for fetch to set multipart's
      expect(toFetch({ ...handWritten(FORM, { a: 1 }), headers: { "CONTENT-TYPE": FORM } })[1].body).toBe("a=1");
    });

    it("refuses NaN and ±Infinity, as a query string does, naming the field", () => {
      expect(() => toFetch(options({ n: Number.NaN }, FORM))).toThrow(
        expect.objectContaining({
          code: "ERR_INVALID_PARAMETER",
          message: 'parameter "n" is NaN, not a finite number',
        }),
      );
      expect(() => toFetch(options({ list: [1, Number.POSITIVE_INFINITY] }, FORM))).toThrow(
        expect.objectContaining({
          code: "ERR_INVALID_PARAMETER",
          message: 'parameter "list" is Infinity, not a finite number',
        }),
      );
    });

    it("an empty plain object is an empty body", () => {
      expect(toFetch(options({}, FORM))[1].body).toBe("");
    });

    it("writes a nested object as deepObject and refuses an array body", () => {
      expect(toFetch(options({ filter: { state: "open" }, list: [{ a: 1 }] }, FORM))[1].body).toBe(
        "filter%5Bstate%5D=open&list%5B0%5D%5Ba%5D=1",
      );
      expect(() => toFetch(options({ f: () => 1 }, FORM))).toThrow(
        expect.objectContaining({
          code: "ERR_INVALID_PARAMETER",
          message: 'parameter "f" is function, which the form style cannot express',
        }),
      );
      expect(() => toFetch(options(["a"], FORM))).toThrow(
        expect.objectContaining({
          code: "ERR_INVALID_PARAMETER",
          message: expect.stringContaining("an array body has no application/x-www-form-urlencoded form"),
        }),
      );
    });

    it("sends text, URLSearchParams and other bodies as they are", () => {
      const params = new URLSearchParams({ a: "1" });
      expect(toFetch(options("a=1", FORM))[1].body).toBe("a=1");
      expect(toFetch(options(params, FORM))[1].body).toBe(params);
      expect(toFetch(options(42, FORM))[1].body).toBe(42);
    });
  });

  it("is serialised without a content type when it is a plain object; other values go through by identity", () => {
    expect(toFetch(options({ a: 1 }))[1].body).toBe('{"a":1}');
    expect(toFetch(options(42))[1].body).toBe(42);
    const instance = new (class Payload {})();
    expect(toFetch(options(instance, "text/plain"))[1].body).toBe(instance);
  });

  it("leaves the body of the request options as it was", () => {
    const result = endpoint("PATCH /user", { bio: "Hello" });
    toFetch(result);
    expect(result.body).toStrictEqual({ bio: "Hello" });
  });
});

describe("text, binary and form bodies", () => {
  const blob = new Blob(["bytes"], { type: "application/octet-stream" });
  const form = new FormData();
  form.append("name", "value");
  it.each([
    ["a string", "plain text"],
    ["a string that is JSON already", '{"a":1}'],
    ["an ArrayBuffer", new ArrayBuffer(4)],
    ["a SharedArrayBuffer", new SharedArrayBuffer(4)],
    ["a Uint8Array", new Uint8Array([0, 1, 255])],
    ["a Uint8Array view into a larger buffer", new Uint8Array([0, 1, 2, 3]).subarray(1, 3)],
    ["a Float64Array", new Float64Array([1.5])],
    ["a DataView", new DataView(new ArrayBuffer(2))],
    ["a Buffer", Buffer.from("bytes")],
    ["a Blob", blob],
    ["a File", new File(["bytes"], "a.txt", { type: "text/plain" })],
    ["an ArrayBuffer from another realm", runInNewContext("new ArrayBuffer(4)")],
    ["a Uint8Array from another realm", runInNewContext("new Uint8Array([1, 2])")],
  ])("passes %s through by identity, even under a JSON content type", (_label, body) => {
    const [, init] = toFetch(endpoint("POST /upload", { data: body }));
    expect(init.headers["content-type"]).toBe(JSON_TYPE);
    expect(init.body).toBe(body);
    expect("duplex" in init).toBe(false);
  });

  it.each([
    ["FormData", form],
    ["the undici package's FormData", new UndiciFormData()],
    ["URLSearchParams", new URLSearchParams({ q: "a b" })],
  ])("passes %s through and leaves out endpoint's default JSON content type, so fetch sets its own", (_label, body) => {
    const result = endpoint("POST /upload", { data: body });
    expect(result.headers["content-type"]).toBe(JSON_TYPE);
    const [, init] = toFetch(result);
    expect(init.body).toBe(body);
    expect("content-type" in init.headers).toBe(false);
    expect(result.headers["content-type"]).toBe(JSON_TYPE);
  });

  it("keeps a non-JSON content type given for URLSearchParams or FormData", () => {
    const params = new URLSearchParams({ q: "a" });
    const urlEncoded = "application/x-www-form-urlencoded; charset=utf-8";
    expect(toFetch(options(params, urlEncoded))[1]).toMatchObject({
      body: params,
      headers: { "content-type": urlEncoded },
    });
    const multipart = "multipart/form-data; boundary=x";
    expect(toFetch(options(form, multipart))[1]).toMatchObject({ body: form, headers: { "content-type": multipart } });
  });
});

describe("a stream body", () => {
  it("passes a ReadableStream through by identity and sets duplex: 'half'", () => {
    const stream = new ReadableStream({ start: (controller) => controller.close() });
    const [, init] = toFetch(endpoint("POST /upload", { data: stream }));
    expect(init.body).toBe(stream);
    expect(init.duplex).toBe("half");
  });

  it("passes a Node Readable (an async iterable, which Node's fetch accepts) through and sets duplex: 'half'", () => {
    const stream = Readable.from(["a", "b"]);
    const [, init] = toFetch(endpoint("PUT /upload", { data: stream, headers: { "content-type": "text/plain" } }));
    expect(init.body).toBe(stream);
    expect(init.duplex).toBe("half");
  });

  it("passes a plain object that is an async iterable through as a stream, under a JSON content type too", () => {
    const iterable = {
      async *[Symbol.asyncIterator]() {
        yield new TextEncoder().encode("chunk");
      },
    };
    const [, init] = toFetch(endpoint("POST /upload", { data: iterable }));
    expect(init.body).toBe(iterable);
    expect(init.duplex).toBe("half");
  });
});

describe("request.signal", () => {
  it("becomes init.signal, by identity", () => {
    const controller = new AbortController();
    const [, init] = toFetch(endpoint("GET /user", { request: { signal: controller.signal, retries: 3 } }));
    expect(init.signal).toBe(controller.signal);
    expect("retries" in init).toBe(false);
  });

  it("is left out when the request option has none, or there is no request option", () => {
    expect("signal" in toFetch(endpoint("GET /user", { request: { retries: 3 } }))[1]).toBe(false);
    expect("signal" in toFetch(endpoint("GET /user"))[1]).toBe(false);
  });
});

describe("no body", () => {
  it.each([
    ["a GET", endpoint("GET /user", { since: 1 })],
    ["a HEAD", endpoint("HEAD /user")],
    [
      "a PUT without parameters",
      endpoint("PUT /user/starred/{owner}/{repo}", { owner: "octokit", repo: "endpoint.js" }),
    ],
    ["a DELETE without parameters", endpoint("DELETE /user/starred/{owner}/{repo}", { owner: "o", repo: "r" })],
  ])("means no body key for %s", (_label, result) => {
    const [, init] = toFetch(result);
    expect(Object.keys(init).sort()).toEqual(["headers", "method"]);
    expect(init.headers["content-type"]).toBeUndefined();
  });
});

describe("both faces", () => {
  it("give the same fetch arguments for the same inputs", () => {
    const viaEndpoint = endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t" });
    const viaBuilder = new RequestBuilder()
      .route("POST /repos/{owner}/{repo}/issues")
      .params({ owner: "o", repo: "r", title: "t" })
      .build();
    expect(toFetch(viaBuilder)).toStrictEqual(toFetch(viaEndpoint));
    expect(toFetch(viaEndpoint)).toStrictEqual([
      "https://api.github.com/repos/o/r/issues",
      {
        method: "POST",
        headers: { ...viaEndpoint.headers, "content-type": JSON_TYPE },
        body: '{"title":"t"}',
      },
    ]);
  });
});

describe("bodies JSON cannot hold", () => {
  it.each<[string, Error]>([
    ["an Error", new Error("E".repeat(100_000))],
    ["a TypeError", new TypeError("the caller's own")],
    ["a RangeError", new RangeError("the caller's own")],
    [
      "an EndpointError of another call",
      (() => {
        try {
          endpoint("GET /{x");
        } catch (error) {
          return error as Error;
        }
        throw new Error("no error");
      })(),
    ],
  ])("passes %s thrown by the caller's toJSON or getter through unchanged", (_, own) => {
    const fail = () => {
      throw own;
    };
    expect(() => toFetch(options({ toJSON: fail }, JSON_TYPE))).toThrow(own);
    expect(() => toFetch(options({ list: [1, { toJSON: fail }] }, JSON_TYPE))).toThrow(own);
    expect(() =>
      toFetch(options({ a: Object.defineProperty({}, "b", { get: fail, enumerable: true }) }, JSON_TYPE)),
    ).toThrow(own);
  });

  it("reports a body nested too deeply for JSON.stringify as ERR_INVALID_PARAMETER, not a raw RangeError", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => toFetch(endpoint("POST /x", { data: deep }))).toThrow(
      expect.objectContaining({
        code: "ERR_INVALID_PARAMETER",
        message: "the JSON body cannot be serialised: it is nested more than 1000 levels deep",
      }),
    );
  });

  it("reports a cycle as ERR_INVALID_PARAMETER with a bounded message, even under a long key", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic["k".repeat(100_000)] = cyclic;
    let caught: unknown;
    try {
      toFetch(options(cyclic, JSON_TYPE));
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ name: "EndpointError", code: "ERR_INVALID_PARAMETER" });
    expect((caught as Error).message.length).toBeLessThan(300);
  });

  it("reports a bigint or a cycle reached through a toJSON as ERR_INVALID_PARAMETER, not a raw TypeError", () => {
    expect(() => toFetch(endpoint("POST /x", { data: { toJSON: () => 1n } }))).toThrow(
      expect.objectContaining({
        name: "EndpointError",
        code: "ERR_INVALID_PARAMETER",
        message: "the JSON body cannot be serialised: it holds a bigint",
      }),
    );
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => toFetch(endpoint("POST /x", { data: { a: { toJSON: () => cyclic } } }))).toThrow(
      expect.objectContaining({
        name: "EndpointError",
        code: "ERR_INVALID_PARAMETER",
        message: "the JSON body cannot be serialised: it contains a cycle",
      }),
    );
    expect(() => toFetch(endpoint("POST /x", { data: { toJSON: () => new Map([["a", 1]]) } }))).toThrow(
      expect.objectContaining({
        code: "ERR_INVALID_PARAMETER",
        message: "the JSON body cannot be serialised: it holds a Map, which JSON writes as {}",
      }),
    );
  });

  it("writes a body nested exactly 1000 levels deep and refuses one level more: one depth limit, as for parameters", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 1000; i++) deep = [deep];
    expect(toFetch(endpoint("POST /x", { data: deep }))[1].body).toBe(JSON.stringify(deep));
    expect(() => toFetch(endpoint("POST /x", { data: [deep] }))).toThrow(
      expect.objectContaining({
        code: "ERR_INVALID_PARAMETER",
        message: "the JSON body cannot be serialised: it is nested more than 1000 levels deep",
      }),
    );
    // A body made of parameters is copied first, by the same limit.
    expect(() => endpoint("POST /x", { deep: [deep] })).toThrow(
      expect.objectContaining({ code: "ERR_INVALID_PARAMETER" }),
    );
  });

  it("reports the same object met twice, not nested in itself, as no cycle", () => {
    const shared = { a: 1 };
    expect(toFetch(endpoint("POST /x", { data: { x: shared, y: [shared, shared] } }))[1].body).toBe(
      '{"x":{"a":1},"y":[{"a":1},{"a":1}]}',
    );
  });

  it("reports a bigint in a JSON body as ERR_INVALID_PARAMETER, not a raw TypeError", () => {
    expect(() => toFetch(endpoint("POST /x", { n: 1n }))).toThrow(
      expect.objectContaining({
        name: "EndpointError",
        code: "ERR_INVALID_PARAMETER",
        message: "the JSON body cannot be serialised: it holds a bigint",
      }),
    );
  });

  it("reports a boxed bigint (Object(1n)), of any realm, as a bigint: JSON.stringify unboxes it and throws", () => {
    const error = expect.objectContaining({
      code: "ERR_INVALID_PARAMETER",
      message: "the JSON body cannot be serialised: it holds a bigint",
    });
    expect(() => toFetch(endpoint("POST /x", { a: Object(1n) }))).toThrow(error);
    expect(() => toFetch(endpoint("POST /x", { data: [runInNewContext("Object(1n)")] }))).toThrow(error);
  });
});

describe("input that is not request options", () => {
  it("reads each field once, so a getter cannot answer one value to the check and another to its use", () => {
    const reads: string[] = [];
    const options = {};
    const answers: [string, unknown, unknown][] = [
      ["method", "post", 1],
      ["url", "https://a.example/x", 2],
      ["headers", { "content-type": "text/plain" }, "x"],
      ["body", "text", 3],
      ["request", {}, 4],
    ];
    for (const [field, first, second] of answers) {
      let count = 0;
      Object.defineProperty(options, field, {
        enumerable: true,
        get: () => (reads.push(field), count++ === 0 ? first : second),
      });
    }
    expect(toFetch(options as RequestOptions)).toEqual([
      "https://a.example/x",
      { method: "POST", headers: { "content-type": "text/plain" }, body: "text" },
    ]);
    expect(reads.sort()).toEqual(["body", "headers", "method", "request", "url"]);
  });

  it("asks a body once whether it is a stream", () => {
    let reads = 0;
    const body = {
      get [Symbol.asyncIterator]() {
        reads++;
        return reads === 1 ? async function* () {} : undefined;
      },
    };
    const [, init] = toFetch({ method: "post", url: "https://a.example/x", headers: {}, body });
    expect(init).toMatchObject({ body, duplex: "half" });
    expect(reads).toBe(1);
  });

  it.each<[string, unknown, string]>([
    ["null", null, "toFetch needs request options, got null"],
    ["a string", "https://example.com", "toFetch needs request options, got string"],
    ["{}", {}, "toFetch: the request options' method must be a string, got undefined"],
    [
      "a numeric method",
      { method: 1, url: "/x", headers: {} },
      "toFetch: the request options' method must be a string, got number",
    ],
    ["no url", { method: "get", headers: {} }, "toFetch: the request options' url must be a string, got undefined"],
    [
      "null headers",
      { method: "get", url: "/x", headers: null },
      "toFetch: the request options' headers must be a plain object, got null",
    ],
    // A Headers or a Map has no own keys: every header would be lost without a word.
    [
      "Headers headers",
      { method: "get", url: "/x", headers: new Headers({ authorization: "t" }) },
      "toFetch: the request options' headers must be a plain object, got a Headers",
    ],
    [
      "Map headers",
      { method: "get", url: "/x", headers: new Map([["authorization", "t"]]) },
      "toFetch: the request options' headers must be a plain object, got a Map",
    ],
    [
      "array headers",
      { method: "get", url: "/x", headers: [["a", "b"]] },
      "toFetch: the request options' headers must be a plain object, got an array",
    ],
    [
      "an inherited method",
      Object.assign(Object.create({ method: "get" }), { url: "/x", headers: {} }),
      "toFetch: the request options' method must be a string, got undefined",
    ],
    [
      "an object header value",
      { method: "get", url: "/x", headers: { "x-a": Object.create(null) } },
      'toFetch: header "x-a" must be a string or a number, got an object',
    ],
    [
      "a boolean header value",
      { method: "get", url: "/x", headers: { "x-a": true } },
      'toFetch: header "x-a" must be a string or a number, got boolean',
    ],
  ])("reports %s as ERR_INVALID_OPTIONS naming the field, not a raw TypeError", (_, input, message) => {
    expect(() => toFetch(input as RequestOptions)).toThrow(
      expect.objectContaining({ name: "EndpointError", code: "ERR_INVALID_OPTIONS", message }),
    );
  });

  it("reads only own fields: a polluted Object.prototype adds no body and no signal", () => {
    const proto = Object.prototype as Record<string, unknown>;
    const signal = new AbortController().signal;
    try {
      proto.body = "evil";
      proto.signal = signal;
      const [, init] = toFetch(endpoint("GET /x", { request: { timeout: 1 } }));
      expect("body" in init && Object.hasOwn(init, "body")).toBe(false);
      expect(Object.hasOwn(init, "signal")).toBe(false);
    } finally {
      delete proto.body;
      delete proto.signal;
    }
    // Own fields still count.
    expect(toFetch(endpoint("GET /x", { request: { signal } }))[1].signal).toBe(signal);
  });
});

describe("JSON bodies JSON would turn into something else", () => {
  it.each<[string, unknown, RegExp]>([
    [
      "a Map field",
      { m: new Map([["a", 1]]) },
      /^the JSON body cannot be serialised: it holds a Map, which JSON writes as \{\}/,
    ],
    [
      "a Set in a list",
      { labels: [new Set(["bug"])] },
      /^the JSON body cannot be serialised: it holds a Set, which JSON writes as \{\}/,
    ],
    ["a Map body", new Map([["a", 1]]), /it holds a Map/],
    ["a function body", () => 1, /^the JSON body cannot be serialised: it holds a function, which has no JSON text$/],
    ["a symbol body", Symbol("s"), /^the JSON body cannot be serialised: it holds a symbol, which has no JSON text$/],
  ])("refuses %s with ERR_INVALID_PARAMETER instead of sending {} or no body", (_, body, message) => {
    const options: RequestOptions = {
      method: "post",
      url: "https://example.com/x",
      headers: { "content-type": "application/json" },
      body,
    };
    expect(() => toFetch(options)).toThrow(
      expect.objectContaining({ code: "ERR_INVALID_PARAMETER", message: expect.stringMatching(message) }),
    );
  });

  it("refuses a Map among endpoint()'s body parameters, and keeps a Map subclass with its own toJSON", () => {
    expect(() => toFetch(endpoint("POST /x", { tags: new Map([["a", 1]]) }))).toThrow(
      expect.objectContaining({ code: "ERR_INVALID_PARAMETER" }),
    );
    class JsonMap extends Map<string, number> {
      toJSON() {
        return Object.fromEntries(this);
      }
    }
    const body = { tags: new JsonMap([["a", 1]]) };
    expect(
      toFetch({
        method: "post",
        url: "https://example.com/x",
        headers: { "content-type": "application/json" },
        body,
      })[1].body,
    ).toBe('{"tags":{"a":1}}');
  });
});
