// The ESM build (dist/index.js, built by `npm test` before vitest runs)
// in a real browser. A page served on 127.0.0.1 imports it through an import map, its
// results equal Node's for the same inputs, and its fetch(...toFetch(...)) reaches the
// loopback server (same origin, so no CORS). Nothing but 127.0.0.1 is ever contacted.
import { once } from "node:events";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as lib from "../src/index.js";
import { skipNotice } from "./support/skip.js";

const CHROMIUM = "/usr/bin/chromium";
const HAS_CHROMIUM = existsSync(CHROMIUM);
const SKIPPED = skipNotice(
  "test/browser.test.ts",
  HAS_CHROMIUM,
  `${CHROMIUM} not found (Debian: apt-get install chromium chromium-driver; .ci/run installs it where apt-get exists)`,
);

const file = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** The only files the page may load: the build (its two entries and their shared chunk) and its two dependencies. */
const FILES: Record<string, string> = {
  "/dist/index.js": file("dist/index.js"),
  "/node_modules/immer/dist/immer.production.mjs": file("node_modules/immer/dist/immer.production.mjs"),
  "/node_modules/url-template/lib/url-template.js": file("node_modules/url-template/lib/url-template.js"),
};

/** The validator `fluent-endpoint/openapi`'s argument checks load, as its ES modules. */
const VALIDATOR = "node_modules/@cfworker/json-schema/dist/esm";

/** The linear-time engine the argument checks run patterns on, one ES module. */
const RE2 = "node_modules/re2js/build/index.js";

/** Adds the build's other ES modules (`dist/octokit.js`, the shared chunk), the validator's and RE2's to FILES, once built. */
function serveBuild(): void {
  FILES[`/${RE2}`] = file(RE2);
  for (const name of readdirSync(file("dist"))) {
    if (name.endsWith(".js") && name !== "cli.js") FILES[`/dist/${name}`] = file(`dist/${name}`);
  }
  for (const name of readdirSync(file(VALIDATOR))) {
    if (name.endsWith(".js")) FILES[`/${VALIDATOR}/${name}`] = file(`${VALIDATOR}/${name}`);
  }
}

const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>fluent-endpoint in a browser</title>
<!-- Without a bundler, immer's production build is the one to map: immer.mjs reads process.env.NODE_ENV. -->
<script type="importmap">
{ "imports": { "immer": "/node_modules/immer/dist/immer.production.mjs", "url-template": "/node_modules/url-template/lib/url-template.js", "@cfworker/json-schema": "/node_modules/@cfworker/json-schema/dist/esm/index.js", "re2js": "/node_modules/re2js/build/index.js" } }
</script>
`;

/**
 * The inputs, as source text: evaluated in Node against src/ and in the page against
 * dist/index.js. Each entry is `{ result }` or `{ error }`, plain data either way.
 */
const SCENARIOS = String.raw`(lib) => {
  const { endpoint, RequestBuilder, EndpointError, toFetch } = lib;
  const attempt = (fn) => {
    try {
      return { result: fn() };
    } catch (error) {
      const { name, code, message } = error;
      return { error: { name, code, message, isEndpointError: error instanceof EndpointError, isTypeError: error instanceof TypeError } };
    }
  };
  const owner = "octokit";
  const repo = "endpoint.js";
  const ghe = endpoint.defaults({ baseUrl: "https://ghe.example.com/api/v3", headers: { authorization: "token secret123" }, org: "acme" });
  const issues = new RequestBuilder()
    .header("authorization", "token secret123")
    .route("GET /repos/{owner}/{repo}/issues")
    .params({ owner, repo });
  return {
    "GET with a query": attempt(() =>
      endpoint("GET /repos/{owner}/{repo}/issues", { owner, repo, state: "open", labels: ["bug", "ui"], q: "is:open (x) ü", since: new Date(Date.UTC(2024, 0, 2)) })),
    "POST with a JSON body": attempt(() =>
      endpoint("POST /repos/{owner}/{repo}/issues", { owner, repo, title: "Found a bug ✓", labels: ["bug"], assignee: null })),
    ":name placeholders and a dangling slash": attempt(() =>
      endpoint("GET /repos/:owner/:repo/branches/{branch}", { owner, repo: "a/b" })),
    "defaults": attempt(() => ghe("POST /orgs/{org}/repos", { name: "new-repo", private: true })),
    "a data upload to {upload_url}": attempt(() =>
      endpoint("POST {upload_url}/assets{?name,label}", {
        upload_url: "https://uploads.github.com/repos/o/r/releases/1",
        name: "notes.txt",
        label: "Release notes",
        data: "hello",
        headers: { "content-type": "text/plain" },
      })),
    "RFC 6570 operators": attempt(() =>
      endpoint({ method: "GET", baseUrl: "", url: "/search{?q,page}{&keys*}{#frag}", q: "a b", page: 2, keys: { x: "1", y: "ü" }, frag: "top" })),
    "mediaType and header removal": attempt(() =>
      endpoint("GET /repos/{owner}/{repo}/readme", { owner, repo, mediaType: { format: "raw" }, headers: { "Content-Length": 0, "user-agent": null } })),
    "merge": attempt(() => endpoint.merge("GET /orgs/{org}", { org: "x", headers: { "X-Id": 1 } })),
    "parse": attempt(() => endpoint.parse(endpoint.merge("GET /user"))),
    "DEFAULTS": attempt(() => ({ value: endpoint.DEFAULTS, frozen: Object.isFrozen(endpoint.DEFAULTS) && Object.isFrozen(endpoint.DEFAULTS.headers) })),
    "a builder chain": attempt(() => issues.param("state", "open").param("labels", ["bug"]).mediaType({ format: "text+json" }).build()),
    "a builder from options, with data": attempt(() =>
      RequestBuilder.from({ baseUrl: "https://ghe.example.com/api/v3" }).route("PATCH /user").header("Content-Type", "application/json").data('{"bio":"x"}').build()),
    "a builder turned into an endpoint": attempt(() => issues.toEndpoint()("GET /repos/{owner}/{repo}/pulls", { state: "all" })),
    "endpoint.builder()": attempt(() => endpoint.builder().route("DELETE /user/emails").param("emails", ["a@b.c"]).build()),
    "the shared builder, unchanged": attempt(() => issues.build()),
    "toFetch": attempt(() => toFetch(endpoint("PATCH /user", { bio: "Hello", headers: { "content-length": 15 } }))),
    "a malformed template": attempt(() => endpoint("GET /repos/{owner/issues")),
    "an unsafe path segment": attempt(() => endpoint("GET /files/{name}", { name: ".." })),
    "a route with three parts": attempt(() => endpoint("G T /x")),
    "a header value with a newline": attempt(() => endpoint("GET /x", { headers: { "x-bad": "a\nb" } })),
    "a builder without a url": attempt(() => new RequestBuilder().build()),
  };
}`;

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

describe.skipIf(!HAS_CHROMIUM)(`the ESM build in headless Chromium${SKIPPED}`, () => {
  let server: Server;
  let origin: string;
  let browser: Browser;
  let page: Page;
  const received: Received[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    if (!existsSync(FILES["/dist/index.js"] as string)) {
      throw new Error("dist/index.js is missing: run `npx rollup -c` first (`npm test` builds it before vitest)");
    }
    serveBuild();
    server = createServer((request, response) => {
      const path = request.url ?? "/";
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        if (path === "/") {
          // A strict Content-Security-Policy: no eval or new Function, which the argument checks must do without.
          response
            .writeHead(200, {
              "content-type": "text/html; charset=utf-8",
              "content-security-policy": "script-src 'self' 'unsafe-inline'",
            })
            .end(PAGE);
        } else if (FILES[path] !== undefined) {
          response.writeHead(200, { "content-type": "text/javascript; charset=utf-8" }).end(readFileSync(FILES[path]));
        } else if (path.startsWith("/api/")) {
          received.push({ method: request.method ?? "", path, headers: request.headers, body: Buffer.concat(chunks) });
          response.writeHead(204).end();
        } else {
          response.writeHead(404).end();
        }
      });
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
      ],
    });
    page = await browser.newPage();
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(`${origin}/`);
    await page.evaluate("import('/dist/index.js').then((lib) => { window.lib = lib; })");
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (server) {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    }
  });

  it("loads the build with the public exports and no page errors", async () => {
    const exports = await page.evaluate("Object.keys(window.lib).sort()");
    expect(exports).toEqual(Object.keys(lib).sort());
    expect(pageErrors).toEqual([]);
  });

  it("loads fluent-endpoint/octokit beside it, over the same EndpointError class", async () => {
    const loaded = await page.evaluate(`import('/dist/octokit.js').then(({ endpoint }) => {
      let error;
      try { endpoint("GET /x/{"); } catch (caught) { error = caught; }
      return { method: endpoint("PATCH /user", { bio: "x" }).method, same: error instanceof window.lib.EndpointError };
    })`);
    expect(loaded).toEqual({ method: "PATCH", same: true });
    expect(pageErrors).toEqual([]);
  });

  it("loads fluent-endpoint/openapi, whose openAPIRoutes() converts a Swagger 2.0 description in the page", async () => {
    const url = await page.evaluate(`import('/dist/openapi.js').then(({ openAPIRoutes }) => {
      const swagger = { swagger: "2.0", info: { title: "t", version: "1" }, host: "api.example.com", paths: { "/items": { get: { parameters: [
        { name: "ids", in: "query", type: "array", items: { type: "string" }, collectionFormat: "pipes" },
      ] } } } };
      return window.lib.endpoint.withRoutes(openAPIRoutes(swagger))("GET /items", { ids: ["a", "b"] }).url;
    })`);
    expect(url).toBe("https://api.example.com/items?ids=a%7Cb");
    expect(pageErrors).toEqual([]);
  });

  it("checks a call's arguments under a Content-Security-Policy without unsafe-eval (no eval, no new Function), patterns on RE2", async () => {
    const checked =
      await page.evaluate(`Promise.all([import('/dist/openapi.js'), import('/dist/openapi-check.js')]).then(([{ openAPIEndpoint }, { check }]) => {
      let evalBlocked = false;
      try { new Function("return 1"); } catch { evalBlocked = true; }
      const api = openAPIEndpoint({ openapi: "3.1.0", servers: [{ url: "https://api.example.com" }], paths: { "/items": { get: {
        operationId: "listItems",
        parameters: [
          { name: "state", in: "query", required: true, schema: { enum: ["open", "closed"] } },
          { name: "label", in: "query", schema: { type: "string", pattern: "^(a+)+$" } },
        ],
      } } } }, { check });
      let problems;
      try { api.operation("listItems", { state: "opne", label: "a".repeat(50000) + "!" }); } catch (error) { problems = error.problems; }
      return { evalBlocked, url: api.operation("listItems", { state: "open" }).url, problems };
    })`);
    expect(checked).toEqual({
      evalBlocked: true,
      url: "https://api.example.com/items?state=open",
      problems: [
        {
          in: "query",
          name: "state",
          keyword: "enum",
          message: 'query parameter "state": "opne" is not one of "open", "closed"',
        },
        {
          in: "query",
          name: "label",
          keyword: "pattern",
          message: `query parameter "label": "${"a".repeat(40)}…(50001 characters)" does not match the pattern "^(a+)+$"`,
        },
      ],
    });
  });

  it("gives the results Node gives for the same inputs, endpoint() and builder chains alike", async () => {
    const inNode = (new Function(`return ${SCENARIOS}`)() as (library: typeof lib) => Record<string, unknown>)(lib);
    const inBrowser = (await page.evaluate(`(${SCENARIOS})(window.lib)`)) as Record<string, unknown>;
    expect(Object.keys(inBrowser)).toEqual(Object.keys(inNode));
    for (const name of Object.keys(inNode)) expect({ [name]: inBrowser[name] }).toStrictEqual({ [name]: inNode[name] });
    // Spot checks that the scenarios mean what their names say.
    expect(inNode["the shared builder, unchanged"]).toMatchObject({
      result: { url: "https://api.github.com/repos/octokit/endpoint.js/issues" },
    });
    expect(inNode["DEFAULTS"]).toMatchObject({ result: { frozen: true } });
    expect(inNode["a malformed template"]).toMatchObject({
      error: { code: "ERR_INVALID_TEMPLATE", isEndpointError: true, isTypeError: true },
    });
  });

  it("sends fetch(...toFetch(...)) from the page to the loopback server as described", async () => {
    received.length = 0;
    const sent = (await page.evaluate(String.raw`(async () => {
      const { endpoint, toFetch } = window.lib;
      const api = endpoint.defaults({ baseUrl: location.origin + "/api", headers: { authorization: "token secret123" } });
      const requests = [
        api("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "endpoint.js", labels: ["bug", "ui"], q: "is:open ü" }),
        api("PATCH /user", { bio: "Hello ü", hireable: true }),
        api("PUT /user/starred/{owner}/{repo}", { owner: "octokit", repo: "endpoint.js" }),
        api("DELETE /user/emails", { emails: ["octocat@github.com"] }),
        api("POST /upload{?name}", { name: "a.bin", data: new Uint8Array([0, 1, 128, 254, 255]), headers: { "content-type": "application/octet-stream" } }),
      ];
      const sent = [];
      for (const options of requests) {
        const response = await fetch(...toFetch(options));
        const body = options.body instanceof Uint8Array ? { bytes: Array.from(options.body) } : options.body;
        sent.push({ status: response.status, options: { ...options, body } });
      }
      return { sent, userAgent: navigator.userAgent };
    })()`)) as { sent: { status: number; options: lib.RequestOptions }[]; userAgent: string };

    expect(received).toHaveLength(sent.sent.length);
    sent.sent.forEach(({ status, options }, index) => {
      const request = received[index] as Received;
      expect(status).toBe(204);
      expect(options.url.startsWith(`${origin}/api/`)).toBe(true);
      expect(request.method).toBe(options.method.toUpperCase());
      expect(request.path).toBe(options.url.slice(origin.length));
      expect(request.headers.authorization).toBe("token secret123");
      expect(request.headers.accept).toBe("application/vnd.github.v3+json");
      expect(request.headers["content-type"]).toBe(options.headers["content-type"]);
      // Chromium sends its own user-agent: it ignores a user-agent header set by fetch.
      expect(request.headers["user-agent"]).toBe(sent.userAgent);
      const { body } = options as { body?: unknown };
      const expected =
        body === undefined
          ? Buffer.alloc(0)
          : typeof body === "object" && body !== null && "bytes" in body
            ? Buffer.from(body.bytes as number[])
            : Buffer.from(JSON.stringify(body));
      expect(request.body.toString("hex")).toBe(expected.toString("hex"));
    });
    expect(received.map(({ method, path }) => `${method} ${path}`)).toEqual([
      "GET /api/repos/octokit/endpoint.js/issues?labels=bug%2Cui&q=is%3Aopen%20%C3%BC",
      "PATCH /api/user",
      "PUT /api/user/starred/octokit/endpoint.js",
      "DELETE /api/user/emails",
      "POST /api/upload?name=a.bin",
    ]);
  });
});
