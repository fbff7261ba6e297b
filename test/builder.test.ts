// The RequestBuilder surface: immutable chaining, equivalence with
// endpoint(), toEndpoint()/builder() round trips, and errors at the method that
// received the bad input.
import { describe, expect, it } from "vitest";
import { endpoint, EndpointError, type EndpointOptions, RequestBuilder, type RequestOptions } from "../src/index.js";
import { thrown } from "./support/errors.js";
import { USER_AGENT } from "./support/defaults.js";

const DEFAULT_HEADERS = { accept: "application/vnd.github.v3+json", "user-agent": USER_AGENT };
const GLOBAL_DEFAULTS = {
  method: "GET",
  baseUrl: "https://api.github.com",
  headers: DEFAULT_HEADERS,
  mediaType: { format: "" },
};

describe("new RequestBuilder() and RequestBuilder.from()", () => {
  it("new RequestBuilder() holds the global defaults", () => {
    expect(new RequestBuilder().merge()).toEqual(GLOBAL_DEFAULTS);
  });

  it("new RequestBuilder() builds a route with the global defaults", () => {
    expect(new RequestBuilder().route("/user").build()).toEqual({
      method: "get",
      url: "https://api.github.com/user",
      headers: DEFAULT_HEADERS,
    });
  });

  it("new RequestBuilder().build() without a url is ERR_MISSING_URL", () => {
    expect(thrown(() => new RequestBuilder().build()).code).toBe("ERR_MISSING_URL");
  });

  it("RequestBuilder.from(options) lays options over the global defaults", () => {
    const builder = RequestBuilder.from({
      baseUrl: "https://ghe.example.com/api/v3",
      headers: { Authorization: "token secret123" },
      org: "octokit",
    });
    expect(builder.merge()).toEqual({
      method: "GET",
      baseUrl: "https://ghe.example.com/api/v3",
      headers: { ...DEFAULT_HEADERS, authorization: "token secret123" },
      mediaType: { format: "" },
      org: "octokit",
    });
    expect(builder.route("GET /orgs/{org}/repos").build()).toEqual({
      method: "get",
      url: "https://ghe.example.com/api/v3/orgs/octokit/repos",
      headers: { ...DEFAULT_HEADERS, authorization: "token secret123" },
    });
  });

  it("RequestBuilder.from(options) holds the same defaults as endpoint.defaults(options)", () => {
    const options = {
      method: "POST",
      url: "/repos/{owner}/{repo}/issues",
      headers: { "X-Team": "core", "user-agent": null },
      mediaType: { format: "raw" },
      owner: "octokit",
      labels: ["bug"],
    };
    expect(RequestBuilder.from(options).merge()).toEqual(endpoint.defaults(options).merge());
    expect(RequestBuilder.from(options).param("repo", "endpoint.js").build()).toEqual(
      endpoint.defaults(options)({ repo: "endpoint.js" }),
    );
  });

  it("RequestBuilder.from() with options that are not a plain object is ERR_INVALID_OPTIONS", () => {
    expect(thrown(() => RequestBuilder.from([] as unknown as EndpointOptions)).code).toBe("ERR_INVALID_OPTIONS");
    expect(thrown(() => RequestBuilder.from(null as unknown as EndpointOptions)).code).toBe("ERR_INVALID_OPTIONS");
  });
});

describe("every builder method returns a new builder and leaves the receiver unchanged", () => {
  const request = { timeout: 1 };
  const methods: [string, (builder: RequestBuilder) => RequestBuilder][] = [
    ["route", (b) => b.route("PUT /repos/{owner}/{repo}/topics")],
    ["route (url only)", (b) => b.route("/repos/{owner}/{repo}/topics")],
    ["method", (b) => b.method("PATCH")],
    ["url", (b) => b.url("/repos/{owner}/{repo}/labels")],
    ["baseUrl", (b) => b.baseUrl("https://ghe.example.com/api/v3")],
    ["header", (b) => b.header("Authorization", "token secret123")],
    ["header (removing)", (b) => b.header("user-agent", null)],
    ["headers", (b) => b.headers({ "X-A": "1", Accept: "text/html" })],
    ["param", (b) => b.param("title", "Found a bug")],
    ["params", (b) => b.params({ title: "Found a bug", labels: ["bug"] })],
    ["data", (b) => b.data("raw body")],
    ["mediaType", (b) => b.mediaType({ format: "raw" })],
    ["request", (b) => b.request(request)],
  ];

  it.each(methods)("%s returns a new, changed builder and leaves the receiver as it was", (_, apply) => {
    const base = RequestBuilder.from({ headers: { "x-base": "1" } })
      .route("POST /repos/{owner}/{repo}")
      .params({ owner: "octokit", repo: "endpoint.js" });
    const mergedBefore = base.merge();
    const builtBefore = base.build();
    const next = apply(base);
    expect(next).toBeInstanceOf(RequestBuilder);
    expect(next).not.toBe(base);
    expect(next.merge()).not.toEqual(mergedBefore);
    expect(base.merge()).toEqual(mergedBefore);
    expect(base.build()).toEqual(builtBefore);
    expect(base.build()).toEqual({
      method: "post",
      url: "https://api.github.com/repos/octokit/endpoint.js",
      headers: { ...DEFAULT_HEADERS, "x-base": "1" },
    });
  });

  it("a shared, partially built builder derives several independent requests", () => {
    const repo = new RequestBuilder()
      .header("authorization", "token secret123")
      .route("GET /repos/{owner}/{repo}/issues")
      .params({ owner: "octokit", repo: "endpoint.js" });
    const open = repo.param("state", "open");
    const closed = repo.param("state", "closed").param("per_page", 100);
    const create = repo.method("POST").params({ title: "Found a bug", labels: ["bug"] });
    const headers = { ...DEFAULT_HEADERS, authorization: "token secret123" };

    expect(open.build()).toEqual({
      method: "get",
      url: "https://api.github.com/repos/octokit/endpoint.js/issues?state=open",
      headers,
    });
    expect(closed.build()).toEqual({
      method: "get",
      url: "https://api.github.com/repos/octokit/endpoint.js/issues?state=closed&per_page=100",
      headers,
    });
    expect(create.build()).toEqual({
      method: "post",
      url: "https://api.github.com/repos/octokit/endpoint.js/issues",
      headers: { ...headers, "content-type": "application/json; charset=utf-8" },
      body: { title: "Found a bug", labels: ["bug"] },
    });
    expect(repo.build()).toEqual({
      method: "get",
      url: "https://api.github.com/repos/octokit/endpoint.js/issues",
      headers,
    });
    expect(open.build()).toEqual({
      method: "get",
      url: "https://api.github.com/repos/octokit/endpoint.js/issues?state=open",
      headers,
    });
  });

  it("lets the last of route() and method() decide the method", () => {
    expect(new RequestBuilder().method("POST").route("GET /x").build().method).toBe("get");
    expect(new RequestBuilder().route("GET /x").method("POST").build().method).toBe("post");
  });

  it("route() with only a url keeps the method already set", () => {
    expect(new RequestBuilder().method("DELETE").route("/x").build().method).toBe("delete");
    expect(RequestBuilder.from({ method: "PUT" }).route("/x").build().method).toBe("put");
  });

  it("a later param() replaces an earlier value of the same name", () => {
    expect(new RequestBuilder().route("GET /x").param("a", 1).param("a", 2).build().url).toBe(
      "https://api.github.com/x?a=2",
    );
  });

  it("headers() merges key by key with the headers already set", () => {
    const result = new RequestBuilder().route("GET /x").header("x-a", "1").headers({ "X-B": "2" }).build();
    expect(result.headers).toEqual({ ...DEFAULT_HEADERS, "x-a": "1", "x-b": "2" });
  });
});

describe("build() equals endpoint() and merge() equals endpoint.merge() for the same inputs", () => {
  const request = { timeout: 5 };
  const data = new Uint8Array([1, 2, 3]);
  const cases: [string, RequestBuilder, [string, EndpointOptions] | [EndpointOptions]][] = [
    [
      "GET with a path placeholder and a query parameter",
      new RequestBuilder().route("GET /orgs/{org}/repos").params({ org: "octokit", type: "private" }),
      ["GET /orgs/{org}/repos", { org: "octokit", type: "private" }],
    ],
    [
      "POST with a JSON body",
      new RequestBuilder()
        .route("POST /repos/{owner}/{repo}/issues")
        .params({ owner: "octokit", repo: "endpoint.js" })
        .param("title", "Found a bug")
        .param("labels", ["bug", "ui"])
        .param("milestone", null),
      [
        "POST /repos/{owner}/{repo}/issues",
        { owner: "octokit", repo: "endpoint.js", title: "Found a bug", labels: ["bug", "ui"], milestone: null },
      ],
    ],
    [
      "a url-only route with a method option",
      new RequestBuilder().route("/user").method("PATCH").param("name", "Mona"),
      ["/user", { method: "PATCH", name: "Mona" }],
    ],
    [
      "method and url without a route",
      new RequestBuilder().method("DELETE").url("/repos/{owner}/{repo}").params({ owner: "octokit", repo: "x" }),
      [{ method: "DELETE", url: "/repos/{owner}/{repo}", owner: "octokit", repo: "x" }],
    ],
    [
      "a baseUrl with a trailing slash",
      new RequestBuilder().baseUrl("https://ghe.example.com/api/v3/").route("GET user"),
      ["GET user", { baseUrl: "https://ghe.example.com/api/v3/" }],
    ],
    [
      "headers set, merged and removed",
      new RequestBuilder()
        .route("GET /user")
        .header("Authorization", "token secret123")
        .headers({ "X-Count": 3, "User-Agent": null }),
      ["GET /user", { headers: { authorization: "token secret123", "x-count": 3, "user-agent": null } }],
    ],
    [
      "a media type format",
      new RequestBuilder()
        .route("GET /repos/{owner}/{repo}/readme")
        .params({ owner: "o", repo: "r" })
        .mediaType({ format: "raw" }),
      ["GET /repos/{owner}/{repo}/readme", { owner: "o", repo: "r", mediaType: { format: "raw" } }],
    ],
    [
      "data with a content-type",
      new RequestBuilder()
        .route("POST /markdown/raw")
        .header("Content-Type", "text/plain")
        .data(data)
        .param("ignored", 1),
      ["POST /markdown/raw", { headers: { "content-type": "text/plain" }, data, ignored: 1 }],
    ],
    ["a request object", new RequestBuilder().route("HEAD /x").request(request), ["HEAD /x", { request }]],
    [
      "an absolute url with a query expression",
      new RequestBuilder().route("GET https://example.com/search{?q}").params({ q: "a b", page: 2 }),
      ["GET https://example.com/search{?q}", { q: "a b", page: 2 }],
    ],
    [
      ":name placeholders",
      new RequestBuilder().route("GET /users/:username/repos").param("username", "octo/cat").param("per_page", 5),
      ["GET /users/:username/repos", { username: "octo/cat", per_page: 5 }],
    ],
    [
      "a leading {upload_url} placeholder",
      new RequestBuilder()
        .route("POST {upload_url}/assets{?name}")
        .params({ upload_url: "https://uploads.github.com/repos/o/r/releases/1", name: "a.zip" })
        .data("zip"),
      [
        "POST {upload_url}/assets{?name}",
        { upload_url: "https://uploads.github.com/repos/o/r/releases/1", name: "a.zip", data: "zip" },
      ],
    ],
    [
      "list, Date, bigint and boolean query values",
      new RequestBuilder()
        .route("GET /issues")
        .params({ labels: ["bug", null, "ui"], since: new Date("2024-01-02T00:00:00.000Z"), id: 12n, all: true }),
      ["GET /issues", { labels: ["bug", null, "ui"], since: new Date("2024-01-02T00:00:00.000Z"), id: 12n, all: true }],
    ],
    [
      "a PUT whose parameters all fill the url",
      new RequestBuilder().route("PUT /user/starred/{owner}/{repo}").params({ owner: "o", repo: "r" }),
      ["PUT /user/starred/{owner}/{repo}", { owner: "o", repo: "r" }],
    ],
    [
      "an empty final placeholder",
      new RequestBuilder().route("GET /branches/{branch}").param("per_page", 1),
      ["GET /branches/{branch}", { per_page: 1 }],
    ],
    [
      "a custom method with an empty baseUrl",
      new RequestBuilder().baseUrl("").route("PROPFIND /dav/{path}").params({ path: "a b", depth: 1 }),
      ["PROPFIND /dav/{path}", { baseUrl: "", path: "a b", depth: 1 }],
    ],
  ];

  it.each(cases)("build() equals endpoint() for %s", (_, builder, args) => {
    const expected = args.length === 2 ? endpoint(args[0], args[1]) : endpoint(args[0]);
    expect(builder.build()).toEqual(expected);
  });

  it.each(cases)("merge() equals endpoint.merge() for %s", (_, builder, args) => {
    const expected = args.length === 2 ? endpoint.merge(args[0], args[1]) : endpoint.merge(args[0]);
    expect(builder.merge()).toEqual(expected);
  });

  it("build() literally gives the request options of a POST", () => {
    expect(cases[1]![1].build()).toEqual({
      method: "post",
      url: "https://api.github.com/repos/octokit/endpoint.js/issues",
      headers: { ...DEFAULT_HEADERS, "content-type": "application/json; charset=utf-8" },
      body: { title: "Found a bug", labels: ["bug", "ui"], milestone: null },
    });
  });

  it("build() keeps data and request by identity, as endpoint() does", () => {
    expect(cases[7]![1].build().body).toBe(data);
    expect(cases[8]![1].build().request).toBe(request);
  });

  it("merge() keeps the method as given and the url template unexpanded", () => {
    expect(new RequestBuilder().route("post /orgs/{org}").param("org", "octokit").merge()).toEqual({
      ...GLOBAL_DEFAULTS,
      method: "post",
      url: "/orgs/{org}",
      org: "octokit",
    });
  });
});

describe("a long chain of builder steps builds what one endpoint() call with the same options builds", () => {
  // Each step makes the builder's frozen state at once (docs/decisions.md, "When a builder's
  // state is made"); each test reads a builder through build(), merge() and toEndpoint()
  // and checks them against endpoint(). Chains of 25 steps.
  const LONG = 25;

  it(`a one-off chain of ${LONG} calls builds what endpoint() builds, on the first build and later ones`, () => {
    // Declared as the bare type: a variable keeps its declared type through the reassignments below.
    let builder: RequestBuilder = new RequestBuilder().route("GET /repos/{owner}/{repo}/issues").header("x-gone", "1");
    const expected: Record<string, unknown> = {};
    for (let i = 0; i < LONG; i++) {
      builder = builder.param(`p${i}`, i);
      expected[`p${i}`] = i;
    }
    builder = builder
      .params({ owner: "octokit", repo: "endpoint.js", p0: "last" })
      .header("X-Gone", null)
      .header("x-new", "2");
    const result = endpoint("GET /repos/{owner}/{repo}/issues", {
      ...expected,
      owner: "octokit",
      repo: "endpoint.js",
      p0: "last",
      headers: { "x-new": "2" },
    });
    expect(result.url).toContain("?p0=last&p1=1&");
    expect(builder.build()).toEqual(result);
    expect(builder.build()).toEqual(result);
    expect(builder.toEndpoint()()).toEqual(result);
  });

  it("builders derived from one whose state is not produced yet stay independent of each other and of it", () => {
    const base = new RequestBuilder().route("GET /search/{kind}").param("kind", "issues").param("q", "bug");
    const first = base.param("page", 2);
    const second = base.param("per_page", 10); // base's second use: produces base's state
    const third = first.param("sort", "created");
    expect(first.build().url).toBe("https://api.github.com/search/issues?q=bug&page=2");
    expect(second.build().url).toBe("https://api.github.com/search/issues?q=bug&per_page=10");
    expect(third.build().url).toBe("https://api.github.com/search/issues?q=bug&page=2&sort=created");
    expect(base.build().url).toBe("https://api.github.com/search/issues?q=bug");
    expect(first.build().url).toBe("https://api.github.com/search/issues?q=bug&page=2");
  });

  it("a header removed and set again across builder steps comes out last, as from one headers object", () => {
    const chain = (b: RequestBuilder) =>
      b.route("GET /x").header("accept", null).header("x-a", "1").header("Accept", "text/html");
    const chained = chain(new RequestBuilder());
    const produced = chain(new RequestBuilder()).toEndpoint();
    const expected = { "user-agent": USER_AGENT, "x-a": "1", accept: "text/html" };
    expect(Object.keys(chained.build().headers)).toEqual(Object.keys(expected));
    expect(chained.build().headers).toEqual(expected);
    expect(Object.keys(produced().headers)).toEqual(Object.keys(expected));
    // The same in one headers object: one step holding two layers of changes.
    const oneObject = new RequestBuilder().route("GET /x").headers({ accept: null, "x-a": "1", Accept: "text/html" });
    expect(Object.keys(oneObject.build().headers)).toEqual(Object.keys(expected));
    expect(oneObject.build().headers).toEqual(expected);
  });

  it('mediaType({}) keeps the format set by an earlier step; mediaType({ format: "" }) clears it', () => {
    const raw = new RequestBuilder().route("GET /x").mediaType({ format: "raw" });
    const kept = raw.mediaType({});
    const cleared = raw.mediaType({ format: "" });
    const rawAccept = endpoint("GET /x", { mediaType: { format: "raw" } }).headers.accept;
    expect(rawAccept).toBe("application/vnd.github.v3.raw");
    expect(kept.build().headers.accept).toBe(rawAccept);
    expect(kept.build().headers.accept).toBe(rawAccept);
    expect(cleared.build().headers.accept).toBe("application/vnd.github.v3+json");
    expect(cleared.merge().mediaType).toEqual({ format: "" });
  });

  it("a value the caller changes after the builder method returned never reaches the request", () => {
    const labels = ["bug"];
    const filter = { state: "open" };
    const builder = new RequestBuilder().route("POST /repos/o/r/issues").params({ labels, filter }).param("title", "t");
    labels.push("ui");
    filter.state = "closed";
    const body = { labels: ["bug"], filter: { state: "open" }, title: "t" };
    expect(builder.build().body).toEqual(body);
    expect(builder.build().body).toEqual(body);
    expect(Object.isFrozen(labels)).toBe(false);
  });

  it("a state made by a chain of steps is deep-frozen (DEFAULTS of toEndpoint())", () => {
    const defaults = new RequestBuilder()
      .header("x-a", "1")
      .params({ labels: ["bug"], filter: { tags: ["a"] } })
      .mediaType({ format: "raw" })
      .toEndpoint().DEFAULTS as unknown as Record<string, unknown> & { filter: { tags: string[] } };
    expect(Object.isFrozen(defaults.headers)).toBe(true);
    expect(Object.isFrozen(defaults.labels)).toBe(true);
    expect(Object.isFrozen(defaults.filter)).toBe(true);
    expect(Object.isFrozen(defaults.filter.tags)).toBe(true);
    expect(defaults.headers).toEqual({ ...DEFAULT_HEADERS, "x-a": "1" });
  });
});

describe("withRoutes()", () => {
  it("returns the very builder it is called on (a route map is types only)", () => {
    const builder = new RequestBuilder().route("GET /repos/{owner}/{repo}");
    expect(builder.withRoutes()).toBe(builder);
    expect(builder.withRoutes().params({ owner: "o", repo: "r" }).build().url).toBe("https://api.github.com/repos/o/r");
  });
});

describe("toEndpoint() and endpoint.builder()", () => {
  const builder = RequestBuilder.from({ headers: { authorization: "token secret123" } })
    .route("GET /repos/{owner}/{repo}/issues")
    .param("owner", "octokit")
    .mediaType({ format: "raw" });

  it("toEndpoint() gives an endpoint whose DEFAULTS match the builder's merge()", () => {
    expect(builder.toEndpoint().DEFAULTS).toEqual(builder.merge());
    expect(builder.toEndpoint().DEFAULTS).toEqual({
      method: "GET",
      baseUrl: "https://api.github.com",
      url: "/repos/{owner}/{repo}/issues",
      headers: { ...DEFAULT_HEADERS, authorization: "token secret123" },
      mediaType: { format: "raw" },
      owner: "octokit",
    });
  });

  it("toEndpoint() gives an endpoint that accepts further options", () => {
    const listIssues = builder.toEndpoint();
    expect(listIssues({ repo: "endpoint.js", state: "open" })).toEqual({
      method: "get",
      url: "https://api.github.com/repos/octokit/endpoint.js/issues?state=open",
      headers: { accept: "application/vnd.github.v3.raw", "user-agent": USER_AGENT, authorization: "token secret123" },
    });
    expect(listIssues("POST /repos/{owner}/{repo}/labels", { repo: "r", name: "bug" })).toEqual({
      method: "post",
      url: "https://api.github.com/repos/octokit/r/labels",
      headers: {
        accept: "application/vnd.github.v3.raw",
        "user-agent": USER_AGENT,
        authorization: "token secret123",
        "content-type": "application/json; charset=utf-8",
      },
      body: { name: "bug" },
    });
  });

  it("toEndpoint() gives an endpoint whose defaults() and builder() cascade from the builder", () => {
    const derived = builder.toEndpoint().defaults({ repo: "endpoint.js" });
    expect(derived.builder().build().url).toBe("https://api.github.com/repos/octokit/endpoint.js/issues");
    expect(derived({}).url).toBe("https://api.github.com/repos/octokit/endpoint.js/issues");
  });

  it("toEndpoint().builder() holds the same state as the builder", () => {
    expect(builder.toEndpoint().builder().merge()).toEqual(builder.merge());
  });

  it("endpoint.builder() is a RequestBuilder holding the global defaults", () => {
    expect(endpoint.builder()).toBeInstanceOf(RequestBuilder);
    expect(endpoint.builder().merge()).toEqual(GLOBAL_DEFAULTS);
  });

  it("endpoint.defaults(x).builder() holds those defaults", () => {
    const github = endpoint.defaults({
      baseUrl: "https://ghe.example.com/api/v3",
      headers: { authorization: "token secret123" },
      org: "octokit",
    });
    expect(github.builder().merge()).toEqual(github.merge());
    expect(github.builder().route("GET /orgs/{org}/repos").param("type", "private").build()).toEqual({
      method: "get",
      url: "https://ghe.example.com/api/v3/orgs/octokit/repos?type=private",
      headers: { ...DEFAULT_HEADERS, authorization: "token secret123" },
    });
  });

  it("endpoint.defaults(x).defaults(y).builder() holds the cascaded defaults", () => {
    const cascaded = endpoint.defaults({ headers: { "x-a": "1" }, org: "a" }).defaults({ headers: { "x-b": "2" } });
    expect(cascaded.builder().merge()).toEqual({
      ...GLOBAL_DEFAULTS,
      headers: { ...DEFAULT_HEADERS, "x-a": "1", "x-b": "2" },
      org: "a",
    });
  });
});

describe("builder parameters and headers (decisions)", () => {
  it.each(["method", "url", "baseUrl", "headers", "mediaType", "data", "request"])(
    'param("%s", …) is ERR_INVALID_PARAMETER',
    (name) => {
      const error = thrown(() => new RequestBuilder().param(name, "x"));
      expect(error.code).toBe("ERR_INVALID_PARAMETER");
      expect(error.message).toContain(`"${name}"`);
    },
  );

  it.each(["method", "url", "baseUrl", "headers", "mediaType", "data", "request"])(
    "params({ %s }) is ERR_INVALID_PARAMETER",
    (name) => {
      expect(thrown(() => new RequestBuilder().params({ ok: 1, [name]: "x" })).code).toBe("ERR_INVALID_PARAMETER");
    },
  );

  it("param(name, undefined) changes nothing", () => {
    const builder = new RequestBuilder().route("GET /x").param("a", 1);
    expect(builder.param("a", undefined).merge()).toEqual(builder.merge());
    expect(builder.param("b", undefined).build().url).toBe("https://api.github.com/x?a=1");
  });

  it("params() with an undefined value changes nothing for that key", () => {
    const builder = new RequestBuilder().route("GET /x").param("a", 1);
    expect(builder.params({ a: undefined, b: 2 }).build().url).toBe("https://api.github.com/x?a=1&b=2");
  });

  it("param(name, null) keeps null as a value", () => {
    expect(new RequestBuilder().route("POST /x").param("a", null).build().body).toEqual({ a: null });
  });

  it("header(name, null) removes a header set earlier", () => {
    const builder = new RequestBuilder().route("GET /x").header("authorization", "token a");
    expect(builder.header("Authorization", null).build().headers).toEqual(DEFAULT_HEADERS);
  });

  it("header(name, null) removes a default header", () => {
    expect(new RequestBuilder().route("GET /x").header("User-Agent", null).build().headers).toEqual({
      accept: "application/vnd.github.v3+json",
    });
  });

  it("header(name, undefined) removes a header too", () => {
    expect(new RequestBuilder().route("GET /x").header("accept", undefined).build().headers).toEqual({
      "user-agent": USER_AGENT,
    });
  });

  it("header() lowercases the name and keeps a number value a number", () => {
    expect(new RequestBuilder().route("GET /x").header("Content-Length", 14).build().headers).toEqual({
      ...DEFAULT_HEADERS,
      "content-length": 14,
    });
  });
});

describe("builders are frozen", () => {
  it.each([
    ["new RequestBuilder()", () => new RequestBuilder()],
    ["RequestBuilder.from()", () => RequestBuilder.from({ a: 1 })],
    ["a derived builder", () => new RequestBuilder().route("GET /x").param("a", 1)],
    ["endpoint.builder()", () => endpoint.builder()],
    ["endpoint.defaults(x).builder()", () => endpoint.defaults({ a: 1 }).builder()],
  ])("%s is frozen", (_, make) => {
    const builder = make();
    expect(Object.isFrozen(builder)).toBe(true);
    expect(() => {
      (builder as unknown as Record<string, unknown>).extra = 1;
    }).toThrow(TypeError);
  });

  it.each([
    ["new RequestBuilder()", () => new RequestBuilder()],
    ["a derived builder", () => new RequestBuilder().route("GET /x").param("a", 1)],
    ["endpoint.defaults(x).builder()", () => endpoint.defaults({ a: 1 }).builder()],
  ])("%s has no own property, not even a symbol, through which its steps or state could be changed", (_, make) => {
    const builder = make();
    expect(Reflect.ownKeys(builder)).toEqual([]);
    expect(Object.getOwnPropertySymbols(builder)).toEqual([]);
  });

  it("a constructor call with arguments of the caller's own (a look-alike of its state) makes a builder of the global defaults", () => {
    const evil = new RequestBuilder().route("POST /evil").header("authorization", "token stolen");
    const fakeLink = { base: evil.merge(), steps: [], state: evil.merge(), used: false };
    const Construct = RequestBuilder as unknown as new (...args: unknown[]) => RequestBuilder;
    const defaults = new RequestBuilder().merge();
    for (const token of [Symbol("fluent-endpoint.own"), Symbol.for("fluent-endpoint.own"), undefined, {}, fakeLink]) {
      expect(new Construct(token, fakeLink).merge()).toEqual(defaults);
    }
  });

  it("a shared builder builds the same after every reachable object has been tampered with", () => {
    const shared = new RequestBuilder().route("GET /repos/{owner}").param("owner", "octokit");
    const before = shared.build();
    // Everything a hostile module can reach from the builder: its own keys and its prototype chain.
    for (
      let object: object | null = shared;
      object !== null && object !== Object.prototype;
      object = Object.getPrototypeOf(object)
    ) {
      for (const key of Reflect.ownKeys(object)) {
        const value = (object as Record<PropertyKey, unknown>)[key];
        if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
          Object.assign(value, { steps: [], state: {}, base: {}, used: true });
        }
      }
    }
    expect(shared.build()).toEqual(before);
    expect(shared.param("owner", "other").build().url).toBe("https://api.github.com/repos/other");
  });
});

describe("invalid input is rejected by the builder method that received it", () => {
  const base = new RequestBuilder();
  const bad: [string, () => unknown, string][] = [
    ['method("G T")', () => base.method("G T"), "ERR_INVALID_METHOD"],
    ['method("")', () => base.method(""), "ERR_INVALID_METHOD"],
    ["method(5)", () => base.method(5 as unknown as string), "ERR_INVALID_METHOD"],
    ['url("/x/{")', () => base.url("/x/{"), "ERR_INVALID_TEMPLATE"],
    ['url("/x/{!y}")', () => base.url("/x/{!y}"), "ERR_INVALID_TEMPLATE"],
    ["url(1)", () => base.url(1 as unknown as string), "ERR_INVALID_OPTIONS"],
    ["route()", () => (base.route as () => RequestBuilder)(), "ERR_INVALID_ROUTE"],
    ["method(undefined)", () => base.method(undefined as unknown as string), "ERR_INVALID_METHOD"],
    ["url(undefined)", () => base.url(undefined as unknown as string), "ERR_INVALID_OPTIONS"],
    ["baseUrl(undefined)", () => base.baseUrl(undefined as unknown as string), "ERR_INVALID_OPTIONS"],
    ["headers(undefined)", () => base.headers(undefined as unknown as Record<string, string>), "ERR_INVALID_OPTIONS"],
    ["mediaType(undefined)", () => base.mediaType(undefined as unknown as { format: string }), "ERR_INVALID_OPTIONS"],
    ["request(undefined)", () => base.request(undefined as unknown as Record<string, unknown>), "ERR_INVALID_OPTIONS"],
    ["route(undefined)", () => base.route(undefined as unknown as string), "ERR_INVALID_ROUTE"],
    ["route(null)", () => base.route(null as unknown as string), "ERR_INVALID_ROUTE"],
    ['route("GET")', () => base.route("GET"), "ERR_INVALID_ROUTE"],
    ['route("")', () => base.route(""), "ERR_INVALID_ROUTE"],
    ['route("GET /a /b")', () => base.route("GET /a /b"), "ERR_INVALID_ROUTE"],
    ['route("G(T /x")', () => base.route("G(T /x"), "ERR_INVALID_METHOD"],
    ['route("GET /x/{")', () => base.route("GET /x/{"), "ERR_INVALID_TEMPLATE"],
    ["baseUrl(1)", () => base.baseUrl(1 as unknown as string), "ERR_INVALID_OPTIONS"],
    ['header("bad name", "x")', () => base.header("bad name", "x"), "ERR_INVALID_HEADER"],
    ['header("x-a", "a\\r\\nb")', () => base.header("x-a", "a\r\nb"), "ERR_INVALID_HEADER"],
    ['header("x-a", {})', () => base.header("x-a", {} as unknown as string), "ERR_INVALID_HEADER"],
    ['headers({ "bad name": "x" })', () => base.headers({ "bad name": "x" }), "ERR_INVALID_HEADER"],
    ["headers(null)", () => base.headers(null as unknown as Record<string, string>), "ERR_INVALID_OPTIONS"],
    ["params(null)", () => base.params(null as unknown as Record<string, unknown>), "ERR_INVALID_OPTIONS"],
    ["params([])", () => base.params([] as unknown as Record<string, unknown>), "ERR_INVALID_OPTIONS"],
    ['mediaType({ format: "a b" })', () => base.mediaType({ format: "a b" }), "ERR_INVALID_OPTIONS"],
    [
      "mediaType({ other })",
      () => base.mediaType({ other: "x" } as unknown as { format: string }),
      "ERR_INVALID_OPTIONS",
    ],
    ["request(null)", () => base.request(null as unknown as Record<string, unknown>), "ERR_INVALID_OPTIONS"],
    ['request("x")', () => base.request("x" as unknown as Record<string, unknown>), "ERR_INVALID_OPTIONS"],
  ];

  it.each(bad)("%s throws its code immediately, before build()", (_, call, code) => {
    expect(thrown(call).code).toBe(code);
  });

  it("params() refuses an option's name before reading its value: a getter on it never runs", () => {
    let read = 0;
    const params = {
      get method() {
        read++;
        throw new Error("read");
      },
    };
    expect(thrown(() => base.route("GET /x").params(params)).message).toBe(
      '"method" is an option, not a parameter; use .method() instead',
    );
    expect(read).toBe(0);
  });

  it("names the offending header in the message", () => {
    expect(thrown(() => base.header("bad name", "x")).message).toContain("bad name");
  });

  it("says a setter called without a value would change nothing; param() keeps undefined as 'not given', data() as 'no data'", () => {
    expect(thrown(() => base.url(undefined as never)).message).toBe(
      "builder.url() needs a value: undefined would change nothing",
    );
    const built = base.route("POST /x").data("body").param("p", 1);
    expect(built.param("p", undefined).build()).toEqual(built.build());
    expect(built.data(undefined).build().body).toEqual({ p: 1 });
  });

  it("describes a value of the wrong kind in the message", () => {
    expect(thrown(() => base.params([] as never)).message).toBe("params must be a plain object, got an array");
    expect(thrown(() => base.header(5 as never, "x")).message).toBe("header name must be a string, got number");
    expect(thrown(() => base.param(null as never, "x")).message).toBe("parameter name must be a string, got null");
  });

  it("a method detached from its builder, or called on another object, throws ERR_INVALID_OPTIONS", () => {
    const builder = new RequestBuilder().route("GET /x");
    // Typed loosely: detached, these methods do not compile (their `this` is typed).
    const { build, param, merge, toEndpoint } = builder as unknown as Record<
      "build" | "param" | "merge" | "toEndpoint",
      (...args: unknown[]) => RequestOptions
    >;
    for (const call of [() => build(), () => param("a", 1), () => merge(), () => toEndpoint()]) {
      const error = thrown(call);
      expect(error.code).toBe("ERR_INVALID_OPTIONS");
      expect(error.message).toBe(
        "a RequestBuilder method was called on undefined, not on a builder of this copy of fluent-endpoint; call it as builder.method(…)",
      );
    }
    expect(thrown(() => RequestBuilder.prototype.build.call({} as RequestBuilder)).message).toContain(
      "called on an object",
    );
    expect(
      thrown(() => RequestBuilder.prototype.build.call(Object.create(RequestBuilder.prototype))).message,
    ).toContain("called on a RequestBuilder, not on a builder of this copy of fluent-endpoint");
    expect(build.call(builder).url).toBe("https://api.github.com/x");
  });

  it("names the template position in the message", () => {
    expect(thrown(() => base.url("/x/{")).message).toMatch(/\d/);
  });

  it("leaves the receiver usable after a rejected call", () => {
    const builder = new RequestBuilder().route("GET /x");
    expect(() => builder.method("G T")).toThrow(EndpointError);
    expect(builder.build()).toEqual({ method: "get", url: "https://api.github.com/x", headers: DEFAULT_HEADERS });
  });

  it("accepts any HTTP token as a method", () => {
    expect(base.method("PROPFIND").route("/x").build().method).toBe("propfind");
    expect(base.method("Propfind").route("/x").build().method).toBe("propfind");
  });
});
