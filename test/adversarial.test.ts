// Adversarial inputs (the published ReDoS inputs against
// this kind of library, megabyte urls and headers, 10 000 parameters, a 10 000-deep
// defaults chain), prototype pollution and key hygiene, and bounded memory.
//
// Each test has a generous timeout that only a runaway (super-linear) algorithm could
// reach; none asserts a time. Growth rates are measured by the benchmark, not here.
import v8 from "node:v8";
import vm from "node:vm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Endpoint, endpoint, EndpointError, type RequestOptions, RequestBuilder, toFetch } from "../src/index.js";
import { thrown } from "./support/errors.js";
import { ACCEPT, JSON_TYPE, USER_AGENT } from "./support/defaults.js";

const BASE = "https://api.github.com";
const GENEROUS = 20_000;

describe("the published ReDoS inputs get a correct result or an EndpointError", () => {
  it(
    "keeps a 100 000-character accept header ending in '-' as it is under mediaType.format",
    () => {
      const accept = `${"A".repeat(99_999)}-`;
      expect(accept.length).toBe(100_000);
      const result = endpoint("GET /graphql", { headers: { accept }, mediaType: { format: "raw" } });
      expect(result.headers.accept).toBe(accept);
      expect(result.url).toBe(`${BASE}/graphql`);
    },
    GENEROUS,
  );

  /** `text` cut or repeated to 99 999 characters, then "-": 100 000 characters in all. */
  const endingInDash = (prefix: string, unit: string) => `${`${prefix}${unit.repeat(100_000)}`.slice(0, 99_999)}-`;

  it.each([
    ["a vendor type whose name never ends", endingInDash("application/vnd.", "a")],
    ["a vendor type with 50 000 '.v' versions", endingInDash("application/vnd.github", ".v")],
    ["a vendor type with 20 000 '+json' suffixes", endingInDash("application/vnd.github", "+json")],
    ["a vendor type with 33 000 '.v3' versions", endingInDash("application/vnd.github", ".v3")],
    ["100 000 commas", endingInDash("", ",")],
    ["100 000 spaces and tabs", endingInDash("", " \t")],
  ])(
    "keeps %s (100 000 characters ending in '-') as it is under mediaType.format",
    (_, accept) => {
      expect(accept.length).toBe(100_000);
      expect(endpoint("GET /x", { headers: { accept }, mediaType: { format: "raw" } }).headers.accept).toBe(accept);
    },
    GENEROUS,
  );

  it(
    "rejects mediaType.previews, the option that reached the vulnerable expression, with ERR_INVALID_OPTIONS",
    () => {
      const accept = `${"A".repeat(99_999)}-`;
      const error = thrown(() =>
        endpoint("GET /graphql", { headers: { accept }, mediaType: { previews: ["x"] } as never }),
      );
      expect(error.code).toBe("ERR_INVALID_OPTIONS");
    },
    GENEROUS,
  );

  it(
    "rejects a url of 100 000 '{' then '@' with ERR_INVALID_TEMPLATE at position 1, in every call form",
    () => {
      const url = `${"{".repeat(100_000)}@`;
      for (const call of [
        () => endpoint({ method: "GET", url }),
        () => endpoint(`GET ${url}`),
        () => new RequestBuilder().url(url),
        () => endpoint.defaults({ url }),
      ]) {
        const error = thrown(call);
        expect(error.code).toBe("ERR_INVALID_TEMPLATE");
        expect(error.message).toMatch(/at position 1$/);
        expect(error.message.length).toBeLessThan(300); // quotes a bounded excerpt, not the whole input
      }
    },
    GENEROUS,
  );

  it(
    "rejects '{00' + 100 000 NUL + 'a!a}' with ERR_INVALID_TEMPLATE at position 3",
    () => {
      const url = `{00${"\u0000".repeat(100_000)}a!a}`;
      const error = thrown(() => endpoint({ method: "GET", url }));
      expect(error.code).toBe("ERR_INVALID_TEMPLATE");
      expect(error.message).toMatch(/at position 3$/);
      expect(error.message.length).toBeLessThan(1_000);
    },
    GENEROUS,
  );

  it.each([
    ["100 000 '}'", "}".repeat(100_000), "at position 0"],
    ["'{' + 100 000 'a' never closed", `/{${"a".repeat(100_000)}`, "at position 1"],
    ["'{a' + 50 000 ',a' never closed", `/{a${",a".repeat(50_000)}`, "at position 1"],
    ["'{a' + 100 000 '.' dots", `/{a${".".repeat(100_000)}}`, "at position 3"],
    ["'{x:' + 100 000 digits", `/{x:${"1".repeat(100_000)}}`, "at position 8"],
  ])(
    "rejects %s with ERR_INVALID_TEMPLATE",
    (_, url, position) => {
      const error = thrown(() => endpoint({ method: "GET", url }));
      expect(error.code).toBe("ERR_INVALID_TEMPLATE");
      expect(error.message).toContain(position);
    },
    GENEROUS,
  );

  it(
    "expands ':' + a 100 000-character name (the ':name' rewrite input) to nothing",
    () => {
      expect(endpoint(`GET /x/:${"a".repeat(100_000)}`).url).toBe(`${BASE}/x`);
      expect(endpoint(`GET /x/:${"a".repeat(100_000)}!`).url).toBe(`${BASE}/x/!`);
    },
    GENEROUS,
  );
});

describe("megabyte urls and header values are processed exactly", () => {
  it(
    "expands a 1 MB url template of 200 000 placeholders and literals exactly",
    () => {
      const template = "/é{v}".repeat(200_000);
      expect(template.length).toBe(1_000_000);
      const result = endpoint(`GET ${template}`, { v: "a b" });
      expect(result.url).toBe(BASE + "/%C3%A9a%20b".repeat(200_000));
    },
    GENEROUS,
  );

  it(
    "keeps a 1 MB literal url exactly",
    () => {
      const url = `/${"a/".repeat(500_000)}`;
      expect(endpoint({ method: "GET", url }).url).toBe(BASE + url);
    },
    GENEROUS,
  );

  it(
    "keeps a 1 MB header value exactly",
    () => {
      const value = "v".repeat(1 << 20);
      const result = endpoint("GET /x", { headers: { "X-Big": value } });
      expect(result.headers["x-big"]).toBe(value);
    },
    GENEROUS,
  );

  it(
    "rejects a 1 MB header value ending in a line feed with ERR_INVALID_HEADER",
    () => {
      const value = `${"v".repeat((1 << 20) - 1)}\n`;
      expect(thrown(() => endpoint("GET /x", { headers: { "X-Big": value } })).code).toBe("ERR_INVALID_HEADER");
    },
    GENEROUS,
  );

  it(
    "amends each of 33 000 vendor types of a 1 MB accept header under mediaType.format",
    () => {
      const accept = Array.from({ length: 33_000 }, () => ACCEPT).join(",");
      expect(accept.length).toBeGreaterThan(1_000_000);
      const result = endpoint("GET /x", { headers: { accept }, mediaType: { format: "raw" } });
      expect(result.headers.accept).toBe(
        Array.from({ length: 33_000 }, () => "application/vnd.github.v3.raw").join(","),
      );
    },
    GENEROUS,
  );
});

describe("10 000 parameters are all routed correctly", () => {
  const N = 10_000;
  const names = Array.from({ length: N }, (_, i) => `p${i}`);
  const params = Object.fromEntries(names.map((name, i) => [name, `v ${i}`]));

  it(
    "puts 10 000 leftovers of a GET into the query string, in order",
    () => {
      const expected = `${BASE}/search?${names.map((name, i) => `${name}=v%20${i}`).join("&")}`;
      expect(endpoint("GET /search", params).url).toBe(expected);
      expect(new RequestBuilder().route("GET /search").params(params).build().url).toBe(expected);
      expect([...new URL(expected).searchParams].length).toBe(N);
    },
    GENEROUS,
  );

  it(
    "puts 10 000 parameters of a POST into the url, the query expression and the body",
    () => {
      // A route typed `string`: a record of 10 000 names cannot show the compiler it holds `p0`.
      const result = endpoint("POST /items/{p0}{?p1}" as string, params);
      expect(result.url).toBe(`${BASE}/items/v%200?p1=v%201`);
      const { p0: _0, p1: _1, ...rest } = params;
      expect(result.body).toEqual(rest);
      expect(Object.keys(result.body as object).length).toBe(N - 2);
      expect(result.headers["content-type"]).toBe(JSON_TYPE);
    },
    GENEROUS,
  );

  it(
    "expands a template with 10 000 placeholders",
    () => {
      const template = `/${names.map((name) => `{${name}}`).join("/")}`;
      expect(endpoint(`GET ${template}`, params).url).toBe(`${BASE}/${names.map((_, i) => `v%20${i}`).join("/")}`);
    },
    GENEROUS,
  );
});

describe("a 10 000-deep defaults() chain keeps every cascaded value", () => {
  // Every level overrides `depth` and `x-depth`; every 100th level adds a parameter and a
  // header of its own, so the chain ends with 100 of each besides the first level's values.
  // (Chains whose every level adds a new key are tested at the end of this file.)
  const DEPTH = 10_000;
  function levelOptions(i: number): Record<string, unknown> {
    if (i === 0) return { baseUrl: "https://ghe.example.com/api/v3", first: "kept", headers: { "X-First": "kept" } };
    const options: Record<string, unknown> = { depth: i, headers: { "X-Depth": String(i) } };
    if (i === 2) options.url = "/levels/{depth}";
    if (i === 5_000) options.method = "POST";
    if (i % 100 === 0) {
      options[`p${i}`] = i;
      (options.headers as Record<string, string>)[`X-H${i}`] = String(i);
    }
    return options;
  }
  const everyHundred = Array.from({ length: DEPTH / 100 - 1 }, (_, k) => (k + 1) * 100);

  function expectCascaded(result: RequestOptions): void {
    expect(result.method).toBe("post");
    expect(result.url).toBe("https://ghe.example.com/api/v3/levels/9999");
    expect(result.body).toEqual({ first: "kept", ...Object.fromEntries(everyHundred.map((i) => [`p${i}`, i])) });
    expect(result.headers).toEqual({
      accept: ACCEPT,
      "user-agent": USER_AGENT,
      "x-first": "kept",
      "x-depth": "9999",
      ...Object.fromEntries(everyHundred.map((i) => [`x-h${i}`, String(i)])),
      "content-type": JSON_TYPE,
    });
  }

  it(
    "endpoint.defaults() 10 000 times over gives a function whose result holds every cascaded value",
    () => {
      const levels: Endpoint[] = [];
      let fn: Endpoint = endpoint;
      for (let i = 0; i < DEPTH; i++) {
        fn = fn.defaults(levelOptions(i));
        levels.push(fn);
      }
      expectCascaded(fn());
      expect(fn.DEFAULTS.depth).toBe(9_999);
      // Earlier functions of the chain never changed.
      expect(levels[10]!.DEFAULTS.depth).toBe(10);
      expect(levels[10]!.DEFAULTS.method).toBe("GET");
      expect(levels[10]!("GET /x").url).toBe("https://ghe.example.com/api/v3/x?first=kept&depth=10");
    },
    GENEROUS,
  );

  it(
    "a builder given the same 10 000 levels builds the same result",
    () => {
      let builder = RequestBuilder.from(levelOptions(0));
      for (let i = 1; i < DEPTH; i++) builder = builder.toEndpoint().defaults(levelOptions(i)).builder();
      expectCascaded(builder.build());
    },
    GENEROUS,
  );
});

// ---------------------------------------------------------------------------
// Prototype pollution and key hygiene
// ---------------------------------------------------------------------------

const PROTOTYPES = [
  ["Object.prototype", Object.prototype],
  ["Function.prototype", Function.prototype],
  ["Array.prototype", Array.prototype],
] as const;

/** Every own property of the three prototypes, with its value, and each one's own prototype. */
function prototypeState(): unknown[] {
  return PROTOTYPES.map(([name, proto]) => [
    name,
    Object.getPrototypeOf(proto),
    Reflect.ownKeys(proto).map((key) => [key, Object.getOwnPropertyDescriptor(proto, key)!.value]),
  ]);
}

// Hostile JSON: every special key at the top level and nested, carrying option names.
const HOSTILE = `{
  "__proto__": { "polluted": "yes", "method": "DELETE", "url": "/evil", "baseUrl": "https://evil.example",
                 "headers": { "authorization": "token leaked" }, "leak": "inherited" },
  "constructor": { "prototype": { "polluted": "yes" } },
  "prototype": { "polluted": "yes" }
}`;
const HOSTILE_HEADERS = '{ "__proto__": "h1", "constructor": "h2", "prototype": "h3" }';

/** Own entries of `value`, and a check that it inherits nothing beyond Object.prototype. */
function ownEntries(value: unknown): [string, unknown][] {
  expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  const record = value as Record<string, unknown>;
  expect(record.polluted).toBeUndefined();
  expect(record.leak).toBeUndefined();
  return Object.keys(record).map((key) => [key, Object.getOwnPropertyDescriptor(record, key)!.value]);
}

const HOSTILE_BODY_ENTRIES = [
  [
    "__proto__",
    {
      polluted: "yes",
      method: "DELETE",
      url: "/evil",
      baseUrl: "https://evil.example",
      headers: { authorization: "token leaked" },
      leak: "inherited",
    },
  ],
  ["constructor", { prototype: { polluted: "yes" } }],
  ["prototype", { polluted: "yes" }],
];

describe("error messages quote at most a bounded excerpt of the caller's input", () => {
  const long = "n".repeat(100_000); // a legal name: parameter, header and template variable alike
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  class Named {}
  Object.defineProperty(Named, "name", { value: "N".repeat(100_000) });
  const many = Array.from({ length: 10_000 }, (_, i) => `v${i}`);

  it.each<[string, () => unknown, string]>([
    ["a cyclic parameter", () => new RequestBuilder().param(long, cyclic), "ERR_INVALID_PARAMETER"],
    ["a header value with a line feed", () => new RequestBuilder().header(long, "a\n"), "ERR_INVALID_HEADER"],
    [
      "a header value of the wrong kind",
      () => endpoint("GET /x", { headers: { [long]: {} as never } }),
      "ERR_INVALID_HEADER",
    ],
    ["an object in the query", () => endpoint("GET /x", { [long]: { a: 1 } }), "ERR_INVALID_PARAMETER"],
    ["a lone surrogate in the query", () => endpoint("GET /x", { [long]: "\uD800" }), "ERR_INVALID_PARAMETER"],
    ["an invalid Date", () => endpoint("GET /x", { [long]: new Date(Number.NaN) }), "ERR_INVALID_PARAMETER"],
    [
      "a symbol in a url placeholder",
      () => endpoint(`GET /{${long}}`, { [long]: Symbol("s") }),
      "ERR_INVALID_PARAMETER",
    ],
    [
      "a nested list in a url placeholder",
      () => endpoint(`GET /{${long}}`, { [long]: [[1]] }),
      "ERR_INVALID_PARAMETER",
    ],
    ["a list under a prefix modifier", () => endpoint(`GET /{${long}:3}`, { [long]: ["a"] }), "ERR_INVALID_TEMPLATE"],
    [
      "a lone surrogate in reserved expansion",
      () => endpoint(`GET /{+${long}}`, { [long]: "\uD800" }),
      "ERR_INVALID_PARAMETER",
    ],
    [
      "a leading absolute URL with a query",
      () => endpoint(`POST {${long}}/x`, { [long]: "https://a.example/?q" }),
      "ERR_INVALID_PARAMETER",
    ],
    ["a dot segment", () => endpoint(`GET /{${long}}`, { [long]: ".." }), "ERR_UNSAFE_PATH"],
    [
      "10 000 variables of one expression",
      () => endpoint(`GET /{+${many.join(",")}}`, { v0: "\uD800" }),
      "ERR_INVALID_PARAMETER",
    ],
    [
      "an unknown mediaType key",
      () => endpoint("GET /x", { mediaType: { [long]: 1 } as never }),
      "ERR_INVALID_OPTIONS",
    ],
    [
      "a class instance with a long name as options",
      () => endpoint("GET /x", new Named() as never),
      "ERR_INVALID_OPTIONS",
    ],
  ])(
    "%s",
    (_, call, code) => {
      const error = thrown(call);
      expect(error.code).toBe(code);
      expect(error.message.length).toBeLessThan(500);
      expect(error.message).toContain("characters)"); // the excerpt says how long the input was
    },
    GENEROUS,
  );
});

describe("a parameter nested more than 1000 levels deep is an EndpointError wherever it is copied, never a stack overflow", () => {
  let deep: unknown = "leaf";
  for (let i = 0; i < 100_000; i++) deep = [deep];

  it.each<[string, () => unknown]>([
    ["builder.param()", () => new RequestBuilder().param("deep", deep)],
    ["endpoint.defaults()", () => endpoint.defaults({ deep })],
    ["a JSON body", () => endpoint("POST /x", { deep })],
    ["endpoint.merge()", () => endpoint.merge("GET /x", { deep })],
  ])(
    "%s",
    (_, call) => {
      const error = thrown(call);
      expect(error.code).toBe("ERR_INVALID_PARAMETER");
      expect(error.message).toBe('parameter "deep" is nested more than 1000 levels deep');
    },
    GENEROUS,
  );

  it("copies a value nested exactly 1000 levels deep, and refuses one level more", () => {
    let nested: unknown = "leaf";
    for (let i = 0; i < 1000; i++) nested = [nested];
    const body = endpoint("POST /x", { nested }).body as { nested: unknown };
    let depth = 0;
    for (let value = body.nested; Array.isArray(value); value = value[0]) depth++;
    expect(depth).toBe(1000);
    expect(thrown(() => endpoint("POST /x", { nested: [nested] })).message).toBe(
      'parameter "nested" is nested more than 1000 levels deep',
    );
    expect(JSON.stringify(endpoint.defaults({ nested })("POST /x").body)).toBe(JSON.stringify({ nested }));
  });
});

describe("decision: a sparse array is refused where it is walked, so no walk is longer than its items", () => {
  // Array(2 ** 32 - 1) walked by its length took over 15 minutes in a query, and Array(2e8) aborted the process.
  const huge = () => Array(2 ** 32 - 1);
  const holeAt1 = () => [1, , 3]; // eslint-disable-line no-sparse-arrays

  it.each<[string, () => unknown]>([
    ["the query", () => endpoint("GET /x", { a: huge() })],
    ["a path placeholder", () => endpoint("GET /x/{a}", { a: huge() })],
    ["a {?a} expression", () => endpoint("GET /x{?a}", { a: huge() })],
    ["a JSON body", () => endpoint("POST /x", { a: huge() })],
    ["a parameter left unsent beside data", () => endpoint("POST /x", { a: huge(), data: "d" })],
    ["defaults()", () => endpoint.defaults({ a: huge() })],
    ["merge()", () => endpoint.merge("POST /x", { a: huge() })],
    ["a builder's param()", () => new RequestBuilder().param("a", huge())],
    ["RequestBuilder.from()", () => RequestBuilder.from({ a: huge() })],
    ["a nested list", () => endpoint("POST /x", { a: { b: [huge()] } })],
  ])("in %s, as ERR_INVALID_PARAMETER naming the parameter and the first hole", (_, call) => {
    expect(thrown(call).message).toBe('parameter "a" contains a sparse array (a hole at index 0)');
  });

  it("names the first hole of a list that has items before it", () => {
    expect(thrown(() => endpoint("GET /x", { a: holeAt1() })).message).toBe(
      'parameter "a" contains a sparse array (a hole at index 1)',
    );
    expect(thrown(() => endpoint("POST /x", { a: holeAt1() })).code).toBe("ERR_INVALID_PARAMETER");
  });

  it("in a body toFetch writes as JSON or as a form", () => {
    const options = (body: unknown, type = JSON_TYPE) => ({
      method: "POST",
      url: `${BASE}/x`,
      headers: { "content-type": type },
      body,
    });
    expect(thrown(() => toFetch(options(Array(2e8)))).message).toBe(
      "the JSON body cannot be serialised: it contains a sparse array (a hole at index 0)",
    );
    expect(thrown(() => toFetch(options({ a: [0, holeAt1()] }))).message).toBe(
      "the JSON body cannot be serialised: it contains a sparse array (a hole at index 1)",
    );
    expect(thrown(() => toFetch(endpoint("POST /x", { data: [[Array(2e8)]] }))).code).toBe("ERR_INVALID_PARAMETER");
    expect(thrown(() => toFetch(options({ a: huge() }, "application/x-www-form-urlencoded"))).message).toBe(
      'parameter "a" contains a sparse array (a hole at index 0)',
    );
  });

  it("keeps undefined items that are there, as before", () => {
    expect(endpoint("GET /x", { a: [undefined, 1] }).url).toBe(`${BASE}/x?a=1`);
    expect(endpoint("POST /x", { a: [undefined, 1] }).body).toEqual({ a: [undefined, 1] });
    expect(toFetch(endpoint("POST /x", { a: [undefined, 1] }))[1].body).toBe('{"a":[null,1]}');
  });
});

describe("decision: an output longer than the engine's longest string is ERR_INVALID_PARAMETER naming what made it", () => {
  // 33 × 2 ** 24 characters is over V8's longest string (2 ** 29 - 24); the list holds one string 33 times.
  const a = Array(33).fill("x".repeat(2 ** 24));
  const LONGER = "longer than the longest string this JavaScript engine can hold";
  const form = (body: unknown) => ({
    method: "POST",
    url: `${BASE}/x`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });

  it.each<[string, () => unknown, string]>([
    ["the query", () => endpoint("GET /x", { a }), `parameter "a" makes the url ${LONGER}`],
    [
      "a path placeholder",
      () => endpoint("GET /x/{a}", { a }),
      `parameter "a" ({a} at position 3) makes the url ${LONGER}`,
    ],
    [
      "a {?a} expression",
      () => endpoint("GET /x{?a}", { a }),
      `parameter "a" ({?a} at position 2) makes the url ${LONGER}`,
    ],
    [
      "a builder's build()",
      () => new RequestBuilder().route("GET /x").param("a", a).build(),
      `parameter "a" makes the url ${LONGER}`,
    ],
    ["toFetch's form body", () => toFetch(form({ a })), `parameter "a" makes the form body ${LONGER}`],
    // A list too long for any JSON text: V8 refuses it before writing anything.
    [
      "toFetch's JSON body",
      () => toFetch(endpoint("POST /x", { data: [Array(2 ** 28)] })),
      `the JSON body cannot be serialised: it is ${LONGER}`,
    ],
  ])(
    "in %s, never a raw RangeError or a false message",
    (_, call, message) => {
      const error = thrown(call);
      expect(error.code).toBe("ERR_INVALID_PARAMETER");
      expect(error.message).toBe(message);
    },
    // Each writes about a gigabyte of text: seconds alone, minutes on a machine under load.
    240_000,
  );

  it("still names a lone surrogate as such", () => {
    expect(thrown(() => endpoint("GET /x/{a}", { a: ["\uD800"] })).message).toContain("lone UTF-16 surrogate");
  });
});

describe("decision: a revoked Proxy is refused as bad input where it is read, not passed on as a raw TypeError", () => {
  // Typed `never`: every call below takes it where its public types would refuse it.
  const revoked = (target: object = {}): never => {
    const { proxy, revoke } = Proxy.revocable(target, {});
    revoke();
    return proxy as never;
  };
  const PARAMETER = 'parameter "a" is or holds a revoked Proxy, which cannot be read';
  const form = (body: unknown) => ({
    method: "POST",
    url: `${BASE}/x`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });

  it.each<[string, () => unknown, string, string]>([
    [
      "the options",
      () => endpoint(revoked()),
      "ERR_INVALID_OPTIONS",
      "options must be a plain object, got a revoked Proxy",
    ],
    [
      "the options of a route",
      () => endpoint("GET /x", revoked()),
      "ERR_INVALID_OPTIONS",
      "options must be a plain object, got a revoked Proxy",
    ],
    [
      "a first of two arguments",
      () => endpoint(revoked(), {}),
      "ERR_INVALID_ROUTE",
      "route must be a string, got a revoked Proxy",
    ],
    [
      "defaults()",
      () => endpoint.defaults(revoked()),
      "ERR_INVALID_OPTIONS",
      "options must be a plain object, got a revoked Proxy",
    ],
    [
      "parse()",
      () => endpoint.parse(revoked()),
      "ERR_INVALID_OPTIONS",
      "options must be a plain object, got a revoked Proxy",
    ],
    [
      "headers",
      () => endpoint("GET /x", { headers: revoked() }),
      "ERR_INVALID_OPTIONS",
      "headers must be a plain object, got a revoked Proxy",
    ],
    [
      "mediaType",
      () => endpoint("GET /x", { mediaType: revoked() }),
      "ERR_INVALID_OPTIONS",
      "mediaType must be a plain object, got a revoked Proxy",
    ],
    [
      "mediaType.previews",
      () => endpoint("GET /x", { mediaType: { previews: revoked() } }),
      "ERR_INVALID_OPTIONS",
      "mediaType.previews must be a list, got a revoked Proxy",
    ],
    [
      "request",
      () => endpoint("GET /x", { request: revoked() }),
      "ERR_INVALID_OPTIONS",
      "request must be an object, got a revoked Proxy",
    ],
    [
      "the url",
      () => endpoint({ method: "GET", url: revoked() }),
      "ERR_INVALID_OPTIONS",
      "url must be a string, got a revoked Proxy",
    ],
    ["a query parameter", () => endpoint("GET /x", { a: revoked() }), "ERR_INVALID_PARAMETER", PARAMETER],
    [
      "a query parameter that is a revoked function",
      () => endpoint("GET /x", { a: revoked(() => {}) }),
      "ERR_INVALID_PARAMETER",
      PARAMETER,
    ],
    ["a path parameter", () => endpoint("GET /x/{a}", { a: revoked() }), "ERR_INVALID_PARAMETER", PARAMETER],
    [
      "a path parameter that is a revoked function",
      () => endpoint("GET /x/{a}", { a: revoked(() => {}) }),
      "ERR_INVALID_PARAMETER",
      PARAMETER,
    ],
    ["an item of a list", () => endpoint("GET /x", { a: [1, revoked()] }), "ERR_INVALID_PARAMETER", PARAMETER],
    ["a body parameter", () => endpoint("POST /x", { a: { b: [revoked()] } }), "ERR_INVALID_PARAMETER", PARAMETER],
    ["a default parameter", () => endpoint.defaults({ a: revoked() }), "ERR_INVALID_PARAMETER", PARAMETER],
    ["builder.param()", () => new RequestBuilder().param("a", revoked()), "ERR_INVALID_PARAMETER", PARAMETER],
    [
      "builder.params()",
      () => new RequestBuilder().params(revoked()),
      "ERR_INVALID_OPTIONS",
      "params must be a plain object, got a revoked Proxy",
    ],
    [
      "builder.route()",
      () => new RequestBuilder().route(revoked()),
      "ERR_INVALID_ROUTE",
      "route must be a string, got a revoked Proxy",
    ],
    [
      "a builder method called on it",
      () => RequestBuilder.prototype.build.call(revoked()),
      "ERR_INVALID_OPTIONS",
      "a RequestBuilder method was called on a revoked Proxy",
    ],
    [
      "toFetch's options",
      () => toFetch(revoked()),
      "ERR_INVALID_OPTIONS",
      "toFetch needs request options, got a revoked Proxy",
    ],
    [
      "toFetch's headers",
      () => toFetch({ method: "get", url: "/x", headers: revoked() }),
      "ERR_INVALID_OPTIONS",
      "toFetch: the request options' headers must be a plain object, got a revoked Proxy",
    ],
    ["toFetch's form body", () => toFetch(form({ a: revoked() })), "ERR_INVALID_PARAMETER", PARAMETER],
  ])("%s", (_, call, code, message) => {
    const error = thrown(call);
    expect(error.code).toBe(code);
    expect(error.message).toContain(message);
  });

  it("passes the engine's TypeError through where no guard is cheap: a body or request toFetch reads, a Proxy inside JSON", () => {
    for (const call of [
      () => toFetch({ method: "post", url: "/x", headers: {}, body: revoked() }),
      () => toFetch({ method: "post", url: "/x", headers: {}, body: "b", request: revoked() }),
      () => toFetch(endpoint("POST /x", { data: { a: revoked() } })),
    ]) {
      expect(call).toThrow(TypeError);
      expect(call).not.toThrow(EndpointError);
    }
  });
});

describe("decision: the caller's own exceptions pass through unchanged", () => {
  const own = new Error("the caller's getter");
  const getter = () => {
    throw own;
  };

  it.each<[string, () => unknown]>([
    [
      "a parameter getter in endpoint()",
      () => endpoint("GET /x", Object.defineProperty({}, "p", { get: getter, enumerable: true })),
    ],
    [
      "a header getter in a builder",
      () => new RequestBuilder().headers(Object.defineProperty({}, "x-a", { get: getter, enumerable: true })),
    ],
    ["a Proxy trap in defaults()", () => endpoint.defaults(new Proxy({}, { ownKeys: getter }))],
  ])("%s", (_, call) => {
    expect(call).toThrow(own);
  });

  it.each<[string, () => unknown]>([
    [
      "a JSON body",
      () =>
        endpoint("POST /x", {
          v: {
            get a() {
              throw new RangeError("the caller's own");
            },
          },
        }),
    ],
    [
      "defaults()",
      () =>
        endpoint.defaults({
          v: [
            {
              get a() {
                throw new RangeError("the caller's own");
              },
            },
          ],
        }),
    ],
  ])("passes a RangeError of the caller's through in %s: it is not a value nested too deeply", (_, call) => {
    expect(call).toThrow(new RangeError("the caller's own"));
  });
});

describe("decision: Dates, Maps and Sets from another realm (an iframe, a vm context) count as Dates, Maps and Sets", () => {
  const foreign = <T>(code: string) => vm.runInNewContext(code) as T;
  const ISO = "2024-01-02T03:04:05.000Z";

  it("a foreign Date fills a placeholder and the query as its ISO string, as a Date of this realm does", () => {
    const since = foreign<Date>(`new Date("${ISO}")`);
    expect(since instanceof Date).toBe(false); // what the library must see past
    const local = endpoint("GET /x/{since}{?at}", { since: new Date(ISO), at: [new Date(ISO)], until: new Date(ISO) });
    expect(endpoint("GET /x/{since}{?at}", { since, at: [since], until: since }).url).toBe(local.url);
    expect(local.url).toBe(
      `${BASE}/x/2024-01-02T03%3A04%3A05.000Z?at=2024-01-02T03%3A04%3A05.000Z&until=2024-01-02T03%3A04%3A05.000Z`,
    );
  });

  it("a foreign invalid Date is refused as an invalid Date", () => {
    expect(thrown(() => endpoint("GET /x/{since}", { since: foreign<Date>("new Date(NaN)") })).message).toBe(
      'parameter "since" is an invalid Date',
    );
  });

  it("an object that only claims to be a Date, Map or Set (Symbol.toStringTag) is none of them", () => {
    const fake = { [Symbol.toStringTag]: "Date", toISOString: () => "fake" };
    expect(thrown(() => endpoint("GET /x/{since}", { since: fake })).code).toBe("ERR_INVALID_PARAMETER");
    // A class instance, kept as is (not copied as a Map, which would throw on a look-alike).
    const fakeMap = new (class FakeMap {
      get [Symbol.toStringTag]() {
        return "Map";
      }
    })();
    expect(Object.prototype.toString.call(fakeMap)).toBe("[object Map]");
    expect(endpoint.defaults({ fakeMap }).DEFAULTS.fakeMap).toBe(fakeMap);
  });

  it("defaults() keeps frozen copies of foreign Dates, Maps and Sets, which later changes by the caller never reach", () => {
    const when = foreign<Date>(`new Date("${ISO}")`);
    const map = foreign<Map<string, unknown>>('new Map([["a", { n: 1 }]])');
    const set = foreign<Set<unknown>>("new Set([1, [2]])");
    const api = endpoint.defaults({ when, map, set });
    when.setTime(0);
    map.set("b", 2);
    (map.get("a") as { n: number }).n = 99;
    set.add(3);
    const { DEFAULTS } = api;
    expect((DEFAULTS.when as Date).toISOString()).toBe(ISO);
    expect([...(DEFAULTS.map as Map<string, unknown>)]).toEqual([["a", { n: 1 }]]);
    expect([...(DEFAULTS.set as Set<unknown>)]).toEqual([1, [2]]);
    expect(api("POST /x/{when}").url).toBe(`${BASE}/x/2024-01-02T03%3A04%3A05.000Z`);
  });

  it("a Date is a Date whatever its Symbol.toStringTag says, and no getter or Proxy trap of the caller's runs to tell", () => {
    const tagged = Object.defineProperty(new Date(ISO), Symbol.toStringTag, { value: "NotADate" });
    expect(endpoint("GET /x/{d}", { d: tagged }).url).toBe(`${BASE}/x/2024-01-02T03%3A04%3A05.000Z`);
    const api = endpoint.defaults({ d: tagged });
    tagged.setTime(0);
    expect(api("GET /x/{d}").url).toBe(`${BASE}/x/2024-01-02T03%3A04%3A05.000Z`); // copied, as Dates are
    let getterRuns = 0;
    const shy = new (class Shy {
      get [Symbol.toStringTag](): string {
        getterRuns++;
        throw new Error("the caller's tag getter");
      }
    })();
    expect(thrown(() => endpoint("GET /x/{d}", { d: shy })).code).toBe("ERR_INVALID_PARAMETER");
    expect(endpoint.defaults({ shy }).DEFAULTS.shy).toBe(shy);
    expect(getterRuns).toBe(0);
    expect(thrown(() => endpoint("GET /x/{d}", { d: new Proxy(new Date(ISO), {}) })).code).toBe(
      "ERR_INVALID_PARAMETER",
    );
  });

  it("a builder keeps a frozen copy of a foreign Date too", () => {
    const when = foreign<Date>(`new Date("${ISO}")`);
    const builder = new RequestBuilder().route("GET /x/{when}").param("when", when);
    when.setTime(0);
    expect(builder.build().url).toBe(`${BASE}/x/2024-01-02T03%3A04%3A05.000Z`);
  });
});

describe("__proto__, constructor and prototype keys from JSON.parse never change a prototype or leak", () => {
  let before: unknown[];
  beforeAll(() => {
    before = prototypeState();
  });
  afterEach(() => {
    expect(prototypeState()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
    expect((((): void => {}) as unknown as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("a defaults chain of JSON-parsed options keeps them as own parameters and headers of the result", () => {
    const chain = endpoint
      .defaults(JSON.parse(HOSTILE))
      .defaults(JSON.parse(`{ "headers": ${HOSTILE_HEADERS} }`))
      .defaults(JSON.parse('{ "constructor": { "prototype": { "second": "level" } } }'));
    const result = chain("POST /repos{/leak,polluted}");
    expect(result.method).toBe("post");
    expect(result.url).toBe(`${BASE}/repos`);
    expect(ownEntries(result.body)).toEqual([
      HOSTILE_BODY_ENTRIES[0],
      ["constructor", { prototype: { second: "level" } }],
      HOSTILE_BODY_ENTRIES[2],
    ]);
    expect(ownEntries(result.headers)).toEqual([
      ["accept", ACCEPT],
      ["user-agent", USER_AGENT],
      ["__proto__", "h1"],
      ["constructor", "h2"],
      ["prototype", "h3"],
      ["content-type", JSON_TYPE],
    ]);
  });

  it("DEFAULTS of such a chain hold the keys as own keys and take no option from them", () => {
    const chain = endpoint.defaults(JSON.parse(HOSTILE)).defaults({ extra: 1 });
    const defaults = chain.DEFAULTS;
    expect(ownEntries(defaults)).toEqual([
      ["method", "GET"],
      ["baseUrl", BASE],
      ["headers", { accept: ACCEPT, "user-agent": USER_AGENT }],
      ["mediaType", { format: "" }],
      ...HOSTILE_BODY_ENTRIES,
      ["extra", 1],
    ]);
    expect(defaults.url).toBeUndefined();
  });

  it("merge() of JSON-parsed options returns them as own keys, and parse() of that equals endpoint()", () => {
    const chain = endpoint.defaults(JSON.parse(`{ "headers": ${HOSTILE_HEADERS} }`));
    const merged = chain.merge("PATCH /x/{leak}", JSON.parse(HOSTILE));
    expect(ownEntries(merged)).toEqual([
      ["method", "PATCH"],
      ["baseUrl", BASE],
      ["headers", { accept: ACCEPT, "user-agent": USER_AGENT, ...JSON.parse(HOSTILE_HEADERS) }],
      ["mediaType", { format: "" }],
      ["url", "/x/{leak}"],
      ...HOSTILE_BODY_ENTRIES,
    ]);
    const parsed = endpoint.parse(merged);
    expect(parsed).toEqual(chain("PATCH /x/{leak}", JSON.parse(HOSTILE)));
    expect(parsed.url).toBe(`${BASE}/x`);
    expect(ownEntries(parsed.body)).toEqual(HOSTILE_BODY_ENTRIES);
  });

  it("parse() never reads url or method from a JSON-parsed __proto__ key", () => {
    const noUrl = JSON.parse('{ "method": "POST", "baseUrl": "", "headers": {}, "__proto__": { "url": "/evil" } }');
    expect(thrown(() => endpoint.parse(noUrl)).code).toBe("ERR_MISSING_URL");
    const noMethod = JSON.parse('{ "url": "/x", "baseUrl": "", "headers": {}, "__proto__": { "method": "POST" } }');
    expect(thrown(() => endpoint.parse(noMethod)).code).toBe("ERR_INVALID_METHOD");
  });

  it("a builder fed JSON-parsed options, headers and params keeps every key as an own key", () => {
    const builder = RequestBuilder.from(JSON.parse(HOSTILE))
      .headers(JSON.parse(HOSTILE_HEADERS))
      .params(JSON.parse('{ "constructor": { "prototype": { "x": 1 } } }'))
      .param("prototype", JSON.parse('{ "__proto__": { "y": 2 } }'))
      .route("PUT /x/{leak}");
    const result = builder.build();
    expect(result.url).toBe(`${BASE}/x`);
    expect(ownEntries(result.body)).toEqual([
      HOSTILE_BODY_ENTRIES[0],
      ["constructor", { prototype: { x: 1 } }],
      ["prototype", JSON.parse('{ "__proto__": { "y": 2 } }')],
    ]);
    expect(ownEntries((result.body as Record<string, unknown>).prototype)).toEqual([["__proto__", { y: 2 }]]);
    expect(ownEntries(result.headers).map(([name]) => name)).toEqual([
      "accept",
      "user-agent",
      "__proto__",
      "constructor",
      "prototype",
      "content-type",
    ]);
    expect(ownEntries(builder.merge()).map(([name]) => name)).toEqual([
      "method",
      "baseUrl",
      "headers",
      "mediaType",
      "url",
      "__proto__",
      "constructor",
      "prototype",
    ]);
  });

  it("expands a JSON-parsed object value by its own keys only", () => {
    const filter = JSON.parse('{ "__proto__": "p", "constructor": "c", "prototype": "q" }');
    expect(endpoint("GET /x{/filter*}{?filter*}", { filter }).url).toBe(
      `${BASE}/x/__proto__=p/constructor=c/prototype=q?__proto__=p&constructor=c&prototype=q`,
    );
  });

  it("refuses options, headers and values whose prototype carries keys, instead of reading inherited ones", () => {
    const inherited = { url: "/evil", method: "POST", authorization: "leak", value: "leak" };
    expect(thrown(() => endpoint(Object.create(inherited))).code).toBe("ERR_INVALID_OPTIONS");
    expect(thrown(() => endpoint("GET /x", { headers: Object.create(inherited) })).code).toBe("ERR_INVALID_OPTIONS");
    expect(thrown(() => endpoint("GET /x/{v}", { v: Object.create(inherited) })).code).toBe("ERR_INVALID_PARAMETER");
    expect(thrown(() => endpoint("GET /x", { v: Object.create(inherited) })).code).toBe("ERR_INVALID_PARAMETER");
  });
});

/**
 * Runs `fn` while Object.prototype carries `keys` (as some other, polluted code would
 * leave it), and returns its own-key view; the pollution is removed before anything is asserted.
 */
function underPollution(keys: Record<string, unknown>, fn: () => unknown): unknown {
  const proto = Object.prototype as Record<string, unknown>;
  for (const [key, value] of Object.entries(keys)) proto[key] = value;
  let result: unknown;
  try {
    result = fn();
  } catch (error) {
    result = error instanceof EndpointError ? { code: error.code } : error;
  } finally {
    for (const key of Object.keys(keys)) delete proto[key];
  }
  return JSON.parse(JSON.stringify(result)); // own enumerable keys only
}

describe("keys inherited from a polluted Object.prototype never reach url, headers or body", () => {
  const calls: [string, () => unknown][] = [
    // Routes typed `string`: the placeholders are left out on purpose, to be filled by nothing.
    ["endpoint() with a POST", () => endpoint("POST /x/{leak}" as string, { a: 1 })],
    ["endpoint() with a GET", () => endpoint("GET /y{?leak}", { headers: { "X-A": "1" } })],
    ["a defaults function", () => endpoint.defaults({ b: 2, headers: { "X-B": "2" } })("GET /z/:leak" as string)],
    ["a builder", () => new RequestBuilder().route("PUT /w").param("c", 3).header("X-C", "3").build()],
    ["merge()", () => endpoint.merge("GET /m")],
    [
      "parse()",
      () => endpoint.parse({ method: "GET", baseUrl: BASE, url: "/p{/leak}", headers: {}, mediaType: { format: "" } }),
    ],
    ["endpoint() without a url", () => endpoint({ a: 1 })],
  ];
  const OPTION_LIKE = {
    url: "/evil",
    method: "DELETE",
    baseUrl: "https://evil.example",
    headers: { authorization: "token leaked" },
    mediaType: { format: "raw" },
    data: "leaked data",
    request: { leaked: true },
    leak: "inherited",
    authorization: "token leaked",
  };

  it.each(calls)("%s gives the same result as without the pollution", (_, call) => {
    expect(underPollution(OPTION_LIKE, call)).toEqual(underPollution({}, call));
  });

  // Each of these reads one property: only an own key may count, never one inherited from a
  // polluted Object.prototype.
  it("an inherited mediaType.format never amends the accept header", () => {
    const call = () => endpoint("GET /x", { mediaType: {} });
    expect(underPollution({ format: "raw" }, call)).toEqual(underPollution({}, call));
  });

  it("an inherited accept never becomes an own accept header", () => {
    const call = () => endpoint("GET /x", { headers: { accept: null }, mediaType: { format: "raw" } });
    expect(underPollution({ accept: "application/vnd.evil.v3+json" }, call)).toEqual(underPollution({}, call));
  });

  it("an inherited content-type never suppresses the JSON content-type of a body", () => {
    const call = () => endpoint("POST /x", { a: 1 });
    expect(underPollution({ "content-type": "text/evil" }, call)).toEqual(underPollution({}, call));
  });
});

// ---------------------------------------------------------------------------
// Bounded memory
// ---------------------------------------------------------------------------

/** `gc` when the process exposes it, or after turning the flag on at run time; undefined when neither works. */
function findGc(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === "function") return exposed;
  try {
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as unknown;
    return typeof gc === "function" ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The heap's growth over `run` (after `warm`, each after two collections), or undefined where no collection can be
 * forced; `run` returns what the test then checks, so the calls cannot be optimised away.
 */
function heapGrowth(warm: () => void, run: () => string): { growth: number | undefined; last: string } {
  const gc = findGc();
  const settle = () => {
    gc?.();
    gc?.();
  };
  warm();
  settle();
  const before = process.memoryUsage().heapUsed;
  const last = run();
  if (gc === undefined) return { growth: undefined, last };
  settle();
  return { growth: process.memoryUsage().heapUsed - before, last };
}

const NO_GC =
  "no way to force a garbage collection here (neither --expose-gc nor v8.setFlagsFromString work): heap growth not measured";

describe("memory stays bounded", () => {
  const BOUND = 32 * 1024 * 1024;

  it("200 000 distinct urls through endpoint() grow the heap by less than 32 MB", (context) => {
    const COUNT = 200_000;
    const { growth, last } = heapGrowth(
      () => {
        for (let i = 0; i < 2 * 512; i++) endpoint(`GET /warm/${i}/{id}{?page}`, { id: i, page: 1 });
      },
      () => {
        let url = "";
        for (let i = 0; i < COUNT; i++) url = endpoint(`GET /heap/${i}/{id}{?page}`, { id: i, page: 2 }).url;
        return url;
      },
    );
    expect(last).toBe(`${BASE}/heap/${COUNT - 1}/${COUNT - 1}?page=2`);
    if (growth === undefined) return context.skip(NO_GC);
    expect(growth).toBeLessThan(BOUND);
  }, 60_000);

  // The template cache is filled from every call path; which templates it holds is checked in test/internal/caches.test.ts.
  it("200 000 distinct urls through defaults() and the builder grow the heap by less than 32 MB", (context) => {
    const COUNT = 100_000;
    const fn = endpoint.defaults({ url: "/defaults/{x}" });
    const builder = new RequestBuilder();
    const { growth, last } = heapGrowth(
      () => {
        for (let i = 0; i < 2 * 512; i++) {
          fn.defaults({ url: `/warm-chain/${i}` });
          builder.url(`/warm-builder/${i}`).build();
        }
      },
      () => {
        let urls = "";
        for (let i = 0; i < COUNT; i++) {
          urls = fn.defaults({ url: `/chain/${i}/{x}` })({ x: i }).url;
          urls += ` ${builder.url(`/builder/${i}`).build().url}`;
        }
        return urls;
      },
    );
    expect(last).toBe(`${BASE}/chain/${COUNT - 1}/${COUNT - 1} ${BASE}/builder/${COUNT - 1}`);
    if (growth === undefined) return context.skip(NO_GC);
    expect(growth).toBeLessThan(BOUND);
  }, 60_000);
});

describe("defaults chains that add a new key at every level", () => {
  // Each level of a stored state copies its headers and parameters (immer shares the rest):
  // 1 000 levels are the documented size (docs/performance.md has the timing).
  it("builds a 1 000-level chain, each level adding a parameter and a header, and keeps every value", () => {
    let current = endpoint;
    for (let i = 0; i < 1_000; i++) current = current.defaults({ [`p${i}`]: i, headers: { [`x-h${i}`]: `v${i}` } });
    const result = current("POST /items");
    expect(Object.keys(result.body as object)).toHaveLength(1_000);
    expect((result.body as Record<string, number>).p0).toBe(0);
    expect((result.body as Record<string, number>).p999).toBe(999);
    expect(result.headers["x-h0"]).toBe("v0");
    expect(result.headers["x-h999"]).toBe("v999");
    expect(current.DEFAULTS.p500).toBe(500);
  }, 20_000);

  it("builds a 1 000-step builder chain of .param() calls", () => {
    let builder = new RequestBuilder().route("GET /items");
    for (let i = 0; i < 1_000; i++) builder = builder.param(`q${i}`, i);
    const url = builder.build().url;
    expect(url.startsWith("https://api.github.com/items?q0=0&q1=1&")).toBe(true);
    expect(url.endsWith("&q999=999")).toBe(true);
  }, 20_000);
});

describe("arrays, Maps and Sets are read through built-in methods, never through their own properties", () => {
  /** ["a", "b"] with an own `map` (and an own iterator) that would change or break what a method call on it gives. */
  function loadedList(map: unknown): string[] {
    const list = ["a", "b"];
    Object.assign(list, { map });
    Object.defineProperty(list, Symbol.iterator, {
      value: function* () {
        yield "evil";
      },
    });
    return list;
  }

  it.each([
    ["a string", "x"],
    ["a function returning another list", () => ["evil"]],
  ])("copies an array whose own `map` is %s by its items, in every call path", (_, map) => {
    const list = loadedList(map);
    expect(endpoint("POST /x", { list }).body).toEqual({ list: ["a", "b"] });
    expect(endpoint.merge("POST /x", { list }).list).toEqual(["a", "b"]);
    expect(endpoint.defaults({ list })("POST /x").body).toEqual({ list: ["a", "b"] });
    expect(new RequestBuilder().route("POST /x").param("list", list).build().body).toEqual({ list: ["a", "b"] });
    expect(endpoint("GET /x/{list}", { list }).url).toBe(`${BASE}/x/a,b`);
    expect(endpoint("GET /x", { list }).url).toBe(`${BASE}/x?list=a%2Cb`);
  });

  it("copies a Map or Set by its entries, not by an iterator of its own", () => {
    const map = new Map([["k", "v"]]);
    Object.defineProperty(map, Symbol.iterator, {
      value: function* () {
        yield ["evil", "evil"];
      },
    });
    const set = new Set(["a"]);
    Object.defineProperty(set, Symbol.iterator, {
      value: function* () {
        yield "evil";
      },
    });
    const stored = endpoint.defaults({ map, set }).merge("POST /x");
    expect([...(stored.map as Map<string, string>).entries()]).toEqual([["k", "v"]]);
    expect([...(stored.set as Set<string>).values()]).toEqual(["a"]);
  });
});
