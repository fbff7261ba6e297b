// The fluent-endpoint/octokit entry: the same function, rules and errors as the main
// entry, with @octokit/endpoint's conventions where Octokit depends on them. Where a
// convention is @octokit/endpoint's, the expected value is what @octokit/endpoint 11
// itself returns for the same call.
import { endpoint as theirs } from "@octokit/endpoint";
import { describe, expect, it } from "vitest";
import { endpoint as main, RequestBuilder } from "../src/index.js";
import { endpoint } from "../src/octokit.js";
import { ACCEPT, JSON_TYPE, USER_AGENT } from "./support/defaults.js";
import { callUnchecked, expectEndpointError, thrown } from "./support/errors.js";

// @octokit/endpoint is driven through the same untyped calls.
const T = theirs as any;
const O = endpoint as any;

/** Request options of @octokit/endpoint with our default user-agent, the one header the two set apart. */
function ourUserAgent(options: any): any {
  return { ...options, headers: { ...options.headers, "user-agent": USER_AGENT } };
}

describe("the result's method is upper case, as @octokit/endpoint returns it; merge() keeps it as given", () => {
  it.each(["get", "Patch", "POST", "put", "delete", "head", "options"])("%s", (method) => {
    const route = `${method} /repos/{owner}/{repo}`;
    const options = { owner: "o", repo: "r" };
    expect(endpoint(route, options).method).toBe(method.toUpperCase());
    expect(endpoint(route, options).method).toBe(T(route, options).method);
    expect(endpoint.parse(endpoint.merge(route, options)).method).toBe(method.toUpperCase());
    expect(endpoint({ method, url: "/x" }).method).toBe(method.toUpperCase());
    expect(endpoint.merge(route, options).method).toBe(method);
    expect(endpoint.merge(route, options).method).toBe(T.merge(route, options).method);
  });

  it("an extension method is upper case too, as @octokit/endpoint writes it: propfind, mIxEd", () => {
    expect(endpoint("propfind /x").method).toBe("PROPFIND");
    expect(endpoint("propfind /x").method).toBe(T("propfind /x").method);
    expect(endpoint.parse(endpoint.merge("mIxEd /x")).method).toBe("MIXED");
    expect(endpoint.parse(endpoint.merge("mIxEd /x")).method).toBe(T.parse(T.merge("mIxEd /x")).method);
    expect(endpoint.builder().route("propfind /x").build().method).toBe("PROPFIND");
    expect(endpoint.merge("mIxEd /x").method).toBe("mIxEd");
  });

  it("in a builder of the entry too, which builds as the entry's endpoint() does", () => {
    const built = endpoint.builder().route("patch /repos/{owner}/{repo}").params({ owner: "o", repo: "r" }).build();
    expect(built).toEqual(endpoint("patch /repos/{owner}/{repo}", { owner: "o", repo: "r" }));
    expect(built.method).toBe("PATCH");
    expect(endpoint.defaults({ owner: "o" }).builder().route("GET /users/{owner}").build().method).toBe("GET");
    expect(endpoint.builder().route("PUT /x").toEndpoint()("/y").method).toBe("PUT");
  });

  it("while the main entry keeps the specification's lower case", () => {
    expect(main("PATCH /x").method).toBe("patch");
    expect(new RequestBuilder().route("PATCH /x").build().method).toBe("patch");
  });

  it("routes leftovers by the method in any case: a GET's to the query, a PATCH's to the body", () => {
    expect(endpoint("get /x", { a: 1 }).url).toBe("https://api.github.com/x?a=1");
    expect(endpoint("patch /x", { a: 1 })).toEqual({
      method: "PATCH",
      url: "https://api.github.com/x",
      headers: { accept: ACCEPT, "user-agent": USER_AGENT, "content-type": JSON_TYPE },
      body: { a: 1 },
    });
  });
});

describe("mediaType.previews become accept for a /graphql url, as @octokit/endpoint 11 does", () => {
  const graphql = { query: "{ viewer { login } }" };
  const cases: [string, (lib: any) => any][] = [
    ["a preview by name", (e) => e("POST /graphql", { ...graphql, mediaType: { previews: ["mercy"] } })],
    [
      "names with the -preview suffix",
      (e) => e("POST /graphql", { ...graphql, mediaType: { previews: ["mercy-preview", "squirrel-girl"] } }),
    ],
    ["with a format", (e) => e("POST /graphql", { ...graphql, mediaType: { previews: ["mercy"], format: "raw" } })],
    [
      "previews that accept already names first",
      (e) =>
        e("POST /graphql", {
          ...graphql,
          headers: { accept: "application/vnd.github.symmetra-preview+json" },
          mediaType: { previews: ["mercy"] },
        }),
    ],
    [
      "a call to /graphql adds its previews to those of defaults()",
      (e) =>
        e.defaults({ mediaType: { previews: ["mercy"] } })("POST /graphql", { mediaType: { previews: ["hagar"] } }),
    ],
    [
      "defaults() alone, as new Octokit({ previews }) sets them",
      (e) => e.defaults({ mediaType: { previews: ["mercy"], format: "" } })("POST /graphql", graphql),
    ],
    [
      "cascaded defaults(): a later list replaces an earlier one",
      (e) =>
        e.defaults({ mediaType: { previews: ["mercy"] } }).defaults({ mediaType: { previews: ["hagar"] } })(
          "POST /graphql",
          graphql,
        ),
    ],
    [
      "a GitHub Enterprise base url",
      (e) =>
        e("POST /graphql", { ...graphql, baseUrl: "https://ghe.example.com/api", mediaType: { previews: ["mercy"] } }),
    ],
    [
      "nothing for another url",
      (e) => e("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", mediaType: { previews: ["mercy"] } }),
    ],
    [
      "nothing for another url, from defaults() either",
      (e) => e.defaults({ mediaType: { previews: ["mercy"], format: "diff" } })("GET /repos/o/r/pulls/1"),
    ],
    ["an empty list asks for nothing", (e) => e("POST /graphql", { ...graphql, mediaType: { previews: [] } })],
    [
      "none under a binary accept",
      (e) =>
        e("POST /graphql", {
          ...graphql,
          headers: { accept: "Application/Octet-Stream" },
          mediaType: { previews: ["mercy"] },
        }),
    ],
  ];

  it.each(cases)("%s", (_, call) => {
    const ours = call(O);
    expect(ours).toEqual(ourUserAgent(call(T)));
  });

  it("shows previews in merge() and DEFAULTS as @octokit/endpoint does, and parses its merged options", () => {
    const defaults = { mediaType: { previews: ["mercy"] } };
    expect(endpoint.defaults(defaults).DEFAULTS.mediaType).toEqual(T.defaults(defaults).DEFAULTS.mediaType);
    expect(Object.isFrozen(endpoint.defaults(defaults).DEFAULTS.mediaType.previews)).toBe(true);
    const merged = endpoint.defaults(defaults).merge("POST /graphql", { mediaType: { previews: ["hagar-preview"] } });
    expect(merged.mediaType).toEqual({ format: "", previews: ["mercy", "hagar"] });
    expect(merged.mediaType).toEqual(
      T.defaults(defaults).merge("POST /graphql", { mediaType: { previews: ["hagar-preview"] } }).mediaType,
    );
    const theirMerged = T.defaults(defaults).merge("POST /graphql", graphql);
    expect(endpoint.parse(theirMerged)).toEqual(T.parse(theirMerged));
  });

  it("reads a -preview name in accept by a linear scan, with no regular expression on caller input", () => {
    const accept = `${"a".repeat(99_999)}-`;
    const result = endpoint("POST /graphql", { headers: { accept }, mediaType: { previews: ["mercy"] } });
    expect(result.headers.accept).toBe("application/vnd.github.mercy-preview+json");
  });

  it("merges a builder's previews by the url it has, in either order, as endpoint() does", () => {
    const defaults = endpoint.defaults({ mediaType: { previews: ["mercy"] } });
    const expected = defaults("POST /graphql", { mediaType: { previews: ["hagar"] } });
    expect(expected.headers.accept).toBe(
      "application/vnd.github.mercy-preview+json,application/vnd.github.hagar-preview+json",
    );
    const builder = defaults.builder();
    expect(
      builder
        .route("POST /graphql")
        .mediaType({ previews: ["hagar"] })
        .build(),
    ).toEqual(expected);
    // A url and previews in two steps of one merge: (options, more) as a builder's two methods.
    const options = { method: "POST", url: "/graphql" };
    expect(defaults(options, { mediaType: { previews: ["hagar"] } })).toEqual(expected);
    // Previews set before the route replace the defaults' list: the url is not /graphql yet.
    expect(
      builder
        .mediaType({ previews: ["hagar"] })
        .route("POST /graphql")
        .build().headers.accept,
    ).toBe("application/vnd.github.hagar-preview+json");
  });

  it("writes a numeric accept as text before reading its previews", () => {
    expect(
      endpoint("POST /graphql", { headers: { accept: 5 }, mediaType: { previews: ["mercy"] } }).headers.accept,
    ).toBe("application/vnd.github.mercy-preview+json");
  });

  it("differs from @octokit/endpoint where docs/octokit-differences.md says: duplicates, and -preview inside a name", () => {
    const call = (e: any) =>
      e.defaults({ mediaType: { previews: ["mercy"] } })("POST /graphql", {
        mediaType: { previews: ["mercy-preview"] },
      });
    expect(call(O).headers.accept).toBe("application/vnd.github.mercy-preview+json");
    expect(call(T).headers.accept).toBe(
      "application/vnd.github.mercy-preview+json,application/vnd.github.mercy-preview+json",
    );
    const inside = (e: any) => e("POST /graphql", { mediaType: { previews: ["foo-preview-bar"] } }).headers.accept;
    expect(inside(O)).toBe("application/vnd.github.foo-preview-bar-preview+json");
    expect(inside(T)).toBe("application/vnd.github.foo-bar-preview+json");
  });

  it("refuses a previews value that is no list of preview names, naming it", () => {
    expectEndpointError(
      () => callUnchecked(endpoint, "POST /graphql", { mediaType: { previews: "mercy" } }),
      "ERR_INVALID_OPTIONS",
      "mediaType.previews must be a list, got string",
    );
    expectEndpointError(
      () => endpoint("POST /graphql", { mediaType: { previews: ["mercy", "a\r\nx-evil: 1"] } }),
      "ERR_INVALID_OPTIONS",
      'mediaType.previews[1] must be a preview name (letters, digits, "_" and "-"), got "a\\r\\nx-evil: 1"',
    );
    expectEndpointError(
      () => endpoint("POST /graphql", { mediaType: { previews: ["-preview"] } }),
      "ERR_INVALID_OPTIONS",
      "mediaType.previews[0] must be a preview name",
    );
    expectEndpointError(
      () => callUnchecked(endpoint, "POST /graphql", { mediaType: { previews: [42] } }),
      "ERR_INVALID_OPTIONS",
      'mediaType.previews[0] must be a preview name (letters, digits, "_" and "-"), got number',
    );
    expectEndpointError(
      () => callUnchecked(endpoint, "POST /graphql", { mediaType: { preview: ["mercy"] } }),
      "ERR_INVALID_OPTIONS",
      "mediaType.preview is not supported; only mediaType.format and mediaType.previews are",
    );
  });

  it("refuses them in the main entry, pointing to this one", () => {
    expectEndpointError(
      () => callUnchecked(main, "POST /graphql", { mediaType: { previews: ["mercy"] } }),
      "ERR_INVALID_OPTIONS",
      "mediaType.previews is not supported; only mediaType.format is (the fluent-endpoint/octokit entry accepts previews)",
    );
    expectEndpointError(
      () => callUnchecked(new RequestBuilder().mediaType.bind(new RequestBuilder()), { previews: ["mercy"] }),
      "ERR_INVALID_OPTIONS",
      "fluent-endpoint/octokit",
    );
    expect(
      endpoint
        .builder()
        .mediaType({ previews: ["mercy"] })
        .route("POST /graphql")
        .build().headers.accept,
    ).toBe("application/vnd.github.mercy-preview+json");
  });
});

describe("a + in a leftover query parameter named q stays raw, as @octokit/endpoint keeps it", () => {
  it.each(["is:open+label:bug", "repo:octokit/rest.js+is:open", "a+b c", "++", "%2B+x", "ü+é"])("q: %j", (q) => {
    const route = "GET /search/issues";
    expect(endpoint(route, { q, per_page: 2 }).url).toBe(T(route, { q, per_page: 2 }).url);
    expect(endpoint.parse(endpoint.merge(route, { q })).url).toBe(T(route, { q }).url);
  });

  it("only there: another name, a {?q} expression and the main entry encode it as %2B", () => {
    expect(endpoint("GET /x", { query: "a+b" }).url).toBe("https://api.github.com/x?query=a%2Bb");
    expect(endpoint("GET /x{?q}", { q: "a+b" }).url).toBe("https://api.github.com/x?q=a%2Bb");
    expect(endpoint("GET /x{?q}", { q: "a+b" }).url).toBe(T("GET /x{?q}", { q: "a+b" }).url);
    expect(main("GET /search/issues", { q: "is:open+label:bug" }).url).toBe(
      "https://api.github.com/search/issues?q=is%3Aopen%2Blabel%3Abug",
    );
  });
});

describe("the same defaults, surface, rules and errors as the main entry", () => {
  it("sends its own default user-agent and the default accept", () => {
    expect(endpoint.DEFAULTS.headers).toEqual({ accept: ACCEPT, "user-agent": USER_AGENT });
    expect(endpoint.DEFAULTS).toEqual(main.DEFAULTS);
    expect(endpoint("GET /user").headers["user-agent"]).toBe(USER_AGENT);
  });

  it("has the same members, each returning this entry's kind", () => {
    for (const name of ["defaults", "merge", "parse", "builder", "withRoutes"] as const) {
      expect(typeof endpoint[name]).toBe("function");
    }
    expect(endpoint.withRoutes()).toBe(endpoint);
    expect(endpoint.defaults({ a: 1 })("PATCH /x").method).toBe("PATCH");
    expect(Object.isFrozen(endpoint)).toBe(true);
  });

  it.each([
    ["a bad route", (e: any) => e("GET  /x")],
    ["a bad template", (e: any) => e("GET /x/{")],
    ["a missing url", (e: any) => e({ method: "GET" })],
    ["a bad method", (e: any) => e({ method: "GE T", url: "/x" })],
    ["a bad header", (e: any) => e("GET /x", { headers: { "x-a": "1\r\n" } })],
    ["a missing path value", (e: any) => e("GET /repos/{owner}/{repo}/issues", { owner: "o" })],
    ["a dot segment", (e: any) => e("GET /repos/{owner}", { owner: ".." })],
    ["an object in the query", (e: any) => e("GET /x", { q: { a: 1 } })],
    ["data with a GET", (e: any) => e("GET /x", { data: "a" })],
    ["a near-miss option", (e: any) => e("GET /x", { baseURL: "https://x" })],
    ["a bad format", (e: any) => e("GET /x", { mediaType: { format: "." } })],
    ["a second options argument that is no plain object", (e: any) => e({ url: "/a" }, 42)],
  ])("%s: the same EndpointError", (_, call) => {
    const ours = thrown(() => call(endpoint));
    const theMain = thrown(() => call(main));
    expect([ours.code, ours.message]).toEqual([theMain.code, theMain.message]);
  });
});
