// The whole public surface, once, with node:assert only: run by test/engines.test.ts
// under every Node.js the package's `engines` field names (this file must not need
// vitest, which runs on Node.js 20 and later only).
// Usage: node test/engines/smoke.mjs esm|cjs   (prints "ok <format> <node version>")
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const format = process.argv[2];
const dist = new URL("../../dist/", import.meta.url);
const lib =
  format === "cjs"
    ? createRequire(import.meta.url)(fileURLToPath(new URL("index.cjs", dist)))
    : await import(new URL("index.js", dist).href);
const { endpoint, RequestBuilder, toFetch, EndpointError, ErrorCodes, VERSION } = lib;

const USER_AGENT = `fluent-endpoint.js/${VERSION}`;
const DEFAULT_HEADERS = { accept: "application/vnd.github.v3+json", "user-agent": USER_AGENT };

// endpoint(): path placeholders, leftover parameters to the query (a Date as ISO text).
assert.deepEqual(
  endpoint("GET /repos/{owner}/{repo}/issues", {
    owner: "octokit",
    repo: "endpoint.js",
    state: "open",
    labels: ["bug", "ui"],
    since: new Date(Date.UTC(2024, 0, 2)),
  }),
  {
    method: "get",
    url: "https://api.github.com/repos/octokit/endpoint.js/issues?state=open&labels=bug%2Cui&since=2024-01-02T00%3A00%3A00.000Z",
    headers: DEFAULT_HEADERS,
  },
);

// A JSON body, a header, an upload URL kept as written, `data`.
assert.deepEqual(
  endpoint("POST /repos/{owner}/{repo}/issues", {
    owner: "o",
    repo: "r",
    title: "Hi",
    headers: { Authorization: "token t" },
  }),
  {
    method: "post",
    url: "https://api.github.com/repos/o/r/issues",
    headers: { ...DEFAULT_HEADERS, authorization: "token t", "content-type": "application/json; charset=utf-8" },
    body: { title: "Hi" },
  },
);
const upload = endpoint("POST {upload_url}/assets{?name,label}", {
  upload_url: "https://uploads.github.com/repos/o/r/releases/1",
  name: "a b.zip",
  label: "x",
  data: "bytes",
  headers: { "content-type": "text/plain" },
});
assert.equal(upload.url, "https://uploads.github.com/repos/o/r/releases/1/assets?name=a%20b.zip&label=x");
assert.equal(upload.body, "bytes");

// defaults(), DEFAULTS, merge(), parse(), mediaType.format.
const github = endpoint
  .defaults({ baseUrl: "https://ghe.example/api/v3", headers: { "x-a": "1" } })
  .defaults({ org: "acme" });
assert.equal(github.DEFAULTS.baseUrl, "https://ghe.example/api/v3");
assert.ok(Object.isFrozen(github.DEFAULTS));
assert.equal(endpoint.DEFAULTS.baseUrl, "https://api.github.com");
const merged = github.merge("GET /orgs/{org}/repos", { type: "private" });
assert.equal(merged.url, "/orgs/{org}/repos");
assert.equal(github.parse(merged).url, "https://ghe.example/api/v3/orgs/acme/repos?type=private");
assert.equal(
  endpoint("GET /repos/{o}/{r}/contents/{path}", { o: "a", r: "b", path: "x", mediaType: { format: "raw" } }).headers
    .accept,
  "application/vnd.github.v3.raw",
);

// RequestBuilder: immutable chain, frozen, shared safely, toEndpoint().
const shared = new RequestBuilder().route("GET /repos/{owner}/{repo}/issues").header("authorization", "token s");
assert.ok(Object.isFrozen(shared));
const one = shared.params({ owner: "a", repo: "b" }).param("state", "open").build();
const other = shared.params({ owner: "c", repo: "d" }).build();
assert.equal(one.url, "https://api.github.com/repos/a/b/issues?state=open");
assert.equal(other.url, "https://api.github.com/repos/c/d/issues");
assert.equal(one.headers.authorization, "token s");
const fromBuilder = RequestBuilder.from({ baseUrl: "https://h.example" }).mediaType({ format: "diff" }).toEndpoint();
assert.equal(fromBuilder("GET /x").url, "https://h.example/x");
assert.equal(
  endpoint.defaults({ org: "o" }).builder().route("GET /orgs/{org}").build().url,
  "https://api.github.com/orgs/o",
);

// The caller's objects are neither changed nor frozen.
const value = { nested: { list: [1, 2] } };
const kept = new RequestBuilder().route("POST /x").param("v", value);
value.nested.list.push(3);
assert.deepEqual(kept.build().body, { v: { nested: { list: [1, 2] } } });
assert.ok(!Object.isFrozen(value));

// toFetch: uppercase method, JSON text, a form body, the signal.
const controller = new AbortController();
const [url, init] = toFetch(endpoint("PATCH /x", { a: 1, request: { signal: controller.signal } }));
assert.equal(url, "https://api.github.com/x");
assert.equal(init.method, "PATCH");
assert.equal(init.body, '{"a":1}');
assert.equal(init.signal, controller.signal);
const form = toFetch(
  endpoint("POST /x", { a: "1 2", headers: { "content-type": "application/x-www-form-urlencoded" } }),
);
assert.equal(form[1].body, "a=1%202");

// Errors: a stable code and a message naming the culprit.
const expectError = (run, code, pattern) =>
  assert.throws(run, (error) => error instanceof EndpointError && error.code === code && pattern.test(error.message));
expectError(() => endpoint("GET /x/{a"), ErrorCodes.INVALID_TEMPLATE, /unclosed/);
expectError(() => endpoint("GET /x", { q: { a: 1 } }), ErrorCodes.INVALID_PARAMETER, /"q"/);
expectError(() => endpoint("GET /x/{a}", { a: ".." }), ErrorCodes.UNSAFE_PATH, /"a"/);
expectError(() => endpoint("GET /x", { headers: { "x-a": "1\r\n2" } }), ErrorCodes.INVALID_HEADER, /"x-a"/);
expectError(() => new RequestBuilder().route("nonsense route with spaces"), ErrorCodes.INVALID_ROUTE, /route/);

// fetch(...toFetch(…)) against a loopback server: what arrives is what the options say.
const received = [];
const server = createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    received.push({ method: request.method, url: request.url, headers: request.headers, body: Buffer.concat(chunks) });
    response.end("done");
  });
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
try {
  const local = endpoint.defaults({
    baseUrl: `http://127.0.0.1:${server.address().port}`,
    headers: { authorization: "token z" },
  });
  for (const options of [
    local("PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", name: "n é" }),
    local("POST /upload{?name}", {
      name: "a b",
      data: new Uint8Array([0, 1, 255]),
      headers: { "content-type": "application/octet-stream" },
    }),
    local("GET /search{?q}", { q: "x y", page: 2 }),
  ]) {
    const response = await fetch(...toFetch(options));
    assert.equal(await response.text(), "done");
    const got = received.at(-1);
    assert.equal(got.method, options.method.toUpperCase());
    assert.equal(`http://127.0.0.1:${server.address().port}${got.url}`, options.url);
    assert.equal(got.headers.authorization, "token z");
    assert.equal(got.headers["user-agent"], USER_AGENT);
    if (options.body instanceof Uint8Array) assert.deepEqual([...got.body], [...options.body]);
    else if (options.body !== undefined) assert.deepEqual(JSON.parse(got.body.toString("utf8")), options.body);
    else assert.equal(got.body.length, 0);
    if (options.body !== undefined) assert.equal(got.headers["content-type"], options.headers["content-type"]);
  }
  assert.equal(received.length, 3);
} finally {
  server.close();
  server.closeAllConnections(); // fetch keeps its connection alive; Node.js 18's close() waits for it (5 s)
}

// The CLI, with this same Node.js.
if (format === "esm") {
  const cli = fileURLToPath(new URL("cli.js", dist));
  const printed = execFileSync(process.execPath, [cli, "GET /users/{user}", "user=octocat"], { encoding: "utf8" });
  assert.equal(JSON.parse(printed).url, "https://api.github.com/users/octocat");
}

console.log(`ok ${format} ${process.version}`);
