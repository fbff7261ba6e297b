// Joining the expanded url to baseUrl, through the public endpoint().
import { describe, expect, it } from "vitest";
import { endpoint, RequestBuilder } from "../src/index.js";

/** The url endpoint() builds for a GET of `url` under `baseUrl`. */
function joined(baseUrl: string, url: string, variables: Record<string, unknown> = {}): string {
  return endpoint({ method: "GET", baseUrl, url, ...variables }).url;
}

describe("joining url and baseUrl", () => {
  it("puts exactly one '/' between baseUrl and url", () => {
    expect(joined("https://api.github.com", "/user")).toBe("https://api.github.com/user");
  });

  it("accepts a baseUrl that ends in '/'", () => {
    expect(joined("https://api.github.com/", "/user")).toBe("https://api.github.com/user");
  });

  it("accepts a url that lacks a leading '/'", () => {
    expect(joined("https://api.github.com", "user")).toBe("https://api.github.com/user");
    expect(joined("https://api.github.com/", "user")).toBe("https://api.github.com/user");
  });

  it("collapses repeated slashes at the seam to one", () => {
    expect(joined("https://api.github.com//", "//user")).toBe("https://api.github.com/user");
  });

  it("keeps the path of a baseUrl", () => {
    expect(joined("https://ghe.example.com/api/v3", "/user")).toBe("https://ghe.example.com/api/v3/user");
    expect(joined("https://ghe.example.com/api/v3/", "user")).toBe("https://ghe.example.com/api/v3/user");
  });

  it("keeps the port of a baseUrl", () => {
    expect(joined("http://localhost:3000", "/user")).toBe("http://localhost:3000/user");
  });

  it("joins the default baseUrl to a route", () => {
    expect(endpoint("GET /user").url).toBe("https://api.github.com/user");
    expect(endpoint("GET user").url).toBe("https://api.github.com/user");
  });

  it("joins the expanded url, not the template", () => {
    expect(joined("https://api.github.com/", "{/owner}/repos", { owner: "octokit" })).toBe(
      "https://api.github.com/octokit/repos",
    );
  });

  it("keeps a '/' url as the root of the baseUrl", () => {
    expect(joined("https://api.github.com", "/")).toBe("https://api.github.com/");
  });

  it("adds nothing to the baseUrl when the url expands to nothing", () => {
    expect(joined("https://api.github.com", "{x}")).toBe("https://api.github.com");
  });
});

describe("an empty baseUrl", () => {
  it("leaves a url without a leading '/' unchanged", () => {
    expect(joined("", "user")).toBe("user");
  });

  it("leaves a url with a leading '/' unchanged", () => {
    expect(joined("", "/user")).toBe("/user");
  });

  it("leaves a url starting with '//' unchanged", () => {
    expect(joined("", "//evil.com/x")).toBe("//evil.com/x");
  });
});

describe("absolute urls", () => {
  it("uses a url with a scheme as is, ignoring baseUrl", () => {
    expect(joined("https://api.github.com", "https://example.com/x")).toBe("https://example.com/x");
    expect(joined("https://api.github.com", "http://example.com")).toBe("http://example.com");
  });

  it("recognises any RFC 3986 scheme in any case", () => {
    expect(joined("https://b.example", "HTTP://example.com/x")).toBe("HTTP://example.com/x");
    expect(joined("https://b.example", "git+ssh://host/x")).toBe("git+ssh://host/x");
  });

  it("expands the template of an absolute url", () => {
    expect(joined("https://api.github.com", "https://example.com/{x}", { x: "a b" })).toBe("https://example.com/a%20b");
  });

  it("uses an absolute url from a leading {name} as is", () => {
    expect(joined("https://api.github.com", "{upload_url}/assets", { upload_url: "https://uploads.github.com" })).toBe(
      "https://uploads.github.com/assets",
    );
  });
});

describe("relative urls that look absolute", () => {
  it("treats a url that merely starts with the letters 'http' as relative", () => {
    expect(joined("https://api.github.com", "httpbin/x")).toBe("https://api.github.com/httpbin/x");
    expect(joined("https://api.github.com", "https-docs")).toBe("https://api.github.com/https-docs");
    expect(joined("https://api.github.com", "/httpbin/x")).toBe("https://api.github.com/httpbin/x");
  });

  it("treats a scheme without '//' as relative", () => {
    expect(joined("https://api.github.com", "http:/x")).toBe("https://api.github.com/http:/x");
  });

  it("treats a scheme that does not start with a letter as relative", () => {
    expect(joined("https://api.github.com", "1http://x")).toBe("https://api.github.com/1http://x");
  });

  it("keeps a protocol-relative '//host' url under the baseUrl", () => {
    expect(joined("https://api.github.com", "//evil.com/x")).toBe("https://api.github.com/evil.com/x");
    expect(joined("https://api.github.com/", "//evil.com/x")).toBe("https://api.github.com/evil.com/x");
  });
});

describe("base URLs and absolute URL values that would swallow the path", () => {
  it("refuses a baseUrl with a query or a fragment, naming it", () => {
    expect(() => endpoint("GET /x", { baseUrl: "https://h/api?k=1" })).toThrow(
      expect.objectContaining({
        code: "ERR_INVALID_OPTIONS",
        message: expect.stringContaining('baseUrl "https://h/api?k=1"'),
      }),
    );
    expect(() => endpoint.defaults({ baseUrl: "https://h/api#top" })).toThrow(
      expect.objectContaining({ code: "ERR_INVALID_OPTIONS" }),
    );
  });

  it.each([
    ["a line feed", "https://h/api\n"],
    ["a tab", "https://h/\tapi"],
    ["a NUL", "\u0000https://h"],
    ["a DEL", "https://h/\u007f"],
    ["a lone surrogate", "https://a\uD800.example"],
    ["a lone low surrogate", "https://a.example/\uDC00"],
    ["no scheme, which URL parsers read as the scheme localhost:", "localhost:3000"],
    ["a scheme without '//'", "https:/h"],
    ["a relative path", "api/v3"],
    ["a leading space", " https://h"],
  ])("refuses a baseUrl with %s, naming it (JSON-quoted, so the culprit shows), in every call form", (_, baseUrl) => {
    const error = expect.objectContaining({
      code: "ERR_INVALID_OPTIONS",
      message: `baseUrl ${JSON.stringify(baseUrl)} must be "", a path starting with "/", "./" or "../", or an absolute url (scheme://…), without a query, fragment, control character or lone surrogate`,
    });
    expect(() => endpoint("GET /x", { baseUrl })).toThrow(error);
    expect(() => endpoint.defaults({ baseUrl })).toThrow(error);
    expect(() => new RequestBuilder().baseUrl(baseUrl)).toThrow(error);
    expect(() => RequestBuilder.from({ baseUrl })).toThrow(error);
  });

  it('accepts "", a path starting with "/", a relative reference starting with "./" or "../", and an absolute url with any scheme and non-ASCII text', () => {
    expect(joined("", "/x")).toBe("/x");
    expect(joined("/api", "/x")).toBe("/api/x");
    expect(joined("./", "/x")).toBe("./x");
    expect(joined("../api/", "/x")).toBe("../api/x");
    expect(joined("HTTP://h.example:8080", "/x")).toBe("HTTP://h.example:8080/x");
    expect(joined("https://bücher.example/😀", "/x")).toBe("https://bücher.example/😀/x");
  });

  it("refuses a leading absolute URL value with a query or fragment when more of the template follows", () => {
    expect(() => endpoint({ url: "{u}/x", u: "https://a.com/?q=1#f" })).toThrow(
      expect.objectContaining({ code: "ERR_INVALID_PARAMETER", message: expect.stringContaining('parameter "u"') }),
    );
  });

  it("refuses a leading absolute URL value that is itself a url template (GitHub's upload_url), pointing to the url option", () => {
    const uploadUrl = "https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}";
    const error = expect.objectContaining({
      code: "ERR_INVALID_PARAMETER",
      message:
        'parameter "upload_url" holds the url template expression "{?name,label}" (position 54): pass it as the url to expand it, or write braces as %7B and %7D',
    });
    expect(() => endpoint("POST {upload_url}", { upload_url: uploadUrl, name: "a.zip", data: "x" })).toThrow(error);
    expect(() => endpoint("POST {upload_url}{?name}", { upload_url: uploadUrl, name: "a.zip", data: "x" })).toThrow(
      error,
    );
    expect(() => endpoint("POST {+upload_url}", { upload_url: uploadUrl, name: "a.zip", data: "x" })).toThrow(error);
    for (const expression of ["{a}", "{/path}", "{+x,y:3}", "{list*}", "{%41b.c}"]) {
      expect(() => endpoint({ url: "{u}", u: `https://a.com/x${expression}` })).toThrow(
        expect.objectContaining({
          code: "ERR_INVALID_PARAMETER",
          message: expect.stringContaining(JSON.stringify(expression)),
        }),
      );
    }
    // Braces around anything else are text, encoded as always (a URL parser leaves them in a query).
    expect(endpoint({ url: "{u}", u: 'https://a.com/search?filter={"a":1}' }).url).toBe(
      "https://a.com/search?filter=%7B%22a%22:1%7D",
    );
    expect(endpoint({ url: "{u}", u: "https://a.com/a{}b{x" }).url).toBe("https://a.com/a%7B%7Db%7Bx");
    expect(endpoint({ url: "{u}", u: "https://a.com/x}{" }).url).toBe("https://a.com/x%7D%7B");
    // Not leading: a reserved value is text, as RFC 6570 says.
    expect(endpoint("GET /r/{+u}", { u: "https://a.com/{a}" }).url).toBe(
      "https://api.github.com/r/https://a.com/%7Ba%7D",
    );
    // What the message points to: the value as the url, which expands it.
    expect(endpoint("POST /x", { url: uploadUrl, name: "a.zip", data: "x" }).url).toBe(
      "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip",
    );
    // A brace in a value that is no absolute URL is text, encoded as always.
    expect(endpoint("GET /x/{v}", { v: "{a}" }).url).toBe("https://api.github.com/x/%7Ba%7D");
  });

  it("keeps a leading absolute URL value with a query when it is the whole template", () => {
    expect(endpoint({ url: "{u}", u: "https://a.com/x?q=1" }).url).toBe("https://a.com/x?q=1");
  });
});
