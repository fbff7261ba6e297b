// readResponse() (fluent-endpoint/response): a fetch Response read to the request options it answers, the body as
// its media type says (docs/typed-routes.md, "Responses"). Real `Response` objects, nothing sent.
import { afterEach, describe, expect, it, vi } from "vitest";
import { endpoint, EndpointError } from "../src/index.js";
import { endpoint as octokitEndpoint } from "../src/octokit.js";
import { readResponse } from "../src/response.js";

const GET = endpoint("GET /zen");

/** A response of `status` with `body` under `type` (no content-type header when undefined). */
function respond(status: number, body: BodyInit | null, type?: string, headers: [string, string][] = []): Response {
  const all = new Headers(headers);
  if (type === undefined) all.delete("content-type");
  else all.set("content-type", type);
  const response = new Response(body, { status, headers: all });
  // A Response made from a string gets text/plain: the header is set again as the test means it.
  if (type === undefined) response.headers.delete("content-type");
  return response;
}

describe("readResponse(): what comes back", () => {
  it("gives ok, status, headers as a plain object of lower-case names, and the body under data for a 2XX status", async () => {
    const result = await readResponse(GET, respond(200, '{"id":1}', "application/json", [["X-Rate-Limit", "60"]]));
    expect(result).toEqual({
      ok: true,
      status: 200,
      headers: { "content-type": "application/json", "x-rate-limit": "60" },
      data: { id: 1 },
    });
  });

  it("gives the body under error for any other status, and no data", async () => {
    const result = await readResponse(GET, respond(404, '{"message":"Not Found"}', "application/json"));
    expect(result).toEqual({
      ok: false,
      status: 404,
      headers: { "content-type": "application/json" },
      error: { message: "Not Found" },
    });
    expect("data" in result).toBe(false);
  });

  it("joins a repeated header as fetch does, and keeps the last set-cookie (getSetCookie() has them all)", async () => {
    const response = respond(200, "x", "text/plain", [
      ["set-cookie", "a=1"],
      ["set-cookie", "b=2"],
      ["vary", "accept"],
      ["vary", "origin"],
    ]);
    const { headers } = await readResponse(GET, response);
    expect(headers).toEqual({ "content-type": "text/plain", "set-cookie": "b=2", vary: "accept, origin" });
  });

  it("keeps a header named __proto__ as data, never as a prototype", async () => {
    const result = await readResponse(GET, respond(200, "x", "text/plain", [["__proto__", "polluted"]]));
    expect(Object.getPrototypeOf(result.headers)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(result.headers, "__proto__")?.value).toBe("polluted");
  });
});

describe("readResponse(): the body as its media type says", () => {
  it("parses JSON: application/json with parameters, and any application/…+json", async () => {
    expect((await readResponse(GET, respond(200, "[1]", "application/json; charset=utf-8"))).data).toEqual([1]);
    expect((await readResponse(GET, respond(200, '"a"', "application/vnd.github.v3+json"))).data).toBe("a");
    expect((await readResponse(GET, respond(200, "null", "Application/Problem+JSON"))).data).toBeNull();
  });

  it("reads any other media type as text, a vendor text one too", async () => {
    expect((await readResponse(GET, respond(200, "Keep it logically awesome.", "text/plain"))).data).toBe(
      "Keep it logically awesome.",
    );
    expect((await readResponse(GET, respond(200, "diff --git", "application/vnd.github.diff"))).data).toBe(
      "diff --git",
    );
    expect((await readResponse(GET, respond(200, "<a/>", "application/xml"))).data).toBe("<a/>");
  });

  it("reads bytes as an ArrayBuffer: application/octet-stream, image/*, audio/*, video/*, font/*, pdf, zip, gzip", async () => {
    for (const type of [
      "application/octet-stream",
      "image/png",
      "audio/ogg",
      "video/mp4",
      "font/woff2",
      "application/pdf",
      "application/zip",
      "application/gzip",
    ]) {
      const { data } = await readResponse(GET, respond(200, new Uint8Array([0, 255, 1]), type));
      expect(data, type).toBeInstanceOf(ArrayBuffer);
      expect([...new Uint8Array(data as ArrayBuffer)], type).toEqual([0, 255, 1]);
    }
  });

  it("reads text with no media type, and an empty body with none as no body", async () => {
    expect((await readResponse(GET, respond(200, "plain", undefined))).data).toBe("plain");
    const empty = await readResponse(GET, respond(201, "", undefined));
    expect(empty).toEqual({ ok: true, status: 201, headers: {}, data: undefined });
    expect((await readResponse(GET, respond(200, "", "text/plain"))).data).toBe("");
  });

  it("reads no body for a 204, a 205, a 304 and an answer to HEAD (in either case of the method)", async () => {
    for (const status of [204, 205]) {
      expect(await readResponse(GET, respond(status, null, "application/json")), String(status)).toEqual({
        ok: true,
        status,
        headers: { "content-type": "application/json" },
        data: undefined,
      });
    }
    expect(await readResponse(GET, respond(304, null, "application/json"))).toEqual({
      ok: false,
      status: 304,
      headers: { "content-type": "application/json" },
      error: undefined,
    });
    const head = respond(200, "not json", "application/json");
    expect((await readResponse(endpoint("HEAD /zen"), head)).data).toBeUndefined();
    expect((await readResponse(octokitEndpoint("HEAD /zen"), respond(200, "x", "application/json"))).data).toBe(
      undefined,
    );
  });
});

describe("readResponse(): a body that is not what its media type says", () => {
  it("is an EndpointError naming the status and the media type, never a SyntaxError", async () => {
    const reading = readResponse(GET, respond(502, "<html>Bad gateway</html>", "application/json; charset=utf-8"));
    await expect(reading).rejects.toBeInstanceOf(EndpointError);
    await expect(reading).rejects.toMatchObject({
      code: "ERR_INVALID_RESPONSE",
      message: "the 502 response's application/json body is not JSON",
    });
    await expect(reading).rejects.not.toBeInstanceOf(SyntaxError);
  });

  it("is an EndpointError for an empty body under a JSON media type", async () => {
    await expect(readResponse(GET, respond(200, "", "application/json"))).rejects.toMatchObject({
      code: "ERR_INVALID_RESPONSE",
      message: "the 200 response's application/json body is not JSON",
    });
  });
});

describe("readResponse(): sends nothing", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("reads the response it is given and calls no fetch", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    await readResponse(GET, respond(200, "{}", "application/json"));
    expect(fetch).not.toHaveBeenCalled();
  });
});
