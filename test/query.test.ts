// The query string made from leftover parameters of a GET or HEAD,
// through the public endpoint().
import { describe, expect, it } from "vitest";
import { endpoint } from "../src/index.js";
import { expectEndpointError } from "./support/errors.js";

/** The url endpoint() builds for a GET of `url` (no baseUrl) with `parameters`. */
function get(url: string, parameters: Record<string, unknown>): string {
  return endpoint({ method: "GET", baseUrl: "", url, ...parameters }).url;
}

describe("where the query string goes", () => {
  it("appends leftovers after '?'", () => {
    expect(get("/issues", { state: "open" })).toBe("/issues?state=open");
  });

  it("appends leftovers to the baseUrl-joined url", () => {
    expect(endpoint("GET /orgs/{org}/repos", { org: "octokit", type: "private" }).url).toBe(
      "https://api.github.com/orgs/octokit/repos?type=private",
    );
  });

  it("joins several leftovers with '&' in the order given", () => {
    expect(get("/issues", { state: "open", page: 2, per_page: 100 })).toBe("/issues?state=open&page=2&per_page=100");
  });

  it("appends with '&' when the url already has a query", () => {
    expect(get("/search?q=a", { page: 2 })).toBe("/search?q=a&page=2");
  });

  it("appends with '&' after a query made by a {?x} expression", () => {
    expect(get("/search{?q}", { q: "a", page: 2 })).toBe("/search?q=a&page=2");
  });

  it("uses '?' when a {?x} expression expanded to nothing", () => {
    expect(get("/search{?q}", { page: 2 })).toBe("/search?page=2");
  });

  it("inserts the query before a #fragment", () => {
    expect(get("/readme#install", { ref: "main" })).toBe("/readme?ref=main#install");
    expect(get("/readme?a=1#install", { ref: "main" })).toBe("/readme?a=1&ref=main#install");
  });

  it("inserts the query before a fragment made by a {#x} expression", () => {
    expect(get("/readme{#section}", { section: "install", ref: "main" })).toBe("/readme?ref=main#install");
  });

  it("ignores a '?' inside the fragment", () => {
    expect(get("/readme#a?b", { ref: "main" })).toBe("/readme?ref=main#a?b");
  });

  it("adds no extra separator when the url ends in '?'", () => {
    expect(get("/search?", { page: 2 })).toBe("/search?page=2");
    expect(get("/search?#top", { page: 2 })).toBe("/search?page=2#top");
  });

  it("adds no extra separator when the url ends in '&'", () => {
    expect(get("/search?q=a&", { page: 2 })).toBe("/search?q=a&page=2");
  });

  it("adds no '?' when there are no leftovers", () => {
    expect(get("/issues", {})).toBe("/issues");
    expect(get("/issues", { state: undefined, milestone: null })).toBe("/issues");
  });

  it("builds a query for HEAD as for GET", () => {
    expect(endpoint({ method: "HEAD", baseUrl: "", url: "/issues", state: "open" }).url).toBe("/issues?state=open");
  });
});

describe("query values", () => {
  it("writes a string as text", () => {
    expect(get("/a", { q: "octocat" })).toBe("/a?q=octocat");
  });

  it("keeps an empty string as an empty value", () => {
    expect(get("/a", { q: "" })).toBe("/a?q=");
  });

  it("writes numbers, including 0 and negatives", () => {
    expect(get("/a", { page: 0, offset: -1.5 })).toBe("/a?page=0&offset=-1.5");
  });

  it("writes booleans, including false", () => {
    expect(get("/a", { draft: false, all: true })).toBe("/a?draft=false&all=true");
  });

  it("writes a bigint like a number", () => {
    expect(get("/a", { since: 12345678901234567890n })).toBe("/a?since=12345678901234567890");
  });

  it("writes a Date as its ISO string", () => {
    expect(get("/a", { since: new Date(0) })).toBe("/a?since=1970-01-01T00%3A00%3A00.000Z");
  });

  it("joins array elements with ',' and then encodes the ','", () => {
    expect(get("/issues", { labels: ["bug", "ui"] })).toBe("/issues?labels=bug%2Cui");
    expect(get("/a", { ids: [1, 2n, true] })).toBe("/a?ids=1%2C2%2Ctrue");
    expect(get("/a", { at: [new Date(0), new Date(1000)] })).toBe(
      "/a?at=1970-01-01T00%3A00%3A00.000Z%2C1970-01-01T00%3A00%3A01.000Z",
    );
  });

  it("skips null and undefined array elements", () => {
    expect(get("/a", { ids: [1, null, 2, undefined] })).toBe("/a?ids=1%2C2");
  });

  it("omits an empty array", () => {
    expect(get("/a", { labels: [], page: 1 })).toBe("/a?page=1");
  });

  it("omits an array holding only null and undefined", () => {
    expect(get("/a", { labels: [null, undefined] })).toBe("/a");
  });

  it("omits null and undefined values", () => {
    expect(get("/a", { milestone: null, assignee: undefined, page: 1 })).toBe("/a?page=1");
  });
});

describe("values with no query form", () => {
  const cases: [string, unknown][] = [
    ["a plain object", { state: "open" }],
    ["an empty plain object", {}],
    ["a null-prototype object", Object.create(null)],
    ["a Map", new Map([["a", 1]])],
    ["a function", () => 1],
    ["a nested array", [[1]]],
    ["an array holding a plain object", [{ a: 1 }]],
  ];
  for (const [kind, value] of cases) {
    it(`rejects ${kind} with ERR_INVALID_PARAMETER naming the parameter`, () => {
      expectEndpointError(() => get("/a", { filter: value }), "ERR_INVALID_PARAMETER", /parameter "filter"/);
    });
  }

  it.each([
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["-Infinity", Number.NEGATIVE_INFINITY],
  ])(
    "rejects %s, alone or in a list, with ERR_INVALID_PARAMETER naming the parameter (never page=NaN)",
    (text, value) => {
      const message = new RegExp(`^parameter "page" is ${text}, not a finite number$`);
      expectEndpointError(() => get("/a", { page: value }), "ERR_INVALID_PARAMETER", message);
      expectEndpointError(() => get("/a", { page: [1, value] }), "ERR_INVALID_PARAMETER", message);
    },
  );

  it("rejects an invalid Date with ERR_INVALID_PARAMETER naming the parameter", () => {
    expectEndpointError(() => get("/a", { since: new Date(Number.NaN) }), "ERR_INVALID_PARAMETER", /parameter "since"/);
  });

  it("rejects a lone surrogate in a value with ERR_INVALID_PARAMETER naming the parameter", () => {
    expectEndpointError(() => get("/a", { q: "x\ud800" }), "ERR_INVALID_PARAMETER", /parameter "q"/);
  });

  it("accepts a plain object that fills a template placeholder instead", () => {
    expect(get("/a{?filter*}", { filter: { state: "open" } })).toBe("/a?state=open");
  });
});

describe("query encoding", () => {
  it("encodes a space as %20, never '+'", () => {
    expect(get("/search", { q: "a b" })).toBe("/search?q=a%20b");
  });

  it("encodes the sub-delimiters encodeURIComponent leaves alone: ( ) * ! '", () => {
    expect(get("/search", { q: "(x)*!'" })).toBe("/search?q=%28x%29%2A%21%27");
  });

  it("encodes reserved characters", () => {
    expect(get("/search", { q: "/?#[]@$+=:,;&" })).toBe("/search?q=%2F%3F%23%5B%5D%40%24%2B%3D%3A%2C%3B%26");
  });

  it("encodes '%' even before hex digits", () => {
    expect(get("/search", { q: "100%", r: "%41" })).toBe("/search?q=100%25&r=%2541");
  });

  it("keeps the unreserved characters A-Z a-z 0-9 - . _ ~", () => {
    expect(get("/search", { q: "AZaz09-._~" })).toBe("/search?q=AZaz09-._~");
  });

  it("encodes unicode as UTF-8", () => {
    expect(get("/search", { q: "é😀" })).toBe("/search?q=%C3%A9%F0%9F%98%80");
  });

  it("encodes control characters", () => {
    expect(get("/search", { q: "a\u0000b\n" })).toBe("/search?q=a%00b%0A");
  });

  it("encodes parameter names the same way", () => {
    expect(get("/a", { "a b": 1, é: 2, "filter[state]": "open" })).toBe("/a?a%20b=1&%C3%A9=2&filter%5Bstate%5D=open");
  });
});

describe("a parameter reads the same through {?x} and as a leftover", () => {
  const cases: [string, unknown, string][] = [
    ["a space", "a b", "x=a%20b"],
    ["( ) * ! '", "(x)*!'", "x=%28x%29%2A%21%27"],
    ["unicode", "é😀", "x=%C3%A9%F0%9F%98%80"],
    ["',' ';' '=' '&'", "a,b;c=d&e", "x=a%2Cb%3Bc%3Dd%26e"],
    ["'%'", "100%", "x=100%25"],
    ["a pct-encoded triplet", "%41", "x=%2541"],
    ["reserved characters", "/?#[]@$+=:", "x=%2F%3F%23%5B%5D%40%24%2B%3D%3A"],
    ["unreserved characters", "~-._", "x=~-._"],
    ["an empty string", "", "x="],
    ["a Date", new Date(0), "x=1970-01-01T00%3A00%3A00.000Z"],
    ["a bigint", 10n, "x=10"],
    ["a boolean", false, "x=false"],
  ];
  for (const [kind, value, query] of cases) {
    it(`for ${kind}`, () => {
      const throughTemplate = get("/q{?x}", { x: value });
      const asLeftover = get("/q", { x: value });
      expect(throughTemplate).toBe(`/q?${query}`);
      expect(asLeftover).toBe(`/q?${query}`);
      expect(asLeftover).toBe(throughTemplate);
    });
  }
});
