// URL templates (RFC 6570 and `:name`) and the dangling slash, through the public
// endpoint(); plus what the bounded template and route caches must keep: the same request every time.
import fc from "fast-check";
import { parseTemplate } from "url-template";
import { describe, expect, it } from "vitest";
import { endpoint, EndpointError } from "../src/index.js";
import { expectEndpointError } from "./support/errors.js";

/** The bare expansion of `template`: no baseUrl, GET, the given variables. */
function expand(template: string, variables: Record<string, unknown> = {}): string {
  return endpoint({ method: "GET", baseUrl: "", url: template, ...variables }).url;
}

describe("RFC 6570 expansion through endpoint()", () => {
  it("expands simple, reserved, fragment, label, path, matrix and query expressions", () => {
    expect(expand("/repos/{owner}", { owner: "oct cat" })).toBe("/repos/oct%20cat");
    expect(expand("/files/{+path}", { path: "a/b" })).toBe("/files/a/b");
    expect(expand("/doc{#sec}", { sec: "top" })).toBe("/doc#top");
    expect(expand("/doc{.ext}", { ext: "json" })).toBe("/doc.json");
    expect(expand("/doc{/seg}", { seg: "x y" })).toBe("/doc/x%20y");
    expect(expand("/doc{;id}", { id: 7 })).toBe("/doc;id=7");
    expect(expand("/doc{?page}", { page: 2 })).toBe("/doc?page=2");
    expect(expand("/doc?a=1{&page}", { page: 2 })).toBe("/doc?a=1&page=2");
  });

  it("expands lists and plain objects as RFC 6570 does, exploded or not", () => {
    expect(expand("/a/{list}", { list: ["red", "green"] })).toBe("/a/red,green");
    expect(expand("/a{/list*}", { list: ["red", "green"] })).toBe("/a/red/green");
    expect(expand("/a/{keys}", { keys: { a: 1, b: 2 } })).toBe("/a/a,1,b,2");
    expect(expand("/a/{keys*}", { keys: { a: 1, b: 2 } })).toBe("/a/a=1,b=2");
    expect(expand("/a{?keys*}", { keys: { a: 1, b: 2 } })).toBe("/a?a=1&b=2");
  });

  it("encodes everything but unreserved characters in a simple expression", () => {
    expect(expand("/a/{x}", { x: "a b(c)*!'é/?#" })).toBe("/a/a%20b%28c%29%2A%21%27%C3%A9%2F%3F%23");
  });

  it("expands a bigint like a number", () => {
    expect(expand("/a/{x}", { x: 12345678901234567890n })).toBe("/a/12345678901234567890");
    expect(expand("/a{?x}", { x: 10n })).toBe("/a?x=10");
    expect(expand("/a/{x}", { x: [1n, 2n] })).toBe("/a/1,2");
  });

  it("expands a Date as its ISO string", () => {
    expect(expand("/a/{x}", { x: new Date(0) })).toBe("/a/1970-01-01T00%3A00%3A00.000Z");
    expect(expand("/a/{+x}", { x: new Date(0) })).toBe("/a/1970-01-01T00:00:00.000Z");
    expect(expand("/a/{x}", { x: [10n, true, new Date(1000)] })).toBe("/a/10,true,1970-01-01T00%3A00%3A01.000Z");
  });

  it("skips null and undefined elements of a list", () => {
    expect(expand("/a/{x}", { x: [1, null, 2, undefined] })).toBe("/a/1,2");
  });

  it("treats an empty list as undefined", () => {
    expect(expand("/a{?list}", { list: [] })).toBe("/a");
    expect(expand("/a{/list*}/b", { list: [] })).toBe("/a/b");
    expect(expand("/a/b{/list}", { list: [null] })).toBe("/a/b");
  });

  it("treats an empty plain object as undefined", () => {
    expect(expand("/a{?keys}", { keys: {} })).toBe("/a");
    expect(expand("/a{?keys*}", { keys: {} })).toBe("/a");
  });

  it("encodes a '%' not followed by two hex digits as %25 in reserved expansion", () => {
    expect(expand("/a/{+x}", { x: "100%" })).toBe("/a/100%25");
    expect(expand("/a/{+x}", { x: "%41%4" })).toBe("/a/%41%254");
    expect(expand("/a/{+x}", { x: "%zz" })).toBe("/a/%25zz");
    expect(expand("/a{#x}", { x: "100%" })).toBe("/a#100%25");
  });

  it("counts a prefix modifier in code points, never splitting a surrogate pair", () => {
    expect(expand("{clef:1}", { clef: "𝄞stave" })).toBe("%F0%9D%84%9E");
    expect(expand("{clef:2}", { clef: "𝄞stave" })).toBe("%F0%9D%84%9Es");
    expect(expand("{x:3}", { x: "héllo" })).toBe("h%C3%A9l");
  });

  it("prints a pct-encoded variable name of a named expression as written", () => {
    expect(expand("/a{?Stra%C3%9Fe}", { "Stra%C3%9Fe": "x" })).toBe("/a?Stra%C3%9Fe=x");
    expect(expand("/a{;Stra%C3%9Fe}", { "Stra%C3%9Fe": "x" })).toBe("/a;Stra%C3%9Fe=x");
    expect(expand("/a?b=1{&Stra%C3%9Fe}", { "Stra%C3%9Fe": "x" })).toBe("/a?b=1&Stra%C3%9Fe=x");
    expect(expand("/a{?a,Stra%C3%9Fe}", { a: 1, "Stra%C3%9Fe": "x" })).toBe("/a?a=1&Stra%C3%9Fe=x");
    expect(expand("/a{?Stra%C3%9Fe*}", { "Stra%C3%9Fe": ["a", "b"] })).toBe("/a?Stra%C3%9Fe=a&Stra%C3%9Fe=b");
    expect(expand("/a{?Stra%C3%9Fe:2}", { "Stra%C3%9Fe": "xyz" })).toBe("/a?Stra%C3%9Fe=xy");
  });

  // RFC 6570 §3.2.8: an exploded map in a named expression prints the map's keys, not
  // the variable name, even a key that looks like the library's internal alias.
  it("prints the keys of an exploded map under a pct-encoded variable name as they are", () => {
    expect(expand("/a{?Stra%C3%9Fe*}", { "Stra%C3%9Fe": { pct_name_0: "a", pct_name_0x: "b" } })).toBe(
      "/a?pct_name_0=a&pct_name_0x=b",
    );
    expect(expand("/a{?Stra%C3%9Fe*}", { "Stra%C3%9Fe": ["a", "b"] })).toBe("/a?Stra%C3%9Fe=a&Stra%C3%9Fe=b");
  });

  it("encodes literal text that is not allowed in a URI", () => {
    expect(expand("/a b/%zz/%41")).toBe("/a%20b/%25zz/%41");
  });

  it("uses a template variable in the url only, never again in the query", () => {
    expect(expand("/users/{user}", { user: "octocat", page: 2 })).toBe("/users/octocat?page=2");
  });
});

describe(":name placeholders", () => {
  it("means {name}", () => {
    expect(expand("/users/:user/repos", { user: "octocat" })).toBe("/users/octocat/repos");
    expect(expand("/users/:user", { user: "octocat", page: 2 })).toBe("/users/octocat?page=2");
  });

  it("encodes like {name}: '/' in a value becomes %2F", () => {
    expect(expand("/users/:user", { user: "a/b c" })).toBe("/users/a%2Fb%20c");
    expect(expand("/users/{user}", { user: "a/b c" })).toBe("/users/a%2Fb%20c");
  });

  it("starts with a letter or '_' and continues with letters, digits or '_'", () => {
    expect(expand("/:_id", { _id: 1 })).toBe("/1");
    expect(expand("/x/:a1_b.json", { a1_b: "v" })).toBe("/x/v.json");
  });

  it("leaves a colon followed by a digit literal", () => {
    expect(expand("/time/12:30")).toBe("/time/12:30");
    expect(expand("/:1x")).toBe("/:1x");
  });

  it("leaves the colons of the scheme, userinfo and port literal", () => {
    expect(expand("http://localhost:8080/items/:id", { id: 5 })).toBe("http://localhost:8080/items/5");
    expect(expand("https://user:pass@example.com:8443/users/:id", { id: 7 })).toBe(
      "https://user:pass@example.com:8443/users/7",
    );
  });

  it("is a placeholder only in the path, not after '?', '#' or a query expression", () => {
    expect(expand("/search?q=:term", { term: "x" })).toBe("/search?q=:term&term=x");
    expect(expand("/a#:frag")).toBe("/a#:frag");
    expect(expand("/search{?q}&sort=:sort", { q: "a" })).toBe("/search?q=a&sort=:sort");
  });
});

describe('a "-" inside a variable name, as GitHub routes use it', () => {
  it("expands GitHub's {enterprise-team} route", () => {
    expect(
      endpoint("POST /enterprises/{enterprise}/teams/{enterprise-team}/memberships/add", {
        enterprise: "e",
        "enterprise-team": "t",
        usernames: ["u"],
      }),
    ).toMatchObject({
      url: "https://api.github.com/enterprises/e/teams/t/memberships/add",
      body: { usernames: ["u"] },
    });
  });

  it.each([
    ["", "/x/v,1"],
    ["+", "/x/v,1"],
    ["#", "/x#v,1"],
    [".", "/x.v.1"],
    ["/", "/x/v/1"],
    [";", "/x;a-b=v;c-d-e=1"],
    ["?", "/x?a-b=v&c-d-e=1"],
    ["&", "/x&a-b=v&c-d-e=1"],
  ])("is part of the name under the %j operator", (operator, url) => {
    const template = operator === "" || operator === "+" ? `/x/{${operator}a-b,c-d-e}` : `/x{${operator}a-b,c-d-e}`;
    expect(expand(template, { "a-b": "v", "c-d-e": 1 })).toBe(url);
    // The names are consumed by the url: nothing is left for the query.
    expect(expand(`${template}{?z}`, { "a-b": "v", "c-d-e": 1 })).toBe(url);
  });

  it("works with modifiers and in a leading {name}", () => {
    expect(expand("/x/{a-b:2}/{c-d*}", { "a-b": "value", "c-d": ["1", "2"] })).toBe("/x/va/1,2");
    expect(expand("{upload-url}/assets", { "upload-url": "https://uploads.example.com" })).toBe(
      "https://uploads.example.com/assets",
    );
  });

  it("never starts or ends a name, and never comes twice in a row", () => {
    expectEndpointError(
      () => expand("/{-a}"),
      "ERR_INVALID_TEMPLATE",
      /expected a variable name but found "-" in expression at position 2/,
    );
    expectEndpointError(
      () => expand("/{a-}"),
      "ERR_INVALID_TEMPLATE",
      /expected ',' or '}' but found "-" in expression at position 3/,
    );
    expectEndpointError(() => expand("/{a--b}"), "ERR_INVALID_TEMPLATE", /position 3/);
    expectEndpointError(() => expand("/{?a,-b}"), "ERR_INVALID_TEMPLATE", /position 5/);
  });

  it("ends a :name placeholder, as in @octokit/endpoint", () => {
    expect(expand("/repos/:repo-name", { repo: "r" })).toBe("/repos/r-name");
  });
});

describe("a placeholder with no value never leaves an empty path segment or host", () => {
  it("refuses an expression alone between two '/' whose variables are undefined, null or empty lists, naming it", () => {
    expectEndpointError(
      // Routes typed `string` here and below: placeholders are left out on purpose.
      () => endpoint("POST /repos/{owner}/{repo}/issues" as string, { owner: "x" }),
      "ERR_MISSING_PARAMETER",
      /^parameter "repo" \(\{repo\} at position 15\) has no value: the path would get an empty segment \("\/\/"\)$/,
    );
    expectEndpointError(
      () => expand("/repos/:owner/:repo/issues", { owner: "x" }),
      "ERR_MISSING_PARAMETER",
      /parameter "repo" \(:repo at position 14\)/,
    );
    expectEndpointError(
      () => expand("/users/{id}/sessions/{sid}/", { id: 1, sid: null }),
      "ERR_MISSING_PARAMETER",
      /parameter "sid"/,
    );
    expectEndpointError(() => expand("/a/{list}/b", { list: [] }), "ERR_MISSING_PARAMETER", /parameter "list"/);
    expectEndpointError(() => expand("/{a}/x"), "ERR_MISSING_PARAMETER", /parameter "a"/);
    expectEndpointError(
      () => expand("/x/{a,b}/y"),
      "ERR_MISSING_PARAMETER",
      /parameters "a", "b" \(\{a,b\} at position 3\) have no value/,
    );
    expectEndpointError(() => expand("/x/{.a}/y"), "ERR_MISSING_PARAMETER", /parameter "a"/);
  });

  it("keeps an explicit empty string, a value of its own", () => {
    expect(endpoint("POST /repos/{owner}/{repo}/issues", { owner: "x", repo: "" }).url).toBe(
      "https://api.github.com/repos/x//issues",
    );
    expect(expand("/x/{a,b}/y", { b: 1 })).toBe("/x/1/y");
  });

  it("drops the dangling slash of a trailing placeholder with no value, as @octokit/endpoint does", () => {
    expect(endpoint("GET /repos/{owner}/{repo}/branches/{branch}" as string, { owner: "o", repo: "r" }).url).toBe(
      "https://api.github.com/repos/o/r/branches",
    );
  });

  it("keeps a leading {origin} with no value empty, as uploads rely on", () => {
    expect(
      endpoint("POST {origin}/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}" as string, {
        owner: "o",
        repo: "r",
        release_id: 1,
        name: "a.zip",
        data: "x",
      }).url,
    ).toBe("https://api.github.com/repos/o/r/releases/1/assets?name=a.zip");
  });

  it("refuses an expression in the scheme or host of an absolute url that expands to nothing, even from an empty string", () => {
    for (const host of [undefined, null, ""]) {
      expectEndpointError(
        () => expand("https://{host}", { host }),
        "ERR_MISSING_PARAMETER",
        /^parameter "host" \(\{host\} at position 8\) expands to nothing in the url's scheme or host$/,
      );
      expectEndpointError(
        () => endpoint("GET https://{host}/x" as string, { host }),
        "ERR_MISSING_PARAMETER",
        /parameter "host"/,
      );
    }
    expectEndpointError(
      () => expand("{scheme}://{host}:8443/x", { host: "h" }),
      "ERR_MISSING_PARAMETER",
      /parameter "scheme"/,
    );
    expect(expand("{scheme}://{host}:8443/x/:id", { scheme: "https", host: "h", id: 1 })).toBe("https://h:8443/x/1");
    expect(endpoint("GET https://{host}/x", { host: "example.com" }).url).toBe("https://example.com/x");
  });

  it("leaves the segments of a query or fragment alone", () => {
    expect(expand("/x?q=/{a}/")).toBe("/x?q=//");
  });
});

describe("a relative template never expands to an absolute url", () => {
  it("refuses an expansion that completes a scheme, as ERR_UNSAFE_PATH naming the template", () => {
    expectEndpointError(
      () => endpoint("GET http{+rest}", { rest: "s://evil.example/x" }),
      "ERR_UNSAFE_PATH",
      /^url template "http\{\+rest\}" is relative, but its expansion made the absolute url "https:\/\/evil.example\/x"$/,
    );
    expectEndpointError(() => expand("ht{+a}", { a: "tp://x" }), "ERR_UNSAFE_PATH", /is relative/);
  });

  it("counts any scheme followed by ':' as absolute, as the WHATWG URL parser reads it, with or without '//'", () => {
    // new URL("https:/evil.example") is https://evil.example/, and "http:evil.example" has the scheme http:.
    for (const x of ["s:/evil.example", ":evil.example"]) {
      expectEndpointError(
        () => endpoint({ method: "GET", baseUrl: "", url: "http{+x}", x }),
        "ERR_UNSAFE_PATH",
        `url template "http{+x}" is relative, but its expansion made the absolute url "http${x}"`,
      );
      expectEndpointError(() => endpoint("GET http{+x}", { x }), "ERR_UNSAFE_PATH", "is relative");
    }
    expectEndpointError(() => expand("a{+b}", { b: ":" }), "ERR_UNSAFE_PATH", '"a:"');
    expectEndpointError(() => expand("{a}:1", { a: "c" }), "ERR_UNSAFE_PATH", '"c:1"');
    // A scheme needs a letter first: "1:" or ":" at the start is a relative url.
    expect(expand("{a}:1", { a: "1" })).toBe("1:1");
    expect(expand("{+a}/x", { a: ":y" })).toBe(":y/x");
  });

  it("keeps a template written with a scheme, with or without '//'", () => {
    expect(expand("tel:+1{n}", { n: 555 })).toBe("tel:+1555");
    expect(expand("http:/x{y}", { y: 1 })).toBe("http:/x1");
  });

  it("lets a leading expression hold an absolute URL, as documented", () => {
    expect(endpoint("GET {+base}", { base: "https://example.com/x" }).url).toBe("https://example.com/x");
    expect(endpoint("GET {base}/y", { base: "https://example.com/x" }).url).toBe("https://example.com/x/y");
    expect(expand("{+base}/y", { base: "mailto:x" })).toBe("mailto:x/y");
  });
});

describe("a leading {name} holding an absolute URL", () => {
  it("expands an absolute URL value unencoded, as {+name} would", () => {
    expect(
      expand("{upload_url}/repos/{owner}/{repo}/releases", {
        upload_url: "https://uploads.github.com",
        owner: "octokit",
        repo: "rest.js",
      }),
    ).toBe("https://uploads.github.com/repos/octokit/rest.js/releases");
  });

  it("uses that absolute URL instead of the baseUrl", () => {
    expect(
      endpoint("POST {upload_url}/assets", { upload_url: "https://uploads.github.com/x", data: "bytes" }).url,
    ).toBe("https://uploads.github.com/x/assets");
  });

  it("accepts any RFC 3986 scheme in any case", () => {
    expect(expand("{base}/x", { base: "HTTPS://h.example" })).toBe("HTTPS://h.example/x");
  });

  it("still encodes characters that reserved expansion encodes", () => {
    expect(expand("{base}/x", { base: "https://h.example/a b" })).toBe("https://h.example/a%20b/x");
  });

  it("encodes a value that is not an absolute URL", () => {
    expect(expand("{upload_url}/repos", { upload_url: "uploads github/x" })).toBe("uploads%20github%2Fx/repos");
    expect(expand("{to}/a", { to: "mailto:x" })).toBe("mailto%3Ax/a");
  });

  it("applies only at the start of the template and only to a simple {name}", () => {
    expect(expand("/redirect/{to}", { to: "https://x" })).toBe("/redirect/https%3A%2F%2Fx");
    expect(expand("{to:5}/a", { to: "https://x" })).toBe("https/a");
  });

  it("gives exactly what url-template's {+name} gives for that URL, with the rest of the template as url-template expands it", () => {
    const rest = fc.string().filter((b) => b !== "." && b !== "..");
    const url = fc.oneof(
      // Without dot segments, which are ERR_UNSAFE_PATH (tested with the dot segments).
      fc
        .webUrl({ withQueryParameters: false, withFragments: false })
        .filter((u) => !/\/(?:\.|%2e){1,2}(?=\/|$)/i.test(u)),
      fc.constantFrom(
        "https://h.example/p%20q",
        "https://h.example/%zz",
        "https://h.example/[a]",
        "https://h.example/a b",
        "https://h.example/\u00fc",
      ),
    );
    fc.assert(
      fc.property(url, rest, (u, b) => {
        expect(expand("{u}/a/{b}/c", { u, b })).toBe(parseTemplate("{+u}/a/{b}/c").expand({ u, b }));
      }),
      { seed: 20261122, numRuns: 300 },
    );
  });

  it("expands together with the rest of the template exactly as alone", () => {
    expect(expand("{u}/a/{b}{?c}", { u: "https://up.example.com", b: "x y", c: "1" })).toBe(
      "https://up.example.com/a/x%20y?c=1",
    );
    expect(expand("{u}/a{?c}", { u: "https://up.example.com/p%20q", c: "1" })).toBe(
      "https://up.example.com/p%20q/a?c=1",
    );
    expect(expand("{u}/a{?c}", { u: "https://up.example.com/\u00fc", c: "1" })).toBe(
      "https://up.example.com/%C3%BC/a?c=1",
    );
    expect(expand("{u}/a/{u}", { u: "https://up.example.com" })).toBe(
      "https://up.example.com/a/https%3A%2F%2Fup.example.com",
    );
    expect(expand("{u}/a/{b}", { u: "https://h.example", b: ["1", "2"] })).toBe("https://h.example/a/1,2");
    expect(expand("{u}{?c}", { u: "https://h.example" })).toBe("https://h.example");
    expect(expand("{u}/a/{b}", { u: "relative", b: "2" })).toBe("relative/a/2");
  });
});

describe("malformed templates", () => {
  const cases: [string, string, RegExp][] = [
    ["unclosed '{'", "/repos/{owner", /unclosed '\{' at position 7/],
    ["unclosed '{' at the end", "/a/{", /unclosed '\{' at position 3/],
    ["stray '}'", "/a/b}", /'\}' without an opening '\{' at position 4/],
    ["'{' inside an expression", "{{x}}", /position 1/],
    ["empty expression", "/a/{}", /position 4/],
    ["empty variable after ','", "/a/{x,}", /position 6/],
    ["reserved operator '!'", "/{!x}", /reserved operator '!'.*position 2/],
    ["reserved operator '='", "/{=x}", /reserved operator '='.*position 2/],
    ["reserved operator '|'", "/{|x}", /reserved operator '\|'.*position 2/],
    ["reserved operator '@'", "/{@x}", /reserved operator '@'.*position 2/],
    ["reserved operator ','", "/{,x}", /reserved operator ','.*position 2/],
    ["space in a variable name", "/{with space}", /position 6/],
    ["variable name ending in '.'", "/{x.}", /position 3/],
    ["'..' in a variable name", "/{x..y}", /position 3/],
    ["'%' without two hex digits in a variable name", "/{%2x}", /position 2/],
    ["prefix 0", "/{x:0}", /prefix length.*position 4/],
    ["prefix with a leading zero", "/{x:01}", /prefix length.*position 4/],
    ["prefix over 9999", "/{x:10000}", /prefix length.*position 8/],
    ["empty prefix", "/{x:}", /prefix length.*position 4/],
    ["prefix and explode together", "/{x:2*}", /position 5/],
  ];
  for (const [problem, template, message] of cases) {
    it(`rejects ${problem} (${template}) with ERR_INVALID_TEMPLATE naming the position`, () => {
      expectEndpointError(() => expand(template, { x: "v" }), "ERR_INVALID_TEMPLATE", message);
    });
  }

  it("names the template in the message", () => {
    expectEndpointError(() => expand("/repos/{owner"), "ERR_INVALID_TEMPLATE", /"\/repos\/\{owner"/);
  });

  it("rejects a lone surrogate in literal template text", () => {
    expectEndpointError(() => expand("/a/\ud800"), "ERR_INVALID_TEMPLATE", /lone UTF-16 surrogate.*position/);
  });

  it.each([
    ["a tab", "/a\tb", /control character U\+0009 in literal text at position 2$/],
    ["a line feed at the end", "/a\n", /control character U\+000A in literal text at position 2$/],
    ["a NUL", "/\u0000", /control character U\+0000 in literal text at position 1$/],
    ["a DEL", "/a\u007f", /control character U\+007F in literal text at position 2$/],
  ])("rejects %s in literal text with ERR_INVALID_TEMPLATE (RFC 6570 §2.1 excludes CTL)", (_, template, message) => {
    expectEndpointError(() => expand(template), "ERR_INVALID_TEMPLATE", message);
  });

  it("rejects a route split by a tab or ending in a line break instead of encoding it into the url", () => {
    expectEndpointError(() => endpoint("GET\t/x"), "ERR_INVALID_TEMPLATE", /U\+0009/);
    expectEndpointError(() => endpoint("GET /x\n"), "ERR_INVALID_TEMPLATE", /U\+000A/);
    expectEndpointError(() => endpoint("GET /x\r\n"), "ERR_INVALID_TEMPLATE", /U\+000D/);
  });

  it("still encodes other characters a URI cannot hold, and control characters in values", () => {
    expect(expand("/a b/\u00e9")).toBe("/a%20b/%C3%A9");
    expect(expand("/{x}", { x: "a\tb" })).toBe("/a%09b");
  });

  it("accepts a dotted or pct-encoded variable name", () => {
    expect(expand("/{x.y}", { "x.y": "v" })).toBe("/v");
    expect(expand("/{%41x}", { "%41x": "v" })).toBe("/v");
    expect(expand("/{x:9999}", { x: "v" })).toBe("/v");
  });

  it("rejects a prefix modifier on a list value with ERR_INVALID_TEMPLATE", () => {
    expectEndpointError(() => expand("/{x:2}", { x: [1, 2] }), "ERR_INVALID_TEMPLATE", /\{x:2\} at position 1.*"x"/);
  });

  it.each([
    ["a Map", new Map()],
    ["a function", () => 1],
    ["a class instance", new (class Thing {})()],
  ])("rejects %s under a prefix modifier as it does without one: ERR_INVALID_PARAMETER", (_, value) => {
    expectEndpointError(
      () => expand("/{x:3}", { x: value }),
      "ERR_INVALID_PARAMETER",
      /parameter "x" cannot fill a url placeholder/,
    );
  });

  it("rejects a prefix modifier on a plain object value with ERR_INVALID_TEMPLATE", () => {
    expectEndpointError(() => expand("/{x:2}", { x: { a: 1 } }), "ERR_INVALID_TEMPLATE", /\{x:2\} at position 1.*"x"/);
  });
});

describe("values that cannot fill a url placeholder", () => {
  const cases: [string, unknown][] = [
    ["an invalid Date", new Date(Number.NaN)],
    ["a nested list", [[1]]],
    ["a list holding an object", [{ a: 1 }]],
    ["an object holding a list", { a: [1] }],
    ["an object holding an object", { a: { b: 1 } }],
    ["a function", () => 1],
    ["a Map", new Map([["a", 1]])],
    ["a symbol", Symbol("s")],
    ["a class instance", new (class Thing {})()],
  ];
  for (const [kind, value] of cases) {
    it(`rejects ${kind} with ERR_INVALID_PARAMETER naming the parameter`, () => {
      expectEndpointError(() => expand("/a/{owner}", { owner: value }), "ERR_INVALID_PARAMETER", /parameter "owner"/);
    });
  }

  it.each([
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["-Infinity", Number.NEGATIVE_INFINITY],
  ])(
    "rejects %s, alone or in a list or map, with ERR_INVALID_PARAMETER naming the parameter (never /issues/NaN)",
    (text, value) => {
      const message = new RegExp(`^parameter "id" is ${text}, not a finite number$`);
      expectEndpointError(() => expand("/issues/{id}", { id: value }), "ERR_INVALID_PARAMETER", message);
      expectEndpointError(() => expand("/issues{/id*}", { id: [1, value] }), "ERR_INVALID_PARAMETER", message);
      expectEndpointError(() => expand("/issues{?id*}", { id: { page: value } }), "ERR_INVALID_PARAMETER", message);
      expectEndpointError(() => expand("/issues/{id:2}", { id: value }), "ERR_INVALID_PARAMETER", message);
      expect(expand("/issues/{id}", { id: -0 })).toBe("/issues/0");
    },
  );

  it("rejects a lone surrogate in a value with ERR_INVALID_PARAMETER naming the parameter", () => {
    expectEndpointError(() => expand("/a/{owner}", { owner: "x\ud800" }), "ERR_INVALID_PARAMETER", /parameter "owner"/);
    expectEndpointError(() => expand("/a{?q}", { q: "\udc00" }), "ERR_INVALID_PARAMETER", /parameter "q"/);
    expectEndpointError(() => expand("/a/:owner", { owner: "x\ud800" }), "ERR_INVALID_PARAMETER", /parameter "owner"/);
  });
});

describe("dot segments made by a variable", () => {
  const unsafe: [string, string, Record<string, unknown>, RegExp][] = [
    ["{name} as '..' between slashes", "/repos/{x}/issues", { x: ".." }, /parameter "x".*"\.\."/],
    ["{name} as '.' between slashes", "/repos/{x}/issues", { x: "." }, /parameter "x".*"\."/],
    ["{name} as '..' at the end", "/repos/{x}", { x: ".." }, /parameter "x".*"\.\."/],
    [":name as '..' between slashes", "/repos/:x/issues", { x: ".." }, /parameter "x".*:x at position 7/],
    [":name as '.' between slashes", "/repos/:x/issues", { x: "." }, /parameter "x"/],
    ["{/name} as '..'", "/repos{/x}", { x: ".." }, /parameter "x".*\{\/x\} at position 6/],
    ["{/name} as '.'", "/repos{/x}", { x: "." }, /parameter "x"/],
    ["an element '..' of {/list*}", "/repos{/x*}", { x: ["ok", ".."] }, /parameter "x".*\{\/x\*\}/],
    ["an element '.' of {/list*}", "/repos{/x*}", { x: ["ok", "."] }, /parameter "x"/],
    ["{name} as '..' at the start of a relative url", "{x}/repos", { x: ".." }, /parameter "x".*position 0/],
    ["{name} as '.' as the whole url", "{x}", { x: "." }, /parameter "x"/],
    ["{name} after a leading absolute URL", "{base}/{x}/y", { base: "https://h.example", x: ".." }, /parameter "x"/],
    ["'.' before a literal %2E", "/r/{x}%2E/s", { x: "." }, /parameter "x".*"\.%2E"/],
    ["'.' after a literal %2e", "/r/%2e{x}/s", { x: "." }, /parameter "x".*"%2e\."/],
    ["{/x} as '.' after a literal %2e segment", "/r/%2e{/x}", { x: "." }, /parameter "x"/],
  ];
  for (const [situation, template, variables, message] of unsafe) {
    it(`rejects ${situation} (${template}) with ERR_UNSAFE_PATH`, () => {
      expectEndpointError(() => expand(template, variables), "ERR_UNSAFE_PATH", message);
    });
  }

  it("rejects a dot segment made under the default baseUrl too", () => {
    expectEndpointError(
      () => endpoint("GET /repos/{owner}/{repo}", { owner: "octokit", repo: ".." }),
      "ERR_UNSAFE_PATH",
      /parameter "repo"/,
    );
  });

  it.each<[string, string, Record<string, unknown>]>([
    ["an empty first segment", "/{a}/{b}", { a: "", b: "evil.example" }],
    ["an empty {/a}", "{/a}{/b}", { a: "", b: "evil.example" }],
    ["a {+a} value", "{+a}/x", { a: "//evil.example" }],
  ])(
    "rejects a url that %s made start with '//' (read as a host) when it stands alone (baseUrl '')",
    (_, template, variables) => {
      expectEndpointError(
        () => expand(template, variables),
        "ERR_UNSAFE_PATH",
        /made the url start with "\/\/", which URL parsers read as a host/,
      );
      // Joined to a baseUrl, the url's leading slashes are dropped: the host is the baseUrl's.
      expect(new URL(endpoint({ method: "GET", url: template, ...variables }).url).host).toBe("api.github.com");
    },
  );

  it("keeps a '//' the template itself starts with", () => {
    expect(expand("//cdn.example/{a}", { a: "x" })).toBe("//cdn.example/x");
  });

  it("keeps %2e segments the caller wrote, and values next to %2e that make no dot segment", () => {
    expect(expand("/a/%2e%2e/b")).toBe("/a/%2e%2e/b");
    expect(expand("/r/{x}%2E%2e/s", { x: "a" })).toBe("/r/a%2E%2e/s");
    expect(expand("/r/{x}%2E/s", { x: ".." })).toBe("/r/..%2E/s"); // three dots: no dot segment
  });

  it("keeps '..' that the caller wrote literally", () => {
    expect(expand("/a/../b")).toBe("/a/../b");
    expect(expand("/{x}/../b", { x: "v1.0" })).toBe("/v1.0/../b");
  });

  it("refuses a '.' or '..' segment that an expansion completes, even an empty one: only a segment the template writes whole is kept", () => {
    expect(() => expand("/a/..{x}/b", { x: "" })).toThrow(
      expect.objectContaining({
        code: "ERR_UNSAFE_PATH",
        message: expect.stringContaining('made the path segment ".."'),
      }),
    );
    expect(() => expand("/files/{dir}..", { dir: "" })).toThrow(expect.objectContaining({ code: "ERR_UNSAFE_PATH" }));
    expect(() => expand("/files/{dir}..")).toThrow(expect.objectContaining({ code: "ERR_UNSAFE_PATH" }));
    expect(() => expand("/x/{a}.{b}")).toThrow(
      expect.objectContaining({
        code: "ERR_UNSAFE_PATH",
        message: expect.stringContaining('made the path segment "."'),
      }),
    );
    expect(() => expand("/x/.{a}/y", { a: "" })).toThrow(expect.objectContaining({ code: "ERR_UNSAFE_PATH" }));
    // A reserved value that ends the segment before literal dots makes them a segment of their own.
    expect(() => expand("/x/{+a}..", { a: "y/" })).toThrow(expect.objectContaining({ code: "ERR_UNSAFE_PATH" }));
    expect(() => expand("/x/..{+a}", { a: "/y" })).toThrow(expect.objectContaining({ code: "ERR_UNSAFE_PATH" }));
    // Not dot segments: the expansion leaves text beside the dots.
    expect(expand("/files/{dir}..", { dir: "a" })).toBe("/files/a..");
    expect(expand("/x/{a}.{b}", { a: "1" })).toBe("/x/1.");
    expect(expand("/x/{a}.json", {})).toBe("/x/.json");
  });

  it("accepts '...' and '..x', which are not dot segments", () => {
    expect(expand("/a/{x}/b", { x: "..." })).toBe("/a/.../b");
    expect(expand("/a/{x}/b", { x: "..x" })).toBe("/a/..x/b");
    expect(expand("/a/{x}.json", { x: "." })).toBe("/a/..json");
  });

  it.each<[string, string, Record<string, unknown>]>([
    ["'..' from {+x}", "/a/{+x}/b", { x: ".." }],
    ["a '..' segment inside a {+x} value", "/a/{+path}", { path: "docs/../../admin" }],
    ["a '..' segment that a query in the {+x} value ends", "/a/{+path}", { path: "docs/..?q=1" }],
    ["a '.' segment that a fragment in the {+x} value ends", "/a/{+path}", { path: "docs/.#top" }],
    ["'%2e%2e' from {+x}, which reserved expansion keeps as written", "/a/{+x}/b", { x: "%2e%2e" }],
    ["'.%2E' from {+x}", "/a/{+x}", { x: ".%2E" }],
    ["a '..' segment in a leading absolute URL value", "{base}/x", { base: "https://h.example/a/.." }],
    ["a '%2e' segment in a leading absolute URL value", "{base}/x", { base: "https://h.example/%2E/a" }],
    [
      "a '%2e%2e' segment in a leading absolute URL without any '.'",
      "{base}/x",
      { base: "https://localhost/%2e%2e/a" },
    ],
  ])("rejects %s with ERR_UNSAFE_PATH: every client resolves it away", (_, template, variables) => {
    expectEndpointError(() => expand(template, variables), "ERR_UNSAFE_PATH", /which URL parsers resolve away/);
  });

  it("accepts dots and %2e in reserved expansions that make no dot segment", () => {
    expect(expand("/a/{+x}/b", { x: "v1.0/..x/%2e%2e%2e" })).toBe("/a/v1.0/..x/%2e%2e%2e/b");
    expect(expand("{base}/x", { base: "https://h.example/api.v3/%20" })).toBe("https://h.example/api.v3/%20/x");
    expect(expand("/a/{+x}", { x: "b?c=../..#../.." })).toBe("/a/b?c=../..#../.."); // query and fragment
  });

  it("accepts '..' in the query or fragment, which is not a path segment", () => {
    expect(expand("/a{?x}", { x: ".." })).toBe("/a?x=..");
    expect(expand("/a{#x}", { x: ".." })).toBe("/a#..");
  });
});

describe("dangling slash", () => {
  it("drops the '/' left by a missing final {name}", () => {
    expect(expand("/repos/o/r/branches/{branch}")).toBe("/repos/o/r/branches");
  });

  it("drops the '/' left by an empty final {name}", () => {
    expect(expand("/repos/o/r/branches/{branch}", { branch: "" })).toBe("/repos/o/r/branches");
    expect(expand("/repos/o/r/branches/{branch}", { branch: null })).toBe("/repos/o/r/branches");
    expect(expand("/repos/o/r/branches/{branch}", { branch: [] })).toBe("/repos/o/r/branches");
  });

  it("drops the '/' left by any final expression without operator that expands to nothing", () => {
    expect(expand("/x/{a,b}")).toBe("/x");
    expect(expand("/x/{a*}", { a: [] })).toBe("/x");
    expect(expand("/x/{a:3}", { a: "" })).toBe("/x");
    expect(expand("/x/{a,b}", { b: "1" })).toBe("/x/1");
    expect(expand("/x{/a}")).toBe("/x");
    expect(expand("/x/{?a}")).toBe("/x/"); // an operator: the '/' is the caller's
  });

  it("drops the '/' left by an empty final :name", () => {
    expect(expand("/repos/o/r/branches/:branch")).toBe("/repos/o/r/branches");
  });

  it("drops the dangling '/' before the query string is appended", () => {
    expect(expand("/branches/{branch}", { per_page: 5 })).toBe("/branches?per_page=5");
    expect(endpoint("GET /branches/{branch}" as string).url).toBe("https://api.github.com/branches");
  });

  it("keeps the '/' when the final {name} has a value", () => {
    expect(expand("/branches/{branch}", { branch: "main" })).toBe("/branches/main");
  });

  it("keeps a literal trailing slash the caller wrote", () => {
    expect(expand("/api/users/")).toBe("/api/users/");
    expect(expand("/api/users/", { page: 1 })).toBe("/api/users/?page=1");
    expect(endpoint("GET /api/users/").url).toBe("https://api.github.com/api/users/");
  });

  it("keeps the '/' when an expression that is not the last part expands to an empty string", () => {
    expect(expand("/branches/{branch}/protection", { branch: "" })).toBe("/branches//protection");
  });
});

describe("plain expressions expanded together (one url-template call per template)", () => {
  it("cuts the output back into each expression's share, separators in values encoded", () => {
    expect(expand("/{a}/{b}{?c,d}", { a: "x,y", b: "p/q", c: "1&2", d: "" })).toBe("/x%2Cy/p%2Fq?c=1%262&d=");
    expect(expand("/{a}{?b}{&c}", { a: 1, b: 2, c: 3 })).toBe("/1?b=2&c=3");
    expect(expand("{;a}{;b}", { a: "", b: "2" })).toBe(";a;b=2");
    expect(expand("{a,b}/{c}", { a: "1", b: "", c: "3" })).toBe("1,/3");
  });

  it("skips undefined, null and empty-list values in the middle, at the start and at the end", () => {
    expect(expand("{/a}{/b}{/c}", { a: "x", c: "z" })).toBe("/x/z");
    expect(expand("/{a}{?b}", { b: "only" })).toBe("/?b=only");
    expect(expand("/{a}/{b}{?c}", { a: "x", b: null, c: [] })).toBe("/x/");
  });

  it("keeps empty strings as empty expansions", () => {
    expect(expand("/p/{a}/{b}/x", { a: "", b: "" })).toBe("/p///x");
    expect(expand("/{a}/{b}", { a: "", b: "" })).toBe("/");
  });

  it("expands a variable used by several expressions in each of them", () => {
    expect(expand("/{a}/{a}{?a}", { a: "v" })).toBe("/v/v?a=v");
  });

  it("falls back to one call per expression for a list (whose items hold separators too)", () => {
    expect(expand("/{a}/{b}", { a: ["x", "y"], b: "z" })).toBe("/x,y/z");
  });

  it("never reads an inherited key such as constructor as a value", () => {
    expect(expand("/{x}{?constructor,toString}", { x: "1" })).toBe("/1");
  });

  it("names the expression whose value has a lone surrogate, and the one that made a dot segment", () => {
    expectEndpointError(
      () => expand("/{a}/{b}", { a: "ok", b: "\uD800" }),
      "ERR_INVALID_PARAMETER",
      /parameter "b" \(\{b\} at position 5\)/,
    );
    expectEndpointError(
      () => expand("/{a}/{b}", { a: "..", b: "x" }),
      "ERR_UNSAFE_PATH",
      /parameter "a" \(\{a\} at position 1\)/,
    );
  });

  it("names the first bad value in template order, whatever the operators of the expressions", () => {
    const bad = () => "not text";
    expectEndpointError(
      () => expand("/x{/a}/{b}", { a: bad, b: bad }),
      "ERR_INVALID_PARAMETER",
      /^parameter "a" cannot fill/,
    );
    expectEndpointError(
      () => expand("/x{/a}/{b}", { a: new Date(NaN), b: [bad] }),
      "ERR_INVALID_PARAMETER",
      /^parameter "a" is an invalid Date/,
    );
    expectEndpointError(
      () => expand("/x{?a}/{b}", { a: bad, b: bad }),
      "ERR_INVALID_PARAMETER",
      /^parameter "a" cannot fill/,
    );
    // The caller's own exception from a value (here a Proxy trap) passes through, raised once.
    let trapRuns = 0;
    const trap = new Proxy(
      {},
      {
        getPrototypeOf: () => {
          trapRuns++;
          throw new Error("the caller's trap");
        },
      },
    );
    expect(() => expand("/x/{a}/{b}", { a: trap, b: "y" })).toThrow("the caller's trap");
    expect(trapRuns).toBe(1);
    // With a list elsewhere in the template: the same error.
    expectEndpointError(
      () => expand("/x{/a}/{b}/{c}", { a: bad, b: bad, c: ["l", "m"] }),
      "ERR_INVALID_PARAMETER",
      /^parameter "a" cannot fill/,
    );
  });
});

describe("whole templates against url-template", () => {
  // Values and literals that both expand alike: no "." (dot segments are ours to reject), no
  // ":" (a leading absolute URL, `:name`), no hex letters after a "%" (url-template keeps a
  // stray "%4z" raw in reserved expansion, where RFC 6570 wants "%254z"), and the template
  // ends in a literal (the dangling-slash rule). Where url-template strays from RFC 6570, see
  // the next describe.
  const text = fc.string({
    unit: fc.constantFrom("z", "Q", "~", "_", " ", "/", ",", ";", "?", "&", "=", "%", "+", "#", "\u00e9"),
    maxLength: 4,
  });
  const scalar = fc.option(fc.oneof(text, fc.integer({ min: -99, max: 999 })), { nil: undefined });
  const list = fc.option(fc.oneof(text, fc.array(text, { minLength: 1, maxLength: 3 })), { nil: undefined });
  // a, b, c: text or numbers, with any modifier; d, e: text or lists, never with a prefix.
  const varspec = fc.oneof(
    fc.tuple(fc.constantFrom("a", "b", "c"), fc.constantFrom("", "", "*", ":2")),
    fc.tuple(fc.constantFrom("d", "e"), fc.constantFrom("", "", "*")),
  );
  const expression = fc
    .tuple(fc.constantFrom("", "", "/", ";", "?", "&", "+", "#"), fc.array(varspec, { minLength: 1, maxLength: 3 }))
    // No exploded `;` varspec: url-template writes its empty members `;x=` (mended here, tested below).
    .map(
      ([operator, specs]) =>
        `{${operator}${specs.map(([name, modifier]) => name + (operator === ";" && modifier === "*" ? "" : modifier)).join(",")}}`,
    );
  const template = fc
    .array(fc.oneof(expression, expression, fc.constantFrom("/", "/x/", "-")), { minLength: 1, maxLength: 8 })
    .map((parts) => `${parts.join("")}/end`);
  const values = fc.record({ a: scalar, b: scalar, c: scalar, d: list, e: list }, { requiredKeys: [] });

  /** Whether an expression of `t` stands alone between two "/" of the path with none of its variables given. */
  function leavesEmptySegment(t: string, v: Record<string, unknown>): boolean {
    const tokens = t.match(/\{[^}]*\}|[^{]+/g)!;
    let inPath = true;
    return tokens.some((token, k) => {
      if (!token.startsWith("{")) return false;
      const operator = /^\{([+#/;?&]?)/.exec(token)![1]!;
      const alone =
        inPath &&
        !"?&#".includes(operator || "x") &&
        (tokens[k - 1] ?? "").endsWith("/") &&
        (tokens[k + 1] ?? "").startsWith("/");
      if ("?&#".includes(operator || "x")) inPath = false;
      const names = token
        .slice(1 + operator.length, -1)
        .split(",")
        .map((spec) => spec.replace(/(:\d+|\*)$/, ""));
      return alone && names.every((name) => v[name] === undefined);
    });
  }

  it("expands every mix of operators, modifiers and values exactly as url-template expands the whole template", () => {
    fc.assert(
      fc.property(template, values, (t, v) => {
        if (leavesEmptySegment(t, v)) {
          // url-template would leave "//" in the path: refused (tested below).
          expect(() => endpoint({ method: "POST", baseUrl: "", url: t, ...v })).toThrow(
            expect.objectContaining({ code: "ERR_MISSING_PARAMETER" }),
          );
          return;
        }
        // POST: unused values go to the body, so the url is the expansion alone.
        const expected = parseTemplate(t).expand(v as Parameters<ReturnType<typeof parseTemplate>["expand"]>[0]);
        if (expected.startsWith("//") && !t.startsWith("//")) {
          // An expansion made the url start with "//", a host: refused (tested below).
          expect(() => endpoint({ method: "POST", baseUrl: "", url: t, ...v })).toThrow(
            expect.objectContaining({ code: "ERR_UNSAFE_PATH" }),
          );
          return;
        }
        expect(endpoint({ method: "POST", baseUrl: "", url: t, ...v }).url).toBe(expected);
      }),
      { seed: 20261122, numRuns: 3000 },
    );
  });

  it("keeps each expression's share when a plain {name} follows a {/…}, {;…}, {?…} or {&…} expression", () => {
    expect(expand("/files{/dir}/{name}", { dir: "d", name: "n" })).toBe("/files/d/n");
    expect(expand("/x{/a}/{b}{/c}/{d}", { a: 1, b: 2, c: 3, d: 4 })).toBe("/x/1/2/3/4");
    expect(expand("/a{;v}/{b}", { v: 1, b: 2 })).toBe("/a;v=1/2");
    expect(expand("/f{/p}/:name", { p: 1, name: "a" })).toBe("/f/1/a");
    expect(expand("/s{?q}{&r}{x}", { q: 1, r: 2, x: 3 })).toBe("/s?q=1&r=23");
  });

  it("keeps a defined empty value in a plain or reserved expression with a prefix modifier (RFC 6570 §3.2.1)", () => {
    expect(expand("/{x,empty:3}", { x: 1024, empty: "" })).toBe("/1024,");
    expect(expand("/{x:2,empty}", { x: 1024, empty: "" })).toBe("/10,");
    expect(expand("/{+x,empty:3}", { x: 1024, empty: "" })).toBe("/1024,");
    expect(expand("/{x,undef:3}", { x: 1024 })).toBe("/1024");
  });
});

describe("where url-template strays from RFC 6570, the value it is given is mended", () => {
  it("writes an empty member of an exploded ; expression without '=' (appendix A: ifemp is empty for ;)", () => {
    expect(expand("/m{;list*}", { list: ["", "a"] })).toBe("/m;list;list=a");
    expect(expand("/m{;keys*}", { keys: { a: "", b: "1" } })).toBe("/m;a;b=1");
    expect(expand("/m{;x,list*}", { x: "", list: ["", "a"] })).toBe("/m;x;list;list=a");
    expect(expand("/m{;list*}", { list: ["a=", "b"] })).toBe("/m;list=a%3D;list=b");
    expect(expand("/m{;x*}", { x: ["a", ""] })).toBe("/m;x=a;x"); // an empty last member
    expect(expand("/m{?list*}", { list: ["", "a"] })).toBe("/m?list=&list=a"); // ? and & keep their "="
  });

  it("keeps reserved characters of map keys in {+x} and {#x}, as of their values", () => {
    expect(expand("/m{+keys}", { keys: { "a/b": "c/d" } })).toBe("/ma/b,c/d");
    expect(expand("/m{#keys*}", { keys: { "%41": "%41", "b c": "" } })).toBe("/m#%41=%41,b%20c=");
    expect(expand("/m{+keys*}", { keys: { "": "v" } })).toBe("/m=v");
    expect(expand("/m{+keys}", { keys: { "%4z": "%4z" } })).toBe("/m%254z,%254z"); // a stray "%" in a key too
    expect(expand("/m{+keys}", { keys: { a: "", b: null } })).toBe("/ma,");
    expect(expand("/m{+keys}", { keys: { b: null } })).toBe("/m");
  });

  it("rejects an empty key in an exploded map elsewhere, which url-template would print without its '='", () => {
    for (const template of ["/m{/keys*}", "/m{?keys*}", "/m{keys*}", "/m{;keys*}"]) {
      expectEndpointError(
        () => expand(template, { keys: { "": "v" } }),
        "ERR_INVALID_PARAMETER",
        /parameter "keys" has an empty key/,
      );
    }
    expect(expand("/m{?keys}", { keys: { "": "v" } })).toBe("/m?keys=,v"); // not exploded: RFC 6570 output
  });

  it("rejects a lone surrogate in a value even when its prefix would cut it off", () => {
    expectEndpointError(
      () => expand("/x/{a:2}", { a: "ab\uD800" }),
      "ERR_INVALID_PARAMETER",
      /parameter "a" \(\{a:2\} at position 3\) contains a lone UTF-16 surrogate/,
    );
    expectEndpointError(() => expand("/x/{a:2}", { a: "\uDC00ab" }), "ERR_INVALID_PARAMETER", /lone UTF-16 surrogate/);
    expect(expand("/x/{a:1}", { a: "\u{1F600}b" })).toBe("/x/%F0%9F%98%80");
  });
});

// The caches behind these are checked from their modules in test/internal/caches.test.ts: a cache has no
// observable effect but that a repeated template or route gives the same request, which these check.
describe("a repeated template or route gives the same request every time (the bounded caches)", () => {
  it("expands each of 513 templates the same on a second round, once the oldest has been evicted", () => {
    const expandAll = () =>
      Array.from({ length: 513 }, (_, i) => expand(`/cache/bound/${i}/{x}{?page}`, { x: i, page: 2 }));
    const first = expandAll();
    expect(first[0]).toBe("/cache/bound/0/0?page=2");
    expect(first[512]).toBe("/cache/bound/512/512?page=2");
    expect(expandAll()).toEqual(first);
  });

  it("expands a template of 2 048 characters, and one of 2 049 that is never cached, the same on every call", () => {
    for (const length of [2048, 2049]) {
      const template = `/${"a".repeat(length - 5)}/{x}`;
      expect(template.length).toBe(length);
      const url = `/${"a".repeat(length - 5)}/a%2Fb`;
      for (let i = 0; i < 2; i++) expect(expand(template, { x: "a/b" })).toBe(url);
    }
  });

  it("reads a repeated route's method and url the same each time, a route over 2 048 characters too", () => {
    for (const [route, url] of [
      ["POST /route-cache/{x}", "https://api.github.com/route-cache/1"],
      [`PUT /${"r".repeat(2100)}/{x}`, `https://api.github.com/${"r".repeat(2100)}/1`],
    ] as const) {
      for (let i = 0; i < 2; i++)
        expect(endpoint(route, { x: 1 })).toMatchObject({
          method: route.slice(0, route.indexOf(" ")).toLowerCase(),
          url,
        });
    }
  });

  it("reads each of 513 routes the same on a second round, once the oldest has been evicted", () => {
    const callAll = () =>
      Array.from({ length: 513 }, (_, i) => endpoint(`${i % 2 === 0 ? "GET" : "DELETE"} /route-cache/bound/${i}`));
    const first = callAll();
    expect(first[0]).toMatchObject({ method: "get", url: "https://api.github.com/route-cache/bound/0" });
    expect(first[511]).toMatchObject({ method: "delete", url: "https://api.github.com/route-cache/bound/511" });
    expect(callAll()).toEqual(first);
  });

  it("keeps a route as written when a merge() of it is changed", () => {
    const merged = endpoint.merge("POST /route-cache/shared");
    merged.method = "GET";
    merged.url = "/elsewhere";
    expect(endpoint.merge("POST /route-cache/shared")).toMatchObject({ method: "POST", url: "/route-cache/shared" });
    expect(endpoint("POST /route-cache/shared")).toMatchObject({
      method: "post",
      url: "https://api.github.com/route-cache/shared",
    });
  });

  it("keeps refusing a bad route on every call (errors are never cached)", () => {
    for (let i = 0; i < 2; i++) expect(() => endpoint("GET /a b")).toThrow(EndpointError);
  });
});
