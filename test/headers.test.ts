// Header names and values, and mediaType.format,
// plus the decisions on removing headers, header value types and mediaType keys.
import { readFileSync } from "node:fs";
import { validateHeaderValue } from "node:http";
import { describe, expect, it } from "vitest";
import { endpoint, EndpointError, type EndpointOptions, RequestBuilder } from "../src/index.js";
import { expectEndpointError, thrown } from "./support/errors.js";
import { ACCEPT, USER_AGENT } from "./support/defaults.js";

/** endpoint() with headers the public types would reject (to test runtime checks). */
function withHeaders(headers: Record<string, unknown>, route = "GET /user") {
  return endpoint(route, { headers } as EndpointOptions);
}

/** The accept header of a GET /user with `accept` and `format`. */
function acceptWith(accept: string, format: string): unknown {
  return endpoint("GET /user", { headers: { accept }, mediaType: { format } }).headers.accept;
}

describe("header names are lowercased and the caller's object is untouched", () => {
  it("lowercases every header name in the result", () => {
    expect(
      endpoint("GET /user", {
        headers: { Authorization: "token abc", "X-GitHub-Api-Version": "2022-11-28", "IF-NONE-MATCH": '"etag"' },
      }).headers,
    ).toStrictEqual({
      accept: ACCEPT,
      "user-agent": USER_AGENT,
      authorization: "token abc",
      "x-github-api-version": "2022-11-28",
      "if-none-match": '"etag"',
    });
  });

  it("lets a header in another case replace the default of the same name", () => {
    expect(
      endpoint("GET /user", { headers: { Accept: "text/html", "User-Agent": "my-app/1.0" } }).headers,
    ).toStrictEqual({
      accept: "text/html",
      "user-agent": "my-app/1.0",
    });
  });

  it("lowercases names in merge() output and in defaults()", () => {
    expect(endpoint.merge("GET /user", { headers: { Authorization: "token abc" } }).headers).toStrictEqual({
      accept: ACCEPT,
      "user-agent": USER_AGENT,
      authorization: "token abc",
    });
    expect(endpoint.defaults({ headers: { "X-Custom": "1" } }).DEFAULTS.headers).toStrictEqual({
      accept: ACCEPT,
      "user-agent": USER_AGENT,
      "x-custom": "1",
    });
  });

  it("leaves the caller's headers object exactly as it was, unfrozen", () => {
    const headers = { Authorization: "token abc", "Content-Length": 14, "User-Agent": null };
    endpoint("POST /upload", { headers, data: "x" });
    endpoint.merge("POST /upload", { headers });
    endpoint.defaults({ headers });
    expect(headers).toStrictEqual({ Authorization: "token abc", "Content-Length": 14, "User-Agent": null });
    expect(Object.isFrozen(headers)).toBe(false);
  });
});

describe("null and undefined header values drop the header", () => {
  it("drops a header whose value is null", () => {
    expect(endpoint("GET /user", { headers: { "x-a": null, "x-b": "b" } }).headers).toStrictEqual({
      accept: ACCEPT,
      "user-agent": USER_AGENT,
      "x-b": "b",
    });
  });

  it("drops a header whose value is undefined", () => {
    expect(endpoint("GET /user", { headers: { "x-a": undefined, "x-b": "b" } }).headers).toStrictEqual({
      accept: ACCEPT,
      "user-agent": USER_AGENT,
      "x-b": "b",
    });
  });

  it("removes the default user-agent when it is null", () => {
    expect(endpoint("GET /user", { headers: { "user-agent": null } }).headers).toStrictEqual({ accept: ACCEPT });
  });

  it("removes the default user-agent when it is undefined", () => {
    expect(endpoint("GET /user", { headers: { "user-agent": undefined } }).headers).toStrictEqual({ accept: ACCEPT });
  });

  it("removes a default header whatever the case of the name", () => {
    expect(endpoint("GET /user", { headers: { "User-Agent": null, Accept: null } }).headers).toStrictEqual({});
  });

  it("removes a header set by defaults() when a call sets it to null", () => {
    const authed = endpoint.defaults({ headers: { authorization: "token abc" } });
    expect(authed("GET /user", { headers: { authorization: null } }).headers).toStrictEqual({
      accept: ACCEPT,
      "user-agent": USER_AGENT,
    });
    expect(authed.DEFAULTS.headers.authorization).toBe("token abc");
  });

  it("round-trips a removal through DEFAULTS: defaults(x.DEFAULTS) behaves as x", () => {
    const anonymous = endpoint.defaults({ headers: { accept: null, "user-agent": undefined, "x-a": "1" } });
    const again = endpoint.defaults(anonymous.DEFAULTS);
    expect(again("GET /user").headers).toStrictEqual({ "x-a": "1" });
    expect(again.DEFAULTS.headers).toStrictEqual(anonymous.DEFAULTS.headers);
    expect(endpoint.parse(anonymous.merge("GET /user")).headers).toStrictEqual({ "x-a": "1" });
    expect(RequestBuilder.from(anonymous.DEFAULTS).route("GET /user").build().headers).toStrictEqual({ "x-a": "1" });
  });

  it("removes a default header for every call of a defaults() function, and DEFAULTS shows the removal as null", () => {
    const anonymous = endpoint.defaults({ headers: { "user-agent": null } });
    expect(anonymous.DEFAULTS.headers).toStrictEqual({ accept: ACCEPT, "user-agent": null });
    expect(anonymous("GET /user").headers).toStrictEqual({ accept: ACCEPT });
  });
});

describe("a headers object applies key by key, as one .header() call per key", () => {
  const UA = `fluent-endpoint.js/${JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version}`;

  it("removes and then adds anew (last) a header that a later key sets again", () => {
    const { headers } = endpoint("GET /", { headers: { accept: null, Accept: "text/html" } });
    expect(Object.entries(headers)).toEqual([
      ["user-agent", UA],
      ["accept", "text/html"],
    ]);
    const built = endpoint.builder().route("GET /").header("accept", null).header("Accept", "text/html").build();
    expect(Object.entries(built.headers)).toEqual(Object.entries(headers));
  });

  it("overrides in place a header that a later key sets again without a removal", () => {
    const { headers } = endpoint("GET /", { headers: { accept: "text/plain", Accept: "text/html" } });
    expect(Object.entries(headers)).toEqual([
      ["accept", "text/html"],
      ["user-agent", UA],
    ]);
  });

  it("removes a header that a later key removes", () => {
    expect(endpoint("GET /", { headers: { accept: "text/plain", ACCEPT: null } }).headers).toEqual({
      "user-agent": UA,
    });
  });

  it("costs linear time: 16 000 removed-then-set pairs give every header, last, once", () => {
    // The smallest shape that once took quadratic time (a new copy of every header per pair).
    const headers: Record<string, string | null> = {};
    for (let i = 0; i < 16_000; i++) {
      headers[`x${i}`] = null;
      headers[`X${i}`] = "v";
    }
    for (const result of [
      endpoint("GET /x", { headers }),
      endpoint.parse(endpoint.merge("GET /x", { headers })),
      endpoint.defaults({ headers })("GET /x"),
    ]) {
      const names = Object.keys(result.headers);
      expect(names).toHaveLength(16_002);
      expect(names.slice(0, 3)).toEqual(["accept", "user-agent", "x0"]);
      expect(names.at(-1)).toBe("x15999");
    }
  }, 20_000);

  it("keeps that order in defaults and merge()", () => {
    const custom = endpoint.defaults({ headers: { accept: null, Accept: "text/html" } });
    expect(Object.keys(custom.DEFAULTS.headers)).toEqual(["user-agent", "accept"]);
    expect(Object.keys(custom.merge("GET /").headers)).toEqual(["user-agent", "accept"]);
  });
});

describe("header values are strings or numbers", () => {
  it("keeps a number value as a number", () => {
    const headers = endpoint("POST /upload", {
      headers: { "content-type": "text/plain", "content-length": 14 },
      data: "Hello, world!\n",
    }).headers;
    expect(headers["content-length"]).toBe(14);
    expect(typeof headers["content-length"]).toBe("number");
  });

  it("keeps a number value as a number in merge() output and DEFAULTS", () => {
    expect(endpoint.merge("GET /user", { headers: { "x-retries": 0 } }).headers["x-retries"]).toBe(0);
    expect(endpoint.defaults({ headers: { "x-retries": 3 } }).DEFAULTS.headers["x-retries"]).toBe(3);
  });

  it("keeps an empty string value", () => {
    expect(endpoint("GET /user", { headers: { "x-empty": "" } }).headers["x-empty"]).toBe("");
  });

  it.each([
    ["true", true, "boolean"],
    ["false", false, "boolean"],
    ["an object", { a: 1 }, "object"],
    ["an array", ["a"], "object"],
    ["NaN", Number.NaN, "NaN"],
    ["Infinity", Number.POSITIVE_INFINITY, "Infinity"],
    ["a bigint", 1n, "bigint"],
  ])("rejects %s as a value with ERR_INVALID_HEADER naming the header", (_label, value, shown) => {
    const error = thrown(() => withHeaders({ "x-custom": value }));
    expect(error.code).toBe("ERR_INVALID_HEADER");
    expect(error.message).toContain('"x-custom"');
    expect(error.message).toContain(shown);
  });

  it.each([
    ["a CR", "a\rb"],
    ["an LF", "a\nb"],
    ["a CRLF", "value\r\nx-injected: 1"],
    ["a NUL", "a\0b"],
  ])("rejects a value with %s with ERR_INVALID_HEADER naming the header", (_label, value) => {
    expectEndpointError(() => withHeaders({ "x-custom": value }), "ERR_INVALID_HEADER", '"x-custom"');
  });

  it.each([
    ["a vertical tab", "a\u000bb", "U+000B at position 1"],
    ["a DEL", "ab\u007f", "U+007F at position 2"],
    ["a character above U+00FF", "caf\u0113", "U+0113 at position 3"],
    ["an emoji", "ok \u{1F600}", "U+1F600 at position 3"],
  ])(
    "rejects a value with %s (which fetch or Node's http would refuse when sending), naming the character",
    (_label, value, shown) => {
      expectEndpointError(
        () => withHeaders({ "x-custom": value }),
        "ERR_INVALID_HEADER",
        `"x-custom" has a value with ${shown};`,
      );
    },
  );

  it("accepts tab, space, visible ASCII and U+0080-U+00FF in a value", () => {
    const value = "\t !~caf\u00e9\u0080\u00ff";
    expect(withHeaders({ "x-custom": value }).headers["x-custom"]).toBe(value);
  });

  it("accepts exactly the characters both Node's http and fetch's Headers accept in a value", () => {
    const codes = [...Array.from({ length: 0x200 }, (_, code) => code), 0x2028, 0xfeff, 0xd800];
    for (const code of codes) {
      const value = `a${String.fromCharCode(code)}b`;
      let sendable = true;
      try {
        validateHeaderValue("x-custom", value);
        new Headers({ "x-custom": value });
      } catch {
        sendable = false;
      }
      let ours = true;
      try {
        withHeaders({ "x-custom": value });
      } catch (error) {
        expect(error).toBeInstanceOf(EndpointError);
        ours = false;
      }
      expect({ code, ours }).toEqual({ code, ours: sendable });
    }
  });

  it("names the lowercased header when a mixed-case name has a bad value", () => {
    expectEndpointError(() => withHeaders({ "X-Custom": "a\nb" }), "ERR_INVALID_HEADER", '"x-custom"');
  });

  it("rejects a bad value given to defaults() or merge() at once", () => {
    expectEndpointError(
      () => endpoint.defaults({ headers: { authorization: "token\r\n" } }),
      "ERR_INVALID_HEADER",
      '"authorization"',
    );
    expectEndpointError(
      () => endpoint.merge("GET /user", { headers: { authorization: true } } as unknown as EndpointOptions),
      "ERR_INVALID_HEADER",
      '"authorization"',
    );
  });
});

describe("header names must be HTTP tokens", () => {
  it.each([
    ["a space", "bad name"],
    ["a colon", "x:y"],
    ["nothing", ""],
    ["a non-ASCII letter", "x-caf\u00e9"],
    ["a non-ASCII symbol", "x-\u2603"],
    ["a Kelvin sign, which toLowerCase() makes an ASCII k", "\u212Aey"],
    ["a CR", "x-a\r"],
    ["a slash", "x/y"],
  ])("rejects a name with %s with ERR_INVALID_HEADER naming the header", (_label, name) => {
    expectEndpointError(() => withHeaders({ [name]: "v" }), "ERR_INVALID_HEADER", JSON.stringify(name));
  });

  it("checks the name as written, also in a builder: a Kelvin sign never becomes the header key", () => {
    expectEndpointError(
      () => new RequestBuilder().header("\u212Aey", "v"),
      "ERR_INVALID_HEADER",
      '"\u212Aey" is not an HTTP token (U+212A at position 0)',
    );
  });

  it("shows which character is no token character, since a look-alike cannot be told apart when quoted", () => {
    expectEndpointError(() => withHeaders({ "x-\u{1F600}": "v" }), "ERR_INVALID_HEADER", "(U+1F600 at position 2)");
    expectEndpointError(
      () => endpoint("G\u0130T /x"),
      "ERR_INVALID_METHOD",
      'method "G\u0130T" is not an HTTP method token (U+0130 at position 1)',
    );
    expectEndpointError(
      () => endpoint({ url: "/x", method: null as never }),
      "ERR_INVALID_METHOD",
      "method null is not an HTTP method token",
    );
  });

  it("rejects a bad name even when its value is null", () => {
    expectEndpointError(() => withHeaders({ "bad name": null }), "ERR_INVALID_HEADER", '"bad name"');
  });

  it("accepts names made of any token characters", () => {
    expect(withHeaders({ "x-a!#$%&'*+.^_`|~1": "v" }).headers["x-a!#$%&'*+.^_`|~1"]).toBe("v");
  });

  it("rejects a bad name given to defaults() at once", () => {
    expectEndpointError(() => endpoint.defaults({ headers: { "x:y": "v" } }), "ERR_INVALID_HEADER", '"x:y"');
  });

  it("rejects headers that are not a plain object with ERR_INVALID_OPTIONS", () => {
    expectEndpointError(
      () => endpoint("GET /user", { headers: "accept: text/html" } as unknown as EndpointOptions),
      "ERR_INVALID_OPTIONS",
      "headers",
    );
    expectEndpointError(
      () => endpoint("GET /user", { headers: [["accept", "text/html"]] } as unknown as EndpointOptions),
      "ERR_INVALID_OPTIONS",
      "headers",
    );
  });
});

describe("mediaType.format amends vendor values in accept", () => {
  it("turns the default accept into application/vnd.github.v3.raw for raw", () => {
    expect(
      endpoint("GET /repos/{owner}/{repo}/readme", { owner: "o", repo: "r", mediaType: { format: "raw" } }).headers,
    ).toStrictEqual({
      accept: "application/vnd.github.v3.raw",
      "user-agent": USER_AGENT,
    });
  });

  it("turns the default accept into application/vnd.github.v3.text+json for text+json", () => {
    expect(endpoint("GET /user", { mediaType: { format: "text+json" } }).headers.accept).toBe(
      "application/vnd.github.v3.text+json",
    );
  });

  it("turns the default accept into application/vnd.github.v3.diff for diff", () => {
    expect(
      endpoint("GET /repos/{owner}/{repo}/pulls/{n}", { owner: "o", repo: "r", n: 1, mediaType: { format: "diff" } })
        .headers.accept,
    ).toBe("application/vnd.github.v3.diff");
  });

  it("replaces a format already in a vendor value", () => {
    expect(acceptWith("application/vnd.github.v3.full+json", "raw")).toBe("application/vnd.github.v3.raw");
    expect(acceptWith("application/vnd.github.v3.raw", "html")).toBe("application/vnd.github.v3.html");
  });

  it("amends a vendor value without a version", () => {
    expect(acceptWith("application/vnd.github+json", "raw")).toBe("application/vnd.github.raw");
  });

  it("amends each vendor item of a comma-separated list and keeps the others", () => {
    expect(
      acceptWith(
        "application/vnd.github.v3+json, text/html, application/vnd.example.v2+json,application/vnd.github.v3.full+json",
        "raw",
      ),
    ).toBe("application/vnd.github.v3.raw, text/html, application/vnd.example.v2.raw,application/vnd.github.v3.raw");
  });

  it("leaves text/html unchanged", () => {
    expect(acceptWith("text/html", "raw")).toBe("text/html");
  });

  it("leaves application/octet-stream unchanged", () => {
    expect(acceptWith("application/octet-stream", "raw")).toBe("application/octet-stream");
  });

  it("leaves accept unchanged when the format is empty", () => {
    expect(endpoint("GET /user", { mediaType: { format: "" } }).headers.accept).toBe(ACCEPT);
  });

  it("keeps the format in merge() output and leaves accept unamended there", () => {
    const merged = endpoint.merge("GET /user", { mediaType: { format: "raw" } });
    expect(merged.mediaType).toStrictEqual({ format: "raw" });
    expect(merged.headers.accept).toBe(ACCEPT);
  });

  it("applies a format set via defaults() to every call", () => {
    const raw = endpoint.defaults({ mediaType: { format: "raw" } });
    expect(raw("GET /user").headers.accept).toBe("application/vnd.github.v3.raw");
    expect(raw("GET /user", { headers: { accept: "application/vnd.github.v3.full+json" } }).headers.accept).toBe(
      "application/vnd.github.v3.raw",
    );
  });

  it("lets a call's format override the one set via defaults()", () => {
    const raw = endpoint.defaults({ mediaType: { format: "raw" } });
    expect(raw("GET /user", { mediaType: { format: "diff" } }).headers.accept).toBe("application/vnd.github.v3.diff");
  });

  it("keeps a format set via defaults() when a call passes mediaType without a format", () => {
    const raw = endpoint.defaults({ mediaType: { format: "raw" } });
    expect(raw("GET /user", { mediaType: {} }).headers.accept).toBe("application/vnd.github.v3.raw");
  });

  it("does nothing when the accept header was removed", () => {
    expect(endpoint("GET /user", { headers: { accept: null }, mediaType: { format: "raw" } }).headers).toStrictEqual({
      "user-agent": USER_AGENT,
    });
  });

  it.each([
    ["with CR LF", "raw\r\n", '"raw\\r\\n"'],
    ["with a space", "raw json", '"raw json"'],
    ["with a comma", "raw,html", '"raw,html"'],
    ["with a slash", "a/b", '"a/b"'],
    // A first character other than a letter or digit makes no media type: v3.. or v3.+json.
    ["of a lone dot", ".", '"."'],
    ["starting with +", "+json", '"+json"'],
    ["starting with a dot", "..raw", '"..raw"'],
    ["starting with -", "-raw", '"-raw"'],
  ])("rejects a format %s with ERR_INVALID_OPTIONS naming it", (_label, format, shown) => {
    const error = thrown(() => endpoint("GET /user", { mediaType: { format } }));
    expect(error.code).toBe("ERR_INVALID_OPTIONS");
    expect(error.message).toContain("mediaType.format");
    expect(error.message).toContain(shown);
  });

  it.each([
    ["a number", 3, "number"],
    ["null", null, "null"],
    ["an array", ["raw"], "an array"],
  ])("rejects a format that is %s with ERR_INVALID_OPTIONS", (_label, format, shown) => {
    const error = thrown(() => endpoint("GET /user", { mediaType: { format } } as unknown as EndpointOptions));
    expect(error.code).toBe("ERR_INVALID_OPTIONS");
    expect(error.message).toBe(`mediaType.format must be a string, got ${shown}`);
  });

  it.each(["raw", "raw+json", "v3.diff", "x-y_z", "9"])("accepts the format %j", (format) => {
    expect(() => endpoint("GET /user", { mediaType: { format } })).not.toThrow();
  });

  it("rejects an invalid format given to defaults() at once", () => {
    expectEndpointError(
      () => endpoint.defaults({ mediaType: { format: "raw\r\n" } }),
      "ERR_INVALID_OPTIONS",
      "mediaType.format",
    );
  });

  it.each([
    ["previews", ["squirrel-girl"]],
    ["Format", "raw"],
    ["type", "json"],
  ])("rejects the unknown mediaType key %j with ERR_INVALID_OPTIONS naming it", (key, value) => {
    expectEndpointError(
      () => endpoint("GET /user", { mediaType: { [key]: value } } as unknown as EndpointOptions),
      "ERR_INVALID_OPTIONS",
      `mediaType.${key}`,
    );
  });

  it("accepts an empty previews list, which asks for nothing (as in @octokit/endpoint's merged options for /graphql)", () => {
    const plain = endpoint("POST /graphql", { query: "{ viewer { login } }", mediaType: { format: "raw" } });
    expect(
      endpoint("POST /graphql", { query: "{ viewer { login } }", mediaType: { format: "raw", previews: [] } }),
    ).toEqual(plain);
    const merged = { ...endpoint.merge("POST /graphql", { query: "q" }), mediaType: { format: "", previews: [] } };
    expect(endpoint.parse(merged)).toEqual(endpoint("POST /graphql", { query: "q" }));
    expect(endpoint.defaults({ mediaType: { previews: [] } }).DEFAULTS.mediaType).toEqual({ format: "" });
    // Undefined is "not given", as for any option.
    expect(endpoint("POST /graphql", { query: "q", mediaType: { previews: undefined } })).toEqual(
      endpoint("POST /graphql", { query: "q" }),
    );
    expectEndpointError(
      () => endpoint("GET /x", { mediaType: { previews: [""] } } as unknown as EndpointOptions),
      "ERR_INVALID_OPTIONS",
      "mediaType.previews",
    );
    expectEndpointError(
      () => endpoint("GET /x", { mediaType: { previews: {} } } as unknown as EndpointOptions),
      "ERR_INVALID_OPTIONS",
      "mediaType.previews",
    );
  });

  it("rejects a mediaType that is not a plain object with ERR_INVALID_OPTIONS", () => {
    expectEndpointError(
      () => endpoint("GET /user", { mediaType: "raw" } as unknown as EndpointOptions),
      "ERR_INVALID_OPTIONS",
      "mediaType",
    );
  });

  it("processes a 100 000-character accept value ending in '-' (no ReDoS), leaving it unchanged", () => {
    const accept = `application/vnd.${"a".repeat(100_000 - "application/vnd.".length - 1)}-`;
    expect(accept.length).toBe(100_000);
    expect(acceptWith(accept, "raw")).toBe(accept);
  });

  it("processes a 100 001-character accept value of repeated '.v3' ending in '-', leaving it unchanged", () => {
    const accept = `application/vnd.github${".v3".repeat(33_326)}-`;
    expect(accept.length).toBe(100_001);
    expect(acceptWith(accept, "raw")).toBe(accept);
  });
});
