// A fake GitHub on 127.0.0.1 for test/octokit-stack.test.ts, in two builds that answer
// alike: "raw", a recorder on node:net that parses HTTP/1.1 itself and so records a
// request line exactly as sent (a lowercase `patch` too), and "http", a stock node:http
// server, whose parser answers 400 to such a method before any handler runs (recorded
// as a refusal). Each records, in order, every request (method, target, headers, body
// bytes) and the marks the app sends between its calls (GET /__mark/<call id>; GET
// /__held, unrecorded, says how many requests it holds), and
// answers realistic JSON: Link headers for pagination, a 5xx once for retries, rate-limit
// responses, a 404 for a HEAD, redirects to downloads. It is bounded: request count,
// header and body size, socket idle time, and its own lifetime.
import { createHash } from "node:crypto";
import { createServer as createHttpServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createNetServer, type AddressInfo, type Server, type Socket } from "node:net";

export type ServerKind = "raw" | "http";

/** A request as it reached the server. */
export interface WireRequest {
  kind: "request";
  /** As sent: the raw recorder keeps its case; node:http only ever passes upper case. */
  method: string;
  /** The request target as sent: path and query. */
  target: string;
  /** Names lower-cased, repeated ones joined with ", ". */
  headers: Record<string, string>;
  /** The body bytes, base64. */
  body: string;
}

/** A request node:http's parser refused before any handler (it answered 400). */
export interface WireRefusal {
  kind: "refused";
  code: string;
  requestLine: string;
}

/** The app's marker sent before each call: what follows, up to the next mark, is that call's. */
export interface WireMark {
  kind: "mark";
  id: string;
}

export type WireEvent = WireRequest | WireRefusal | WireMark;

export interface FakeGitHub {
  readonly kind: ServerKind;
  readonly origin: string;
  readonly events: WireEvent[];
  close(): Promise<void>;
}

const LIMITS = {
  requests: 2_000,
  headerBytes: 32 * 1024,
  bodyBytes: 1024 * 1024,
  socketIdleMs: 15_000,
  lifetimeMs: 240_000,
  /** How long a request to the "slow" status (the in-flight abort) is held, at most. */
  holdMs: 5_000,
};

export const TOKEN = "secret123";
const OWNER = "octokit";
const REPO = "fixtures";
const DOCS = "https://docs.github.com/rest";

interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

interface Incoming {
  method: string;
  target: string;
  headers: Record<string, string>;
  body: Buffer;
}

function json(status: number, data: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
    body: JSON.stringify(data),
  };
}

function text(status: number, contentType: string, body: string | Buffer, headers: Record<string, string> = {}): Reply {
  return { status, headers: { "content-type": contentType, ...headers }, body };
}

const empty = (status: number, headers: Record<string, string> = {}): Reply => ({ status, headers });
const notFound = (): Reply => json(404, { message: "Not Found", documentation_url: DOCS, status: "404" });

const ISSUES = [1, 2, 3, 4, 5].map((number) => ({
  number,
  title: number === 1 ? "Found a bug" : `Issue ${number}`,
  state: "open",
  labels: number <= 3 ? [{ name: "bug" }] : [{ name: "ui" }],
}));
const PULLS = [11, 12, 13].map((number) => ({ number, title: `Pull ${number}`, state: "open" }));

/** Serves `items` page by page, with GitHub's Link header built from the request's own target. */
function paginated(
  origin: string,
  target: string,
  items: readonly unknown[],
  wrap?: (page: unknown[]) => unknown,
): Reply {
  const [path, query = ""] = splitTarget(target);
  const params = new URLSearchParams(query);
  const perPage = Math.max(1, Number(params.get("per_page") ?? 30));
  const page = Math.max(1, Number(params.get("page") ?? 1));
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const pageItems = items.slice((page - 1) * perPage, page * perPage);
  // The other parameters keep the form they were sent in (a raw `+` in `q` stays one).
  const kept = query.split("&").filter((pair) => pair !== "" && !pair.startsWith("page="));
  const link = (n: number) => `${origin}${path}?${[...kept, `page=${n}`].join("&")}`;
  const links: string[] = [];
  if (page < last) links.push(`<${link(page + 1)}>; rel="next"`, `<${link(last)}>; rel="last"`);
  if (page > 1) links.push(`<${link(1)}>; rel="first"`, `<${link(page - 1)}>; rel="prev"`);
  return json(200, wrap ? wrap(pageItems) : pageItems, links.length ? { link: links.join(", ") } : {});
}

function splitTarget(target: string): [string, string | undefined] {
  const at = target.indexOf("?");
  return at < 0 ? [target, undefined] : [target.slice(0, at), target.slice(at + 1)];
}

function bodyJson(request: Incoming): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(request.body.toString("utf8"));
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function rateLimited(): Reply {
  return json(
    403,
    { message: "API rate limit exceeded for user ID 1.", documentation_url: `${DOCS}/overview/rate-limits` },
    // A reset in the past: plugin-throttling computes a retryAfter of 0 from it, not a wait.
    {
      "x-ratelimit-limit": "5000",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) - 10),
    },
  );
}

/** GitHub's answers. `failures` counts the failures still to give for the fail-once routes. */
function answer(request: Incoming, origin: string, failures: Map<string, number>): Reply | "hold" {
  const [rawPath, rawQuery] = splitTarget(request.target);
  const query = new URLSearchParams(rawQuery ?? "");
  const { method } = request;
  let decoded: string[];
  try {
    decoded = rawPath.split("/").map((segment) => decodeURIComponent(segment));
  } catch {
    return json(400, { message: "Malformed path", documentation_url: DOCS });
  }
  if (decoded[0] !== "") return json(400, { message: "Malformed request target", documentation_url: DOCS });
  const segments = decoded.slice(1);

  if (segments[0] === "__mark") return empty(204);

  // Downloads a redirect leads to (no token needed there).
  if (segments[0] === "downloads" || segments[0] === "codeload") {
    const bytes = createHash("sha256").update(segments.join("/")).digest();
    return text(200, segments[0] === "codeload" ? "application/zip" : "application/octet-stream", bytes);
  }

  if (request.headers.authorization !== `token ${TOKEN}`) {
    return json(401, { message: "Requires authentication", documentation_url: DOCS, status: "401" });
  }
  // Methods are case-sensitive (RFC 9110 §9.1): a server that knows PATCH does not know `patch`.
  if (!/^[A-Z]+$/.test(method)) {
    return json(400, {
      message: `Unsupported method "${method}": methods are case-sensitive`,
      documentation_url: DOCS,
    });
  }

  // GitHub Enterprise Server: the REST API under /api/v3, GraphQL at /api/graphql, uploads under /api/uploads.
  let api = "";
  if (segments[0] === "api" && (segments[1] === "v3" || segments[1] === "uploads")) {
    api = `/api/${segments[1]}`;
    segments.splice(0, 2);
  } else if (segments[0] === "api" && segments[1] === "graphql" && segments.length === 2) {
    segments.splice(0, 1);
  }
  const base = `${origin}${api}`;
  const route = `${method} /${segments.join("/")}`;
  const failOnce = (key: string, reply: Reply): Reply | undefined => {
    const left = failures.get(key) ?? 1;
    failures.set(key, left - 1);
    return left > 0 ? reply : undefined;
  };

  if (api === "/api/uploads" || segments[0] === "uploads") {
    if (segments[0] === "uploads") segments.shift();
    const match = /^repos\/octokit\/fixtures\/releases\/(\d+)\/assets$/.exec(segments.join("/"));
    if (method !== "POST" || !match) return notFound();
    return json(201, {
      id: 30,
      name: query.get("name"),
      label: query.get("label") ?? "",
      content_type: request.headers["content-type"] ?? null,
      size: request.body.length,
      sha256: createHash("sha256").update(request.body).digest("hex"),
      state: "uploaded",
    });
  }

  if (segments[0] === "graphql" && segments.length === 1) {
    if (method !== "POST") return notFound();
    const { query: document = "", variables = {} } = bodyJson(request) as { query?: string; variables?: any };
    if (/\bbroken\b/.test(document)) {
      return json(200, {
        data: { repository: null },
        errors: [
          {
            type: "NOT_FOUND",
            path: ["repository"],
            message: `Could not resolve to a Repository with the name '${variables.owner}/${variables.repo}'.`,
          },
        ],
      });
    }
    const data: Record<string, unknown> = {};
    if (/\bviewer\b/.test(document)) data.viewer = { login: "octocat" };
    if (/\brepository\b/.test(document)) {
      data.repository = {
        name: variables.repo ?? REPO,
        issues: { nodes: ISSUES.slice(0, 2).map(({ title }) => ({ title })) },
      };
    }
    if (/\btopics\b/.test(document)) data.topics = ["octokit", "fixtures"];
    return json(200, { data });
  }

  switch (route) {
    case "GET /rate_limit":
      return json(200, { resources: { core: { limit: 5000, used: 1, remaining: 4999 } } });
    case "POST /markdown":
      return text(200, "text/html;charset=utf-8", `<p>${String(bodyJson(request).text)}</p>\n`);
    case "POST /markdown/raw":
      return text(200, "text/html;charset=utf-8", `<p>${request.body.toString("utf8")}</p>\n`);
    case "PATCH /notifications/threads/9":
      return empty(205);
    case "POST /app/installations/42/access_tokens":
      return json(201, { token: "ghs_16C7e42F292c6912E7710c838347Ae178B4a", expires_at: "2030-01-01T00:00:00Z" });
    case "GET /orgs/octokit":
      return rateLimited();
  }
  if (route === "PUT /user/starred/octokit/fixtures") {
    // GitHub asks for a Content-Length on a PUT without body.
    return request.headers["content-length"] === "0" ? empty(204) : json(411, { message: "Length Required" });
  }

  if (segments[0] !== "repos" || segments[1] !== OWNER || segments[2] !== REPO) return notFound();
  const rest = segments.slice(3);
  const path = rest.join("/");
  const repoRoute = `${method} ${path}`;
  const repoUrl = `${base}/repos/${OWNER}/${REPO}`;

  // The path of a file: {path} (its "/" encoded) and {+path} (kept) reach the same file.
  if (rest[0] === "contents") {
    const file = rest.slice(1).join("/");
    if (method === "HEAD" || method === "GET") {
      if (file === "missing.txt") return method === "HEAD" ? empty(404) : notFound();
      const ref = query.get("ref") ?? "main";
      if (/\.raw\b/.test(request.headers.accept ?? ""))
        return text(200, "text/plain; charset=utf-8", `${file}@${ref}\n`);
      return json(200, { type: "file", name: file.split("/").pop(), path: file, ref, encoding: "base64", size: 5 });
    }
    if (method === "PUT") {
      const { message, branch, content } = bodyJson(request);
      return json(201, {
        content: { path: file, size: Buffer.from(String(content), "base64").length },
        commit: { message, branch },
      });
    }
  }
  if (method === "GET" && rest[0] === "git" && rest[1] === "ref" && rest.length > 2) {
    return json(200, { ref: `refs/${rest.slice(2).join("/")}`, object: { type: "commit", sha: "c0ffee" } });
  }
  if (method === "GET" && rest[0] === "branches" && rest.length > 1) {
    return json(200, { name: rest.slice(1).join("/"), protected: false });
  }
  if (method === "GET" && rest[0] === "compare" && rest.length > 1) {
    const [baseRef, headRef] = rest.slice(1).join("/").split("...");
    return json(200, { base: baseRef, head: headRef, status: "ahead", ahead_by: 1 });
  }
  if (method === "GET" && rest[0] === "labels" && rest.length > 1) {
    return json(200, { name: rest.slice(1).join("/"), color: "d73a4a" });
  }

  switch (repoRoute) {
    case "GET ":
      return json(200, { id: 1, full_name: `${OWNER}/${REPO}`, private: false, default_branch: "main" });
    case "HEAD ":
      return empty(200, { "content-type": "application/json; charset=utf-8" });
    case "GET issues":
      return paginated(base, request.target.slice(api.length), ISSUES);
    case "POST issues": {
      const { title, labels = [] } = bodyJson(request);
      return json(201, { number: 6, title, labels, state: "open" });
    }
    case "GET issues/1":
      return /\.html\b/.test(request.headers.accept ?? "")
        ? json(200, { number: 1, title: "Found a bug", body_html: "<p>Steps</p>" })
        : json(200, { number: 1, title: "Found a bug", state: "open" });
    case "PATCH issues/1":
      return json(200, { number: 1, ...bodyJson(request) });
    case "PATCH issues/2":
      return (
        failOnce(repoRoute, json(503, { message: "Service Unavailable" })) ??
        json(200, { number: 2, ...bodyJson(request) })
      );
    case "DELETE issues/1/lock":
      return empty(204);
    case "DELETE issues/1/assignees":
      return json(200, { number: 1, assignees: [] });
    case "POST issues/1/reactions":
      return json(201, { id: 8, content: bodyJson(request).content });
    case "POST issues/3/comments":
      return (
        failOnce(
          repoRoute,
          json(
            403,
            {
              message: "You have exceeded a secondary rate limit. Please wait a few minutes.",
              documentation_url: DOCS,
            },
            { "retry-after": "1" },
          ),
        ) ?? json(201, { id: 9, body: bodyJson(request).body })
      );
    case "GET collaborators/octocat":
      return empty(204);
    case "GET contributors":
      return json(200, [
        { login: "octocat", contributions: 3 },
        ...(query.get("anon") === "true" ? [{ type: "Anonymous", contributions: 1 }] : []),
      ]);
    case "GET pulls":
      return paginated(base, request.target.slice(api.length), PULLS);
    case "GET pulls/1":
      return /\.diff\b/.test(request.headers.accept ?? "")
        ? text(200, "application/vnd.github.v3.diff; charset=utf-8", "diff --git a/README.md b/README.md\n+Hello\n")
        : json(200, { number: 1, title: "Pull 1" });
    case "GET commits/abc123":
      return /\.patch\b/.test(request.headers.accept ?? "")
        ? text(200, "application/vnd.github.v3.patch; charset=utf-8", "From abc123 Mon Sep 17 00:00:00 2001\n")
        : json(200, { sha: "abc123" });
    case "GET commits/flaky/status":
      return (
        failOnce(repoRoute, json(502, { message: "Server Error" })) ?? json(200, { state: "success", sha: "flaky" })
      );
    case "GET commits/slow/status":
      return "hold";
    case "POST statuses/deadbeef":
      return json(500, { message: "Server Error" });
    case "GET traffic/views":
      return failOnce(repoRoute, rateLimited()) ?? json(200, { count: 14, uniques: 3 });
    case "GET stargazers":
      return failOnce(repoRoute, json(429, { message: "Too many requests" })) ?? json(200, [{ login: "octocat" }]);
    case "GET topics":
      return json(200, { names: ["octokit", "fixtures"] });
    case "GET releases/latest":
      return request.headers["if-none-match"] === '"v1"'
        ? empty(304, { etag: '"v1"' })
        : json(200, { id: 1, tag_name: "v1.0.0" }, { etag: '"v1"' });
    case "POST releases": {
      const { tag_name, name } = bodyJson(request);
      return json(201, {
        id: 1,
        tag_name,
        name,
        upload_url: `${origin}${api === "/api/v3" ? "/api/uploads" : "/uploads"}/repos/${OWNER}/${REPO}/releases/1/assets{?name,label}`,
      });
    }
    case "GET releases/assets/3":
      return /application\/octet-stream/.test(request.headers.accept ?? "")
        ? empty(302, { location: `${origin}/downloads/${OWNER}/${REPO}/asset-3.bin` })
        : json(200, { id: 3, name: "asset-3.bin", url: `${repoUrl}/releases/assets/3` });
    case "GET zipball/main":
    case "GET tarball/main":
      return empty(302, { location: `${origin}/codeload/${OWNER}/${REPO}/legacy.${rest[0]}/refs/heads/main` });
    case "POST git/trees": {
      const { tree } = bodyJson(request);
      return json(201, { sha: "7a3c", tree });
    }
    case "PUT branches/main/protection":
      return json(200, { url: `${repoUrl}/branches/main/protection`, ...bodyJson(request) });
    case "POST branches/main/protection/required_status_checks/contexts":
      return json(200, JSON.parse(request.body.toString("utf8") || "[]"));
    case "POST actions/runs/5/rerun":
      return json(201, {});
  }
  return notFound();
}

/** Search, which lives outside /repos: `q` is read as a form value, so a raw `+` is a space. */
function answerSearch(request: Incoming, origin: string): Reply | undefined {
  const [rawPath, rawQuery] = splitTarget(request.target);
  const api = rawPath.startsWith("/api/v3/") ? "/api/v3" : "";
  if (request.method !== "GET" || rawPath.slice(api.length) !== "/search/issues") return undefined;
  if (request.headers.authorization !== `token ${TOKEN}`) return undefined;
  const terms = (new URLSearchParams(rawQuery ?? "").get("q") ?? "").split(/\s+/);
  const matches = terms.includes("is:open") && terms.includes("label:bug") ? ISSUES.slice(0, 3) : [];
  return paginated(`${origin}${api}`, request.target.slice(api.length), matches, (items) => ({
    total_count: matches.length,
    incomplete_results: false,
    items,
  }));
}

/** The fake GitHub's router, with the state of one server (its fail-once counters). */
function createRouter(origin: () => string) {
  const failures = new Map<string, number>();
  return (request: Incoming): Reply | "hold" => answerSearch(request, origin()) ?? answer(request, origin(), failures);
}

function recordedHeaders(pairs: [string, string][]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of pairs) {
    const key = name.toLowerCase();
    headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
  }
  return headers;
}

function markOf(target: string): string | undefined {
  const match = /^\/__mark\/([^?]*)$/.exec(target);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/** Starts a fake GitHub of the given kind on 127.0.0.1 (a free port). */
export async function startFakeGitHub(kind: ServerKind): Promise<FakeGitHub> {
  const events: WireEvent[] = [];
  let origin = "";
  const route = createRouter(() => origin);
  let count = 0;
  let held = 0;

  /** Records `request` and answers it; waits, for a held request, until the client goes or holdMs passes. */
  async function handle(request: Incoming, gone: Promise<void>): Promise<Reply | undefined> {
    count += 1;
    if (count > LIMITS.requests) return undefined;
    // How many requests are held now: the app asks (unrecorded) before it aborts one in flight.
    if (request.method === "GET" && request.target === "/__held") return json(200, { held });
    const mark = request.method === "GET" ? markOf(request.target) : undefined;
    if (mark !== undefined) events.push({ kind: "mark", id: mark });
    else
      events.push({
        kind: "request",
        method: request.method,
        target: request.target,
        headers: request.headers,
        body: request.body.toString("base64"),
      });
    const reply = route(request);
    if (reply !== "hold") return reply;
    let timer: NodeJS.Timeout | undefined;
    held += 1;
    await Promise.race([gone, new Promise((resolve) => (timer = setTimeout(resolve, LIMITS.holdMs)))]);
    held -= 1;
    clearTimeout(timer);
    return json(200, { state: "pending", sha: "slow" });
  }

  const sockets = new Set<Socket>();
  const server: Server =
    kind === "raw"
      ? createNetServer((socket) => serveRaw(socket, handle))
      : createHttpServer(
          { maxHeaderSize: LIMITS.headerBytes, requestTimeout: LIMITS.socketIdleMs, keepAliveTimeout: 5_000 },
          (req, res) => serveHttp(req, res, handle),
        ).on("clientError", (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
          // What node:http does without a listener (a bare 400), recorded first.
          const requestLine = (error.rawPacket ?? Buffer.alloc(0)).toString("latin1").split("\r\n")[0] ?? "";
          events.push({ kind: "refused", code: error.code ?? "unknown", requestLine });
          if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
          else socket.destroy();
        });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.setTimeout(LIMITS.socketIdleMs, () => socket.destroy());
    socket.on("close", () => sockets.delete(socket));
  });
  server.maxConnections = 64;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= new Promise<void>((resolve) => {
      clearTimeout(lifetime);
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    }));
  const lifetime = setTimeout(close, LIMITS.lifetimeMs);
  lifetime.unref();
  return { kind, origin, events, close };
}

type Handler = (request: Incoming, gone: Promise<void>) => Promise<Reply | undefined>;

function serveHttp(req: IncomingMessage, res: ServerResponse, handle: Handler): void {
  const chunks: Buffer[] = [];
  let size = 0;
  req.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > LIMITS.bodyBytes) req.socket.destroy();
    else chunks.push(chunk);
  });
  req.on("end", async () => {
    const pairs: [string, string][] = [];
    for (let i = 0; i < req.rawHeaders.length; i += 2) pairs.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!]);
    const gone = new Promise<void>((resolve) => res.once("close", () => resolve()));
    const reply = await handle(
      { method: req.method ?? "", target: req.url ?? "", headers: recordedHeaders(pairs), body: Buffer.concat(chunks) },
      gone,
    );
    if (res.destroyed || res.writableEnded) return;
    if (!reply) return void req.socket.destroy();
    const body = reply.body === undefined ? Buffer.alloc(0) : Buffer.from(reply.body);
    const headers = { ...reply.headers };
    if (reply.status !== 204 && reply.status !== 304) headers["content-length"] = String(body.length);
    res.writeHead(reply.status, headers);
    res.end(req.method === "HEAD" || reply.status === 204 || reply.status === 304 ? undefined : body);
  });
  req.on("error", () => req.socket.destroy());
}

/** HTTP/1.1 parsed by hand: the request line as sent, content-length or chunked bodies, keep-alive. */
function serveRaw(socket: Socket, handle: Handler): void {
  let buffer: Buffer = Buffer.alloc(0);
  let busy = false;
  const gone = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("error", () => socket.destroy());
  socket.on("data", (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    if (buffer.length > LIMITS.headerBytes + LIMITS.bodyBytes) socket.destroy();
    else void pump();
  });

  async function pump(): Promise<void> {
    if (busy) return;
    busy = true;
    try {
      for (;;) {
        const parsed = parseRequest(buffer);
        if (parsed === undefined) return;
        if ("refuse" in parsed) {
          socket.end(`HTTP/1.1 ${parsed.refuse} ${STATUS_CODES[parsed.refuse]}\r\nconnection: close\r\n\r\n`);
          return;
        }
        buffer = parsed.rest;
        const reply = await handle(parsed.request, gone);
        if (socket.destroyed) return;
        if (!reply) return void socket.destroy();
        socket.write(serialise(reply, parsed.request.method));
        if (/\bclose\b/i.test(parsed.request.headers.connection ?? "")) return void socket.end();
      }
    } finally {
      busy = false;
    }
  }
}

function serialise(reply: Reply, method: string): Buffer {
  const body = reply.body === undefined ? Buffer.alloc(0) : Buffer.from(reply.body);
  const noBody = reply.status === 204 || reply.status === 304;
  const lines = [`HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? "Unknown"}`];
  for (const [name, value] of Object.entries(reply.headers ?? {})) lines.push(`${name}: ${value}`);
  if (!noBody) lines.push(`content-length: ${body.length}`);
  lines.push("connection: keep-alive", "", "");
  const head = Buffer.from(lines.join("\r\n"), "latin1");
  return method.toUpperCase() === "HEAD" || noBody ? head : Buffer.concat([head, body]);
}

type Parsed = { request: Incoming; rest: Buffer } | { refuse: number } | undefined;

function parseRequest(buffer: Buffer): Parsed {
  const end = buffer.indexOf("\r\n\r\n");
  if (end < 0) return buffer.length > LIMITS.headerBytes ? { refuse: 431 } : undefined;
  if (end > LIMITS.headerBytes) return { refuse: 431 };
  const [line = "", ...headerLines] = buffer.subarray(0, end).toString("latin1").split("\r\n");
  const parts = line.split(" ");
  if (parts.length !== 3 || !parts[0] || !parts[1] || !/^HTTP\/1\.[01]$/.test(parts[2]!)) return { refuse: 400 };
  const pairs: [string, string][] = [];
  for (const headerLine of headerLines) {
    const colon = headerLine.indexOf(":");
    if (colon <= 0) return { refuse: 400 };
    pairs.push([headerLine.slice(0, colon).trim(), headerLine.slice(colon + 1).trim()]);
  }
  const headers = recordedHeaders(pairs);
  const start = end + 4;
  let body: Buffer;
  let rest: Buffer;
  if (/\bchunked\b/i.test(headers["transfer-encoding"] ?? "")) {
    const chunks: Buffer[] = [];
    let at = start;
    for (;;) {
      const lineEnd = buffer.indexOf("\r\n", at);
      if (lineEnd < 0) return undefined;
      const size = Number.parseInt(buffer.subarray(at, lineEnd).toString("latin1"), 16);
      if (!Number.isFinite(size) || size < 0) return { refuse: 400 };
      if (size === 0) {
        const trailerEnd = buffer.indexOf("\r\n", lineEnd + 2);
        if (trailerEnd < 0) return undefined;
        rest = buffer.subarray(trailerEnd + 2);
        break;
      }
      if (buffer.length < lineEnd + 2 + size + 2) return undefined;
      chunks.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
      if (at - start > LIMITS.bodyBytes) return { refuse: 413 };
    }
    body = Buffer.concat(chunks);
  } else {
    const length = Number(headers["content-length"] ?? 0);
    if (!Number.isSafeInteger(length) || length < 0) return { refuse: 400 };
    if (length > LIMITS.bodyBytes) return { refuse: 413 };
    if (buffer.length < start + length) return undefined;
    body = Buffer.from(buffer.subarray(start, start + length));
    rest = buffer.subarray(start + length);
  }
  return { request: { method: parts[0], target: parts[1], headers, body }, rest: Buffer.from(rest) };
}
