// The exact hook chain of an Octokit app, in both entries: @octokit/core with `auth`
// (auth-token's hook), plugin-request-log, plugin-retry and plugin-throttling, all
// unchanged, with their own `@octokit/endpoint` import replaced by one of our entries.
// Each wrap hook hands `(request, options)` on; plugins call `request(options)`, and
// auth-token's hook then calls `request.endpoint.merge(options, options)`.
import Bottleneck from "bottleneck";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { endpoint as main } from "../src/index.js";
import { endpoint as octokit } from "../src/octokit.js";

type Sent = { method: string; url: string; authorization: string | undefined; body: unknown; hook?: string };
type Entry = typeof main | typeof octokit;

/**
 * The entry with its merge() calls written to `calls` (a plain wrapper: the entry's own
 * functions are frozen), for every function defaults() makes from it.
 */
function observed(entry: any, calls: string[]): any {
  const call = (...args: unknown[]) => entry(...args);
  return Object.assign(call, {
    DEFAULTS: entry.DEFAULTS,
    defaults: (options: unknown) => observed(entry.defaults(options), calls),
    merge(...args: unknown[]) {
      const form =
        typeof args[0] === "string"
          ? "merge(route, parameters)"
          : args[1] === args[0]
            ? "merge(options, options)"
            : `merge(options, ${String(args[1])})`;
      calls.push(form);
      return entry.merge(...args);
    },
    parse: entry.parse,
  });
}

/** An Octokit app on `entry`, whose fetch records what it sends and answers from `answers` (then 200 `{}`). */
async function appOn(entry: Entry, answers: number[] = [], withPlugins = true) {
  const calls: string[] = [];
  const sent: Sent[] = [];
  vi.resetModules();
  vi.doMock("@octokit/endpoint", () => ({ endpoint: observed(entry, calls) }));
  const { Octokit } = await import("@octokit/core");
  const { requestLog } = await import("@octokit/plugin-request-log");
  const { retry } = await import("@octokit/plugin-retry");
  const { throttling } = await import("@octokit/plugin-throttling");
  const writes: string[] = [];
  const write = new Bottleneck.Group({ maxConcurrent: 1, minTime: 0 });
  const key = write.key.bind(write);
  write.key = (id = "") => {
    const limiter = key(id);
    const schedule = limiter.schedule.bind(limiter) as (...args: unknown[]) => Promise<unknown>;
    return Object.assign(Object.create(limiter), {
      schedule: (...args: unknown[]) => {
        writes.push(String(sent.length));
        return schedule(...args);
      },
    });
  };
  const fetch = async (url: string, init: { method: string; headers: Record<string, string>; body?: unknown }) => {
    const hook = init.headers["x-hook"];
    sent.push({
      method: init.method,
      url,
      authorization: init.headers.authorization,
      body: init.body,
      ...(hook ? { hook } : {}),
    });
    const status = answers.shift() ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(status < 400 ? {} : { message: "Server Error" }), {
      status,
      headers: { "content-type": "application/json" },
    });
  };
  const App = withPlugins ? Octokit.plugin(requestLog, retry, throttling) : Octokit;
  const app = new App({
    auth: "secret123",
    request: { fetch },
    log: { debug() {}, info() {}, warn() {}, error() {} },
    retry: { retryAfterBaseValue: 1 },
    throttle: { write, onRateLimit: () => false, onSecondaryRateLimit: () => false },
  });
  return { app, calls, sent, writes };
}

describe.each([
  ["fluent-endpoint", main, (method: string) => method.toLowerCase()],
  ["fluent-endpoint/octokit", octokit, (method: string) => method.toUpperCase()],
] as const)("an Octokit app with auth, request-log, retry and throttling on %s", (_, entry, methodCase) => {
  beforeEach(() => {
    vi.doUnmock("@octokit/endpoint");
  });

  it("sends every call with the token: auth-token's hook calls merge(options, options)", async () => {
    const { app, calls, sent } = await appOn(entry);
    const response = await app.request("PATCH /repos/{owner}/{repo}", {
      owner: "octokit",
      repo: "rest.js",
      private: true,
    });
    expect(response.status).toBe(200);
    expect(calls).toContain("merge(options, options)");
    expect(sent).toEqual([
      {
        method: methodCase("PATCH"),
        url: "https://api.github.com/repos/octokit/rest.js",
        authorization: "token secret123",
        body: '{"private":true}',
      },
    ]);
  });

  it("retries after a 5xx through the same chain, with the token again", async () => {
    const { app, sent } = await appOn(entry, [502]);
    const response = await app.request("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open" });
    expect(response.status).toBe(200);
    expect(sent.map((s) => [s.method, s.url, s.authorization])).toEqual([
      [methodCase("GET"), "https://api.github.com/repos/o/r/issues?state=open", "token secret123"],
      [methodCase("GET"), "https://api.github.com/repos/o/r/issues?state=open", "token secret123"],
    ]);
  });

  it("runs a user's hook.wrap, which calls request(options) too", async () => {
    const { app, calls, sent } = await appOn(entry);
    const seen: string[] = [];
    app.hook.wrap("request", async (request, options) => {
      seen.push(`${options.method} ${options.url}`);
      return request(options);
    });
    await app.request("DELETE /repos/{owner}/{repo}/labels/{name}", {
      owner: "o",
      repo: "r",
      name: "good first issue",
    });
    expect(seen).toEqual(["DELETE /repos/{owner}/{repo}/labels/{name}"]);
    expect(calls.filter((c) => c === "merge(options, options)")).toHaveLength(1);
    expect(sent[0]).toEqual({
      method: methodCase("DELETE"),
      url: "https://api.github.com/repos/o/r/labels/good%20first%20issue",
      authorization: "token secret123",
      body: undefined,
    });
  });

  it("lays the changed copy a user's hook.wrap passes straight to auth-token's hook over the options (merge(options, copy))", async () => {
    const { app, calls, sent } = await appOn(entry, [], false);
    app.hook.wrap("request", async (request, options) =>
      request({ ...options, headers: { ...options.headers, "x-hook": "1" }, per_page: 5 }),
    );
    await app.request("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });
    expect(calls).toContain("merge(options, [object Object])");
    // @octokit/endpoint drops the copy, and with it the header and the parameter.
    expect(sent).toEqual([
      {
        method: methodCase("GET"),
        url: "https://api.github.com/repos/o/r/issues?per_page=5",
        authorization: "token secret123",
        body: undefined,
        hook: "1",
      },
    ]);
  });

  it("classifies reads and writes for throttling by the method the chain hands on", async () => {
    const { app, writes } = await appOn(entry);
    await app.request("GET /user");
    await app.request("POST /user/repos", { name: "x" });
    // plugin-throttling sends what is not "GET" or "HEAD" through its write limiter: the POST only.
    expect(writes).toEqual(["1"]);
  });

  it("hands an endpoint() result back into the chain as paginate does: a read stays a read only with an upper-case method", async () => {
    const { app, sent, writes } = await appOn(entry);
    await app.request(app.request.endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", page: 2 }));
    expect(sent.map((s) => [s.method, s.url])).toEqual([
      [methodCase("GET"), "https://api.github.com/repos/o/r/issues?page=2"],
    ]);
    // The main entry's "get" is no "GET" to plugin-throttling: it waits in the write limiter.
    expect(writes).toEqual(methodCase("GET") === "GET" ? [] : ["0"]);
  });
});
