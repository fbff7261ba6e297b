// The endpoint() function and its members, methods, routes, the exact defaults and
// parameter routing, plus the decisions on route strings, option types and `undefined` options.
import { describe, expect, it } from "vitest";
import { endpoint, EndpointError, type EndpointOptions, ErrorCodes, type MergedOptions } from "../src/index.js";
import { endpoint as octokitEndpoint } from "../src/octokit.js";
import { callUnchecked, expectEndpointError, thrown } from "./support/errors.js";
import { ACCEPT, JSON_TYPE, USER_AGENT, VERSION as version } from "./support/defaults.js";

describe("each parameter goes to a url placeholder, the query string or the JSON body", () => {
  it("replaces a placeholder and sends a GET's leftover parameters in the query (spec example)", () => {
    expect(
      endpoint("GET /orgs/{org}/repos", {
        org: "octokit",
        type: "private",
        headers: { authorization: "token 0000000000000000000000000000000000000001" },
      }),
    ).toStrictEqual({
      method: "get",
      url: "https://api.github.com/orgs/octokit/repos?type=private",
      headers: {
        accept: ACCEPT,
        authorization: "token 0000000000000000000000000000000000000001",
        "user-agent": USER_AGENT,
      },
    });
  });

  it("sends a HEAD's leftover parameters in the query", () => {
    expect(endpoint("HEAD /orgs/{org}/repos", { org: "octokit", type: "private" }).url).toBe(
      "https://api.github.com/orgs/octokit/repos?type=private",
    );
  });

  it("sends a POST's leftover parameters as keys of a JSON body", () => {
    expect(
      endpoint("POST /repos/{owner}/{repo}/issues", {
        owner: "octokit",
        repo: "endpoint.js",
        title: "Found a bug",
        labels: ["bug"],
      }),
    ).toStrictEqual({
      method: "post",
      url: "https://api.github.com/repos/octokit/endpoint.js/issues",
      headers: { accept: ACCEPT, "user-agent": USER_AGENT, "content-type": JSON_TYPE },
      body: { title: "Found a bug", labels: ["bug"] },
    });
  });

  it("accepts the options-only form endpoint(options)", () => {
    expect(endpoint({ method: "GET", url: "/orgs/{org}/repos", org: "octokit", type: "private" }).url).toBe(
      "https://api.github.com/orgs/octokit/repos?type=private",
    );
  });
});

describe("data is the body, and query parameters can travel with it through {?…}", () => {
  it("sends data as the raw body with the caller's content-type and accept (markdown example)", () => {
    expect(
      endpoint("POST /markdown/raw", {
        data: "Hello world github/linguist#1 **cool**, and #1!",
        headers: { accept: "text/html;charset=utf-8", "content-type": "text/plain" },
      }),
    ).toStrictEqual({
      method: "post",
      url: "https://api.github.com/markdown/raw",
      headers: {
        accept: "text/html;charset=utf-8",
        "content-type": "text/plain",
        "user-agent": USER_AGENT,
      },
      body: "Hello world github/linguist#1 **cool**, and #1!",
    });
  });

  it("builds the release-asset upload: absolute {upload_url}, {?name,label} query, data body, numeric content-length", () => {
    expect(
      endpoint("POST {upload_url}/repos/{owner}/{repo}/releases/{id}/assets{?name,label}", {
        upload_url: "https://uploads.github.com",
        owner: "octocat",
        repo: "Hello-World",
        id: 1,
        name: "example.zip",
        label: "short description",
        headers: { "content-type": "text/plain", "content-length": 13 },
        data: "Hello, world!",
      }),
    ).toStrictEqual({
      method: "post",
      url: "https://uploads.github.com/repos/octocat/Hello-World/releases/1/assets?name=example.zip&label=short%20description",
      headers: {
        accept: ACCEPT,
        "user-agent": USER_AGENT,
        "content-type": "text/plain",
        "content-length": 13,
      },
      body: "Hello, world!",
    });
  });

  it("passes an object given as data through by identity", () => {
    const data = { any: "shape" };
    expect(endpoint("PUT /things", { data }).body).toBe(data);
  });
});

describe("the result method is lowercase, merge keeps it as given, and it must be an HTTP token", () => {
  it("lowercases the method in the result", () => {
    expect(endpoint("GET /user").method).toBe("get");
    expect(endpoint("DELETE /user/keys/{id}", { id: 1 }).method).toBe("delete");
    expect(endpoint({ method: "Patch", url: "/user" }).method).toBe("patch");
  });

  it("keeps the method as given in merge()", () => {
    expect(endpoint.merge("GET /user").method).toBe("GET");
    expect(endpoint.merge({ method: "Patch", url: "/user" }).method).toBe("Patch");
  });

  it("accepts any token such as PROPFIND, lowercased, routing its leftovers to the body", () => {
    expect(endpoint("PROPFIND /dav/{path}", { path: "notes", depth: 1 })).toStrictEqual({
      method: "propfind",
      url: "https://api.github.com/dav/notes",
      headers: { accept: ACCEPT, "user-agent": USER_AGENT, "content-type": JSON_TYPE },
      body: { depth: 1 },
    });
    expect(endpoint.merge("PROPFIND /dav").method).toBe("PROPFIND");
  });

  it.each([
    ["PROPFIND /x", "propfind"],
    ["mIxEd /x", "mixed"],
    ["propfind /x", "propfind"],
    ["Patch /x", "patch"],
    ["query /x", "query"],
    ["CONNECT /x", "connect"],
  ])("writes every method lower case, a standard or an extension one, on every call path: %s", (route, method) => {
    expect(endpoint(route).method).toBe(method);
    expect(endpoint.parse(endpoint.merge(route)).method).toBe(method);
    expect(endpoint.defaults({ method: route.split(" ")[0] })("/x").method).toBe(method);
    expect(endpoint.builder().route(route).build().method).toBe(method);
  });

  it.each([
    ["GE T", '"GE T"'],
    ["", '""'],
    ["GET\n", '"GET\\n"'],
  ])("rejects the method %j with ERR_INVALID_METHOD naming it", (method, shown) => {
    expectEndpointError(() => endpoint({ method, url: "/user" }), "ERR_INVALID_METHOD", shown);
  });

  it("rejects an invalid method in a route string with ERR_INVALID_METHOD", () => {
    expectEndpointError(() => endpoint("GET\n /user"), "ERR_INVALID_METHOD", '"GET\\n"');
  });

  it.each([42, true, {}, null])("rejects the non-string method %j with ERR_INVALID_METHOD", (method) => {
    const error = thrown(() => endpoint({ method, url: "/user" } as unknown as EndpointOptions));
    expect(error.code).toBe("ERR_INVALID_METHOD");
    expect(error.message).toContain("method");
  });

  it("rejects an invalid method given to defaults() at once", () => {
    expectEndpointError(() => endpoint.defaults({ method: "GE T" }), "ERR_INVALID_METHOD", '"GE T"');
  });
});

describe("route strings, option overrides and invalid arguments", () => {
  it("takes method and url from '<METHOD> <URL>'", () => {
    expect(endpoint("POST /user/repos", { name: "x" })).toMatchObject({
      method: "post",
      url: "https://api.github.com/user/repos",
      body: { name: "x" },
    });
  });

  it("takes the method from the defaults (GET) when the route is only a URL", () => {
    expect(endpoint("/rate_limit")).toMatchObject({ method: "get", url: "https://api.github.com/rate_limit" });
  });

  it("takes the method from the options when the route is only a URL", () => {
    expect(endpoint("/user/repos", { method: "POST", name: "x" })).toMatchObject({
      method: "post",
      body: { name: "x" },
    });
  });

  it("takes the method from changed defaults when the route is only a URL", () => {
    const postEndpoint = endpoint.defaults({ method: "POST" });
    expect(postEndpoint("/user/repos", { name: "x" })).toMatchObject({ method: "post", body: { name: "x" } });
  });

  it("accepts a full URL on another host as the route's URL", () => {
    expect(endpoint("GET https://example.com/items/{id}", { id: 3 }).url).toBe("https://example.com/items/3");
  });

  it("lets a method in the options override the route string's", () => {
    expect(endpoint("GET /user/repos", { method: "POST", name: "x" })).toMatchObject({
      method: "post",
      url: "https://api.github.com/user/repos",
      body: { name: "x" },
    });
    expect(endpoint.merge("GET /user/repos", { method: "POST" }).method).toBe("POST");
  });

  it("lets a url in the options override the route string's", () => {
    expect(endpoint("GET /user", { url: "/users/{username}", username: "octocat" }).url).toBe(
      "https://api.github.com/users/octocat",
    );
    expect(endpoint.merge("GET /user", { url: "/users/{username}" }).url).toBe("/users/{username}");
  });

  it.each([
    ["an empty route", ""],
    ["three parts", "GET /user extra"],
    ["a double space", "GET  /user"],
    ["a leading space", " /user"],
    ["a bare method", "GET"],
    ["a bare POST", "POST"],
    ["a bare lowercase method", "get"],
    ["a bare mixed-case method", "Delete"],
  ])("rejects %s with ERR_INVALID_ROUTE naming the route", (_label, route) => {
    expectEndpointError(() => endpoint(route), "ERR_INVALID_ROUTE", JSON.stringify(route));
  });

  it.each([
    ["a no-break space", "GET\u00a0/user", "U+00A0"],
    ["an ideographic space", "post\u3000/user", "U+3000"],
    ["a narrow no-break space", "PATCH\u202f/user", "U+202F"],
  ])(
    "rejects a route with %s after its method with ERR_INVALID_ROUTE naming it (not a url that starts with the method)",
    (_label, route, label) => {
      expectEndpointError(
        () => endpoint(route),
        "ERR_INVALID_ROUTE",
        `${label} after its method; write one ASCII space`,
      );
    },
  );

  it("keeps a one-word url that merely starts with a method's letters", () => {
    expect(endpoint("getter").url).toBe("https://api.github.com/getter");
    expect(endpoint("/get\u00a0x").url).toBe("https://api.github.com/get%C2%A0x");
  });

  it("rejects an invalid route in merge() too", () => {
    expectEndpointError(() => endpoint.merge("GET  /user"), "ERR_INVALID_ROUTE", '"GET  /user"');
  });

  class Options {
    url = "/user";
  }

  it.each([
    ["null", null, "null"],
    ["an array", [], "array"],
    ["a string", "a string", "string"],
    ["a class instance", new Options(), "object"],
  ])("rejects options that are %s with ERR_INVALID_OPTIONS", (_label, options, shown) => {
    const error = thrown(() => callUnchecked(endpoint, "GET /user", options));
    expect(error.code).toBe("ERR_INVALID_OPTIONS");
    expect(error.message).toContain("options");
    expect(error.message).toContain(shown);
  });

  it.each([
    ["null", null],
    ["an array", [{ url: "/user" }]],
    ["a class instance", new Options()],
  ])("rejects %s as the only argument with ERR_INVALID_OPTIONS", (_label, options) => {
    expect(thrown(() => callUnchecked(endpoint, options)).code).toBe("ERR_INVALID_OPTIONS");
  });

  it("rejects non-plain options in merge() and defaults() with ERR_INVALID_OPTIONS", () => {
    expect(thrown(() => callUnchecked(endpoint.merge, "GET /user", [])).code).toBe("ERR_INVALID_OPTIONS");
    expect(thrown(() => callUnchecked(endpoint.defaults, null)).code).toBe("ERR_INVALID_OPTIONS");
    expect(thrown(() => callUnchecked(endpoint.defaults, new Options())).code).toBe("ERR_INVALID_OPTIONS");
  });

  it("accepts an object with a null prototype as plain options", () => {
    const options = Object.assign(Object.create(null) as EndpointOptions, { url: "/users/{u}", u: "octocat" });
    expect(endpoint(options).url).toBe("https://api.github.com/users/octocat");
  });

  it.each([
    ["no arguments", () => callUnchecked(endpoint)],
    ["empty options", () => endpoint({})],
    ["options with a method and parameters but no url", () => endpoint({ method: "POST", org: "octokit" })],
    ["parse() of options with neither url nor method", () => endpoint.parse({} as unknown as MergedOptions)],
    ["parse() of merge() with no route", () => endpoint.parse(endpoint.merge())],
  ])("throws ERR_MISSING_URL for %s", (_label, run) => {
    expectEndpointError(run, "ERR_MISSING_URL", "url");
  });

  it("checks the url before the method in parse()", () => {
    expect(thrown(() => endpoint.parse({ headers: {}, org: "octokit" } as unknown as MergedOptions)).code).toBe(
      "ERR_MISSING_URL",
    );
  });

  it("throws ERR_INVALID_METHOD from parse() when there is a url but no method", () => {
    expectEndpointError(
      () =>
        endpoint.parse({ url: "/user", baseUrl: "https://api.github.com", headers: {} } as unknown as MergedOptions),
      "ERR_INVALID_METHOD",
      "method",
    );
  });

  it("returns the defaults from merge() with no arguments", () => {
    const merged = endpoint.merge();
    expect(merged).toMatchObject({
      method: "GET",
      baseUrl: "https://api.github.com",
      headers: { accept: ACCEPT, "user-agent": USER_AGENT },
    });
    expect(merged.headers).toStrictEqual({ accept: ACCEPT, "user-agent": USER_AGENT });
    expect("url" in merged).toBe(false);
    expect(merged).toEqual(endpoint.DEFAULTS);
  });
});

describe("the exact defaults", () => {
  it("uses GET, https://api.github.com and exactly the two default headers", () => {
    expect(endpoint("/user")).toStrictEqual({
      method: "get",
      url: "https://api.github.com/user",
      headers: { accept: "application/vnd.github.v3+json", "user-agent": USER_AGENT },
    });
  });

  it("sends user-agent exactly fluent-endpoint.js/<version from package.json>, nothing appended", () => {
    expect(endpoint("/user").headers["user-agent"]).toBe(`fluent-endpoint.js/${version}`);
    expect(endpoint.DEFAULTS.headers["user-agent"]).toBe(`fluent-endpoint.js/${version}`);
  });

  it("shows the same defaults in DEFAULTS", () => {
    expect(endpoint.DEFAULTS).toMatchObject({
      method: "GET",
      baseUrl: "https://api.github.com",
      headers: { accept: "application/vnd.github.v3+json", "user-agent": USER_AGENT },
    });
    expect(endpoint.DEFAULTS.headers).toStrictEqual({
      accept: "application/vnd.github.v3+json",
      "user-agent": USER_AGENT,
    });
  });
});

describe("parameter routing", () => {
  it("expands a parameter whose name has a placeholder in the url, for any method", () => {
    expect(endpoint("GET /users/{username}", { username: "octocat" }).url).toBe("https://api.github.com/users/octocat");
    expect(endpoint("DELETE /users/{username}", { username: "octocat" })).toStrictEqual({
      method: "delete",
      url: "https://api.github.com/users/octocat",
      headers: { accept: ACCEPT, "user-agent": USER_AGENT },
    });
  });

  it("expands a :name placeholder the same way", () => {
    expect(endpoint("GET /users/:username/repos", { username: "octocat", page: 2 }).url).toBe(
      "https://api.github.com/users/octocat/repos?page=2",
    );
  });

  it.each(["PUT", "PATCH", "DELETE", "OPTIONS", "POST"])(
    "sends a %s's leftover parameters as a JSON body",
    (method) => {
      expect(
        endpoint(`${method} /repos/{owner}/{repo}`, {
          owner: "octokit",
          repo: "endpoint.js",
          name: "new",
          private: true,
        }),
      ).toStrictEqual({
        method: method.toLowerCase(),
        url: "https://api.github.com/repos/octokit/endpoint.js",
        headers: { accept: ACCEPT, "user-agent": USER_AGENT, "content-type": JSON_TYPE },
        body: { name: "new", private: true },
      });
    },
  );

  it("routes by the method case-insensitively", () => {
    expect(endpoint({ method: "get", url: "/search", q: "x" }).url).toBe("https://api.github.com/search?q=x");
    expect(endpoint({ method: "head", url: "/search", q: "x" }).url).toBe("https://api.github.com/search?q=x");
    expect(endpoint({ method: "put", url: "/things", q: "x" }).body).toStrictEqual({ q: "x" });
  });

  it("drops undefined parameters from the query", () => {
    expect(endpoint("GET /search/issues", { q: "bug", page: undefined, sort: "created" }).url).toBe(
      "https://api.github.com/search/issues?q=bug&sort=created",
    );
  });

  it("drops undefined parameters from the body, and sends no body when only undefined ones remain", () => {
    expect(endpoint("PATCH /user", { name: "x", bio: undefined }).body).toStrictEqual({ name: "x" });
    const result = endpoint("PATCH /user", { bio: undefined });
    expect("body" in result).toBe(false);
    expect(result.headers["content-type"]).toBeUndefined();
  });

  it("drops undefined parameters from merge() output", () => {
    expect("page" in endpoint.merge("GET /search", { page: undefined })).toBe(false);
  });

  it("never lets an undefined parameter override a default one", () => {
    const orgEndpoint = endpoint.defaults({ org: "octokit" });
    expect(orgEndpoint("GET /orgs/{org}", { org: undefined }).url).toBe("https://api.github.com/orgs/octokit");
  });

  it("consumes a key that names a placeholder even when its value is undefined (not in query)", () => {
    expect(endpoint("GET /repos/{owner}/issues{?state}", { owner: "octokit", state: undefined, page: 2 }).url).toBe(
      "https://api.github.com/repos/octokit/issues?page=2",
    );
  });

  it("consumes a key that names a placeholder even when its value is undefined (not in body)", () => {
    const result = endpoint("POST /repos/{owner}/{repo}/labels{?name}", {
      owner: "octokit",
      repo: "endpoint.js",
      name: undefined,
    });
    expect(result.url).toBe("https://api.github.com/repos/octokit/endpoint.js/labels");
    expect("body" in result).toBe(false);
  });

  it("consumes a key that names a placeholder when its value is null (not in body)", () => {
    const result = endpoint("POST /repos/{owner}/labels{?name}", { owner: "octokit", name: null, color: "f00" });
    expect(result.url).toBe("https://api.github.com/repos/octokit/labels");
    expect(result.body).toStrictEqual({ color: "f00" });
  });
});

describe("endpoint.defaults()", () => {
  const baseUrl = "https://github-enterprise.acme-inc.com/api/v3";
  const myEndpoint = endpoint.defaults({ baseUrl, headers: { "user-agent": "myApp/1.2.3" }, org: "my-project" });
  const myProjectEndpoint = myEndpoint.defaults({
    headers: { authorization: "token 0000000000000000000000000000000000000001" },
  });

  it("cascades: baseUrl, user-agent and org kept, authorization added, global accept present (spec example)", () => {
    expect(myProjectEndpoint.DEFAULTS).toMatchObject({
      method: "GET",
      baseUrl: "https://github-enterprise.acme-inc.com/api/v3",
      org: "my-project",
    });
    expect(myProjectEndpoint.DEFAULTS.headers).toStrictEqual({
      accept: "application/vnd.github.v3+json",
      "user-agent": "myApp/1.2.3",
      authorization: "token 0000000000000000000000000000000000000001",
    });
    expect(myProjectEndpoint("GET /orgs/{org}/repos")).toStrictEqual({
      method: "get",
      url: "https://github-enterprise.acme-inc.com/api/v3/orgs/my-project/repos",
      headers: {
        accept: "application/vnd.github.v3+json",
        "user-agent": "myApp/1.2.3",
        authorization: "token 0000000000000000000000000000000000000001",
      },
    });
  });

  it("lets a later defaults() override an earlier one", () => {
    const other = myEndpoint.defaults({ org: "other", baseUrl: "https://ghe.example.com/api/v3" });
    expect(other("GET /orgs/{org}").url).toBe("https://ghe.example.com/api/v3/orgs/other");
  });

  it("lets options passed in a call override the defaults", () => {
    expect(
      myProjectEndpoint("GET /orgs/{org}/repos", {
        org: "octokit",
        baseUrl: "https://api.github.com",
        headers: { "user-agent": "call/1" },
      }),
    ).toStrictEqual({
      method: "get",
      url: "https://api.github.com/orgs/octokit/repos",
      headers: {
        accept: "application/vnd.github.v3+json",
        "user-agent": "call/1",
        authorization: "token 0000000000000000000000000000000000000001",
      },
    });
  });

  it("merges headers key by key", () => {
    const withHeaders = endpoint.defaults({ headers: { authorization: "token a", "x-one": "1", "x-two": "2" } });
    expect(withHeaders("GET /user", { headers: { "x-two": "two", "x-three": "3" } }).headers).toStrictEqual({
      accept: ACCEPT,
      "user-agent": USER_AGENT,
      authorization: "token a",
      "x-one": "1",
      "x-two": "two",
      "x-three": "3",
    });
  });

  it("routes default parameters like call parameters", () => {
    const paged = endpoint.defaults({ per_page: 100 });
    expect(paged("GET /orgs/{org}/repos", { org: "octokit" }).url).toBe(
      "https://api.github.com/orgs/octokit/repos?per_page=100",
    );
    expect(paged("POST /things").body).toStrictEqual({ per_page: 100 });
  });

  it("can hold a route, so the new function may be called with no arguments", () => {
    const rateLimit = endpoint.defaults({ url: "/rate_limit" });
    expect(callUnchecked(rateLimit)).toMatchObject({ method: "get", url: "https://api.github.com/rate_limit" });
  });

  it("returns a new function with its own defaults, DEFAULTS, merge, parse and builder", () => {
    expect(myEndpoint).not.toBe(endpoint);
    expect(typeof myEndpoint).toBe("function");
    expect(typeof myEndpoint.defaults).toBe("function");
    expect(typeof myEndpoint.merge).toBe("function");
    expect(typeof myEndpoint.parse).toBe("function");
    expect(typeof myEndpoint.builder).toBe("function");
    expect(myEndpoint.DEFAULTS.baseUrl).toBe("https://github-enterprise.acme-inc.com/api/v3");
    expect(myEndpoint.merge("GET /orgs/{org}")).toMatchObject({
      baseUrl: "https://github-enterprise.acme-inc.com/api/v3",
      url: "/orgs/{org}",
      org: "my-project",
      headers: { "user-agent": "myApp/1.2.3" },
    });
    expect(myEndpoint.builder().route("GET /orgs/{org}").build().url).toBe(
      "https://github-enterprise.acme-inc.com/api/v3/orgs/my-project",
    );
    expect(myEndpoint.parse(myEndpoint.merge("GET /orgs/{org}")).url).toBe(
      "https://github-enterprise.acme-inc.com/api/v3/orgs/my-project",
    );
  });

  it("never changes the function it was called on", () => {
    const before = endpoint.merge();
    const base = endpoint.defaults({ org: "octokit" });
    base.defaults({
      org: "changed",
      baseUrl: "https://changed.example",
      headers: { "user-agent": null, "x-new": "1" },
    });
    expect(endpoint.merge()).toStrictEqual(before);
    expect(endpoint("GET /orgs/{org}", { org: "x" })).toStrictEqual({
      method: "get",
      url: "https://api.github.com/orgs/x",
      headers: { accept: ACCEPT, "user-agent": USER_AGENT },
    });
    expect(base("GET /orgs/{org}")).toStrictEqual({
      method: "get",
      url: "https://api.github.com/orgs/octokit",
      headers: { accept: ACCEPT, "user-agent": USER_AGENT },
    });
    expect(myEndpoint.DEFAULTS.headers).toStrictEqual({ accept: ACCEPT, "user-agent": "myApp/1.2.3" });
  });
});

describe("endpoint.DEFAULTS", () => {
  it("holds the global baseUrl for the global function", () => {
    expect(endpoint.DEFAULTS.baseUrl).toBe("https://api.github.com");
  });

  it("reflects an overridden baseUrl for a function made by defaults()", () => {
    const ghe = endpoint.defaults({ baseUrl: "https://ghe.example.com/api/v3" });
    expect(ghe.DEFAULTS.baseUrl).toBe("https://ghe.example.com/api/v3");
    expect(endpoint.DEFAULTS.baseUrl).toBe("https://api.github.com");
  });

  it("is deep-frozen", () => {
    const custom = endpoint.defaults({
      headers: { authorization: "token a" },
      labels: ["bug", "ui"],
      filter: { state: "open", tags: ["x"] },
    });
    const defaults = custom.DEFAULTS as unknown as {
      headers: object;
      mediaType: object;
      labels: string[];
      filter: { tags: string[] };
    };
    expect(Object.isFrozen(custom.DEFAULTS)).toBe(true);
    expect(Object.isFrozen(defaults.headers)).toBe(true);
    expect(Object.isFrozen(defaults.mediaType)).toBe(true);
    expect(Object.isFrozen(defaults.labels)).toBe(true);
    expect(Object.isFrozen(defaults.filter)).toBe(true);
    expect(Object.isFrozen(defaults.filter.tags)).toBe(true);
    expect(Object.isFrozen(endpoint.DEFAULTS)).toBe(true);
    expect(Object.isFrozen(endpoint.DEFAULTS.headers)).toBe(true);
  });

  it("rejects writes (strict mode) and keeps its values", () => {
    const defaults = endpoint.DEFAULTS as unknown as { baseUrl: string; headers: Record<string, string> };
    expect(() => {
      defaults.baseUrl = "https://evil.example";
    }).toThrow(TypeError);
    expect(() => {
      defaults.headers.accept = "text/html";
    }).toThrow(TypeError);
    expect(endpoint.DEFAULTS.baseUrl).toBe("https://api.github.com");
    expect(endpoint("/user").headers.accept).toBe(ACCEPT);
  });
});

describe("endpoint.merge()", () => {
  it("returns method as given, url with placeholders, merged headers and parameters as top-level keys", () => {
    const { mediaType: _mediaType, ...merged } = endpoint.merge("GET /orgs/{org}/repos", {
      org: "octokit",
      type: "private",
      headers: { authorization: "token 0000000000000000000000000000000000000001" },
    });
    expect(merged).toStrictEqual({
      method: "GET",
      baseUrl: "https://api.github.com",
      url: "/orgs/{org}/repos",
      headers: {
        accept: ACCEPT,
        "user-agent": USER_AGENT,
        authorization: "token 0000000000000000000000000000000000000001",
      },
      org: "octokit",
      type: "private",
    });
  });

  it("accepts the options-only form and keeps :name placeholders unreplaced", () => {
    expect(
      endpoint.merge({ method: "POST", url: "/users/:username/keys", username: "octocat", title: "k" }),
    ).toMatchObject({
      method: "POST",
      url: "/users/:username/keys",
      username: "octocat",
      title: "k",
    });
  });

  it("includes the defaults of the function it belongs to", () => {
    const custom = endpoint.defaults({ baseUrl: "https://ghe.example.com/api/v3", per_page: 100 });
    expect(custom.merge("GET /repos")).toMatchObject({
      method: "GET",
      baseUrl: "https://ghe.example.com/api/v3",
      url: "/repos",
      per_page: 100,
    });
  });

  it("returns a fresh mutable object each time", () => {
    const merged = endpoint.merge("GET /user");
    merged.headers["x-added"] = "1";
    merged.baseUrl = "https://changed.example";
    expect(endpoint.merge("GET /user").headers).toStrictEqual({ accept: ACCEPT, "user-agent": USER_AGENT });
    expect(endpoint.DEFAULTS.baseUrl).toBe("https://api.github.com");
  });
});

describe("endpoint.parse()", () => {
  it("adds no defaults: no baseUrl, no default headers", () => {
    expect(
      endpoint.parse({ method: "GET", url: "/users/{user}", user: "octocat", page: 2 } as unknown as MergedOptions),
    ).toStrictEqual({
      method: "get",
      url: "/users/octocat?page=2",
      headers: {},
    });
  });

  it("turns hand-written merged options into request options", () => {
    expect(
      endpoint.parse({
        method: "POST",
        baseUrl: "https://example.com/api",
        url: "/items/{id}",
        headers: { Authorization: "token x" },
        id: 5,
        name: "n",
      } as unknown as MergedOptions),
    ).toStrictEqual({
      method: "post",
      url: "https://example.com/api/items/5",
      headers: { authorization: "token x", "content-type": JSON_TYPE },
      body: { name: "n" },
    });
  });

  it("is stateless: a defaults() function's parse adds none of its defaults", () => {
    const custom = endpoint.defaults({
      baseUrl: "https://ghe.example.com/api/v3",
      org: "octokit",
      headers: { "x-a": "1" },
    });
    const merged = {
      method: "GET",
      baseUrl: "https://api.github.com",
      url: "/orgs/{org}",
      headers: {},
      org: "other",
    } as unknown as MergedOptions;
    const expected = { method: "get", url: "https://api.github.com/orgs/other", headers: {} };
    expect(custom.parse(merged)).toStrictEqual(expected);
    expect(endpoint.parse(merged)).toStrictEqual(expected);
    expect(endpoint.parse(merged)).toStrictEqual(expected);
  });

  it("gives what endpoint() gives for the merged options", () => {
    const merged = endpoint.merge("GET /orgs/{org}/repos", { org: "octokit", type: "private" });
    expect(endpoint.parse(merged)).toStrictEqual({
      method: "get",
      url: "https://api.github.com/orgs/octokit/repos?type=private",
      headers: { accept: ACCEPT, "user-agent": USER_AGENT },
    });
  });

  it("rejects merged options that are not a plain object with ERR_INVALID_OPTIONS", () => {
    expect(thrown(() => callUnchecked(endpoint.parse, null)).code).toBe("ERR_INVALID_OPTIONS");
    expect(thrown(() => callUnchecked(endpoint.parse, "GET /user")).code).toBe("ERR_INVALID_OPTIONS");
  });
});

describe("endpoint(route, options) equals endpoint.parse(endpoint.merge(route, options))", () => {
  const request = { timeout: 1000 };
  const data = new Uint8Array([1, 2, 3]);
  const cases: [string, string | undefined, EndpointOptions][] = [
    ["a GET with a placeholder and a query leftover", "GET /orgs/{org}/repos", { org: "octokit", type: "private" }],
    [
      "a POST with a JSON body",
      "POST /repos/{owner}/{repo}/issues",
      { owner: "o", repo: "r", title: "t", labels: ["a", "b"] },
    ],
    ["a PUT whose body holds null", "PUT /things/{id}", { id: 1, value: null }],
    ["a DELETE with nothing left over", "DELETE /things/{id}", { id: 1 }],
    ["a HEAD with a Date in the query", "HEAD /events", { since: new Date("2024-01-02T03:04:05.000Z") }],
    ["a PROPFIND", "PROPFIND /dav", { depth: 1 }],
    ["the options-only form", undefined, { method: "PATCH", url: "/user", bio: "hi" }],
    ["a url-only route", "/search/issues", { q: "is:open label:bug", per_page: 5 }],
    [
      "a :name placeholder and a {?x} query",
      "GET /users/:user/repos{?sort}",
      { user: "octocat", sort: "updated", page: 2 },
    ],
    ["an absolute url with custom baseUrl", "GET https://example.com/x", { baseUrl: "https://ignored.example", a: 1 }],
    [
      "the upload example with data",
      "POST {upload_url}/repos/{owner}/{repo}/releases/{id}/assets{?name,label}",
      {
        upload_url: "https://uploads.github.com",
        owner: "octocat",
        repo: "Hello-World",
        id: 1,
        name: "a.zip",
        label: "x y",
        headers: { "content-type": "application/zip", "content-length": 3 },
        data,
      },
    ],
    [
      "a media type format and a removed header",
      "GET /repos/{owner}/{repo}/readme",
      { owner: "o", repo: "r", mediaType: { format: "raw" }, headers: { "user-agent": null } },
    ],
    ["a request meta object", "GET /user", { request }],
    ["an empty url with a baseUrl", undefined, { url: "", baseUrl: "https://example.com/api" }],
  ];

  it.each(cases)("for %s", (_label, route, options) => {
    const direct = route === undefined ? endpoint(options) : endpoint(route, options);
    const merged = route === undefined ? endpoint.merge(options) : endpoint.merge(route, options);
    expect(direct).toStrictEqual(endpoint.parse(merged));
  });

  it("for a function made by defaults()", () => {
    const custom = endpoint.defaults({
      baseUrl: "https://ghe.example.com/api/v3",
      org: "octokit",
      headers: { authorization: "token a" },
    });
    expect(custom("POST /orgs/{org}/teams", { name: "t" })).toStrictEqual(
      custom.parse(custom.merge("POST /orgs/{org}/teams", { name: "t" })),
    );
    expect(custom("POST /orgs/{org}/teams", { name: "t" })).toStrictEqual({
      method: "post",
      url: "https://ghe.example.com/api/v3/orgs/octokit/teams",
      headers: { accept: ACCEPT, "user-agent": USER_AGENT, authorization: "token a", "content-type": JSON_TYPE },
      body: { name: "t" },
    });
  });

  it("keeps data and request by identity on both paths", () => {
    const route = "POST /upload";
    expect(endpoint(route, { data, request }).body).toBe(data);
    expect(endpoint.parse(endpoint.merge(route, { data, request })).body).toBe(data);
    expect(endpoint.parse(endpoint.merge(route, { data, request })).request).toBe(request);
  });
});

describe("EndpointError", () => {
  it("extends TypeError, is named EndpointError and carries a code", () => {
    const error = thrown(() => endpoint(""));
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("EndpointError");
    expect(error.code).toBe("ERR_INVALID_ROUTE");
    expect(typeof error.message).toBe("string");
    expect(error.message.length).toBeGreaterThan(0);
  });

  it("can be constructed with a code and a message", () => {
    const error = new EndpointError("ERR_MISSING_URL", "no url");
    expect(error).toBeInstanceOf(TypeError);
    expect(error.name).toBe("EndpointError");
    expect(error.code).toBe("ERR_MISSING_URL");
    expect(error.message).toBe("no url");
  });

  it("counts only EndpointErrors as instances: not other TypeErrors, not look-alikes without the brand", () => {
    expect(new TypeError("x")).not.toBeInstanceOf(EndpointError);
    expect(Object.assign(new TypeError("x"), { name: "EndpointError", code: "ERR_MISSING_URL" })).not.toBeInstanceOf(
      EndpointError,
    );
    // Typed unknown: a caller's catch variable, which may hold anything.
    const values: unknown[] = [null, "ERR_MISSING_URL"];
    for (const value of values) expect(value instanceof EndpointError).toBe(false);
  });

  it("keeps the usual instanceof for a subclass, which inherits the brand check", () => {
    class CustomError extends EndpointError {}
    expect(new CustomError("ERR_MISSING_URL", "x")).toBeInstanceOf(CustomError);
    expect(new CustomError("ERR_MISSING_URL", "x")).toBeInstanceOf(EndpointError);
    expect(new EndpointError("ERR_MISSING_URL", "x")).not.toBeInstanceOf(CustomError);
  });

  it("has frozen error codes, so nothing in the process can change the codes it throws", () => {
    expect(Object.isFrozen(ErrorCodes)).toBe(true);
    expect(() => {
      (ErrorCodes as Record<string, string>).MISSING_URL = "X";
    }).toThrow(TypeError);
    expect(thrown(() => endpoint({})).code).toBe("ERR_MISSING_URL");
  });
});

describe("a value of the wrong kind is described in the message: null, an array, a class instance, or its typeof", () => {
  const cases: [string, () => unknown, string][] = [
    ["options: null", () => endpoint.defaults(null as never), "options must be a plain object, got null"],
    ["options: an array", () => endpoint("GET /x", [] as never), "options must be a plain object, got an array"],
    ["options: a Map", () => endpoint.defaults(new Map() as never), "options must be a plain object, got a Map"],
    [
      "headers: an array",
      () => endpoint("GET /x", { headers: [] as never }),
      "headers must be a plain object, got an array",
    ],
    ["headers: null", () => endpoint("GET /x", { headers: null as never }), "headers must be a plain object, got null"],
    [
      "mediaType: a string",
      () => endpoint("GET /x", { mediaType: "raw" as never }),
      "mediaType must be a plain object, got string",
    ],
    [
      "request: an array",
      () => endpoint("GET /x", { request: [] as never }),
      "request must be an object, got an array",
    ],
    ["url: null", () => endpoint({ url: null as never }), "url must be a string, got null"],
    ["route: a number", () => endpoint(42 as never, {}), "route must be a string, got number"],
  ];
  it.each(cases)("%s", (_, run, message) => {
    expect(thrown(run).message).toBe(message);
  });
});

describe("the members of an endpoint function", () => {
  it.each([
    ["endpoint", endpoint],
    ["endpoint.defaults(…)", endpoint.defaults({ a: 1 })],
    ["endpoint.defaults(…).defaults(…)", endpoint.defaults({ a: 1 }).defaults({ b: 2 })],
  ])(
    "%s has DEFAULTS, defaults, merge, parse, builder, withRoutes and operation as own, enumerable, read-only members",
    (_, fn) => {
      expect(Object.keys(fn)).toEqual(["DEFAULTS", "defaults", "merge", "parse", "builder", "withRoutes", "operation"]);
      for (const key of Object.keys(fn)) {
        const descriptor = Object.getOwnPropertyDescriptor(fn, key)!;
        expect(descriptor.configurable).toBe(false);
        if ("value" in descriptor) expect(descriptor.writable).toBe(false);
      }
      expect(typeof Object.getOwnPropertyDescriptor(fn, "DEFAULTS")!.get).toBe("function");
    },
  );

  it("withRoutes() returns the very function it is called on (a route map is types only)", () => {
    const github = endpoint.defaults({ a: 1 });
    expect(github.withRoutes()).toBe(github);
    expect(endpoint.withRoutes()).toBe(endpoint);
  });
});

describe("call forms", () => {
  it("reports a non-string route given with options as ERR_INVALID_ROUTE instead of ignoring the options", () => {
    expect(() => endpoint(123 as unknown as string, { url: "/x" })).toThrow(
      expect.objectContaining({
        code: "ERR_INVALID_ROUTE",
        message: expect.stringContaining("route must be a string"),
      }),
    );
    expect(() => endpoint([] as unknown as string, { url: "/b" })).toThrow(
      expect.objectContaining({ code: "ERR_INVALID_ROUTE" }),
    );
    expect(() => endpoint.merge(null as unknown as string, {})).toThrow(
      expect.objectContaining({ code: "ERR_INVALID_ROUTE" }),
    );
  });

  it("takes (options, undefined) as the options form, as @octokit/request calls merge(options, parameters)", () => {
    const options = { method: "POST", url: "/repos/{owner}/{repo}/issues", owner: "o", repo: "r", title: "t" };
    const merged = endpoint.merge(options, undefined);
    expect(merged).toEqual(endpoint.merge(options));
    expect(endpoint(options, undefined)).toEqual(endpoint(options));
    expect(endpoint.defaults({ owner: "x" }).merge(options, undefined).owner).toBe("o");
    // The merged options of one call go through merge(options, undefined) and parse() again unchanged.
    merged.headers.authorization = "token secret123";
    const again = endpoint.merge(merged, undefined);
    expect(again.headers.authorization).toBe("token secret123");
    expect(endpoint.parse(again)).toEqual({
      method: "post",
      url: "https://api.github.com/repos/o/r/issues",
      headers: {
        accept: ACCEPT,
        "user-agent": USER_AGENT,
        authorization: "token secret123",
        "content-type": JSON_TYPE,
      },
      body: { title: "t" },
    });
  });

  it.each([
    ["fluent-endpoint", endpoint],
    ["fluent-endpoint/octokit", octokitEndpoint],
  ] as const)(
    "%s: takes (options, options) with the very same object as the options form, as Octokit's authentication hook calls merge()",
    (_, typed) => {
      // The main entry's types take (options, undefined) only: the same object twice is what Octokit's JavaScript passes.
      const entry = typed as any;
      const options = { method: "PATCH", url: "/repos/{owner}/{repo}", owner: "o", repo: "r", name: "n" };
      const merged = entry.merge(options, options);
      expect(merged).toEqual(entry.merge(options));
      expect(entry(options, options)).toEqual(entry(options));
      // The merged options of a call go through merge(o, o) and parse() again unchanged, as the hook chain passes them.
      merged.headers.authorization = "token secret123";
      const again = entry.merge(merged, merged);
      expect(again).toEqual(merged);
      expect(entry.parse(again)).toEqual({
        ...entry(options),
        headers: { ...entry(options).headers, authorization: "token secret123" },
      });
      // An outer hook's changed copy is laid over the options, as options over a route.
      const changed = { ...options, name: "m", headers: { "x-hook": "1" } };
      expect(entry(options, changed)).toEqual(
        entry(options.method + " " + options.url, { owner: "o", repo: "r", name: "m", headers: { "x-hook": "1" } }),
      );
    },
  );

  it("lays a second options object over the first, as options are laid over a route", () => {
    const call = (...args: unknown[]) => callUnchecked(endpoint, ...args) as ReturnType<typeof endpoint>;
    expect(call({ method: "GET", url: "/a", x: 1 }, { url: "/b", y: 2 })).toEqual(endpoint("GET /b", { x: 1, y: 2 }));
    expect(
      callUnchecked(endpoint.merge, { method: "POST", url: "/a", headers: { a: "1" } }, { headers: { b: "2" } }),
    ).toEqual(endpoint.merge("POST /a", { headers: { a: "1", b: "2" } }));
    expectEndpointError(
      () => call({ url: "/a" }, 42),
      "ERR_INVALID_OPTIONS",
      "options must be a plain object, got number",
    );
    expectEndpointError(
      () => call(undefined, { url: "/a" }),
      "ERR_INVALID_ROUTE",
      "route must be a string, got undefined",
    );
  });

  it("refuses a first argument that is neither a string nor a plain object, even with undefined options", () => {
    expectEndpointError(
      () => callUnchecked(endpoint, 42, undefined),
      "ERR_INVALID_ROUTE",
      "route must be a string, got number",
    );
    expectEndpointError(
      () => callUnchecked(endpoint.merge, null, undefined),
      "ERR_INVALID_ROUTE",
      "route must be a string, got null",
    );
    expectEndpointError(() => callUnchecked(endpoint, [], undefined), "ERR_INVALID_ROUTE", "got an array");
    expectEndpointError(() => callUnchecked(endpoint, new Map(), undefined), "ERR_INVALID_ROUTE", "got a Map");
    // With one argument, the same values are options of the wrong kind.
    expectEndpointError(
      () => callUnchecked(endpoint, 42),
      "ERR_INVALID_OPTIONS",
      "options must be a plain object, got number",
    );
  });

  it("treats an empty url as the baseUrl itself, not as a missing url", () => {
    expect(endpoint({ url: "" }).url).toBe("https://api.github.com");
    expect(endpoint({ url: "", baseUrl: "https://example.com/api/" }).url).toBe("https://example.com/api/");
  });
});

describe("a key that differs from an option only in letter case, or in snake_case or kebab-case, is refused, not sent as a parameter", () => {
  it.each([
    ["baseURL", "baseUrl"],
    ["base_url", "baseUrl"],
    ["base-url", "baseUrl"],
    ["BASE_URL", "baseUrl"],
    ["Base-Url", "baseUrl"],
    ["media_type", "mediaType"],
    ["media-type", "mediaType"],
    ["MEDIA_TYPE", "mediaType"],
    ["Headers", "headers"],
    ["mediatype", "mediaType"],
    ["URL", "url"],
    ["Method", "method"],
    ["Data", "data"],
    ["Request", "request"],
    ["BASEURL", "baseUrl"],
  ])("%s: did you mean %s?", (key, option) => {
    const message = `${JSON.stringify(key)} is not an option: did you mean \`${option}\`?`;
    expectEndpointError(() => endpoint("GET /x", { [key]: "v" }), "ERR_INVALID_OPTIONS", message);
    expectEndpointError(() => endpoint.merge("GET /x", { [key]: "v" }), "ERR_INVALID_OPTIONS", message);
    expectEndpointError(() => endpoint.defaults({ [key]: "v" }), "ERR_INVALID_OPTIONS", message);
    expectEndpointError(() => endpoint.builder().param(key, "v"), "ERR_INVALID_OPTIONS", message);
  });

  it("is a parameter where the route's template declares it, on every call path, as in @octokit/endpoint", () => {
    const url = "https://h.example/x";
    expect(endpoint("GET {+base-url}/x", { "base-url": "https://h.example" }).url).toBe(url);
    expect(endpoint({ method: "GET", "base-url": "https://h.example", url: "{+base-url}/x" }).url).toBe(url);
    expect(endpoint.parse(endpoint.merge("GET {+base-url}/x", { "base-url": "https://h.example" })).url).toBe(url);
    expect(endpoint.merge("GET {+base-url}/x", { "base-url": "https://h.example" })["base-url"]).toBe(
      "https://h.example",
    );
    expect(endpoint.defaults({ url: "{+base-url}/x", "base-url": "https://h.example" })().url).toBe(url);
    expect(endpoint.defaults({ url: "{+base-url}/x" })({ "base-url": "https://h.example" }).url).toBe(url);
    expect(endpoint.builder().route("GET {+base-url}/x").param("base-url", "https://h.example").build().url).toBe(url);
    expect(endpoint.builder().url("{+base-url}/x").params({ "base-url": "https://h.example" }).build().url).toBe(url);
    expect(octokitEndpoint("GET {+base-url}/x", { "base-url": "https://h.example" }).url).toBe(url);
    expect(endpoint("GET /repos/{URL}", { URL: "x" }).url).toBe("https://api.github.com/repos/x");
    // Declared by the route the key is read against: another route's template declares nothing.
    const message = '"base-url" is not an option: did you mean `baseUrl`?';
    expectEndpointError(() => endpoint("GET /x", { "base-url": "h" }), "ERR_INVALID_OPTIONS", message);
    expectEndpointError(
      () => endpoint.builder().route("GET /x").param("base-url", "h"),
      "ERR_INVALID_OPTIONS",
      message,
    );
    // An option's own name stays the option, whatever the template says.
    expect(endpoint("GET /x/{url}", { url: "/y" }).url).toBe("https://api.github.com/y");
  });

  it("keeps body, json, searchParams and other client option names as parameters", () => {
    expect(endpoint("GET /x", { json: 1, searchParams: "a", params: 2, timeout: 3 }).url).toBe(
      "https://api.github.com/x?json=1&searchParams=a&params=2&timeout=3",
    );
    expect(endpoint("POST /x", { body: "text", headerz: 1 }).body).toEqual({ body: "text", headerz: 1 });
  });

  it("keeps keys that only contain an option's words as parameters (_url, base__url, per_page, media_types)", () => {
    expect(endpoint("GET /x", { _url: 1, base__url: 2, per_page: 3, media_types: 4, "data-": 5 }).url).toBe(
      "https://api.github.com/x?_url=1&base__url=2&per_page=3&media_types=4&data-=5",
    );
  });
});
