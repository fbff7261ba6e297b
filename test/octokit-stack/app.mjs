// An Octokit app, run by test/octokit-stack.test.ts from an installed app directory
// (node_modules/.cache/octokit-stack/<app>/app.mjs) so that its imports resolve in that
// app's node_modules: @octokit/rest with plugin-retry and plugin-throttling, on whichever
// @octokit/endpoint the app has. It makes a broad set of realistic calls against the
// fake GitHub at FAKE_GITHUB_ORIGIN, one at a time, each preceded by a mark
// (GET /__mark/<id>, plain fetch) so that the server's record can be split by call, and
// writes to RESULT_FILE what the app saw of each: its outcome (status and data, or the
// error's class, status and message), the throttling limiters it went through, the
// rate-limit handlers it triggered and what its hooks observed.
import { writeFileSync } from "node:fs";
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { Octokit as RestOctokit } from "@octokit/rest";
import Bottleneck from "bottleneck";

const origin = process.env.FAKE_GITHUB_ORIGIN;
const resultFile = process.env.RESULT_FILE;
if (!origin || !resultFile) throw new Error("FAKE_GITHUB_ORIGIN and RESULT_FILE are required");

const CALL_TIMEOUT_MS = 15_000;
const owner = "octokit";
const repo = "fixtures";

/** The record of the call under way: its limiters, rate-limit handlers, hook observations, log warnings. */
let current;

// plugin-throttling's own groups space writes 1 s apart and searches 2 s apart; these
// space nothing, and note which of them each request goes through (`key()` is called
// once per request and limiter, just before it is scheduled there).
function limiterGroup(name) {
  const group = new Bottleneck.Group({ maxConcurrent: name === "global" ? 10 : 1, minTime: 0 });
  const key = group.key.bind(group);
  group.key = (id) => {
    current?.limiters.push(name);
    return key(id);
  };
  return group;
}
const groups = Object.fromEntries(
  ["global", "auth", "search", "write", "notifications"].map((name) => [name, limiterGroup(name)]),
);

function rateLimitHandler(kind) {
  return (retryAfter, options, _octokit, retryCount) => {
    current?.handlers.push({ kind, retryAfter, method: options.method, url: options.url, retryCount });
    return !current?.declineRateLimit && retryCount < 1;
  };
}

const log = {
  debug() {},
  info() {},
  warn: (...args) => current?.warnings.push(args.map(String).join(" ")),
  error() {},
};

const Octokit = RestOctokit.plugin(retry, throttling);
const common = () => ({
  auth: "secret123",
  baseUrl: origin,
  log,
  retry: { retryAfterBaseValue: 1 },
  throttle: {
    id: "octokit-stack",
    ...groups,
    retryAfterBaseValue: 1,
    fallbackSecondaryRateRetryAfter: 1,
    onRateLimit: rateLimitHandler("onRateLimit"),
    onSecondaryRateLimit: rateLimitHandler("onSecondaryRateLimit"),
  },
});

/** The instance `make` builds, built at its first use: an error building it is the outcome of the calls that use it. */
function lazily(make) {
  let instance;
  return () => (instance ??= make());
}

const octokit = new Octokit(common());
const ghes = lazily(() => new Octokit({ ...common(), baseUrl: `${origin}/api/v3` }));
const mercy = lazily(() => new Octokit({ ...common(), previews: ["mercy"] }));

// A fetch of the app's own (as a proxy agent would be), given through `request.fetch`.
let fetchCalls = 0;
const countingFetch = (url, init) => {
  fetchCalls += 1;
  return fetch(url, init);
};
const hooked = lazily(() => {
  const instance = new Octokit({
    ...common(),
    userAgent: "octokit-stack-test/1.0",
    timeZone: "Europe/Amsterdam",
    request: { fetch: countingFetch },
  });
  addHooks(instance.hook);
  return instance;
});

function addHooks(hook) {
  hook.before("request", (options) => {
    current.hooks.push(["before", options.method, options.url]);
    options.headers["x-request-source"] = "hook.before";
  });
  hook.wrap("request", async (request, options) => {
    current.hooks.push(["wrap", options.method, options.url, options.baseUrl, options.mediaType]);
    options.headers["x-trace-id"] = "trace-1";
    const response = await request(options);
    current.hooks.push(["wrap: response", response.status]);
    return response;
  });
  hook.after("request", (response, options) => {
    current.hooks.push(["after", response.status, options.method, options.url]);
  });
  hook.error("request", (error, options) => {
    current.hooks.push(["error", error.status, options.method, options.url]);
    if (error.status === 404 && options.url.endsWith("/contents/{path}")) {
      return { status: 200, url: "", headers: {}, data: { recovered: options.path } };
    }
    throw error;
  });
}

/** Resolves once the fake GitHub holds a request (the one `pending` sent), or `pending` settles. */
async function untilHeld(pending) {
  let settled = false;
  pending.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let tries = 0; tries < 500 && !settled; tries += 1) {
    const { held } = await (await fetch(`${origin}/__held`)).json();
    if (held > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const bytes = (length) => Buffer.from(Array.from({ length }, (_, i) => (i * 37 + 11) % 256));
const QUERY = `query ($owner: String!, $repo: String!) {
  repository(owner: $owner, name: $repo) { name issues(last: 2) { nodes { title } } }
}`;

/**
 * The calls, in order: an id, the call, what the reference app gets ("ok", an error's
 * status or, without one, its class), and flags the rate-limit handlers read while it runs.
 */
const calls = [];
const call = (id, run, expected = "ok", flags = {}) => calls.push({ id, run, expected, flags });

// ——— every verb, through octokit.rest.* methods; query and body parameters ———
call("GET rest.repos.get", () => octokit.rest.repos.get({ owner, repo }));
call("GET query parameters, one undefined: rest.issues.listForRepo", () =>
  octokit.rest.issues.listForRepo({
    owner,
    repo,
    state: "open",
    labels: "bug,ui",
    sort: "updated",
    per_page: 2,
    milestone: undefined,
  }),
);
call("GET boolean query parameter: rest.repos.listContributors", () =>
  octokit.rest.repos.listContributors({ owner, repo, anon: true }),
);
call("POST body: rest.issues.create", () =>
  octokit.rest.issues.create({
    owner,
    repo,
    title: "Found a bug",
    body: "Steps:\n1. Run it — ü\n2. See 💥",
    labels: ["bug"],
    assignees: ["octocat"],
    milestone: 1,
  }),
);
call("PATCH body with a null: rest.issues.update", () =>
  octokit.rest.issues.update({
    owner,
    repo,
    issue_number: 1,
    state: "closed",
    state_reason: "completed",
    milestone: null,
  }),
);
call("DELETE (204): rest.issues.unlock", () => octokit.rest.issues.unlock({ owner, repo, issue_number: 1 }));
call("PUT without body: rest.activity.starRepoForAuthenticatedUser", () =>
  octokit.rest.activity.starRepoForAuthenticatedUser({ owner, repo }),
);
call("PATCH without body (205): rest.activity.markThreadAsRead", () =>
  octokit.rest.activity.markThreadAsRead({ thread_id: 9 }),
);
call("DELETE with body: rest.issues.removeAssignees", () =>
  octokit.rest.issues.removeAssignees({ owner, repo, issue_number: 1, assignees: ["octocat"] }),
);
call("POST without body: rest.actions.reRunWorkflow", () =>
  octokit.rest.actions.reRunWorkflow({ owner, repo, run_id: 5 }),
);
call("POST nested body: rest.git.createTree", () =>
  octokit.rest.git.createTree({
    owner,
    repo,
    base_tree: "9fb037999f264ba9a7fc6274d15fa3ae2ab98312",
    tree: [
      { path: "docs/guide ü.md", mode: "100644", type: "blob", content: "# Guide\n" },
      { path: "old.txt", mode: "100644", type: "blob", sha: null },
    ],
  }),
);
call("PUT nested body, {path} with a space: rest.repos.createOrUpdateFileContents", () =>
  octokit.rest.repos.createOrUpdateFileContents({
    owner,
    repo,
    path: "docs/guide ü.md",
    message: "docs: guide",
    content: Buffer.from("# Guide\n").toString("base64"),
    branch: "feature/x",
    committer: { name: "Octo Cat", email: "octocat@github.com" },
  }),
);
call("PUT nulls in body: rest.repos.updateBranchProtection", () =>
  octokit.rest.repos.updateBranchProtection({
    owner,
    repo,
    branch: "main",
    required_status_checks: null,
    enforce_admins: true,
    required_pull_request_reviews: null,
    restrictions: null,
  }),
);
call("POST array body (mapToData): rest.repos.addStatusCheckContexts", () =>
  octokit.rest.repos.addStatusCheckContexts({ owner, repo, branch: "main", contexts: ["ci/test", "ci/lint"] }),
);
call("POST auth route: rest.apps.createInstallationAccessToken", () =>
  octokit.rest.apps.createInstallationAccessToken({ installation_id: 42, repositories: [repo] }),
);
call("GET 204: rest.repos.checkCollaborator", () =>
  octokit.rest.repos.checkCollaborator({ owner, repo, username: "octocat" }),
);
call(
  "GET 404: rest.repos.checkCollaborator",
  () => octokit.rest.repos.checkCollaborator({ owner, repo, username: "ghost" }),
  404,
);

// ——— octokit.request(...) in each of its forms; HEAD ———
call("HEAD 200: request", () => octokit.request("HEAD /repos/{owner}/{repo}", { owner, repo }));
call(
  "HEAD 404: request",
  () => octokit.request("HEAD /repos/{owner}/{repo}/contents/{path}", { owner, repo, path: "missing.txt" }),
  404,
);
call("request(route, parameters)", () =>
  octokit.request("GET /repos/{owner}/{repo}/issues/{issue_number}", { owner, repo, issue_number: 1 }),
);
call("request(options)", () =>
  octokit.request({ method: "GET", url: "/repos/{owner}/{repo}/issues/{issue_number}", owner, repo, issue_number: 1 }),
);
call("request(url alone)", () => octokit.request("/rate_limit"));
call("request(absolute url)", () => octokit.request(`GET ${origin}/repos/${owner}/${repo}`));
call("request.defaults({ owner, repo })", () =>
  octokit.request.defaults({ owner, repo })("GET /repos/{owner}/{repo}/branches/{branch}", { branch: "main" }),
);
call("request POST with a data string and content-type: /markdown/raw", () =>
  octokit.request("POST /markdown/raw", {
    data: "Hello **world** ü",
    headers: { "content-type": "text/plain; charset=utf-8" },
  }),
);
call("request POST: /markdown", () =>
  octokit.request("POST /markdown", { text: "Hello **world**", mode: "gfm", context: `${owner}/${repo}` }),
);
call(
  "conditional GET 304: if-none-match",
  () => octokit.rest.repos.getLatestRelease({ owner, repo, headers: { "if-none-match": '"v1"' } }),
  304,
);
call("GET with an API version header in any case", () =>
  octokit.rest.repos.getLatestRelease({ owner, repo, headers: { "X-GitHub-Api-Version": "2022-11-28" } }),
);
call("request.endpoint(...) (no request)", async () =>
  octokit.request.endpoint("POST /repos/{owner}/{repo}/issues", { owner, repo, title: "Hi", labels: ["bug"] }),
);

// ——— path values that need encoding ———
call("{path} with '/' and ' ': rest.repos.getContent", () =>
  octokit.rest.repos.getContent({ owner, repo, path: "docs/read me.md", ref: "feature/x" }),
);
call("{path} with unicode, format raw: rest.repos.getContent", () =>
  octokit.rest.repos.getContent({ owner, repo, path: "src/ünï cödé.txt", mediaType: { format: "raw" } }),
);
call("{ref} with '/': rest.git.getRef", () => octokit.rest.git.getRef({ owner, repo, ref: "heads/feature/x" }));
call("{+ref} with '/': request", () =>
  octokit.request("GET /repos/{owner}/{repo}/git/ref/{+ref}", { owner, repo, ref: "heads/feature/x" }),
);
call("{+path} with ' ' and unicode: request", () =>
  octokit.request("GET /repos/{owner}/{repo}/contents/{+path}", { owner, repo, path: "docs/a b/ü.md", ref: "main" }),
);
call("{branch} with '/': rest.repos.getBranch", () =>
  octokit.rest.repos.getBranch({ owner, repo, branch: "release/1.x" }),
);
call("{base}...{head}: rest.repos.compareCommits", () =>
  octokit.rest.repos.compareCommits({ owner, repo, base: "main", head: "octocat:feature/ü" }),
);
call("{name} with ':', '/', emoji: rest.issues.getLabel", () =>
  octokit.rest.issues.getLabel({ owner, repo, name: "priority: high/urgent 🔥" }),
);

// ——— mediaType formats and binary downloads ———
call("format diff: rest.pulls.get", () =>
  octokit.rest.pulls.get({ owner, repo, pull_number: 1, mediaType: { format: "diff" } }),
);
call("format patch: rest.repos.getCommit", () =>
  octokit.rest.repos.getCommit({ owner, repo, ref: "abc123", mediaType: { format: "patch" } }),
);
call("format html: rest.issues.get", () =>
  octokit.rest.issues.get({ owner, repo, issue_number: 1, mediaType: { format: "html" } }),
);
call("accept application/octet-stream, redirected: rest.repos.getReleaseAsset", () =>
  octokit.rest.repos.getReleaseAsset({ owner, repo, asset_id: 3, headers: { accept: "application/octet-stream" } }),
);
call("redirected download: rest.repos.downloadZipballArchive", () =>
  octokit.rest.repos.downloadZipballArchive({ owner, repo, ref: "main" }),
);
call("parseSuccessResponseBody false: rest.repos.downloadTarballArchive", async () => {
  const response = await octokit.rest.repos.downloadTarballArchive({
    owner,
    repo,
    ref: "main",
    request: { parseSuccessResponseBody: false },
  });
  return { status: response.status, data: await new Response(response.data).arrayBuffer() };
});

// ——— search: a raw '+' in q ———
call("search q with '+': rest.search.issuesAndPullRequests", () =>
  octokit.rest.search.issuesAndPullRequests({ q: "is:open+label:bug", per_page: 2 }),
);
call("search q with spaces: rest.search.issuesAndPullRequests", () =>
  octokit.rest.search.issuesAndPullRequests({ q: "is:open label:bug", per_page: 1 }),
);

// ——— pagination over Link headers ———
call("paginate(rest method), 3 pages", () =>
  octokit.paginate(octokit.rest.issues.listForRepo, { owner, repo, per_page: 2 }),
);
call("paginate(route) with a map function", () =>
  octokit.paginate("GET /repos/{owner}/{repo}/pulls", { owner, repo, per_page: 1 }, (response) =>
    response.data.map((pull) => pull.number),
  ),
);
call("paginate(search) with q '+', normalised pages", () =>
  octokit.paginate(octokit.rest.search.issuesAndPullRequests, { q: "is:open+label:bug", per_page: 2 }),
);
call("paginate.iterator, left after the first page", async () => {
  for await (const response of octokit.paginate.iterator(octokit.rest.issues.listForRepo, {
    owner,
    repo,
    per_page: 2,
  })) {
    return response.data.map((issue) => issue.number);
  }
});

// ——— a release and its assets ———
let uploadUrl;
call("POST rest.repos.createRelease (its upload_url)", async () => {
  const response = await octokit.rest.repos.createRelease({ owner, repo, tag_name: "v1.0.0", name: "v1.0.0" });
  uploadUrl = response.data.upload_url;
  return response;
});
call("upload to the upload_url {?name,label}: rest.repos.uploadReleaseAsset", () => {
  const data = bytes(4096);
  return octokit.rest.repos.uploadReleaseAsset({
    owner,
    repo,
    release_id: 1,
    url: uploadUrl,
    name: "fluent endpoint (linux).tar.gz",
    label: "Linux build ü",
    data,
    headers: { "content-type": "application/gzip", "content-length": data.length },
  });
});
call("upload through baseUrl, name without label: rest.repos.uploadReleaseAsset", () => {
  const data = "0123abcd  fluent-endpoint.tgz\n";
  return octokit.rest.repos.uploadReleaseAsset({
    owner,
    repo,
    release_id: 1,
    baseUrl: `${origin}/uploads`,
    name: "checksums.txt",
    data,
    headers: { "content-type": "text/plain", "content-length": Buffer.byteLength(data) },
  });
});

// ——— GraphQL ———
call("graphql(query, variables)", () => octokit.graphql(QUERY, { owner, repo }));
call("graphql({ query, ...variables, headers })", () =>
  octokit.graphql({ query: QUERY, owner, repo, headers: { "x-github-next-global-id": "1" } }),
);
call(
  "graphql errors: GraphqlResponseError",
  () =>
    octokit.graphql(`query broken($owner: String!, $repo: String!) { repository { id } }`, { owner, repo: "missing" }),
  "GraphqlResponseError",
);
call("graphql with mediaType.previews", () =>
  octokit.graphql({ query: "{ viewer { login } }", mediaType: { previews: ["nebula"] } }),
);
call("request('POST /graphql')", () => octokit.request("POST /graphql", { query: "{ viewer { login } }" }));

// ——— an app's own hooks and fetch ———
call("hooks: GET through before, wrap, after and the app's fetch", async () => {
  const before = fetchCalls;
  const response = await hooked().rest.repos.get({ owner, repo });
  return { status: response.status, data: response.data, fetchCalls: fetchCalls - before };
});
call("hooks: POST through the hooks", () =>
  hooked().rest.reactions.createForIssue({ owner, repo, issue_number: 1, content: "+1" }),
);
call("hooks: hook.error recovers a 404", () => hooked().rest.repos.getContent({ owner, repo, path: "missing.txt" }));

// ——— plugin-retry ———
call("retry: GET answered 502 once", () =>
  octokit.request("GET /repos/{owner}/{repo}/commits/{ref}/status", { owner, repo, ref: "flaky" }),
);
call("retry: PATCH answered 503 once", () =>
  octokit.rest.issues.update({ owner, repo, issue_number: 2, title: "Retried" }),
);
call(
  "retry: POST answered 500 each time, request.retries 1",
  () =>
    octokit.rest.repos.createCommitStatus({
      owner,
      repo,
      sha: "deadbeef",
      state: "success",
      request: { retries: 1 },
    }),
  500,
);

// ——— plugin-throttling's rate-limit handlers ———
call("rate limit: 403 once, onRateLimit retries", () => octokit.rest.repos.getViews({ owner, repo }));
call("secondary rate limit: 403 once, onSecondaryRateLimit retries", () =>
  octokit.rest.issues.createComment({ owner, repo, issue_number: 3, body: "Me too" }),
);
call("429 once: plugin-retry retries", () => octokit.rest.activity.listStargazersForRepo({ owner, repo }));
call(
  "rate limit: onRateLimit declines, the 403 reaches the app",
  () => octokit.rest.orgs.get({ org: "octokit" }),
  403,
  { declineRateLimit: true },
);

// ——— AbortSignal through request.signal ———
call("signal, not aborted", () =>
  octokit.rest.repos.get({ owner, repo, request: { signal: new AbortController().signal } }),
);
call(
  "signal aborted before the call",
  () => {
    const controller = new AbortController();
    controller.abort();
    return octokit.rest.repos.get({ owner, repo, request: { signal: controller.signal } });
  },
  500,
);
call(
  "signal aborted in flight",
  async () => {
    const controller = new AbortController();
    const pending = octokit.request("GET /repos/{owner}/{repo}/commits/{ref}/status", {
      owner,
      repo,
      ref: "slow",
      request: { signal: controller.signal },
    });
    await untilHeld(pending);
    controller.abort();
    return pending;
  },
  500,
);

// ——— new Octokit({ previews }) ———
call("previews instance: REST accept", () => mercy().rest.repos.getAllTopics({ owner, repo }));
call("previews instance: graphql", () => mercy().graphql("{ topics }"));
call("previews instance: graphql with call previews", () =>
  mercy().graphql({ query: "{ topics }", mediaType: { previews: ["nebula-preview"] } }),
);

// ——— GitHub Enterprise Server: baseUrl http://127.0.0.1:PORT/api/v3 ———
call("GHES: GET rest.repos.get", () => ghes().rest.repos.get({ owner, repo }));
call("GHES: PATCH rest.issues.update", () =>
  ghes().rest.issues.update({ owner, repo, issue_number: 1, labels: ["bug", "ui"] }),
);
call("GHES: graphql at /api/graphql", () => ghes().graphql(QUERY, { owner, repo }));
call("GHES: graphql with mediaType.previews", () =>
  ghes().graphql({ query: "{ viewer { login } }", mediaType: { previews: ["nebula"] } }),
);
call("GHES: paginate", () => ghes().paginate(ghes().rest.issues.listForRepo, { owner, repo, per_page: 2 }));
call("GHES: search q with '+'", () => ghes().rest.search.issuesAndPullRequests({ q: "is:open+label:bug" }));
call("GHES: createRelease, then upload to its upload_url", async () => {
  const release = await ghes().rest.repos.createRelease({ owner, repo, tag_name: "v2.0.0" });
  const data = bytes(1000);
  return ghes().rest.repos.uploadReleaseAsset({
    owner,
    repo,
    release_id: release.data.id,
    url: release.data.upload_url,
    name: "app.zip",
    data,
    headers: { "content-type": "application/zip", "content-length": data.length },
  });
});

// ——— running them ———

/** `value` as JSON, binary data as base64 and `undefined` as a marker, so that it can be compared. */
function plain(value) {
  if (value === undefined) return { undefined: true };
  return JSON.parse(
    JSON.stringify(value, (_key, item) => {
      if (item instanceof ArrayBuffer) return { bytes: Buffer.from(item).toString("base64") };
      if (ArrayBuffer.isView(item)) {
        return { bytes: Buffer.from(item.buffer, item.byteOffset, item.byteLength).toString("base64") };
      }
      return item;
    }),
  );
}

function isResponse(value) {
  return value !== null && typeof value === "object" && "status" in value && "data" in value && "headers" in value;
}

function describeError(error) {
  if (!(error instanceof Error)) return { thrown: String(error) };
  const described = { class: error.constructor.name, name: error.name, status: error.status, message: error.message };
  if (error.response && "data" in error.response) described.data = plain(error.response.data);
  if (error.request && typeof error.request.url === "string") {
    described.request = { method: error.request.method, url: error.request.url };
  }
  if (error.errors) described.errors = plain(error.errors);
  return described;
}

async function settle(run) {
  let timer;
  try {
    const value = await Promise.race([
      run(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no outcome within ${CALL_TIMEOUT_MS} ms`)), CALL_TIMEOUT_MS);
      }),
    ]);
    return isResponse(value) ? { status: value.status, data: plain(value.data) } : { value: plain(value) };
  } catch (error) {
    return { error: describeError(error) };
  } finally {
    clearTimeout(timer);
  }
}

// A promise of the stack that fails unobserved would end the process: noted instead, with the call under way.
const unhandled = [];
process.on("unhandledRejection", (reason) => unhandled.push({ call: current?.id, reason: String(reason) }));

const results = [];
for (const { id, run, expected, flags } of calls) {
  await fetch(`${origin}/__mark/${encodeURIComponent(id)}`);
  current = { id, expected, limiters: [], handlers: [], hooks: [], warnings: [], ...flags };
  const outcome = await settle(run);
  const { declineRateLimit: _, ...record } = current;
  results.push({ ...record, outcome });
  current = undefined;
}
writeFileSync(resultFile, JSON.stringify({ node: process.version, calls: results, unhandled }, null, 2));
process.exit(0);
