// The real Octokit stack, end to end, on fluent-endpoint: @octokit/rest with
// plugin-retry and plugin-throttling, installed from the registry in two apps that
// differ only in their @octokit/endpoint (test/octokit-stack/apps.ts): "fluent" swaps
// in the packed fluent-endpoint-octokit with npm overrides, the documented way;
// "reference" keeps @octokit/endpoint 11.0.5. Both run the same 80 realistic calls
// (test/octokit-stack/app.mjs) against a fake GitHub on 127.0.0.1
// (test/octokit-stack/fake-github.ts), behind a raw recorder that sees each request
// line as sent and behind a stock node:http server, and the fluent app must see what the
// reference app sees and send what it sends, but for the few differences listed below.
// Needs `npm run build` first (npm test does it); installs are cached in
// node_modules/.cache/octokit-stack. Nothing but the npm registry and 127.0.0.1 is contacted.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  APP_NAMES,
  type AppName,
  type AppRun,
  type CallRecord,
  installedCopies,
  PINNED,
  prepareApps,
  probeRegistry,
  REFERENCE_ENDPOINT,
  ROOT,
  runApp,
} from "./octokit-stack/apps.js";
import { type ServerKind, TOKEN, type WireEvent, type WireRequest } from "./octokit-stack/fake-github.js";
import { VERSION as version } from "./support/defaults.js";
import { skipNotice } from "./support/skip.js";

const REGISTRY = probeRegistry();
const SKIPPED = skipNotice("test/octokit-stack.test.ts", REGISTRY.reachable, REGISTRY.reason);
const SERVERS: ServerKind[] = ["raw", "http"];

/** One difference between a request of the reference app and the same request of the fluent app. */
interface WireDifference {
  call: string;
  /** The request's index among the call's requests. */
  request: number;
  /** "method", "target", "body", "header <name>" or "requests" (their count). */
  field: string;
  reference: string | undefined;
  fluent: string | undefined;
  /** Whether the reference request has an empty body. */
  emptyBody: boolean;
}

/** The wire differences fluent-endpoint's Octokit entry keeps, on purpose (docs/octokit-differences.md). */
const ALLOWED_WIRE_DIFFERENCES: ((difference: WireDifference) => boolean)[] = [
  // A PUT or PATCH without parameters: octokit's `body: ""` makes fetch add a text/plain content-type, fluent-endpoint has no body (content-length: 0 in both).
  (d) => d.field === "header content-type" && d.emptyBody && d.reference === "text/plain;charset=UTF-8" && !d.fluent,
  // `{?name,label}` with no label (uploadReleaseAsset): octokit leaves a trailing "&" (`?name=app.zip&`), RFC 6570 does not.
  (d) => d.field === "target" && d.reference === `${d.fluent}&`,
];

/** The events of a run grouped by call: each mark's id with the requests (and refusals) up to the next mark. */
function wireByCall(run: AppRun): Record<string, WireEvent[]> {
  const byCall: Record<string, WireEvent[]> = {};
  let events: WireEvent[] = [];
  for (const event of run.events) {
    if (event.kind === "mark") byCall[event.id] = events = [];
    else events.push(event);
  }
  return byCall;
}

const requestsOf = (events: WireEvent[] = []) =>
  events.filter((event): event is WireRequest => event.kind === "request");
const allRequests = (run: AppRun) => requestsOf(run.events);
const byId = <T>(run: AppRun, pick: (call: CallRecord) => T) =>
  Object.fromEntries(run.calls.map((call) => [call.id, pick(call)]));
const text = (base64: string) => Buffer.from(base64, "base64").toString("utf8");

function wireDifferences(reference: AppRun, fluent: AppRun): WireDifference[] {
  const differences: WireDifference[] = [];
  const fluentWire = wireByCall(fluent);
  for (const [call, events] of Object.entries(wireByCall(reference))) {
    const expected = requestsOf(events);
    const actual = requestsOf(fluentWire[call]);
    const emptyBody = (index: number) => expected[index]?.body === "";
    const add = (request: number, field: string, ref: string | undefined, got: string | undefined) => {
      if (ref !== got)
        differences.push({ call, request, field, reference: ref, fluent: got, emptyBody: emptyBody(request) });
    };
    add(-1, "requests", String(expected.length), String(actual.length));
    expected.forEach((want, index) => {
      const got = actual[index];
      if (!got) return;
      add(index, "method", want.method, got.method);
      add(index, "target", want.target, got.target);
      add(index, "body", text(want.body), text(got.body));
      for (const name of new Set([...Object.keys(want.headers), ...Object.keys(got.headers)])) {
        add(index, `header ${name}`, want.headers[name], got.headers[name]);
      }
    });
  }
  return differences;
}

describe.skipIf(!REGISTRY.reachable)(`the real Octokit stack on fluent-endpoint${SKIPPED}`, () => {
  let dirs: Record<AppName, string>;
  const runs = {} as Record<AppName, Record<ServerKind, AppRun>>;
  const reference = (server: ServerKind = "raw") => runs.reference[server];
  const fluent = (server: ServerKind = "raw") => runs.fluent[server];

  beforeAll(async () => {
    dirs = await prepareApps();
    const all = await Promise.all(APP_NAMES.flatMap((app) => SERVERS.map((server) => runApp(app, dirs[app], server))));
    for (const run of all) (runs[run.app] ??= {} as Record<ServerKind, AppRun>)[run.server] = run;
  }, 300_000);

  describe("the two apps", () => {
    it(`pin the same Octokit packages; the reference app has @octokit/endpoint ${REFERENCE_ENDPOINT}`, () => {
      for (const app of APP_NAMES) {
        for (const [name, pinned] of Object.entries(PINNED)) {
          expect(installedCopies(dirs[app], name).map((copy) => copy.version)).toEqual([pinned]);
        }
      }
      expect(installedCopies(dirs.reference, "@octokit/endpoint")).toEqual([
        { at: "node_modules/@octokit/endpoint", name: "@octokit/endpoint", version: REFERENCE_ENDPOINT },
      ]);
    });

    it("the fluent app has the packed companion in @octokit/endpoint's place, on the one packed fluent-endpoint", () => {
      expect(installedCopies(dirs.fluent, "@octokit/endpoint")).toEqual([
        { at: "node_modules/@octokit/endpoint", name: "fluent-endpoint-octokit", version },
      ]);
      expect(installedCopies(dirs.fluent, "fluent-endpoint")).toEqual([
        { at: "node_modules/fluent-endpoint", name: "fluent-endpoint", version },
      ]);
    });

    it("the fluent app runs this build's dist (its tarballs are reinstalled on every run)", () => {
      const digest = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");
      for (const file of ["dist/octokit.js", "dist/octokit.cjs", "dist/index.js"]) {
        expect(digest(join(dirs.fluent, "node_modules/fluent-endpoint", file)), file).toBe(digest(join(ROOT, file)));
      }
    });
  });

  describe("the harness, with the reference app", () => {
    it("runs the same 40 to 80 calls, each with its own id, in every run", () => {
      const ids = reference().calls.map((call) => call.id);
      expect(ids.length).toBeGreaterThanOrEqual(40);
      expect(ids.length).toBeLessThanOrEqual(80);
      expect(new Set(ids).size).toBe(ids.length);
      for (const app of APP_NAMES) {
        for (const server of SERVERS) expect(runs[app][server].calls.map((call) => call.id)).toEqual(ids);
      }
    });

    it.each(SERVERS)(
      "gets each call's intended outcome (a status or an error class) behind the %s server",
      (server) => {
        const got = byId(reference(server), ({ outcome }) =>
          "error" in outcome ? (outcome.error.status ?? outcome.error.class) : "ok",
        );
        expect(got).toEqual(byId(reference(server), (call) => call.expected));
      },
    );

    it("records the same requests with the raw recorder as with node:http, which parses them all", () => {
      expect(reference("http").events.filter((event) => event.kind === "refused")).toEqual([]);
      expect(reference("raw").events).toEqual(reference("http").events);
    });

    it("sends 95 requests: GET, HEAD, POST, PATCH, PUT and DELETE", () => {
      const requests = allRequests(reference());
      expect(new Set(requests.map((request) => request.method))).toEqual(
        new Set(["GET", "HEAD", "POST", "PATCH", "PUT", "DELETE"]),
      );
      expect(requests).toHaveLength(95);
    });
  });

  describe("what the fluent app sees: the reference app's outcomes", () => {
    it.each(SERVERS)("every call has the reference's status and data, or error, behind the %s server", (server) => {
      expect(byId(fluent(server), (call) => call.outcome)).toEqual(byId(reference(server), (call) => call.outcome));
    });

    it("the app's hooks see the reference's options and responses, its log the same warnings, and no rejection goes unhandled", () => {
      expect(byId(fluent(), (call) => call.hooks)).toEqual(byId(reference(), (call) => call.hooks));
      expect(byId(fluent(), (call) => call.warnings)).toEqual(byId(reference(), (call) => call.warnings));
      for (const app of APP_NAMES) for (const server of SERVERS) expect(runs[app][server].unhandled).toEqual([]);
    });

    it("a HEAD answered 404 is a RequestError 404 with the status text as message", () => {
      const head = fluent("http").calls.find((call) => call.id === "HEAD 404: request");
      expect(head?.outcome).toMatchObject({ error: { class: "RequestError", status: 404, message: "Not Found" } });
    });
  });

  describe("the wire: the reference app's requests", () => {
    it("each call sends the reference's requests (method, target, headers, body), but for the allowed differences", () => {
      const differences = wireDifferences(reference(), fluent());
      expect(
        differences.filter((difference) => !ALLOWED_WIRE_DIFFERENCES.some((allows) => allows(difference))),
      ).toEqual([]);
    });

    it("every request line has the reference's method, in upper case (PATCH, not patch)", () => {
      const methods = (run: AppRun) =>
        Object.values(wireByCall(run)).map((events) => requestsOf(events).map((r) => r.method));
      expect(allRequests(fluent()).filter((request) => !/^[A-Z]+$/.test(request.method))).toEqual([]);
      expect(methods(fluent())).toEqual(methods(reference()));
    });

    it("node:http parses every request of the fluent app: none is refused with a 400", () => {
      expect(fluent("http").events.filter((event) => event.kind === "refused")).toEqual([]);
    });

    it(`every request of both apps carries authorization: token ${TOKEN}`, () => {
      for (const app of APP_NAMES) {
        for (const server of SERVERS) {
          const requests = allRequests(runs[app][server]);
          expect(requests.length).toBeGreaterThan(0);
          expect(requests.filter((request) => request.headers.authorization !== `token ${TOKEN}`)).toEqual([]);
        }
      }
    });

    it("a search keeps the raw '+' of q (q=is%3Aopen+label%3Abug), on GitHub and on GitHub Enterprise Server", () => {
      const targets = (run: AppRun) =>
        allRequests(run)
          .map((request) => request.target)
          .filter((t) => t.includes("q="));
      expect(targets(fluent())).toEqual([
        "/search/issues?q=is%3Aopen+label%3Abug&per_page=2",
        "/search/issues?q=is%3Aopen%20label%3Abug&per_page=1",
        "/search/issues?q=is%3Aopen+label%3Abug&per_page=2",
        "/search/issues?q=is%3Aopen+label%3Abug&per_page=2&page=2",
        "/api/v3/search/issues?q=is%3Aopen+label%3Abug",
      ]);
      expect(targets(fluent())).toEqual(targets(reference()));
    });
  });

  describe("plugin-throttling and plugin-retry: the reference app's behaviour", () => {
    it("each request goes through the reference's limiters: as many writes per call, no GET or HEAD among them", () => {
      const writes = (run: AppRun) => byId(run, (call) => call.limiters.filter((group) => group === "write").length);
      expect(writes(fluent())).toEqual(writes(reference()));
      expect(byId(fluent(), (call) => call.limiters)).toEqual(byId(reference(), (call) => call.limiters));
    });

    it("onRateLimit and onSecondaryRateLimit get the reference's options.method and options.url", () => {
      const handled = (run: AppRun) =>
        run.calls.filter((call) => call.handlers.length > 0).map((c) => [c.id, c.handlers]);
      expect(handled(reference()).map(([id]) => id)).toEqual([
        "rate limit: 403 once, onRateLimit retries",
        "secondary rate limit: 403 once, onSecondaryRateLimit retries",
        "rate limit: onRateLimit declines, the 403 reaches the app",
      ]);
      expect(handled(fluent())).toEqual(handled(reference()));
    });

    it("each call sends as many requests as the reference's (a retried 5xx, 429 or rate limit is sent twice)", () => {
      const counts = (run: AppRun) =>
        Object.fromEntries(Object.entries(wireByCall(run)).map(([id, events]) => [id, requestsOf(events).length]));
      expect(counts(reference())["retry: GET answered 502 once"]).toBe(2);
      expect(counts(fluent())).toEqual(counts(reference()));
    });
  });
});
