// Property-based tests (fast-check) over generated routes, url
// templates, parameters, headers and defaults chains, through every public path
// (endpoint(), defaults chains, RequestBuilder, merge() + parse()).
//
// The seed is fixed so that `npm test` is reproducible; FAST_CHECK_RUNS raises the
// number of runs per property for longer local runs (FAST_CHECK_SEED picks another seed):
//   FAST_CHECK_RUNS=20000 npx vitest run test/properties.test.ts
import fc from "fast-check";
import { immerable } from "immer";
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve as resolvePath } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import {
  type Endpoint,
  endpoint,
  EndpointError,
  ErrorCodes,
  RequestBuilder,
  type RequestOptions,
  toFetch,
} from "../src/index.js";
import { openAPIRoutes, routeTable } from "../src/openapi.js";
import { thrown } from "./support/errors.js";

const RUNS = Number.parseInt(process.env.FAST_CHECK_RUNS ?? "", 10) || 200;
const SEED = Number.parseInt(process.env.FAST_CHECK_SEED ?? "", 10) || 20261122;
fc.configureGlobal({ seed: SEED, numRuns: RUNS });

// Enough for FAST_CHECK_RUNS in the tens of thousands; the default run takes well under a second per property.
const TIMEOUT = 600_000;

const ERROR_CODES = new Set<string>(Object.values(ErrorCodes));
const OPTION_KEYS = new Set(["method", "url", "baseUrl", "headers", "mediaType", "data", "request"]);

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/**
 * An object with exactly these own keys, in order; `__proto__` becomes an own key, as
 * JSON.parse makes it. With `nullPrototype`, an `Object.create(null)` object (also plain).
 */
function own(entries: readonly (readonly [string, unknown])[], nullPrototype = false): Record<string, unknown> {
  const object: Record<string, unknown> = nullPrototype ? Object.create(null) : {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return object;
}

/**
 * A canonical, comparable description of a value: own keys in order, prototypes,
 * -0, NaN, bigint, Dates and typed arrays; an object met again on its own path (a table's
 * records point back to their table) as a cycle. (toStrictEqual is not used on values that
 * may hold an own `constructor` key: its type check compares `a.constructor`.)
 */
function canonical(value: unknown, path: Set<unknown> = new Set()): unknown {
  switch (typeof value) {
    case "number":
      return ["number", Object.is(value, -0) ? "-0" : String(value)];
    case "bigint":
      return ["bigint", String(value)];
    case "string":
    case "boolean":
      return [typeof value, value];
    case "undefined":
      return ["undefined"];
    case "symbol":
    case "function":
      return [typeof value, String(value)];
  }
  if (value === null) return ["null"];
  if (path.has(value)) return ["cycle"];
  if (value instanceof Date) return ["Date", String(value.getTime())];
  if (ArrayBuffer.isView(value)) return [value.constructor.name, Array.from(value as Uint8Array)];
  const proto = Object.getPrototypeOf(value);
  const kind =
    proto === null
      ? "null-prototype"
      : proto === Object.prototype
        ? "Object"
        : proto === Array.prototype
          ? "Array"
          : "other";
  path.add(value);
  const entries = Reflect.ownKeys(value as object).map((key) => {
    const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
    return [String(key), descriptor.enumerable, "value" in descriptor ? canonical(descriptor.value, path) : "accessor"];
  });
  path.delete(value);
  return [kind, entries];
}

/** A deep copy that keeps prototypes (null or Object), own `__proto__` keys, Dates and typed arrays. */
function deepCopy<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value instanceof Uint8Array) return new Uint8Array(value) as T;
  if (Array.isArray(value)) {
    // By index, and with the list's own extra properties (an own `map` or iterator) kept as they are.
    const list: unknown[] = [];
    for (let i = 0; i < value.length; i++) list.push(deepCopy(value[i]));
    for (const key of Reflect.ownKeys(value)) {
      if (key !== "length" && !(typeof key === "string" && /^\d+$/.test(key)))
        Object.defineProperty(list, key, Object.getOwnPropertyDescriptor(value, key)!);
    }
    return list as T;
  }
  const copy = Object.create(Object.getPrototypeOf(value)) as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    Object.defineProperty(copy, key, {
      value: deepCopy((value as Record<string, unknown>)[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy as T;
}

type Outcome = { ok: true; value: RequestOptions } | { ok: false; code: string };

/** The result, or the code of the EndpointError thrown. Any other exception escapes and fails the property. */
function outcome(run: () => RequestOptions): Outcome {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    if (error instanceof EndpointError && ERROR_CODES.has(error.code)) return { ok: false, code: error.code };
    throw error;
  }
}

/** Both results deep-equal (own keys, order, prototypes, -0, NaN), or both the same error code. */
function expectSameOutcome(actual: Outcome, expected: Outcome): void {
  expect(canonical(actual)).toStrictEqual(canonical(expected));
}

/** Paths of every frozen object reachable from `value` ("$" is the value itself). */
function frozenPaths(value: unknown, path = "$", seen = new Set<object>()): string[] {
  if (typeof value !== "object" || value === null || seen.has(value)) return [];
  seen.add(value);
  const found = Object.isFrozen(value) ? [path] : [];
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
    if ("value" in descriptor) found.push(...frozenPaths(descriptor.value, `${path}.${String(key)}`, seen));
  }
  return found;
}

// A URI reference: unreserved and reserved characters, and complete %XX triplets.
const URI_REFERENCE = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;

/** The checks every successful result must pass: method, url, headers and body rules. */
function expectValidResult(result: RequestOptions): void {
  expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  for (const key of Object.keys(result)) expect(["method", "url", "headers", "body", "request"]).toContain(key);
  expect(typeof result.method).toBe("string");
  // docs/decisions.md, "Method case": every method lower case.
  expect(result.method).toBe(result.method.toLowerCase());
  expect(result.method).toMatch(/^[!#$%&'*+\-.^_`|~0-9a-z]+$/);
  expect(typeof result.url).toBe("string");
  expect(result.url).toMatch(URI_REFERENCE);
  expect(Object.getPrototypeOf(result.headers)).toBe(Object.prototype);
  expect(Object.isFrozen(result.headers)).toBe(false);
  for (const name of Object.keys(result.headers)) {
    expect(name).toBe(name.toLowerCase());
    expect(name).toMatch(/^[!#$%&'*+\-.^_`|~0-9a-z]+$/);
    const value = result.headers[name];
    if (typeof value === "number") expect(Number.isFinite(value)).toBe(true);
    else {
      expect(typeof value).toBe("string");
      expect(value).not.toMatch(/[\r\n\0]/);
    }
  }
  if ("body" in result) {
    expect(["get", "head"]).not.toContain(result.method);
    expect(result.body).not.toBeUndefined();
    expect(result.headers["content-type"]).toBeDefined();
  }
  if ("request" in result) expect(result.request).not.toBeUndefined();
}

/** RFC 6570 simple-string encoding of one value: everything but A–Z a–z 0–9 - . _ ~ is pct-encoded. */
function encodeValue(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

// ---------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------

const VALID_METHODS = [
  "GET",
  "get",
  "Get",
  "POST",
  "post",
  "PUT",
  "PATCH",
  "patch",
  "DELETE",
  "delete",
  "HEAD",
  "head",
  "OPTIONS",
  "PROPFIND",
  "propfind",
  "M-SEARCH",
  "x",
  "!#$%&'*+-.^_`|~",
];
const INVALID_METHODS = ["G@T", "gét", "G\tT", "GET/1", "(get)"];
const validMethod = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...VALID_METHODS) },
  {
    weight: 1,
    arbitrary: fc.string({ unit: fc.constantFrom(..."!#$%&'*+-.^_`|~09azAZ"), minLength: 1, maxLength: 6 }),
  },
);
const method = fc.oneof(
  { weight: 30, arbitrary: validMethod },
  { weight: 1, arbitrary: fc.constantFrom(...INVALID_METHODS) },
);

const VAR_NAMES = ["a", "b", "x", "y", "owner", "list", "constructor", "__proto__", "toString", "a.b", "Stra%C3%9Fe"];
const PARAM_NAMES = [...VAR_NAMES, "q", "page", "naïve", "a b", "%", "", "0", "17", "prototype", "hasOwnProperty"];
const NESTED_KEYS = ["k", "v", ".", "..", "a b", "é", "__proto__", "constructor", "prototype", "", "0"];

/** Strings that stress encoding and dot-segment rules. */
const trickyString = fc.constantFrom(
  "",
  ".",
  "..",
  "...",
  ".a",
  "a.",
  ". .",
  "%",
  "%2e",
  "%2E%2e",
  "%41",
  "%zz",
  "%%",
  "a/b",
  "../x",
  "/",
  "?",
  "#",
  "?#[]@!$&'()*+,;=",
  ":",
  " ",
  "a b",
  "é",
  "😀",
  "\u0000",
  "\r\n",
  "http://example.com/a b",
  "https://uploads.example.com/x/{y}",
  "__proto__",
  "-0",
);
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => `x${String.fromCharCode(code)}`);
const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 8 }) },
  { weight: 3, arbitrary: trickyString },
  { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom(..."/?#[]@!$&'()*+,;=%.~-_ :aZ0é", "😀"), maxLength: 8 }) },
  { weight: 1, arbitrary: loneSurrogate },
);
const validDate = fc.date({ noInvalidDate: true });
const date = fc.oneof(
  { weight: 9, arbitrary: validDate },
  { weight: 1, arbitrary: fc.constant(0).map(() => new Date(Number.NaN)) },
);
const scalar = fc.oneof(
  { weight: 6, arbitrary: text },
  { weight: 2, arbitrary: fc.double() }, // includes -0, NaN, ±Infinity
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.bigInt() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: date },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined) },
);

/** Plain objects of these keys and values; one in five has a null prototype (Object.create(null)). */
function objectOf(key: fc.Arbitrary<string>, value: fc.Arbitrary<unknown>, maxLength: number) {
  return fc
    .tuple(fc.array(fc.tuple(key, value), { maxLength }), fc.nat(4))
    .map(([entries, roll]) => own(entries, roll === 0));
}
const nestedKey = fc.constantFrom(...NESTED_KEYS);
const flatArray = fc.array(scalar, { maxLength: 4 });
const flatObject = objectOf(nestedKey, scalar, 3);
const nestedValue = fc.oneof(
  fc.array(fc.oneof(flatArray, flatObject, scalar), { maxLength: 3 }),
  objectOf(nestedKey, fc.oneof(flatArray, flatObject, scalar), 3),
);
/**
 * A list with own properties that would change or break a method call on it: an own
 * `map` (text, or a function returning another list) and an own iterator.
 */
const loadedArray = fc
  .tuple(
    flatArray,
    fc.constantFrom<unknown>("x", () => ["evil"], undefined),
  )
  .map(([list, map]) => {
    const loaded = [...list];
    if (map !== undefined) Object.assign(loaded, { map });
    Object.defineProperty(loaded, Symbol.iterator, {
      value: function* () {
        yield "evil";
      },
    });
    return loaded;
  });
/** A parameter value of any kind a caller may pass. */
const value = fc.oneof(
  { weight: 8, arbitrary: scalar },
  { weight: 2, arbitrary: flatArray },
  { weight: 2, arbitrary: flatObject },
  { weight: 1, arbitrary: nestedValue },
  { weight: 1, arbitrary: loadedArray },
);

// --- url templates ---
const literal = fc
  .array(
    fc.constantFrom(
      "/",
      "/",
      "/",
      "a",
      "b",
      "z",
      "0",
      "-",
      "_",
      "~",
      ".",
      "..",
      "%",
      "%41",
      "%2e",
      "é",
      "😀",
      ":",
      "12:30",
      "[",
      "]",
      "!",
      "'",
      "(",
      "*",
      "=",
      "&",
      "?",
      "#",
      ",",
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((pieces) => pieces.join(""));
const modifier = fc.constantFrom("", "", "", "*", ":1", ":3", ":9999");
const operator = fc.constantFrom("", "", "+", "#", ".", "/", ";", "?", "&");
const expression = fc
  .tuple(operator, fc.array(fc.tuple(fc.constantFrom(...VAR_NAMES), modifier), { minLength: 1, maxLength: 3 }))
  .map(([op, specs]) => `{${op}${specs.map(([name, mod]) => name + mod).join(",")}}`);
const colonPlaceholder = fc
  .constantFrom(...VAR_NAMES.filter((name) => /^[A-Za-z_]\w*$/.test(name)))
  .map((name) => `:${name}`);
const wellFormedTemplate = fc
  .tuple(
    // Absolute url templates with expressions in the scheme or host, which may expand to nothing.
    fc.constantFrom(
      "/",
      "/",
      "",
      "https://other.example:8443/",
      "{x}",
      "{+x}",
      "https://{x}/",
      "https://{y}.example{/x}/",
      "http{+x}/",
      "{x}://h/",
    ),
    fc.array(
      fc.oneof(
        { weight: 3, arbitrary: literal },
        { weight: 3, arbitrary: expression },
        { weight: 1, arbitrary: colonPlaceholder },
      ),
      { maxLength: 6 },
    ),
  )
  .map(([start, parts]) => start + parts.join(""));
const brokenPiece = fc.constantFrom(
  "{",
  "}",
  "{}",
  "{!x}",
  "{=x}",
  "{,x}",
  "{@x}",
  "{|x}",
  "{x:0}",
  "{x:2*}",
  "{x:10000}",
  "{a b}",
  "{x",
  "x}",
  "{x,}",
  "{.}",
);
const template = fc.oneof(
  { weight: 15, arbitrary: wellFormedTemplate },
  {
    weight: 1,
    arbitrary: fc.tuple(wellFormedTemplate, brokenPiece, wellFormedTemplate).map((parts) => parts.join("")),
  },
);

const route = fc.oneof(
  { weight: 12, arbitrary: fc.tuple(method, template).map(([m, t]) => `${m} ${t}`) },
  { weight: 4, arbitrary: template },
  { weight: 1, arbitrary: fc.constantFrom("", "GET", "POST", " /x", "GET  /x", "GET /a b", "G T /x", "GET\t/x") },
);

// --- headers ---
const VALID_HEADER_NAMES = [
  "Accept",
  "accept",
  "User-Agent",
  "X-Custom",
  "x-custom",
  "content-type",
  "Content-Length",
  "If-None-Match",
  "Authorization",
  "x!#$%&'*+-.^_`|~",
  "__proto__",
  "constructor",
  "prototype",
];
const INVALID_HEADER_NAMES = ["bad name", "x:y", "é", "", "a\u0000", "(x)", "x\r\n"];
const headerName = fc.oneof(
  { weight: 30, arbitrary: fc.constantFrom(...VALID_HEADER_NAMES) },
  { weight: 1, arbitrary: fc.constantFrom(...INVALID_HEADER_NAMES) },
);
const headerValue = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom("application/vnd.github.v3+json", "text/html, application/vnd.foo.v2+json", "token abc"),
  },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 1e6 }) },
  { weight: 2, arbitrary: fc.constantFrom(null, undefined) },
  { weight: 1, arbitrary: fc.constantFrom("a\rb", "a\nb", "a\0b", Number.NaN, Number.POSITIVE_INFINITY, true, 12n) },
  { weight: 1, arbitrary: fc.constant(0).map(() => ({ nested: "object" })) },
);
/** Names removed and then set again in one object (`{ x0: null, X0: "v" }`), a shape that once cost quadratic time. */
const removedThenSet = fc.array(fc.constantFrom(...VALID_HEADER_NAMES), { minLength: 1, maxLength: 4 }).map((names) =>
  own(
    names.flatMap(
      (name) =>
        [
          [name.toLowerCase(), null],
          [name.toUpperCase(), "v"],
        ] as const,
    ),
  ),
);
const headers = fc.oneof(
  { weight: 6, arbitrary: objectOf(headerName, headerValue, 4) },
  { weight: 1, arbitrary: removedThenSet },
);

// --- options ---
const baseUrl = fc.constantFrom(
  "",
  "https://api.example.com",
  "https://api.example.com/v3/",
  "http://localhost:8080",
  "https://h.example/a%20b",
);
const mediaType = fc.oneof(
  { weight: 24, arbitrary: fc.constantFrom("raw", "text+json", "diff", "html", "").map((format) => ({ format })) },
  { weight: 1, arbitrary: fc.constantFrom(0).map(() => ({ format: "bad format" })) },
  { weight: 1, arbitrary: fc.constantFrom(0).map(() => ({ previews: ["x"] })) },
);
const data = fc.oneof(fc.string({ maxLength: 8 }), flatObject, fc.constant(null), fc.uint8Array({ maxLength: 4 }));
const request = fc.record(
  {
    timeout: fc.nat(),
    retry: fc.record({ max: fc.nat(5), codes: fc.array(fc.nat(600), { maxLength: 2 }) }, { noNullPrototype: true }),
  },
  { noNullPrototype: true },
);
const notAString = fc.constantFrom(42, true, null);

/** [key, value] entries of an options object; `full` adds `data` and `request`. */
function optionEntry(full: boolean) {
  const entries: fc.Arbitrary<readonly [string, unknown]>[] = [
    fc.tuple(fc.constant("method"), fc.oneof({ weight: 30, arbitrary: method }, { weight: 1, arbitrary: notAString })),
    fc.tuple(fc.constant("url"), fc.oneof({ weight: 30, arbitrary: template }, { weight: 1, arbitrary: notAString })),
    fc.tuple(
      fc.constant("baseUrl"),
      fc.oneof({ weight: 30, arbitrary: baseUrl }, { weight: 1, arbitrary: notAString }),
    ),
    fc.tuple(
      fc.constant("headers"),
      fc.oneof({ weight: 30, arbitrary: headers }, { weight: 1, arbitrary: notAString }),
    ),
    fc.tuple(fc.constant("mediaType"), mediaType),
  ];
  if (full) {
    entries.push(fc.tuple(fc.constant("data"), data), fc.tuple(fc.constant("request"), request));
  }
  return fc.oneof(
    { weight: 2, arbitrary: fc.oneof(...entries) },
    { weight: 5, arbitrary: fc.tuple(fc.constantFrom(...PARAM_NAMES), value) },
  );
}
const callOptions = fc
  .tuple(fc.array(optionEntry(true), { maxLength: 7 }), fc.nat(4))
  .map(([entries, roll]) => own(entries, roll === 0));
const defaultsOptions = fc.array(optionEntry(false), { maxLength: 5 }).map((entries) => own(entries));

interface Case {
  /** Options of 1–5 `defaults()` levels (or none: the global defaults). */
  chain: Record<string, unknown>[];
  route: string | undefined;
  options: Record<string, unknown> | undefined;
  /** Give the builder one `.header()` call per header instead of `.headers()`. */
  oneHeaderAtATime: boolean;
}
const anyCase: fc.Arbitrary<Case> = fc.record(
  {
    chain: fc.oneof(
      fc.constant<Record<string, unknown>[]>([]),
      fc.array(defaultsOptions, { minLength: 1, maxLength: 5 }),
    ),
    route: fc.option(route, { nil: undefined, freq: 8 }),
    options: fc.option(callOptions, { nil: undefined, freq: 4 }),
    oneHeaderAtATime: fc.boolean(),
  },
  { noNullPrototype: true },
);

// ---------------------------------------------------------------------------
// The public paths a case runs through
// ---------------------------------------------------------------------------

function chainOf(chain: readonly Record<string, unknown>[]): Endpoint {
  let fn = endpoint;
  for (const options of chain) fn = fn.defaults(options);
  return fn;
}

function viaEndpoint(c: Case): RequestOptions {
  const fn = chainOf(c.chain);
  return c.route === undefined ? fn(c.options as never) : fn(c.route, c.options);
}

/** Lays `options` over a builder with its typed methods, key by key in the options' own order. */
function applyToBuilder(
  start: RequestBuilder,
  options: Record<string, unknown>,
  oneHeaderAtATime: boolean,
  before: (builder: RequestBuilder) => RequestBuilder = (builder) => builder,
): RequestBuilder {
  let builder = start;
  for (const key of Object.keys(options)) {
    if (key !== "headers" || !oneHeaderAtATime) builder = before(builder);
    const v = options[key] as never;
    switch (key) {
      case "method":
        builder = builder.method(v);
        break;
      case "url":
        builder = builder.url(v);
        break;
      case "baseUrl":
        builder = builder.baseUrl(v);
        break;
      case "headers":
        if (oneHeaderAtATime && v !== undefined && typeof v === "object" && v !== null) {
          for (const name of Object.keys(v)) builder = before(builder).header(name, (v as Record<string, never>)[name]);
        } else {
          builder = builder.headers(v);
        }
        break;
      case "mediaType":
        builder = builder.mediaType(v);
        break;
      case "data":
        builder = builder.data(v);
        break;
      case "request":
        builder = builder.request(v);
        break;
      default:
        builder = builder.param(key, v);
    }
  }
  return builder;
}

/**
 * `RequestBuilder.from(level 1)`, then each later level, the route and the options
 * through builder methods; `before` runs on each builder a method is called on.
 */
function builderFor(
  c: Case,
  before: (builder: RequestBuilder) => RequestBuilder = (builder) => builder,
): RequestBuilder {
  let builder = c.chain.length > 0 ? RequestBuilder.from(c.chain[0]!) : new RequestBuilder();
  for (const options of c.chain.slice(1)) builder = applyToBuilder(builder, options, c.oneHeaderAtATime, before);
  if (c.route !== undefined) builder = before(builder).route(c.route);
  if (c.options !== undefined) builder = applyToBuilder(builder, c.options, c.oneHeaderAtATime, before);
  return builder;
}

function viaBuilder(c: Case): RequestOptions {
  return builderFor(c).build();
}

/** The same builder calls, each builder also merged and made into an endpoint before the next call. */
function viaUsedBuilder(c: Case): RequestOptions {
  return builderFor(c, (builder) => {
    builder.toEndpoint();
    builder.merge();
    return builder;
  }).build();
}

/** `endpoint.defaults(…).builder()`, then the route and the options through builder methods. */
function viaDefaultsBuilder(c: Case): RequestOptions {
  let builder = chainOf(c.chain).builder();
  if (c.route !== undefined) builder = builder.route(c.route);
  if (c.options !== undefined) builder = applyToBuilder(builder, c.options, c.oneHeaderAtATime);
  return builder.build();
}

/** `endpoint.parse(fn.merge(route, options))`, which `endpoint()` must equal. */
function viaMergeAndParse(c: Case): RequestOptions {
  const fn = chainOf(c.chain);
  const merged = c.route === undefined ? fn.merge(c.options as never) : fn.merge(c.route, c.options);
  return fn.parse(merged);
}

// ---------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------

describe("every call returns a valid result or throws an EndpointError with a known code", () => {
  it(
    "endpoint() through a defaults chain never throws anything else, and every result follows the result rules",
    () => {
      fc.assert(
        fc.property(anyCase, (c) => {
          const result = outcome(() => viaEndpoint(c));
          if (result.ok) expectValidResult(result.value);
        }),
      );
    },
    TIMEOUT,
  );

  it(
    "the builder never throws anything else, and every result follows the result rules",
    () => {
      fc.assert(
        fc.property(anyCase, (c) => {
          const result = outcome(() => viaBuilder(c));
          if (result.ok) expectValidResult(result.value);
        }),
      );
    },
    TIMEOUT,
  );

  it(
    "returns request as the very object passed in, and data as the very body",
    () => {
      fc.assert(
        fc.property(
          route,
          request,
          fc.option(data, { nil: undefined }),
          fc.array(fc.tuple(fc.constantFrom(...PARAM_NAMES), value), { maxLength: 4 }),
          (r, meta, body, params) => {
            const result = outcome(() => endpoint(r, { ...own(params), request: meta, data: body }));
            if (!result.ok) return;
            expect(result.value.request).toBe(meta);
            if (body !== undefined) expect(result.value.body).toBe(body);
          },
        ),
      );
    },
    TIMEOUT,
  );
});

describe("the same input gives the same output", () => {
  it(
    "calling twice with the same objects, or with a deep copy of them, gives deep-equal results or the same error code",
    () => {
      fc.assert(
        fc.property(anyCase, (c) => {
          const first = outcome(() => viaEndpoint(c));
          expectSameOutcome(
            outcome(() => viaEndpoint(c)),
            first,
          );
          expectSameOutcome(
            outcome(() => viaEndpoint(deepCopy(c))),
            first,
          );
          expectSameOutcome(
            outcome(() => viaBuilder(c)),
            outcome(() => viaBuilder(c)),
          );
        }),
      );
    },
    TIMEOUT,
  );
});

describe("no caller-owned object is mutated or frozen", () => {
  it(
    "endpoint(), defaults(), DEFAULTS, merge(), parse() and the builder leave every input deep-equal and unfrozen",
    () => {
      fc.assert(
        fc.property(anyCase, (c) => {
          const before = canonical(c);
          outcome(() => viaEndpoint(c));
          outcome(() => viaBuilder(c));
          outcome(() => viaDefaultsBuilder(c));
          outcome(() => viaMergeAndParse(c));
          outcome(() => {
            const fn = chainOf(c.chain);
            void fn.DEFAULTS;
            return fn.builder().merge() as never;
          });
          expect(canonical(c)).toStrictEqual(before);
          expect(frozenPaths(c)).toEqual([]);
        }),
      );
    },
    TIMEOUT,
  );

  it(
    "deriving new builders from a shared builder never changes it or what it builds",
    () => {
      fc.assert(
        fc.property(anyCase, callOptions, route, (c, more, otherRoute) => {
          let shared: RequestBuilder;
          try {
            shared = chainOf(c.chain).builder();
            if (c.route !== undefined) shared = shared.route(c.route);
            if (c.options !== undefined) shared = applyToBuilder(shared, c.options, c.oneHeaderAtATime);
          } catch (error) {
            expect(error).toBeInstanceOf(EndpointError);
            return;
          }
          const before = outcome(() => shared.build());
          const beforeMerge = canonical(shared.merge());
          outcome(() => applyToBuilder(shared, more, c.oneHeaderAtATime).build());
          outcome(() => shared.route(otherRoute).build());
          outcome(() =>
            shared
              .header("x-derived", "1")
              .param("derived", [1, { a: 2 }])
              .build(),
          );
          outcome(() => shared.toEndpoint()(otherRoute, more));
          const built = outcome(() => shared.build());
          if (built.ok) {
            built.value.headers["x-mutated"] = "1";
            built.value.url += "/mutated";
          }
          expectSameOutcome(
            outcome(() => shared.build()),
            before,
          );
          expect(canonical(shared.merge())).toStrictEqual(beforeMerge);
        }),
      );
    },
    TIMEOUT,
  );

  it(
    "mutating a result never changes the next result for the same input",
    () => {
      fc.assert(
        fc.property(anyCase, (c) => {
          const first = outcome(() => viaEndpoint(c));
          if (!first.ok) return;
          const expected = outcome(() => viaEndpoint(deepCopy(c)));
          first.value.url += "#changed";
          first.value.headers["x-changed"] = "1";
          if (
            first.value.body !== null &&
            typeof first.value.body === "object" &&
            !ArrayBuffer.isView(first.value.body)
          ) {
            // Only a JSON body built from parameters is ours; `data` is the caller's own object.
            if (!(c.options && "data" in c.options)) (first.value.body as Record<string, unknown>).changed = 1;
          }
          expectSameOutcome(
            outcome(() => viaEndpoint(c)),
            expected,
          );
        }),
      );
    },
    TIMEOUT,
  );
});

describe("the builder and endpoint() agree", () => {
  it(
    "RequestBuilder.from(…) with builder methods gives what endpoint.defaults(…)(route, options) gives, or the same error code",
    () => {
      fc.assert(
        fc.property(anyCase, (c) => {
          expectSameOutcome(
            outcome(() => viaBuilder(c)),
            outcome(() => viaEndpoint(c)),
          );
        }),
      );
    },
    TIMEOUT,
  );

  it(
    "the same builder calls give the same outcome when every builder is also merged and made into an endpoint on the way",
    () => {
      fc.assert(
        fc.property(anyCase, (c) => {
          expectSameOutcome(
            outcome(() => viaUsedBuilder(c)),
            outcome(() => viaEndpoint(c)),
          );
        }),
      );
    },
    TIMEOUT,
  );

  it(
    "a builder built a second time gives what its first build gave",
    () => {
      fc.assert(
        fc.property(anyCase, (c) => {
          let builder: RequestBuilder;
          try {
            builder = builderFor(c);
          } catch {
            return; // a bad input: the property above covers its error
          }
          const first = outcome(() => builder.build());
          expectSameOutcome(
            outcome(() => builder.build()),
            first,
          );
          expectSameOutcome(
            outcome(() => builder.toEndpoint()()),
            first,
          );
        }),
      );
    },
    TIMEOUT,
  );

  it(
    "endpoint.defaults(…).builder() with builder methods gives what endpoint.defaults(…)(route, options) gives, or the same error code",
    () => {
      fc.assert(
        fc.property(anyCase, (c) => {
          expectSameOutcome(
            outcome(() => viaDefaultsBuilder(c)),
            outcome(() => viaEndpoint(c)),
          );
        }),
      );
    },
    TIMEOUT,
  );

  it(
    "endpoint(route, options) equals endpoint.parse(endpoint.merge(route, options)), or throws the same error code",
    () => {
      fc.assert(
        fc.property(anyCase, (c) => {
          expectSameOutcome(
            outcome(() => viaMergeAndParse(c)),
            outcome(() => viaEndpoint(c)),
          );
        }),
      );
    },
    TIMEOUT,
  );
});

// --- query leftovers ---
const queryScalar = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: "binary", maxLength: 8 }) },
  { weight: 2, arbitrary: trickyString },
  { weight: 2, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.bigInt() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: validDate },
);
const isNonFinite = (v: unknown) => typeof v === "number" && !Number.isFinite(v);
const queryValue = fc.oneof(
  { weight: 6, arbitrary: queryScalar },
  {
    weight: 2,
    arbitrary: fc.array(
      fc.oneof({ weight: 4, arbitrary: queryScalar }, { weight: 1, arbitrary: fc.constantFrom(null, undefined) }),
      { maxLength: 4 },
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined) },
);
const queryName = fc
  .oneof(
    { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 6 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "__proto__",
        "constructor",
        "toString",
        "prototype",
        "a b",
        "&",
        "=",
        "+",
        "%",
        "0",
        "9",
      ),
    },
  )
  .filter((name) => !OPTION_KEYS.has(name));

/**
 * The query text of a leftover (query string rules), or undefined when the parameter is absent
 * from the query; null when it is refused (NaN and ±Infinity, alone or in a list).
 */
function queryText(v: unknown): string | undefined | null {
  if (v === null || v === undefined) return undefined;
  if (isNonFinite(v) || (Array.isArray(v) && v.some(isNonFinite))) return null;
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) {
    const items = v.filter((item) => item !== null && item !== undefined).map((item) => queryText(item)!);
    return items.length === 0 ? undefined : items.join(",");
  }
  return String(v);
}

describe("for GET, the query string gives back exactly the leftover parameters", () => {
  it(
    "new URL(url).searchParams holds each leftover as text, in order, after the url's own query and before its fragment",
    () => {
      // [template path, its own query (after "?"), the searchParams it brings, its fragment]
      const paths: [string, string | undefined, [string, string][], string][] = [
        ["/search", undefined, [], ""],
        ["/a/b/", undefined, [], ""],
        ["", undefined, [], ""],
        ["/x.y/~z", undefined, [], ""],
        ["search", undefined, [], ""],
        ["/search#top", undefined, [], "#top"],
        ["/s?", "", [], ""],
        ["/s?fixed=1", "fixed=1", [["fixed", "1"]], ""],
        ["/s?fixed=1&", "fixed=1&", [["fixed", "1"]], ""],
        ["/s?fixed=1#top", "fixed=1", [["fixed", "1"]], "#top"],
      ];
      fc.assert(
        fc.property(
          fc.constantFrom("GET", "get", "HEAD"),
          fc.constantFrom("https://api.example.com", "https://api.example.com/v3/", "http://localhost:8080/base"),
          fc.constantFrom(...paths),
          fc.array(fc.tuple(queryName, queryValue), { maxLength: 6 }),
          (m, base, [path, ownQuery, ownParams, fragment], entries) => {
            const params = own(entries);
            const leftovers: [string, string][] = [];
            for (const name of Object.keys(params)) {
              const t = queryText(params[name]);
              if (t === null) {
                // Refused, naming the parameter: not "NaN" in the query.
                expect(() => endpoint({ method: m, baseUrl: base, url: path, ...params })).toThrow(
                  /is (NaN|-?Infinity), not a finite number/,
                );
                return;
              }
              if (t !== undefined) leftovers.push([name, t]);
            }
            const result = endpoint({ method: m, baseUrl: base, url: path, ...params });
            const url = new URL(result.url);
            expect([...url.searchParams]).toStrictEqual([...ownParams, ...leftovers]);
            expect(url.hash).toBe(fragment);
            // The raw text: each name and value encoded as {?x} encodes, joined with "&" after "?" or the url's own query.
            const appended = leftovers.map(([name, t]) => `${encodeValue(name)}=${encodeValue(t)}`).join("&");
            const withoutFragment = result.url.split("#")[0]!;
            const at = withoutFragment.indexOf("?");
            const rawQuery = at === -1 ? undefined : withoutFragment.slice(at + 1);
            const expectedQuery =
              appended === ""
                ? ownQuery
                : ownQuery === undefined
                  ? appended
                  : ownQuery === "" || ownQuery.endsWith("&")
                    ? ownQuery + appended
                    : `${ownQuery}&${appended}`;
            expect(rawQuery).toBe(expectedQuery);
            expect(result.url.startsWith(base.replace(/\/$/, ""))).toBe(true);
            expect("body" in result).toBe(false);
          },
        ),
      );
    },
    TIMEOUT,
  );

  // Scalars only: the query string encodes the "," joining a leftover list (labels=bug%2Cui), where {?labels} keeps it raw.
  it(
    "a scalar leftover reads the same in the query string as through a {?name} expression",
    () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...VAR_NAMES.filter((name) => !name.includes("%") && !name.includes("."))),
          queryScalar,
          (name, v) => {
            const leftover = outcome(() => endpoint({ method: "GET", baseUrl: "", url: "/x", ...own([[name, v]]) }));
            const expression = outcome(() =>
              endpoint({ method: "GET", baseUrl: "", url: `/x{?${name}}`, ...own([[name, v]]) }),
            );
            expectSameOutcome(leftover, expression);
            expect(leftover.ok).toBe(!isNonFinite(v));
          },
        ),
      );
    },
    TIMEOUT,
  );
});

// --- dot segments ---
const dotText = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(".", "..", "...", "", ".a", "a.", ". .", "%2e", "%2e%2e", ".%2e", "....") },
  {
    weight: 2,
    arbitrary: fc.string({ unit: fc.constantFrom(".", ".", ".", "a", "%", "2", "e", "/", " "), maxLength: 4 }),
  },
);
const isDotSegment = (segment: string) => segment === "." || segment === "..";

/** Path segments of an absolute url, from the "/" after the authority up to the query or fragment. */
function pathSegments(url: string): string[] {
  const afterScheme = url.indexOf("://") + 3;
  const pathStart = url.indexOf("/", afterScheme);
  if (pathStart === -1) return [];
  let pathEnd = url.length;
  for (const c of ["?", "#"]) {
    const at = url.indexOf(c, pathStart);
    if (at !== -1 && at < pathEnd) pathEnd = at;
  }
  return url.slice(pathStart + 1, pathEnd).split("/");
}

// A template whose literal text holds no dot at all, with only non-reserved expressions.
const dotlessLiteral = fc
  .array(fc.constantFrom("/", "/", "a", "b", "-", "_", "~", "%41"), { minLength: 1, maxLength: 4 })
  .map((pieces) => pieces.join(""));
const nonReservedExpression = fc
  .tuple(
    fc.constantFrom("", "", "/", "/", ".", ";", "?", "&"),
    fc.array(fc.tuple(fc.constantFrom("a", "b", "x"), fc.constantFrom("", "", "*", ":1", ":2")), {
      minLength: 1,
      maxLength: 2,
    }),
  )
  .map(([op, specs]) => `{${op}${specs.map(([name, mod]) => name + mod).join(",")}}`);
const dotlessTemplate = fc
  .array(
    fc.oneof(
      { weight: 2, arbitrary: dotlessLiteral },
      { weight: 3, arbitrary: nonReservedExpression },
      { weight: 1, arbitrary: fc.constantFrom(":a", ":b", ":x") },
    ),
    { maxLength: 6 },
  )
  .map((parts) => `/${parts.join("")}`);
const dotValue = fc.oneof(
  { weight: 4, arbitrary: dotText },
  { weight: 1, arbitrary: fc.array(dotText, { maxLength: 3 }) },
  { weight: 1, arbitrary: objectOf(dotText, dotText, 2) },
);

describe("the expanded path never holds a raw . or .. segment made by a placeholder value", () => {
  it(
    "a template without literal dots either throws ERR_UNSAFE_PATH or yields a path with no dot segment that URL parsers keep as is",
    () => {
      fc.assert(
        fc.property(
          fc.constantFrom("POST", "put", "DELETE"), // leftovers go to the body, whatever their kind
          dotlessTemplate,
          fc.record({ a: dotValue, b: dotValue, x: dotValue }),
          (m, t, params) => {
            let result: RequestOptions;
            try {
              result = endpoint({ method: m, baseUrl: "https://api.example.com", url: t, ...params });
            } catch (error) {
              expect(error).toBeInstanceOf(EndpointError);
              const { code, message } = error as EndpointError;
              // ERR_INVALID_PARAMETER only for an exploded map with an empty key (docs/decisions.md).
              if (code === "ERR_INVALID_PARAMETER") expect(message).toContain("has an empty key");
              else expect(["ERR_UNSAFE_PATH", "ERR_INVALID_TEMPLATE", "ERR_MISSING_PARAMETER"]).toContain(code);
              return;
            }
            const segments = pathSegments(result.url);
            expect(segments.filter((segment) => /^(?:\.|%2e){1,2}$/i.test(segment))).toEqual([]);
            const path = `/${segments.join("/")}`;
            expect(new URL(result.url).pathname).toBe(path);
          },
        ),
      );
    },
    TIMEOUT,
  );

  it(
    "a value that is exactly . or .. as a whole segment throws ERR_UNSAFE_PATH; any other value expands encoded, e.g. ...",
    () => {
      fc.assert(
        fc.property(dotText, (v) => {
          const base = "https://api.example.com";
          const forms: [string, Record<string, unknown>, string][] = [
            ["/r/{a}/x", { a: v }, `/r/${encodeValue(v)}/x`],
            ["/r/:a/x", { a: v }, `/r/${encodeValue(v)}/x`],
            ["/r{/a}/x", { a: v }, `/r/${encodeValue(v)}/x`],
            ["/r{/a*}", { a: ["ok", v] }, `/r/ok/${encodeValue(v)}`],
            ["/r{/a,b}", { a: "ok", b: v }, `/r/ok/${encodeValue(v)}`],
            ["/r/{a}", { a: v }, v === "" ? "/r" : `/r/${encodeValue(v)}`],
          ];
          for (const [t, params, path] of forms) {
            const result = outcome(() => endpoint({ method: "GET", baseUrl: base, url: t, ...params }));
            if (isDotSegment(v)) {
              expect(result).toStrictEqual({ ok: false, code: "ERR_UNSAFE_PATH" });
            } else {
              expect(result.ok && result.value.url).toBe(base + path);
              expect(new URL(base + path).pathname).toBe(path);
            }
          }
        }),
      );
    },
    TIMEOUT,
  );
});

// --- toFetch and toJSON ---
/** A value JSON.stringify reaches through a `toJSON`: text, a bigint, a cycle, a Map, or another toJSON. */
const toJsonResult: fc.Arbitrary<unknown> = fc.oneof(
  scalar,
  fc.constant(0).map(() => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    return cyclic;
  }),
  fc.constant(0).map(() => new Map([["a", 1]])),
  flatObject,
);
const withToJson = fc.tuple(toJsonResult, fc.boolean()).map(([result, nested]) => {
  const holder = { toJSON: () => result };
  return nested ? { outer: [holder] } : holder;
});

describe("toFetch: a JSON body whose values have a toJSON gives JSON text or an EndpointError", () => {
  it(
    "never lets JSON.stringify's own TypeError escape, whatever a toJSON returns",
    () => {
      fc.assert(
        fc.property(withToJson, (body) => {
          try {
            const [, init] = toFetch({
              method: "post",
              url: "https://api.example.com/x",
              headers: { "content-type": "application/json" },
              body,
            });
            expect(typeof init.body).toBe("string");
          } catch (error) {
            expect(error).toBeInstanceOf(EndpointError);
            expect((error as EndpointError).code).toBe("ERR_INVALID_PARAMETER");
          }
        }),
      );
    },
    TIMEOUT,
  );
});

// --- hostile values ---
// What an independent hostile-input run found: Map and Set subclasses, Proxies of a Map or Set,
// [immerable] instances and the global object (frozen once), sparse arrays (an aborted process),
// revoked proxies (raw TypeErrors), getters that answer twice, and `scheme:` without `//`.

class HostileMap extends Map<string, unknown> {}
class HostileSet extends Set<unknown> {}
class Draftable {
  static [immerable] = true;
  value = 1;
}

function revokedProxy<T extends object>(target: T): T {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
}

/** A value of each hostile kind, made afresh for each path (a getter's answers are counted per value). */
interface Hostile {
  name: string;
  make: () => unknown;
  /** Kept by reference somewhere: must come out of every path neither frozen nor changed. */
  kept?: boolean;
  /** Kept in a JSON body, where toFetch passes JSON.stringify's TypeError on (docs/decisions.md, "Revoked proxies"). */
  unreadByJson?: boolean;
}

const HOSTILE: Hostile[] = [
  { name: "a Map subclass", make: () => new HostileMap([["k", 1]]), kept: true },
  { name: "a Set subclass", make: () => new HostileSet(["a"]), kept: true },
  { name: "an [immerable] instance", make: () => new Draftable(), kept: true },
  { name: "the global object", make: () => globalThis, kept: true },
  { name: "a Proxy of a Map", make: () => new Proxy(new Map([["k", 1]]), {}) },
  { name: "a Proxy of a Set", make: () => new Proxy(new Set(["a"]), {}) },
  { name: "a list with a hole", make: () => [1, , 3] }, // eslint-disable-line no-sparse-arrays
  { name: "Array(2 ** 32 - 1)", make: () => Array(2 ** 32 - 1) },
  { name: "Array(2e8) in an object", make: () => ({ k: Array(2e8) }) },
  { name: "a revoked Proxy", make: () => revokedProxy({}) },
  { name: "a revoked Proxy of a list", make: () => revokedProxy([1]) },
  { name: "a revoked Proxy of a function", make: () => revokedProxy(() => 1), unreadByJson: true },
  { name: "a list holding a revoked Proxy", make: () => ["a", revokedProxy({})] },
  {
    name: "an object whose getter answers a list, then text",
    make: () => {
      let reads = 0;
      return Object.defineProperty({}, "k", { enumerable: true, get: () => (reads++ === 0 ? ["x", "y"] : "z") });
    },
  },
  { name: "a boxed bigint", make: () => Object(1n) },
];

/** Where a hostile parameter `a` goes: the query, the path, a JSON body, or a body it is left out of. */
const PLACES: string[] = ["GET /x", "GET /x/{a}", "GET /x{?a*}", "POST /x", "POST /x{/a*}"];

/** What a path gives, in a form that holds no hostile value (a body may keep one by reference). */
function summary(run: () => RequestOptions): unknown {
  const result = outcome(run);
  if (!result.ok) return result;
  const { method, url, headers, body } = result.value;
  return { method, url, headers, bodyKeys: typeof body === "object" && body !== null ? Object.keys(body) : body };
}

describe("hostile values: every path gives a result or an EndpointError, the same in each, and leaves them as they were", () => {
  it(
    "endpoint(), defaults(), the builder, merge() + parse() and toFetch agree on each hostile parameter, in every place",
    () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...HOSTILE),
          fc.constantFrom(...PLACES),
          fc.boolean(),
          ({ make, kept, unreadByJson }, place, withData) => {
            const extra = withData && place.startsWith("POST") ? { data: "d" } : {};
            const values: unknown[] = [];
            // Typed `never`: a hostile value goes where the public types would refuse it.
            const fresh = (): never => {
              const value = make();
              values.push(value);
              return value as never;
            };
            const paths: (() => RequestOptions)[] = [
              () => endpoint(place, { a: fresh(), ...extra }),
              () => endpoint.defaults({ a: fresh(), ...extra })(place),
              () => {
                const builder = new RequestBuilder().route(place).param("a", fresh());
                return ("data" in extra ? builder.data(extra.data) : builder).build();
              },
              () =>
                RequestBuilder.from({ a: fresh(), ...extra })
                  .route(place)
                  .build(),
              () => endpoint.parse(endpoint.merge(place, { a: fresh(), ...extra })),
            ];
            const first = summary(paths[0]!);
            for (const path of paths.slice(1)) expect(summary(path)).toStrictEqual(first);
            // toFetch of any result: fetch's arguments or an EndpointError, except a revoked Proxy kept in a JSON body.
            const sent = outcome(() => paths[0]!());
            if (sent.ok && !(unreadByJson && typeof sent.value.body === "object")) {
              try {
                toFetch(sent.value);
              } catch (error) {
                expect(error).toBeInstanceOf(EndpointError);
              }
            }
            if (kept) {
              for (const value of values) expect(Object.isFrozen(value)).toBe(false);
            }
          },
        ),
        { numRuns: Math.min(RUNS, 400) },
      );
    },
    TIMEOUT,
  );

  it(
    "a value kept by reference stays changeable after every path",
    () => {
      const map = new HostileMap([["k", 1]]);
      const set = new HostileSet(["a"]);
      const draftable = new Draftable();
      for (const value of [map, set, draftable, globalThis]) {
        for (const place of PLACES) {
          outcome(() => endpoint.defaults({ a: value })(place));
          outcome(() => new RequestBuilder().route(place).param("a", value).build());
        }
      }
      map.set("k2", 2);
      set.add("b");
      draftable.value = 2;
      expect([map.size, set.size, draftable.value, Object.isFrozen(globalThis)]).toEqual([2, 2, 2, false]);
    },
    TIMEOUT,
  );
});

describe("a relative template never expands to a url the WHATWG URL parser reads as absolute", () => {
  const schemeish = fc.oneof(
    fc.constantFrom(":evil.example", "s:/evil.example", "s://evil.example/x", "://evil", ":", "tp:x", "1:x", "a:b"),
    fc.string({ unit: fc.constantFrom("a", "s", "1", ":", "/", ".", "+", "-"), maxLength: 6 }),
  );

  it(
    "with or without a baseUrl, the url's origin is the baseUrl's (or the page's), or the call is refused",
    () => {
      fc.assert(
        fc.property(
          fc.constantFrom("http", "a", "h1", "/x", "x/", "1", "ht"),
          fc.constantFrom("+", "", "#", "/", "."),
          schemeish,
          fc.constantFrom("", "https://api.example.com"),
          (start, op, x, base) => {
            const result = outcome(() => endpoint({ method: "GET", baseUrl: base, url: `${start}{${op}x}`, x }));
            if (!result.ok) {
              expect(result.code).toBe("ERR_UNSAFE_PATH");
              return;
            }
            const origin = base === "" ? "https://page.example" : base;
            expect(new URL(result.value.url, "https://page.example/dir/").origin).toBe(origin);
          },
        ),
      );
    },
    TIMEOUT,
  );

  it(
    "a baseUrl with a scheme but no '//' is refused, in every call form",
    () => {
      fc.assert(
        fc.property(fc.constantFrom("localhost:3000", "https:/h", "a:", "mailto:x"), (baseUrl) => {
          for (const call of [
            () => endpoint("GET /x", { baseUrl }),
            () => endpoint.defaults({ baseUrl }),
            () => new RequestBuilder().baseUrl(baseUrl),
          ]) {
            expect(outcome(call as () => RequestOptions)).toStrictEqual({ ok: false, code: "ERR_INVALID_OPTIONS" });
          }
        }),
      );
    },
    TIMEOUT,
  );
});

describe("toFetch reads request options once, whatever their getters answer the second time", () => {
  const second = fc.oneof(fc.constantFrom<unknown>(1, null, undefined, "", "x\r\ny", {}, []), fc.string());

  it(
    "gives what it gives for the first answers, or an EndpointError",
    () => {
      fc.assert(
        fc.property(
          fc.record({ method: second, url: second, headers: second, body: second, request: second }),
          (later) => {
            const first = {
              method: "post",
              url: "https://api.example.com/x",
              headers: { "content-type": "text/plain" },
              body: "text",
              request: {},
            };
            const options = {};
            for (const field of Object.keys(first) as (keyof typeof first)[]) {
              let reads = 0;
              Object.defineProperty(options, field, {
                enumerable: true,
                get: () => (reads++ === 0 ? first[field] : later[field]),
              });
            }
            expect(toFetch(options as RequestOptions)).toStrictEqual(toFetch(first as RequestOptions));
          },
        ),
      );
    },
    TIMEOUT,
  );
});

// ---------------------------------------------------------------------------
// Route tables: hostile descriptions, table data that answers twice, generated modules
// ---------------------------------------------------------------------------

const TABLE_BRAND = Symbol.for("fluent-endpoint.routeTable");
const HOSTILE_NAMES = [
  ...["id", "q", "user-id", "a b", "é", "%41", "a%2", "", "X-Trace", "Cookie", "content-type"],
  ...["{x}", "+path", "#frag", "a#b", "x*", "a:3", "*/", "`${x}`", "\u2028", "x\uD800", "a\r\nb"],
  ...["__proto__", "constructor", "toString", "url", "headers"],
];
const hostileName = fc.constantFrom(...HOSTILE_NAMES);
const STYLES = [undefined, "simple", "label", "matrix", "form", "spaceDelimited", "pipeDelimited", "deepObject"];
const style = fc.constantFrom<unknown>(...STYLES, "constructor", "__proto__", "toString", 1, null);
const location = fc.constantFrom<unknown>("path", "query", "header", "cookie", "body", "__proto__", 1);
const MEDIA_TYPES = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data", "*/*"];
const openAPIMediaType = fc.constantFrom(
  ...MEDIA_TYPES,
  ...["text/plain; charset=utf-8", "", "json", "a/b/c", "application/vnd.x€+json", "text/plain\r\nX-Injected: 1"],
);
const REF_SHAPES = [
  ...["#/components/parameters/P", "#/components/parameters/Chain2", "#/components/parameters/Loop"],
  ...["#pets", "#", "#/", "other.yaml#/x", "#/%E0", "#/components/parameters/Revoked/0"],
];
const ref = fc.constantFrom(...REF_SHAPES).map(($ref) => ({ $ref }));

const openAPIParameter = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(
      { name: hostileName, in: location, style, explode: fc.constantFrom(true, false, "x", undefined) },
      { requiredKeys: ["name", "in"] },
    ),
  },
  { weight: 1, arbitrary: ref },
);
const schema = fc.oneof(
  fc.dictionary(hostileName, fc.constant({}), { maxKeys: 3 }).map((properties) => ({ properties })),
  fc.constant({ $ref: "#/components/schemas/S" }),
  fc.constant({ allOf: [{ $ref: "#/components/schemas/S" }, { properties: { a: {} } }] }),
  fc.constant(true),
);
const openAPIPath = fc
  .array(
    fc.oneof(
      fc.constantFrom("a", "b.c", "x y"),
      hostileName.map((name) => `{${name}}`),
    ),
    { minLength: 1, maxLength: 3 },
  )
  .chain((segments) => fc.constantFrom("", "#copy").map((fragment) => `/${segments.join("/")}${fragment}`));
const operation = fc.record(
  {
    parameters: fc.array(openAPIParameter, { maxLength: 4 }),
    requestBody: fc.tuple(openAPIMediaType, schema).map(([type, body]) => ({ content: { [type]: { schema: body } } })),
  },
  { requiredKeys: [] },
);
const openAPIDescription = fc
  .array(fc.tuple(openAPIPath, fc.constantFrom("get", "post", "put"), operation), { minLength: 1, maxLength: 3 })
  .map((operations) => {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const [path, method, body] of operations) (paths[path] ??= {})[method] = body;
    return paths;
  });

/** A fresh description of `paths`, with the components the generated `$ref`s point at (a revoked Proxy among them). */
function hostileDescription(paths: unknown): Record<string, unknown> {
  const { proxy, revoke } = Proxy.revocable([], {});
  revoke();
  return {
    openapi: "3.1.0",
    info: { title: "hostile", version: "1" },
    paths: structuredClone(paths),
    components: {
      parameters: {
        P: { name: "p", in: "query" },
        Chain0: { name: "X-Chain", in: "header" },
        Chain1: { $ref: "#/components/parameters/Chain0" },
        Chain2: { $ref: "#/components/parameters/Chain1" },
        Loop: { $ref: "#/components/parameters/Loop" },
        Revoked: proxy,
      },
      schemas: { S: { properties: { s: {}, id: {} } } },
    },
  };
}

/** Every declared parameter of a table's route given a value; names that are options are left out (the options form reads them as options). */
function callEveryRoute(routes: Record<string, { parameters: object }>, values: readonly unknown[]): void {
  const api = endpoint.defaults({ baseUrl: "https://api.example.com" }).withRoutes(routes as never);
  for (const key of Object.keys(routes)) {
    const space = key.indexOf(" ");
    const options: Record<string, unknown> = { method: key.slice(0, space), url: key.slice(space + 1) };
    let index = 0;
    for (const name of Object.keys(routes[key]!.parameters)) {
      if (!OPTION_KEYS.has(name))
        Object.defineProperty(options, name, {
          value: values[index++ % values.length],
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    const result = outcome(() => api(options as never));
    if (!result.ok) continue;
    expectValidResult(result.value);
    expect(result.value.url).toMatch(/^https:\/\/api\.example\.com(?:[/?]|$)/);
    expect(result.value.url).not.toContain("#");
  }
}

describe("openAPIRoutes() of a hostile description gives a checked table or an EndpointError", () => {
  it(
    "hostile names, styles, media types and $ref shapes: a table whose every call is valid, or an EndpointError; the description unchanged",
    () => {
      fc.assert(
        fc.property(openAPIDescription, fc.array(value, { minLength: 1, maxLength: 3 }), (paths, values) => {
          const document = hostileDescription(paths);
          const result = (() => {
            try {
              return openAPIRoutes(document);
            } catch (error) {
              expect(error).toBeInstanceOf(EndpointError);
              expect(ERROR_CODES.has((error as EndpointError).code)).toBe(true);
              return undefined;
            }
          })();
          expect(canonical(document.paths)).toStrictEqual(canonical(structuredClone(paths)));
          expect(frozenPaths(document.paths)).toEqual([]);
          if (result === undefined) return;
          expect(Object.isFrozen(result)).toBe(true);
          callEveryRoute(result, values);
        }),
      );
    },
    TIMEOUT,
  );
});

describe("routeTable() trusts nothing of its data: accessors, proxies and forged brands", () => {
  const placement = fc.oneof(
    fc.constantFrom<unknown>("query", "header", "cookie", "body"),
    fc.record({
      style: fc.constantFrom("form", "spaceDelimited", "pipeDelimited", "deepObject"),
      explode: fc.boolean(),
    }),
  );
  const tableData = fc
    .tuple(
      fc.dictionary(fc.constantFrom("a", "b", "X-C", "sid", "__proto__"), placement, { minKeys: 1, maxKeys: 4 }),
      fc.constantFrom(undefined, ...MEDIA_TYPES, "text/plain"),
    )
    .map(([parameters, type]) => {
      const url = `/x/{id}{?${["q", ...Object.keys(parameters).filter((name) => parameters[name] === "query")].join(",")}}`;
      const entry: Record<string, unknown> = { url, parameters: { ...parameters, id: "path", q: "query" } };
      if (type !== undefined) entry.body = { type };
      return { "POST /x/{id}": entry };
    });
  // What a field answers after its first read: an injection, a prototype's key, another kind.
  const later = fc.constantFrom<unknown>(
    "text/plain\r\nX-Injected: 1",
    "constructor",
    "__proto__",
    "path",
    {},
    null,
    1,
  );

  /** `data` with each object's fields read through getters that answer `after` from the second read on, or through a Proxy. */
  function answeringTwice(data: unknown, after: unknown, proxy: boolean): unknown {
    if (typeof data !== "object" || data === null) return data;
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(data)) {
      const first = answeringTwice((data as Record<string, unknown>)[key], after, proxy);
      let reads = 0;
      Object.defineProperty(copy, key, {
        enumerable: true,
        configurable: true,
        get: () => (reads++ === 0 ? first : after),
      });
    }
    return proxy ? new Proxy(copy, {}) : copy;
  }

  it(
    "a table made of data whose fields answer otherwise when read again builds as the plain data's table",
    () => {
      fc.assert(
        fc.property(
          tableData,
          later,
          fc.boolean(),
          fc.array(value, { minLength: 1, maxLength: 3 }),
          (data, after, proxy, values) => {
            const plain = outcome(() => routeTable(data as never) as never);
            const tricky = outcome(() => routeTable(answeringTwice(data, after, proxy) as never) as never);
            expectSameOutcome(tricky, plain);
            if (!tricky.ok || !plain.ok) return;
            for (const id of [1, "a/b"]) {
              const options = {
                id,
                ...Object.fromEntries(values.map((item, i) => [["a", "b", "X-C", "sid"][i]!, item])),
              };
              const call = (routes: unknown) => () => endpoint.withRoutes(routes as never)("POST /x/{id}", options);
              expectSameOutcome(outcome(call(tricky.value)), outcome(call(plain.value)));
            }
          },
        ),
      );
    },
    TIMEOUT,
  );

  it(
    "a forged brand is refused by withRoutes() with ERR_INVALID_OPTIONS, and a made table's routes never change",
    () => {
      const runtime = fc.oneof(
        value,
        fc.record({ entries: fc.oneof(value, fc.constant(new Map())), values: fc.constant(() => ({})) }),
      );
      fc.assert(
        fc.property(runtime, (forged) => {
          const error = thrown(() => endpoint.withRoutes({ [TABLE_BRAND]: forged } as never));
          expect(error.code).toBe("ERR_INVALID_OPTIONS");
          const routes = routeTable({ "GET /x": { url: "/x", parameters: {} } });
          const made = Reflect.get(routes, TABLE_BRAND) as { entries: object };
          expect(Reflect.set(made.entries, "GET /x", forged)).toBe(false);
          expect(Reflect.set(made, "entries", forged)).toBe(false);
          expect(endpoint.withRoutes(routes)("GET /x").url).toBe("https://api.github.com/x");
        }),
      );
    },
    TIMEOUT,
  );
});

describe("a module fluent-endpoint openapi generates runs nothing of its description when imported", () => {
  // The command as users run it: the built dist/cli.js in a child process.
  const CLI = join(resolvePath(__dirname, ".."), "dist", "cli.js");
  const run = promisify(execFile);
  const directory = mkdtempSync(join(tmpdir(), "generated-"));
  mkdirSync(join(directory, "node_modules"));
  symlinkSync(resolvePath(__dirname, ".."), join(directory, "node_modules", "fluent-endpoint"), "dir");
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const piece = fc.constantFrom(
    ...[..."`${}*/\\\"'\n\r\u2028\u2029é€😀"],
    ...["*/", "/*", "//", "-->", "</script>", "globalThis.HOSTILE_RAN=1;", "({a:{b:{", "\u0000", "__proto__"],
  );
  const text = fc.array(piece, { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join(""));
  let written = 0;

  it(
    "hostile file names, field names and descriptions: the imported routes are openAPIRoutes() of the description",
    async () => {
      await fc.assert(
        fc.asyncProperty(text, text, text, async (file, field, words) => {
          const name = `d${written++}${file.replaceAll("\u0000", "").replaceAll("/", "")}`;
          const document = {
            openapi: "3.1.0",
            info: { title: words, version: words, description: words },
            paths: {
              "/x": {
                post: {
                  summary: words,
                  parameters: [{ name: field, in: "query", description: words }],
                  requestBody: {
                    content: { "application/json": { schema: { properties: { [field]: { description: words } } } } },
                  },
                },
              },
            },
          };
          writeFileSync(join(directory, name), JSON.stringify(document));
          const output = join(directory, `routes-${written}.mjs`);
          await run(process.execPath, [CLI, "openapi", join(directory, name), "-o", output, "--no-types"], {
            cwd: directory,
          });
          expect(readFileSync(output, "utf8")).toMatch(/^[\n\x20-\x7e]*$/);
          const { routes } = (await import(pathToFileURL(output).href)) as { routes: unknown };
          expect(Reflect.get(globalThis, "HOSTILE_RAN")).toBeUndefined();
          expect(routes).toEqual(openAPIRoutes(document));
        }),
        { numRuns: Math.min(RUNS, 40) },
      );
    },
    TIMEOUT,
  );
});
