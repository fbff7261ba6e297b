// The request body and `request` (by identity, or merged across layers),
// plus the decisions on `data` with GET/HEAD, `data: null` and JSON body copies.
import { describe, expect, it } from "vitest";
import { endpoint, RequestBuilder } from "../src/index.js";
import { thrown } from "./support/errors.js";
import { JSON_TYPE, USER_AGENT } from "./support/defaults.js";

describe("a body only for methods other than GET/HEAD, only when something remains", () => {
  it("sends leftover parameters of a GET in the query, with no body key", () => {
    const result = endpoint("GET /search/issues", { q: "bug", per_page: 5 });
    expect(result.url).toBe("https://api.github.com/search/issues?q=bug&per_page=5");
    expect("body" in result).toBe(false);
    expect(result.headers["content-type"]).toBeUndefined();
  });

  it("sends leftover parameters of a HEAD in the query, with no body key", () => {
    const result = endpoint("HEAD /repos/{owner}/{repo}", { owner: "octokit", repo: "endpoint.js", ref: "main" });
    expect(result.url).toBe("https://api.github.com/repos/octokit/endpoint.js?ref=main");
    expect("body" in result).toBe(false);
    expect(result.headers["content-type"]).toBeUndefined();
  });

  it("puts leftover parameters of a POST into a JSON body", () => {
    const result = endpoint("POST /repos/{owner}/{repo}/issues", {
      owner: "octokit",
      repo: "endpoint.js",
      title: "Found a bug",
      labels: ["bug"],
    });
    expect(result).toEqual({
      method: "post",
      url: "https://api.github.com/repos/octokit/endpoint.js/issues",
      headers: {
        accept: "application/vnd.github.v3+json",
        "user-agent": USER_AGENT,
        "content-type": JSON_TYPE,
      },
      body: { title: "Found a bug", labels: ["bug"] },
    });
  });

  it.each(["DELETE", "PUT", "PATCH", "OPTIONS", "PROPFIND"])(
    "puts leftover parameters of a %s into a JSON body",
    (method) => {
      const result = endpoint(`${method} /things/{id}`, { id: 7, reason: "spam" });
      expect(result.url).toBe("https://api.github.com/things/7");
      expect(result.body).toEqual({ reason: "spam" });
      expect(result.headers["content-type"]).toBe(JSON_TYPE);
    },
  );

  it.each(["POST", "PUT", "PATCH", "DELETE"])("has no body key at all for a %s with no parameters", (method) => {
    const result = endpoint(`${method} /user/starred/octokit/endpoint.js`);
    expect(Object.keys(result).sort()).toEqual(["headers", "method", "url"]);
    expect(result.headers["content-type"]).toBeUndefined();
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])(
    "has no body key at all for a %s whose parameters all went into the url",
    (method) => {
      const result = endpoint(`${method} /user/starred/{owner}/{repo}`, { owner: "octokit", repo: "endpoint.js" });
      expect(result.url).toBe("https://api.github.com/user/starred/octokit/endpoint.js");
      expect("body" in result).toBe(false);
      expect(result.headers["content-type"]).toBeUndefined();
    },
  );

  it("has no body key for a PUT whose only leftover parameter is undefined", () => {
    const result = endpoint("PUT /user/following/{username}", { username: "octocat", note: undefined });
    expect("body" in result).toBe(false);
    expect(result.headers["content-type"]).toBeUndefined();
  });

  it("keeps null values in a JSON body", () => {
    const result = endpoint("PATCH /repos/{owner}/{repo}/milestones/{number}", {
      owner: "octokit",
      repo: "endpoint.js",
      number: 1,
      due_on: null,
      description: "v1",
    });
    expect(result.body).toEqual({ due_on: null, description: "v1" });
    expect(Object.hasOwn(result.body as object, "due_on")).toBe(true);
  });

  it("sends a body made only of null values", () => {
    const result = endpoint("PATCH /x", { assignee: null });
    expect(result.body).toEqual({ assignee: null });
    expect(result.headers["content-type"]).toBe(JSON_TYPE);
  });

  it("drops undefined parameters from a JSON body", () => {
    const result = endpoint("POST /x", { a: 1, b: undefined });
    expect(result.body).toEqual({ a: 1 });
    expect(Object.hasOwn(result.body as object, "b")).toBe(false);
  });

  it("puts parameters from the defaults into the JSON body of a POST", () => {
    const withOrg = endpoint.defaults({ org: "octokit", visibility: "private" });
    expect(withOrg("POST /orgs/{org}/repos", { name: "x" }).body).toEqual({ visibility: "private", name: "x" });
  });
});

describe("data becomes the body unchanged and by identity", () => {
  const bodies: [string, () => unknown][] = [
    ["a string", () => "Hello, world"],
    ["an empty string", () => ""],
    ["a Uint8Array", () => new Uint8Array([1, 2, 3])],
    ["a Buffer", () => Buffer.from("binary")],
    ["a Blob", () => new Blob(["blob text"], { type: "text/plain" })],
    ["a FormData", () => new FormData()],
    ["a ReadableStream", () => new ReadableStream()],
    ["a plain object", () => ({ nested: { list: [1, 2] } })],
    ["an array", () => [{ a: 1 }]],
  ];

  it.each(bodies)("sends %s as the very body given", (_, make) => {
    const data = make();
    const result = endpoint("POST /markdown/raw", { data });
    expect(result.body).toBe(data);
  });

  it.each(bodies)("sends %s from a builder as the very body given", (_, make) => {
    const data = make();
    expect(new RequestBuilder().route("PUT /upload").data(data).build().body).toBe(data);
  });

  it("sends data from the defaults as the very body given", () => {
    const data = { from: "defaults" };
    expect(endpoint.defaults({ data })("POST /x").body).toBe(data);
  });

  it("does not copy a plain-object data value, so changes made after the call show through", () => {
    const data: Record<string, unknown> = { a: 1 };
    const result = endpoint("POST /x", { data });
    data.b = 2;
    expect(result.body).toEqual({ a: 1, b: 2 });
  });

  it("sends data: null as a body of null", () => {
    const result = endpoint("POST /x", { data: null });
    expect(Object.hasOwn(result, "body")).toBe(true);
    expect(result.body).toBeNull();
  });

  it("treats data: undefined as no data, so leftover parameters form the body", () => {
    expect(endpoint("POST /x", { data: undefined, title: "t" }).body).toEqual({ title: "t" });
  });

  it("drops data held by a shared builder with .data(undefined), leaving the builder as it was", () => {
    const shared = new RequestBuilder().route("POST /x").data({ a: 1 });
    expect(shared.data(undefined).param("b", 2).build().body).toEqual({ b: 2 });
    expect(shared.data(undefined).build()).not.toHaveProperty("body");
    expect(shared.build().body).toEqual({ a: 1 });
    expect(RequestBuilder.from({ data: "x" }).data(undefined).merge()).not.toHaveProperty("data");
  });

  it("drops data held by defaults with data: undefined, in every call form", () => {
    const withData = endpoint.defaults({ data: "raw" });
    expect(withData("POST /x", { data: undefined, b: 2 }).body).toEqual({ b: 2 });
    expect(withData({ method: "POST", url: "/x", data: undefined, b: 2 }).body).toEqual({ b: 2 });
    expect(withData({ method: "POST", url: "/x" }, { data: undefined, b: 2 } as never).body).toEqual({ b: 2 });
    expect(withData.defaults({ data: undefined })("POST /x", { b: 2 }).body).toEqual({ b: 2 });
    expect(withData.defaults({ data: undefined }).DEFAULTS).not.toHaveProperty("data");
    expect(withData.merge("POST /x", { data: undefined })).not.toHaveProperty("data");
    expect(withData.builder().data(undefined).route("POST /x").build()).not.toHaveProperty("body");
    // A GET, which takes no body, works once the data is dropped.
    expect(thrown(() => withData("GET /x")).code).toBe("ERR_INVALID_OPTIONS");
    expect(withData("GET /x", { data: undefined, b: 2 }).url).toBe("https://api.github.com/x?b=2");
  });

  it("does not send other leftover parameters when data is given", () => {
    const result = endpoint("POST /repos/{owner}/{repo}/issues", {
      owner: "octokit",
      repo: "endpoint.js",
      title: "ignored",
      data: "raw text",
    });
    expect(result.url).toBe("https://api.github.com/repos/octokit/endpoint.js/issues");
    expect(result.body).toBe("raw text");
  });

  it("still fills url placeholders from parameters when data is given", () => {
    const result = endpoint("POST {origin}/repos/{owner}/{repo}/releases/{id}/assets{?name,label}", {
      origin: "https://uploads.github.com",
      owner: "octokit",
      repo: "endpoint.js",
      id: 1,
      name: "a.zip",
      data: "zip bytes",
      extra: "dropped",
    });
    expect(result.url).toBe("https://uploads.github.com/repos/octokit/endpoint.js/releases/1/assets?name=a.zip");
    expect(result.body).toBe("zip bytes");
  });

  it("lets data in the call replace data from the defaults", () => {
    const first = { a: 1 };
    const second = "second";
    expect(endpoint.defaults({ data: first })("POST /x", { data: second }).body).toBe(second);
  });
});

describe("content-type", () => {
  it("adds application/json; charset=utf-8 when a JSON body exists and none was given", () => {
    expect(endpoint("POST /x", { a: 1 }).headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  it("adds application/json; charset=utf-8 when a data body exists and none was given", () => {
    expect(endpoint("POST /x", { data: "text" }).headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  it("adds no content-type to a GET", () => {
    expect(endpoint("GET /x", { a: 1 }).headers).toEqual({
      accept: "application/vnd.github.v3+json",
      "user-agent": USER_AGENT,
    });
  });

  it("adds no content-type to a POST without a body", () => {
    expect(Object.keys(endpoint("POST /x").headers).sort()).toEqual(["accept", "user-agent"]);
  });

  it("keeps a given content-type", () => {
    const result = endpoint("POST /markdown/raw", {
      data: "# hi",
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
    expect(result.headers["content-type"]).toBe("text/plain; charset=utf-8");
  });

  it.each(["Content-Type", "CONTENT-TYPE", "content-TYPE"])(
    "keeps a content-type given as %s, under its lowercase name",
    (name) => {
      const result = endpoint("POST /x", { a: 1, headers: { [name]: "application/x-www-form-urlencoded" } });
      expect(result.headers["content-type"]).toBe("application/x-www-form-urlencoded");
      expect(Object.keys(result.headers).filter((key) => key.toLowerCase() === "content-type")).toEqual([
        "content-type",
      ]);
    },
  );

  it("keeps a content-type from the defaults", () => {
    const xml = endpoint.defaults({ headers: { "Content-Type": "application/xml" } });
    expect(xml("POST /x", { data: "<a/>" }).headers["content-type"]).toBe("application/xml");
  });

  it("keeps a content-type given through a builder", () => {
    const result = new RequestBuilder().route("POST /x").header("Content-Type", "text/csv").data("a,b").build();
    expect(result.headers["content-type"]).toBe("text/csv");
  });

  it("keeps a content-type given with a GET, which has no body", () => {
    expect(endpoint("GET /x", { headers: { "content-type": "text/plain" } }).headers["content-type"]).toBe(
      "text/plain",
    );
  });

  it("adds the JSON content-type again when the given one was removed with null", () => {
    const withType = endpoint.defaults({ headers: { "content-type": "text/plain" } });
    expect(withType("POST /x", { a: 1, headers: { "content-type": null } }).headers["content-type"]).toBe(
      "application/json; charset=utf-8",
    );
  });
});

describe("data with GET or HEAD is ERR_INVALID_OPTIONS", () => {
  it.each(["GET", "HEAD", "get", "head"])("rejects data with %s", (method) => {
    expect(thrown(() => endpoint(`${method} /x`, { data: "body" })).code).toBe("ERR_INVALID_OPTIONS");
  });

  it("rejects data: null with GET", () => {
    expect(thrown(() => endpoint("GET /x", { data: null })).code).toBe("ERR_INVALID_OPTIONS");
  });

  it("rejects data from the defaults when the call is a GET", () => {
    const withData = endpoint.defaults({ data: "body" });
    expect(thrown(() => withData("GET /x")).code).toBe("ERR_INVALID_OPTIONS");
  });

  it("rejects data with GET in a builder at build()", () => {
    expect(thrown(() => new RequestBuilder().route("GET /x").data("body").build()).code).toBe("ERR_INVALID_OPTIONS");
  });

  it("rejects data with GET in endpoint.parse()", () => {
    expect(
      thrown(() =>
        endpoint.parse({ method: "GET", baseUrl: "", url: "/x", headers: {}, mediaType: { format: "" }, data: "b" }),
      ).code,
    ).toBe("ERR_INVALID_OPTIONS");
  });
});

describe("a JSON body is a fresh copy of the parameters", () => {
  it("is a fresh object, not the options passed in", () => {
    const options = { title: "t" };
    const result = endpoint("POST /x", options);
    expect(result.body).not.toBe(options);
    expect(result.body).toEqual({ title: "t" });
  });

  it("copies nested arrays and objects instead of sharing the caller's", () => {
    const labels = ["bug", "ui"];
    const author = { name: "Mona", emails: ["mona@example.com"] };
    const body = endpoint("POST /x", { labels, author }).body as { labels: string[]; author: typeof author };
    expect(body).toEqual({ labels: ["bug", "ui"], author: { name: "Mona", emails: ["mona@example.com"] } });
    expect(body.labels).not.toBe(labels);
    expect(body.author).not.toBe(author);
    expect(body.author.emails).not.toBe(author.emails);
  });

  it("leaves the caller's arrays untouched when the body is mutated", () => {
    const labels = ["bug"];
    const body = endpoint("POST /x", { labels }).body as { labels: string[] };
    body.labels.push("ui");
    expect(labels).toEqual(["bug"]);
  });

  it("copies parameters held by the defaults into each body", () => {
    const withLabels = endpoint.defaults({ labels: ["bug"] });
    const first = withLabels("POST /x").body as { labels: string[] };
    first.labels.push("changed");
    expect(withLabels("POST /x").body).toEqual({ labels: ["bug"] });
    expect(withLabels.DEFAULTS.labels).toEqual(["bug"]);
  });

  it("returns a mutable body", () => {
    const body = endpoint("POST /x", { list: [1] }).body as { list: number[] };
    expect(Object.isFrozen(body)).toBe(false);
    expect(Object.isFrozen(body.list)).toBe(false);
  });

  it("copies a Date, a Map and a Set, but keeps a subclass of one, whose own toJSON a copy would lose", () => {
    // A date without a time of day, as a server that takes "2024-01-02" wants it.
    class LocalDate extends Date {
      override toJSON(): string {
        return this.toISOString().slice(0, 10);
      }
    }
    class JsonMap extends Map<string, number> {
      toJSON(): Record<string, number> {
        return Object.fromEntries(this);
      }
    }
    const due = new LocalDate(Date.UTC(2024, 0, 2));
    const counts = new JsonMap([["a", 1]]);
    const plain = new Date(Date.UTC(2024, 0, 3));
    for (const build of [
      () => endpoint("POST /x", { due, counts, plain }).body,
      () => new RequestBuilder().route("POST /x").params({ due, counts, plain }).build().body,
      () => endpoint.defaults({ due, counts, plain })("POST /x").body,
    ]) {
      const body = build() as { due: LocalDate; counts: JsonMap; plain: Date };
      expect(body.due).toBe(due);
      expect(body.counts).toBe(counts);
      expect(body.plain).not.toBe(plain);
      expect(body.plain.getTime()).toBe(plain.getTime());
      expect(JSON.stringify(body)).toBe('{"due":"2024-01-02","counts":{"a":1},"plain":"2024-01-03T00:00:00.000Z"}');
    }
    // In a url a subclass is still a Date, written by Date.prototype.toISOString.
    expect(endpoint("GET /x/{due}", { due }).url).toBe("https://api.github.com/x/2024-01-02T00%3A00%3A00.000Z");
  });
});

describe("request is returned as the very object passed in, or merged when two layers have one", () => {
  it("returns request by identity from endpoint()", () => {
    const request = { timeout: 1000, retries: { max: 3 } };
    const result = endpoint("GET /x", { request });
    expect(result.request).toBe(request);
    expect((result.request as typeof request).retries).toBe(request.retries);
  });

  it("returns request by identity from a POST with a body", () => {
    const request = { signal: new AbortController().signal };
    const result = endpoint("POST /x", { a: 1, request });
    expect(result.request).toBe(request);
    expect(result.body).toEqual({ a: 1 });
  });

  it("neither freezes nor copies request", () => {
    const request: Record<string, unknown> = { hook: () => "x", nested: { a: 1 } };
    const result = endpoint("GET /x", { request });
    expect(Object.isFrozen(request)).toBe(false);
    expect(Object.isFrozen(request.nested)).toBe(false);
    request.added = true;
    expect(result.request).toEqual({ hook: request.hook, nested: { a: 1 }, added: true });
  });

  it("returns request from the defaults by identity, unfrozen", () => {
    const request = { fetch: () => undefined };
    const withRequest = endpoint.defaults({ request });
    expect(withRequest("GET /x").request).toBe(request);
    expect(withRequest.DEFAULTS.request).toBe(request);
    expect(Object.isFrozen(request)).toBe(false);
  });

  it("returns request from a builder by identity, unfrozen", () => {
    const request = { timeout: 5 };
    const result = new RequestBuilder().route("GET /x").request(request).build();
    expect(result.request).toBe(request);
    expect(Object.isFrozen(request)).toBe(false);
  });

  it("merges a later request over an earlier default one into a new object, key by key, as @octokit/endpoint does", () => {
    const earlier = { timeout: 1, retries: 2 };
    const later = { timeout: 3 };
    const result = endpoint.defaults({ request: earlier })("GET /x", { request: later });
    expect(result.request).toEqual({ timeout: 3, retries: 2 });
    expect(result.request).not.toBe(earlier);
    expect(result.request).not.toBe(later);
    expect(earlier).toEqual({ timeout: 1, retries: 2 });
    expect(later).toEqual({ timeout: 3 });
  });

  it("merges request across three layers: functions, signals and class instances by identity, plain objects key by key", () => {
    const fetch = () => undefined;
    const hook = () => undefined;
    const signal = new AbortController().signal;
    class Agent {}
    const agent = new Agent();
    const retries = ["a"];
    const first = { fetch, retry: { max: 3, backoff: { base: 10 } }, agent: { keepAlive: true }, retries };
    const second = { hook, retry: { backoff: { factor: 2 } }, agent };
    const third = { signal, retry: { max: 5 }, retries: ["b"] };
    const frozenBefore = [first, second, third, first.retry, second.retry].map((o) => Object.isFrozen(o));
    const call = endpoint.defaults({ request: first }).defaults({ request: second });
    const expected = {
      fetch,
      hook,
      signal,
      agent,
      retry: { max: 5, backoff: { base: 10, factor: 2 } },
      retries: ["b"],
    };
    for (const result of [
      call("GET /x", { request: third }),
      endpoint.parse(call.merge("GET /x", { request: third })),
      call.builder().route("GET /x").request(third).build(),
      RequestBuilder.from({ request: first }).request(second).request(third).route("GET /x").build(),
    ]) {
      const request = result.request as typeof expected;
      expect(request).toEqual(expected);
      expect(request.fetch).toBe(fetch);
      expect(request.hook).toBe(hook);
      expect(request.signal).toBe(signal);
      expect(request.agent).toBe(agent);
      expect(request.retries).toBe(third.retries);
    }
    expect(first).toEqual({
      fetch,
      retry: { max: 3, backoff: { base: 10 } },
      agent: { keepAlive: true },
      retries: ["a"],
    });
    expect(second).toEqual({ hook, retry: { backoff: { factor: 2 } }, agent });
    expect([first, second, third, first.retry, second.retry].map((o) => Object.isFrozen(o))).toEqual(frozenBefore);
  });

  it("returns the one request given when only one layer has one, by identity", () => {
    const request = { timeout: 1 };
    expect(endpoint.defaults({ headers: { a: "b" } })("GET /x", { request }).request).toBe(request);
    expect(endpoint.defaults({ request }).defaults({ baseUrl: "https://x.example" })("GET /x").request).toBe(request);
    expect(endpoint.merge("GET /x", { request }).request).toBe(request);
  });
  it("keeps request from the defaults when a later call gives none", () => {
    const request = { a: 1 };
    expect(endpoint.defaults({ request })("GET /x", { request: undefined }).request).toBe(request);
  });

  it("has no request key when none was given", () => {
    expect(Object.hasOwn(endpoint("GET /x"), "request")).toBe(false);
  });

  it("never puts request into the query or the body", () => {
    const request = { a: 1 };
    expect(endpoint("GET /x", { request }).url).toBe("https://api.github.com/x");
    expect("body" in endpoint("POST /x", { request })).toBe(false);
  });
});
