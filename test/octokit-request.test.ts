// @octokit/request and @octokit/auth-token, unchanged, running on fluent-endpoint: their
// own `@octokit/endpoint` import is replaced by ours, so every call below goes through
// the call forms they really use (merge(route, parameters), then merge(options,
// undefined) from the authentication hook, then parse()), with `request` options from
// both the defaults and the call.
import { createTokenAuth } from "@octokit/auth-token";
import { request as octokitRequest } from "@octokit/request";
import { describe, expect, it, vi } from "vitest";
import { EndpointError } from "../src/index.js";

vi.mock("@octokit/endpoint", async () => ({ endpoint: (await import("../src/index.js")).endpoint }));

type Sent = { url: string; method: string; headers: Record<string, string>; body: unknown; signal: unknown };

/** A fetch that records what it is asked to send and answers 200 with `{}`. */
function recordingFetch(sent: Sent[]) {
  return async (
    url: string,
    init: { method: string; headers: Record<string, string>; body?: unknown; signal?: unknown },
  ) => {
    sent.push({ url, method: init.method, headers: init.headers, body: init.body, signal: init.signal });
    return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
  };
}

describe("@octokit/request on fluent-endpoint", () => {
  it("uses fluent-endpoint: its endpoint refuses what only ours refuses", () => {
    expect(() => octokitRequest.endpoint("GET /x", { data: "a" })).toThrow(EndpointError);
    expect(octokitRequest.endpoint("GET /x").method).toBe("get");
  });

  it("sends a request with the token of @octokit/auth-token's hook, the fetch of the defaults and the signal of the call", async () => {
    const sent: Sent[] = [];
    const auth = createTokenAuth("secret123");
    const request = octokitRequest.defaults({ request: { fetch: recordingFetch(sent), hook: auth.hook } });
    const signal = new AbortController().signal;
    const response = await request("POST /repos/{owner}/{repo}/issues", {
      owner: "octokit",
      repo: "endpoint.js",
      title: "Found a bug",
      request: { signal },
    });
    expect(response.status).toBe(200);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe("https://api.github.com/repos/octokit/endpoint.js/issues");
    expect(sent[0]!.method).toBe("post");
    expect(sent[0]!.headers.authorization).toBe("token secret123");
    expect(JSON.parse(sent[0]!.body as string)).toEqual({ title: "Found a bug" });
    expect(sent[0]!.signal).toBe(signal);
  });

  it("makes the calls the hook makes: merge(route, parameters), merge(options, undefined), parse()", async () => {
    const sent: Sent[] = [];
    const calls: string[] = [];
    const request = octokitRequest.defaults({
      request: {
        fetch: recordingFetch(sent),
        hook: async (next: typeof octokitRequest, options: Record<string, unknown>) => {
          const merge = next.endpoint.merge as (
            route: unknown,
            parameters: unknown,
          ) => { method: string; url: string; headers: Record<string, string> };
          const merged = merge(options, undefined);
          calls.push(`merge(options, undefined): ${merged.method} ${merged.url}`);
          merged.headers.authorization = "token from-the-hook";
          return next(merged as never);
        },
      },
    });
    await request("GET /repos/{owner}/{repo}", { owner: "octokit", repo: "rest.js" });
    expect(calls).toEqual(["merge(options, undefined): GET /repos/{owner}/{repo}"]);
    expect(sent[0]!.url).toBe("https://api.github.com/repos/octokit/rest.js");
    expect(sent[0]!.headers.authorization).toBe("token from-the-hook");
  });
});
