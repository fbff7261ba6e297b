// Immutability and prototype safety, and the decisions on frozen
// surfaces and cyclic parameter values.
import { afterEach, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { immerable } from "immer";
import { endpoint, RequestBuilder } from "../src/index.js";
import { thrown } from "./support/errors.js";
import { USER_AGENT } from "./support/defaults.js";

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

/** Runs `use(input)` and checks that `input` ends deep-equal to before and nowhere frozen. */
function expectUntouched<T>(input: T, use: (input: T) => unknown): void {
  const before = structuredClone(input);
  use(input);
  expect(input).toEqual(before);
  expect(frozenPaths(input)).toEqual([]);
}

/** Fresh caller options with nested values of every kind a caller may pass (no functions: structuredClone). */
function callerOptions() {
  return {
    owner: "octokit",
    labels: ["bug", "ui"],
    filter: { state: "open", sort: "created" },
    extra: { tags: ["a", "b"], deep: { list: [1] } },
    since: new Date("2024-01-02T03:04:05.000Z"),
    headers: { "X-Custom": "1", Accept: "application/vnd.github.v3+json", "Content-Length": 14 },
    mediaType: { format: "raw" },
    request: { timeout: 5, retry: { max: 3, codes: [500, 502] } },
  };
}

describe("endpoint(), defaults(), merge() and parse() never mutate or freeze the caller's values", () => {
  it("endpoint() with a GET leaves options, headers, nested parameters and request as they were", () => {
    const { extra: _, ...getOptions } = callerOptions(); // a nested list has no query form
    expectUntouched(getOptions, (options) => {
      const result = endpoint("GET /orgs/{owner}/issues{?filter*}", options);
      expect(result.url).toBe(
        "https://api.github.com/orgs/octokit/issues?state=open&sort=created&labels=bug%2Cui&since=2024-01-02T03%3A04%3A05.000Z",
      );
      result.headers["x-custom"] = "changed";
    });
  });

  it("endpoint() with a POST leaves options, headers, nested parameters and request as they were", () => {
    expectUntouched(callerOptions(), (options) => {
      const result = endpoint("POST /orgs/{owner}/issues", options);
      (result.body as { labels: string[] }).labels.push("changed");
      (result.body as { extra: { tags: string[] } }).extra.tags.push("changed");
    });
  });

  it("endpoint() with data leaves data untouched", () => {
    expectUntouched(
      { data: { payload: [1, 2], meta: { a: 1 } }, headers: { "Content-Type": "text/plain" } },
      (options) => endpoint("PUT /x", options),
    );
  });

  it("endpoint.defaults() leaves options untouched, also when the new function is used", () => {
    expectUntouched(callerOptions(), (options) => {
      const withDefaults = endpoint.defaults(options);
      void withDefaults.DEFAULTS;
      withDefaults("POST /orgs/{owner}/issues");
      withDefaults.merge();
      withDefaults.defaults({ more: 1 }).builder().route("PATCH /orgs/{owner}/issues").build();
    });
  });

  it("endpoint.merge() leaves options untouched, also when its result is mutated", () => {
    expectUntouched(callerOptions(), (options) => {
      const merged = endpoint.merge("GET /orgs/{owner}", options);
      (merged.labels as string[]).push("changed");
      (merged.extra as { tags: string[] }).tags.push("changed");
      merged.headers["x-custom"] = "changed";
    });
  });

  it("endpoint.parse() leaves merged options untouched", () => {
    const merged = {
      method: "POST",
      baseUrl: "https://api.github.com",
      url: "/orgs/{owner}/issues",
      headers: { accept: "application/vnd.github.v3+json" },
      mediaType: { format: "" },
      owner: "octokit",
      labels: ["bug"],
      filter: { tags: ["a"] },
      request: { timeout: 5 },
    };
    expectUntouched(merged, (options) => {
      const result = endpoint.parse(options);
      result.headers.accept = "changed";
      (result.body as { labels: string[] }).labels.push("changed");
    });
  });

  it("endpoint.parse() with a GET leaves merged options untouched", () => {
    const merged = {
      method: "GET",
      baseUrl: "",
      url: "/search{?q}",
      headers: {},
      mediaType: { format: "raw" },
      q: ["a", "b"],
      labels: ["bug"],
    };
    expectUntouched(merged, (options) => endpoint.parse(options));
  });
});

describe("builder methods never mutate or freeze the caller's values", () => {
  /** Each builder method given an object, then the builder is used every way it can be. */
  const cases: [string, () => unknown, (builder: RequestBuilder, input: never) => RequestBuilder][] = [
    [
      "RequestBuilder.from(options)",
      callerOptions,
      (_, input) => RequestBuilder.from(input).route("POST /orgs/{owner}"),
    ],
    ["headers(obj)", () => ({ "X-A": "1", Accept: "text/html", "User-Agent": null }), (b, input) => b.headers(input)],
    ["param(name, array)", () => ["bug", "ui"], (b, input) => b.param("labels", input)],
    ["param(name, object)", () => ({ tags: ["a"], nested: { deep: [1] } }), (b, input) => b.param("filter", input)],
    ["param(name, Date)", () => new Date("2024-01-02T03:04:05.000Z"), (b, input) => b.param("since", input)],
    ["param(name, Map)", () => new Map([["k", ["v"]]]), (b, input) => b.param("lookup", input)],
    ["param(name, Set)", () => new Set(["a", "b"]), (b, input) => b.param("tags", input)],
    ["param(name, Uint8Array)", () => new Uint8Array([1, 2]), (b, input) => b.param("bytes", input)],
    [
      "params(obj)",
      () => ({ owner: "octokit", labels: ["bug"], filter: { tags: ["a"] } }),
      (b, input) => b.params(input),
    ],
    ["data(object)", () => ({ payload: [1, 2], meta: { a: 1 } }), (b, input) => b.data(input)],
    ["data(Uint8Array)", () => new Uint8Array([1, 2, 3]), (b, input) => b.data(input)],
    ["mediaType(obj)", () => ({ format: "raw" }), (b, input) => b.mediaType(input)],
    ["request(obj)", () => ({ timeout: 5, retry: { codes: [500] } }), (b, input) => b.request(input)],
  ];

  it.each(cases)("%s leaves its argument untouched through build(), merge() and toEndpoint()", (_, make, apply) => {
    expectUntouched(make(), (input) => {
      const builder = apply(new RequestBuilder().route("POST /orgs/{owner}").param("owner", "octokit"), input as never);
      builder.build();
      builder.merge();
      const derived = builder.toEndpoint();
      void derived.DEFAULTS;
      derived({ extra: 1 });
      builder.param("more", [1]).header("x-more", "1").build();
    });
  });

  it("a builder made with a param array does not change when the caller mutates the array afterwards", () => {
    const labels = ["bug"];
    const builder = new RequestBuilder().route("POST /issues").param("labels", labels);
    labels.push("ui");
    labels[0] = "changed";
    expect(builder.build().body).toEqual({ labels: ["bug"] });
    expect(builder.merge().labels).toEqual(["bug"]);
  });

  it("a builder made with params() does not change when the caller mutates the nested values afterwards", () => {
    const filter = { tags: ["a"] };
    const params = { filter };
    const builder = new RequestBuilder().route("POST /issues").params(params);
    filter.tags.push("b");
    (params as Record<string, unknown>).extra = 1;
    expect(builder.build().body).toEqual({ filter: { tags: ["a"] } });
  });

  it("a builder made with a Date does not change when the caller changes the Date afterwards", () => {
    const since = new Date("2024-01-02T03:04:05.000Z");
    const builder = new RequestBuilder().route("GET /issues").param("since", since);
    since.setUTCFullYear(2030);
    expect(builder.build().url).toBe("https://api.github.com/issues?since=2024-01-02T03%3A04%3A05.000Z");
  });

  it("a builder made with headers() does not change when the caller mutates the headers afterwards", () => {
    const headers: Record<string, string> = { authorization: "token a" };
    const builder = new RequestBuilder().route("GET /user").headers(headers);
    headers.authorization = "token b";
    headers["x-added"] = "1";
    expect(builder.build().headers.authorization).toBe("token a");
    expect(builder.build().headers["x-added"]).toBeUndefined();
  });

  it("defaults made with a param array do not change when the caller mutates the array afterwards", () => {
    const labels = ["bug"];
    const withLabels = endpoint.defaults({ labels });
    labels.push("ui");
    expect(withLabels.DEFAULTS.labels).toEqual(["bug"]);
    expect(withLabels("GET /issues").url).toBe("https://api.github.com/issues?labels=bug");
  });

  it("defaults made with headers do not change when the caller mutates the headers afterwards", () => {
    const headers: Record<string, string> = { authorization: "token a" };
    const withAuth = endpoint.defaults({ headers });
    headers.authorization = "token b";
    expect(withAuth.DEFAULTS.headers.authorization).toBe("token a");
    expect(withAuth("GET /user").headers.authorization).toBe("token a");
  });
});

describe("a value kept by reference is never frozen: subclasses, immerable instances, the global object", () => {
  class MyMap extends Map<string, number> {}
  class MySet extends Set<string> {}
  class Draftable {
    static [immerable] = true;
    value = 1;
  }
  /** Each stores `value` in a state (defaults, a builder kept and built again, RequestBuilder.from()). */
  const stores: [string, (value: unknown) => void][] = [
    ["endpoint.defaults()", (value) => endpoint.defaults({ a: value })("POST /x")],
    ["RequestBuilder.from()", (value) => RequestBuilder.from({ a: value }).route("POST /x").build()],
    [
      "a kept builder's param()",
      (value) => {
        const kept = new RequestBuilder().route("POST /x").param("a", value);
        kept.build();
        kept.param("b", 1).build();
      },
    ],
  ];

  it.each(stores)("%s leaves a Map subclass, a Set subclass and an [immerable] instance changeable", (_, store) => {
    const map = new MyMap([["k", 1]]);
    const set = new MySet(["a"]);
    const instance = new Draftable();
    store(map);
    store(set);
    store(instance);
    map.set("k2", 2);
    set.add("b");
    instance.value = 2;
    expect([map.size, set.size, instance.value]).toEqual([2, 2, 2]);
    expect([Object.isFrozen(map), Object.isFrozen(set), Object.isFrozen(instance)]).toEqual([false, false, false]);
  });

  it.each(stores)(
    "%s neither walks nor runs a value kept by reference (a deep Map subclass, getters, forEach)",
    (_, store) => {
      let deep = new MyMap();
      for (let i = 0; i < 3_000; i++) deep = new MyMap([["next", deep as never]]);
      expect(() => store(deep)).not.toThrow();
      let runs = 0;
      class Watched extends Map<string, number> {
        static [immerable] = true;
        override forEach(): void {
          runs++;
        }
        get value(): number {
          runs++;
          return 1;
        }
      }
      Object.defineProperty(Watched.prototype, "value", { enumerable: true });
      store(new Watched());
      expect(runs).toBe(0);
    },
  );

  it("never freezes the global object (in a child process of the build, so a failure cannot freeze the test runner's)", () => {
    const build = pathToFileURL(fileURLToPath(new URL("../dist/index.js", import.meta.url))).href;
    const script = `import { endpoint } from ${JSON.stringify(build)}; endpoint.defaults({ g: globalThis }); console.log(Object.isFrozen(globalThis));`;
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(output.trim()).toBe("false");
  });

  it("refuses a Proxy of a Map or Set it must store, which it can neither copy nor read, as ERR_INVALID_PARAMETER", () => {
    const map = new Proxy(new Map([["k", 1]]), {});
    const set = new Proxy(new Set(["a"]), {});
    expect(thrown(() => endpoint.defaults({ m: map })).message).toBe(
      'parameter "m" looks like a Map but is none (a Proxy?): it cannot be copied',
    );
    expect(thrown(() => new RequestBuilder().param("s", set)).code).toBe("ERR_INVALID_PARAMETER");
    expect(Object.isFrozen(map)).toBe(false);
  });
});

describe("results are fresh, mutable plain objects", () => {
  it("returns an unfrozen result with unfrozen headers and body", () => {
    const result = endpoint("POST /x", { list: [1], nested: { a: 1 } });
    expect(frozenPaths(result)).toEqual([]);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(result.headers)).toBe(Object.prototype);
  });

  it("mutating a result's headers, url and body never affects DEFAULTS or a later result", () => {
    const first = endpoint("POST /repos/{owner}", { owner: "octokit", title: "t" });
    first.headers.accept = "changed";
    first.headers["x-added"] = "1";
    first.url = "changed";
    (first.body as Record<string, unknown>).title = "changed";
    expect(endpoint.DEFAULTS.headers.accept).toBe("application/vnd.github.v3+json");
    expect(endpoint.DEFAULTS.headers["x-added"]).toBeUndefined();
    const second = endpoint("POST /repos/{owner}", { owner: "octokit", title: "t" });
    expect(second.headers.accept).toBe("application/vnd.github.v3+json");
    expect(second.headers["x-added"]).toBeUndefined();
    expect(second.url).toBe("https://api.github.com/repos/octokit");
    expect(second.body).toEqual({ title: "t" });
  });

  it("mutating a result of a defaults function never affects its DEFAULTS or a later result", () => {
    const withDefaults = endpoint.defaults({ headers: { authorization: "token a" }, labels: ["bug"] });
    const first = withDefaults("POST /x");
    first.headers.authorization = "changed";
    (first.body as { labels: string[] }).labels.push("changed");
    expect(withDefaults.DEFAULTS.headers.authorization).toBe("token a");
    expect(withDefaults.DEFAULTS.labels).toEqual(["bug"]);
    expect(withDefaults("POST /x").body).toEqual({ labels: ["bug"] });
    expect(withDefaults("POST /x").headers.authorization).toBe("token a");
  });

  it("mutating a builder's build() never affects the builder or a later build()", () => {
    const builder = new RequestBuilder().route("POST /x").header("authorization", "token a").param("labels", ["bug"]);
    const first = builder.build();
    first.headers.authorization = "changed";
    first.url = "changed";
    (first.body as { labels: string[] }).labels.push("changed");
    expect(builder.build()).toEqual({
      method: "post",
      url: "https://api.github.com/x",
      headers: {
        accept: "application/vnd.github.v3+json",
        "user-agent": USER_AGENT,
        authorization: "token a",
        "content-type": "application/json; charset=utf-8",
      },
      body: { labels: ["bug"] },
    });
  });

  it("mutating a builder's merge() never affects the builder", () => {
    const builder = new RequestBuilder().route("GET /x").param("labels", ["bug"]);
    const merged = builder.merge();
    expect(frozenPaths(merged)).toEqual([]);
    merged.headers.accept = "changed";
    (merged.labels as string[]).push("changed");
    merged.mediaType.format = "raw";
    expect(builder.build().url).toBe("https://api.github.com/x?labels=bug");
    expect(builder.build().headers.accept).toBe("application/vnd.github.v3+json");
  });

  it("mutating endpoint.merge() never affects DEFAULTS", () => {
    const merged = endpoint.merge();
    expect(frozenPaths(merged)).toEqual([]);
    merged.headers.accept = "changed";
    merged.baseUrl = "changed";
    merged.mediaType.format = "raw";
    expect(endpoint.DEFAULTS.headers.accept).toBe("application/vnd.github.v3+json");
    expect(endpoint.DEFAULTS.baseUrl).toBe("https://api.github.com");
    expect(endpoint.DEFAULTS.mediaType.format).toBe("");
  });

  it("gives every call its own headers object", () => {
    const builder = new RequestBuilder().route("GET /x");
    expect(builder.build().headers).not.toBe(builder.build().headers);
    expect(endpoint("GET /x").headers).not.toBe(endpoint("GET /x").headers);
    expect(endpoint.merge().headers).not.toBe(endpoint.DEFAULTS.headers);
  });

  it("parse() returns headers that are not the object passed in", () => {
    const headers = { accept: "text/html" };
    const result = endpoint.parse({ method: "GET", baseUrl: "", url: "/x", headers, mediaType: { format: "" } });
    expect(result.headers).not.toBe(headers);
    result.headers.accept = "changed";
    expect(headers.accept).toBe("text/html");
  });
});

describe("DEFAULTS and builder state are deep-frozen", () => {
  it("freezes endpoint.DEFAULTS, its headers and its mediaType", () => {
    expect(Object.isFrozen(endpoint.DEFAULTS)).toBe(true);
    expect(Object.isFrozen(endpoint.DEFAULTS.headers)).toBe(true);
    expect(Object.isFrozen(endpoint.DEFAULTS.mediaType)).toBe(true);
  });

  it("rejects writes to DEFAULTS in strict mode", () => {
    const defaults = endpoint.DEFAULTS as { headers: Record<string, string>; baseUrl: string };
    expect(() => {
      defaults.headers.accept = "changed";
    }).toThrow(TypeError);
    expect(() => {
      defaults.baseUrl = "changed";
    }).toThrow(TypeError);
    expect(endpoint.DEFAULTS.headers.accept).toBe("application/vnd.github.v3+json");
  });

  it("deep-freezes nested parameter arrays and objects in DEFAULTS, not the caller's", () => {
    const labels = ["bug"];
    const filter = { tags: ["a"], range: { from: 1 } };
    const { DEFAULTS } = endpoint.defaults({ labels, filter });
    expect(frozenPaths(DEFAULTS)).toEqual([
      "$",
      "$.headers",
      "$.mediaType",
      "$.labels",
      "$.filter",
      "$.filter.tags",
      "$.filter.range",
    ]);
    expect(Object.isFrozen(labels)).toBe(false);
    expect(Object.isFrozen(filter.tags)).toBe(false);
  });

  it("freezes the endpoint functions themselves", () => {
    expect(Object.isFrozen(endpoint)).toBe(true);
    expect(Object.isFrozen(endpoint.defaults({ a: 1 }))).toBe(true);
  });

  it("leaves DEFAULTS.data and DEFAULTS.request the caller's own unfrozen objects", () => {
    const data = { a: [1] };
    const request = { timeout: 1 };
    const { DEFAULTS } = endpoint.defaults({ data, request });
    expect(DEFAULTS.data).toBe(data);
    expect(DEFAULTS.request).toBe(request);
    expect(Object.isFrozen(data)).toBe(false);
    expect(Object.isFrozen(data.a)).toBe(false);
    expect(Object.isFrozen(request)).toBe(false);
  });

  it("deep-freezes a builder's stored parameters, as its toEndpoint().DEFAULTS shows", () => {
    const builder = new RequestBuilder().param("labels", ["bug"]).param("filter", { tags: ["a"] });
    const { DEFAULTS } = builder.toEndpoint();
    expect(Object.isFrozen(DEFAULTS.labels)).toBe(true);
    expect(Object.isFrozen(DEFAULTS.filter)).toBe(true);
    expect(Object.isFrozen((DEFAULTS.filter as { tags: string[] }).tags)).toBe(true);
    expect(Object.isFrozen(DEFAULTS.headers)).toBe(true);
  });

  it("gives a Date in DEFAULTS as a copy, so changing it (a Date cannot be frozen) changes no request", () => {
    const since = new Date(0);
    const withDate = endpoint.defaults({ since, nested: { at: new Date(0) } });
    const before = withDate("POST /x");
    const shown = withDate.DEFAULTS.since as Date;
    expect(shown).toEqual(since);
    expect(shown).not.toBe(since);
    shown.setTime(1e12);
    (withDate.DEFAULTS.nested as { at: Date }).at.setTime(1e12);
    expect(withDate("POST /x")).toEqual(before);
    expect(withDate.merge("POST /x").since).toEqual(new Date(0));
  });

  it("keeps a builder unchanged when the Date or Map its toEndpoint().DEFAULTS shows is changed", () => {
    const builder = new RequestBuilder()
      .route("POST /x")
      .param("since", new Date(0))
      .param("index", new Map([["a", 1]]));
    const before = builder.build();
    const { DEFAULTS } = builder.toEndpoint();
    (DEFAULTS.since as Date).setFullYear(2000);
    Map.prototype.set.call(DEFAULTS.index, "b", 2); // bypasses the frozen Map's own set()
    expect(builder.build()).toEqual(before);
    expect(builder.merge().index).toEqual(new Map([["a", 1]]));
  });

  it("freezes builders", () => {
    const builder = new RequestBuilder();
    expect(Object.isFrozen(builder)).toBe(true);
    expect(Object.isFrozen(builder.param("a", 1))).toBe(true);
  });
});

const POLLUTING = '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 2}}}';

describe("keys such as __proto__ and constructor from JSON.parse never change a prototype", () => {
  afterEach(() => {
    const polluted = ({} as Record<string, unknown>).polluted;
    // Clean up so that one failure does not cascade into every later test.
    delete (Object.prototype as Record<string, unknown>).polluted;
    expect(polluted).toBeUndefined();
  });

  /** Checks that `value` has `key` as an own key whose value is `expected`, and a normal prototype. */
  function expectOwn(value: unknown, key: string, expected: unknown): void {
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value, key)?.value).toEqual(expected);
    expect((value as Record<string, unknown>).polluted).toBeUndefined();
  }

  it("puts a leftover __proto__ and constructor from the options into the JSON body as own keys", () => {
    const result = endpoint("POST /x", JSON.parse(POLLUTING));
    expectOwn(result.body, "__proto__", { polluted: 1 });
    expectOwn(result.body, "constructor", { prototype: { polluted: 2 } });
    expect(Object.keys(result.body as object)).toEqual(["__proto__", "constructor"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("puts a leftover __proto__ from the options into the query string", () => {
    const result = endpoint("GET /x", JSON.parse('{"__proto__": "a", "constructor": "b"}'));
    expect(result.url).toBe("https://api.github.com/x?__proto__=a&constructor=b");
  });

  it("never takes method or url from a __proto__ key of the options", () => {
    const result = endpoint(
      "POST /x",
      JSON.parse('{"__proto__": {"method": "DELETE", "url": "/evil", "baseUrl": "https://evil.example"}}'),
    );
    expect(result.method).toBe("post");
    expect(result.url).toBe("https://api.github.com/x");
    expectOwn(result.body, "__proto__", { method: "DELETE", url: "/evil", baseUrl: "https://evil.example" });
  });

  it("keeps __proto__ and constructor inside nested parameter values as own keys", () => {
    const result = endpoint("POST /x", { meta: JSON.parse(POLLUTING) });
    const meta = (result.body as { meta: unknown }).meta;
    expectOwn(meta, "__proto__", { polluted: 1 });
    expectOwn(meta, "constructor", { prototype: { polluted: 2 } });
  });

  it("keeps header names __proto__ and constructor as own header keys", () => {
    const result = endpoint("GET /x", { headers: JSON.parse('{"__proto__": "a", "Constructor": "b"}') });
    expectOwn(result.headers, "__proto__", "a");
    expectOwn(result.headers, "constructor", "b");
    expect(result.headers.accept).toBe("application/vnd.github.v3+json");
  });

  it("rejects a __proto__ header holding an object with ERR_INVALID_HEADER", () => {
    expect(thrown(() => endpoint("GET /x", { headers: JSON.parse(POLLUTING) })).code).toBe("ERR_INVALID_HEADER");
  });

  it("rejects a __proto__ key in mediaType with ERR_INVALID_OPTIONS", () => {
    expect(thrown(() => endpoint("GET /x", { mediaType: JSON.parse('{"__proto__": {"format": "raw"}}') })).code).toBe(
      "ERR_INVALID_OPTIONS",
    );
  });

  it("keeps __proto__ from defaults as an own key of DEFAULTS, merge() and the body", () => {
    const withDefaults = endpoint.defaults(JSON.parse(POLLUTING));
    expectOwn(withDefaults.DEFAULTS, "__proto__", { polluted: 1 });
    expectOwn(withDefaults.merge(), "__proto__", { polluted: 1 });
    expectOwn(withDefaults.merge(), "constructor", { prototype: { polluted: 2 } });
    expectOwn(withDefaults("POST /x").body, "__proto__", { polluted: 1 });
    expect(withDefaults("POST /x").url).toBe("https://api.github.com/x");
  });

  it("keeps headers with __proto__ from defaults as own keys", () => {
    const withDefaults = endpoint.defaults({ headers: JSON.parse('{"__proto__": "a"}') });
    expectOwn(withDefaults.DEFAULTS.headers, "__proto__", "a");
    expectOwn(withDefaults("GET /x").headers, "__proto__", "a");
  });

  it("keeps __proto__ given to a builder as an own key of the body", () => {
    const fromOptions = RequestBuilder.from(JSON.parse(POLLUTING)).route("POST /x").build();
    expectOwn(fromOptions.body, "__proto__", { polluted: 1 });
    const fromParams = new RequestBuilder().route("POST /x").params(JSON.parse(POLLUTING)).build();
    expectOwn(fromParams.body, "__proto__", { polluted: 1 });
    const fromParam = new RequestBuilder().route("POST /x").param("__proto__", { polluted: 1 }).build();
    expectOwn(fromParam.body, "__proto__", { polluted: 1 });
    const fromHeader = new RequestBuilder().route("GET /x").header("__proto__", "a").build();
    expectOwn(fromHeader.headers, "__proto__", "a");
  });

  it("keeps __proto__ given to a builder as a query parameter", () => {
    expect(new RequestBuilder().route("GET /x").param("__proto__", "a").build().url).toBe(
      "https://api.github.com/x?__proto__=a",
    );
  });

  it("keeps __proto__ in options given to parse() as an own key of the body", () => {
    const merged = JSON.parse(
      '{"method": "POST", "baseUrl": "", "url": "/x", "headers": {}, "mediaType": {"format": ""}, "__proto__": {"polluted": 1}}',
    );
    expectOwn(endpoint.parse(merged).body, "__proto__", { polluted: 1 });
  });

  it("keeps __proto__ from options as an own key of merge()", () => {
    const merged = endpoint.merge("POST /x", JSON.parse(POLLUTING));
    expectOwn(merged, "__proto__", { polluted: 1 });
    expect(merged.method).toBe("POST");
  });

  it.each([
    ["GET /search{?constructor,toString}", "https://api.github.com/search"],
    ["GET /x{/constructor}", "https://api.github.com/x"],
    ["GET /users/{toString}", "https://api.github.com/users"],
    ["GET /a{constructor}b{hasOwnProperty}c", "https://api.github.com/abc"],
    ["GET /x{?valueOf*}", "https://api.github.com/x"],
    ["GET /users/:constructor", "https://api.github.com/users"],
  ])("expands %s with no such parameter to nothing, not an inherited function", (route, url) => {
    expect(endpoint(route).url).toBe(url);
  });

  it("sends no body for inherited names in a POST template", () => {
    const result = endpoint("POST /x/{constructor}");
    expect(result.url).toBe("https://api.github.com/x");
    expect("body" in result).toBe(false);
  });

  it("expands {constructor} when it is an own parameter", () => {
    expect(endpoint("GET /x/{constructor}", JSON.parse('{"constructor": "c"}')).url).toBe("https://api.github.com/x/c");
  });
});

describe("decision: cyclic parameter values are ERR_INVALID_PARAMETER where they must be copied", () => {
  function cyclicObject(): Record<string, unknown> {
    const value: Record<string, unknown> = { name: "loop" };
    value.child = { parent: value };
    return value;
  }

  function cyclicArray(): unknown[] {
    const value: unknown[] = [1];
    value.push(value);
    return value;
  }

  it("rejects a cyclic object in builder.param()", () => {
    expect(thrown(() => new RequestBuilder().param("a", cyclicObject())).code).toBe("ERR_INVALID_PARAMETER");
  });

  it("rejects a cyclic array in builder.param()", () => {
    expect(thrown(() => new RequestBuilder().param("a", cyclicArray())).code).toBe("ERR_INVALID_PARAMETER");
  });

  it("rejects a cyclic value in builder.params()", () => {
    expect(thrown(() => new RequestBuilder().params({ ok: 1, a: cyclicObject() })).code).toBe("ERR_INVALID_PARAMETER");
  });

  it("rejects a cyclic value in RequestBuilder.from()", () => {
    expect(thrown(() => RequestBuilder.from({ a: cyclicArray() })).code).toBe("ERR_INVALID_PARAMETER");
  });

  it("rejects a cyclic value in endpoint.defaults()", () => {
    expect(thrown(() => endpoint.defaults({ a: cyclicObject() })).code).toBe("ERR_INVALID_PARAMETER");
  });

  it("rejects a cyclic value that would go into a JSON body", () => {
    expect(thrown(() => endpoint("POST /x", { a: cyclicObject() })).code).toBe("ERR_INVALID_PARAMETER");
  });

  it("rejects a cyclic value in endpoint.merge()", () => {
    expect(thrown(() => endpoint.merge("POST /x", { a: cyclicArray() })).code).toBe("ERR_INVALID_PARAMETER");
  });

  it("names the parameter in the message", () => {
    expect(thrown(() => new RequestBuilder().param("loopy", cyclicObject())).message).toContain('"loopy"');
  });

  it("accepts a value shared twice without a cycle", () => {
    const shared = ["a"];
    const result = new RequestBuilder()
      .route("POST /x")
      .params({ first: shared, second: { again: shared } })
      .build();
    expect(result.body).toEqual({ first: ["a"], second: { again: ["a"] } });
  });

  it("refuses a cyclic or too deeply nested parameter left unsent beside data alike in every call path", () => {
    let deep: unknown = "leaf";
    for (let i = 0; i < 1001; i++) deep = [deep];
    for (const unused of [cyclicObject(), cyclicArray(), deep]) {
      const options = { data: "body", unused };
      const paths = [
        () => endpoint("POST /x", options),
        () => endpoint.parse(endpoint.merge("POST /x", options)),
        () => endpoint.defaults(options)("POST /x"),
        () => new RequestBuilder().route("POST /x").params({ unused }).data("body").build(),
      ];
      for (const path of paths) expect(thrown(path).code).toBe("ERR_INVALID_PARAMETER");
    }
  });

  it("accepts cyclic data, which is sent by identity and never copied", () => {
    const data = cyclicObject();
    expect(new RequestBuilder().route("POST /x").data(data).build().body).toBe(data);
    expect(endpoint("POST /x", { data }).body).toBe(data);
  });
});
