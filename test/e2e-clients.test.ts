// What endpoint() describes, sent by real HTTP clients to a loopback
// server, arrives exactly as described: method, path and query, headers, body bytes.
// Nothing but 127.0.0.1 is ever contacted.
import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import axios from "axios";
import got, { type Method } from "got";
import ky from "ky";
import { fetch as undiciFetch, request as undiciRequest } from "undici";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { endpoint, type RequestOptions, toFetch } from "../src/index.js";

interface Received {
  method: string;
  /** Path and query, as on the request line. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let server: Server;
let origin: string;
let received: Received[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(204).end();
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  // Clients keep connections alive; close them so that close() does not wait for their timeouts.
  server.closeAllConnections();
  server.close();
  await once(server, "close");
});

beforeEach(() => {
  received = [];
});

/** The one request the server received since the test started. */
function onlyRequest(): Received {
  expect(received).toHaveLength(1);
  return received[0] as Received;
}

/** The bytes a body is sent as, worked out independently of toFetch. */
function bytesOf(body: unknown): Buffer {
  if (body === undefined) return Buffer.alloc(0);
  if (typeof body === "string") return Buffer.from(body, "utf8");
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return Buffer.from(JSON.stringify(body), "utf8");
}

/** Asserts that the server received exactly what the request options describe. */
function expectReceived(result: RequestOptions): void {
  const request = onlyRequest();
  expect(result.url.startsWith(`${origin}/`)).toBe(true);
  expect(request.method).toBe(result.method.toUpperCase());
  expect(request.path).toBe(result.url.slice(origin.length));
  for (const name of ["accept", "authorization", "content-type", "user-agent"]) {
    const value = result.headers[name];
    expect({ [name]: request.headers[name] }).toEqual({ [name]: value === undefined ? undefined : String(value) });
  }
  expect(request.body.toString("hex")).toBe(bytesOf(result.body).toString("hex"));
}

const UPLOAD_BYTES = new Uint8Array([0, 1, 2, 13, 10, 127, 128, 239, 187, 191, 254, 255]);

/** The requests of the issue, built with endpoint() against the loopback server. */
const CASES: { name: string; build: (api: typeof endpoint) => RequestOptions }[] = [
  {
    name: "GET with a query string",
    build: (api) =>
      api("GET /repos/{owner}/{repo}/issues", {
        owner: "octokit",
        repo: "endpoint.js",
        state: "open",
        labels: ["bug", "ui"],
        q: "is:open (x) ü",
      }),
  },
  {
    name: "POST with a JSON body",
    build: (api) =>
      api("POST /repos/{owner}/{repo}/issues", {
        owner: "octokit",
        repo: "endpoint.js",
        title: "Found a bug ✓",
        labels: ["bug"],
        assignee: null,
      }),
  },
  { name: "PATCH with a JSON body", build: (api) => api("PATCH /user", { bio: "Hello", hireable: true }) },
  {
    name: "PUT without a body",
    build: (api) => api("PUT /user/starred/{owner}/{repo}", { owner: "octokit", repo: "endpoint.js" }),
  },
  { name: "DELETE with a JSON body", build: (api) => api("DELETE /user/emails", { emails: ["octocat@github.com"] }) },
  {
    name: "HEAD with a query string",
    build: (api) => api("HEAD /repos/{owner}/{repo}", { owner: "octokit", repo: "endpoint.js", ref: "main" }),
  },
  {
    name: "a data text upload to {upload_url}/assets{?name,label}",
    build: (api) =>
      api("POST {upload_url}/assets{?name,label}", {
        upload_url: `${origin}/repos/octokit/endpoint.js/releases/1`,
        name: "notes.txt",
        label: "Release notes ü",
        data: "line 1\nline 2 ✓\n",
        headers: { "content-type": "text/plain; charset=utf-8" },
      }),
  },
  {
    name: "a binary Uint8Array upload",
    build: (api) =>
      api("POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name}", {
        owner: "octokit",
        repo: "endpoint.js",
        release_id: 1,
        name: "logo.bin",
        data: UPLOAD_BYTES,
        headers: { "content-type": "application/octet-stream" },
      }),
  },
];

/**
 * Each client with the one-line mapping the README documents. Every mapping takes the
 * arguments toFetch builds: the method uppercased (undici's request, like fetch, sends
 * a lowercase method verbatim), headers as strings, JSON serialised, bytes and text as they are.
 */
const CLIENTS: Record<string, (options: RequestOptions) => Promise<unknown>> = {
  "global fetch": async (options) => {
    const response = await fetch(...toFetch(options));
    await response.arrayBuffer();
  },
  "undici fetch": async (options) => {
    const response = await undiciFetch(...toFetch(options));
    await response.arrayBuffer();
  },
  "undici request": async (options) => {
    const [url, { method, headers, body, signal }] = toFetch(options);
    const response = await undiciRequest(url, { method, headers, body, signal });
    await response.body.dump();
  },
  axios: (options) => {
    const [url, { method, headers, body, signal }] = toFetch(options);
    // axios adds "content-type: application/x-www-form-urlencoded" to a POST, PUT or PATCH
    // without a body; `false` is axios's way to say "no such header". Only without a body:
    // with one, the result's content type is there, or (FormData, URLSearchParams) axios's own is right.
    return axios({
      url,
      method,
      headers: body === undefined ? { "content-type": false, ...headers } : headers,
      data: body,
      signal,
    });
  },
  got: (options) => {
    const [url, { method, headers, body, signal }] = toFetch(options);
    // got types `method` as a union of the standard methods; at run time any string works.
    return got(url, { method: method as Method, headers, body, signal });
  },
  ky: (options) => {
    const [url, { method, headers, body, signal }] = toFetch(options);
    return ky(url, { method, headers, body, signal });
  },
};

describe.each(Object.entries(CLIENTS))("%s", (_client, send) => {
  it.each(CASES.map(({ name, build }) => [name, build] as const))(
    "sends %s exactly as described",
    async (_name, build) => {
      const api = endpoint.defaults({ baseUrl: origin, headers: { authorization: "token secret123" } });
      const result = build(api);
      await send(result);
      expectReceived(result);
    },
  );
});

describe.each(Object.entries(CLIENTS))("%s with a form content type", (_client, send) => {
  it("sends leftover parameters form-encoded, which the server parses back to the parameters", async () => {
    const contentType = "application/x-www-form-urlencoded";
    const result = endpoint("POST /login", {
      baseUrl: origin,
      headers: { "content-type": contentType },
      user: "octo cat",
      pass: "p&ss=1",
      tags: ["a", "b"],
    });
    await send(result);
    const request = onlyRequest();
    expect(request.headers["content-type"]).toBe(contentType);
    // A list as repeated keys, as HTML forms and URLSearchParams write it (docs/decisions.md, "Form bodies").
    expect([...new URLSearchParams(request.body.toString())]).toEqual([
      ["user", "octo cat"],
      ["pass", "p&ss=1"],
      ["tags", "a"],
      ["tags", "b"],
    ]);
  });
});

describe.each(Object.entries(CLIENTS))("%s with request.signal", (_client, send) => {
  it("is aborted by an aborted signal: nothing reaches the server", async () => {
    const result = endpoint("GET /slow", { baseUrl: origin, request: { signal: AbortSignal.abort() } });
    await expect(send(result)).rejects.toBeDefined();
    expect(received).toEqual([]);
  });
});

describe("axios with form bodies", () => {
  it("sends FormData as multipart and URLSearchParams form-encoded, with axios's own content type", async () => {
    const form = new FormData();
    form.append("name", "value ü");
    await CLIENTS.axios!(endpoint("POST /form", { baseUrl: origin, data: form }));
    expect(onlyRequest().headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(onlyRequest().body.toString()).toContain("value ü");
    received = [];
    await CLIENTS.axios!(endpoint("POST /search", { baseUrl: origin, data: new URLSearchParams({ q: "a b" }) }));
    expect(onlyRequest().headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(onlyRequest().body.toString()).toBe("q=a+b");
  });
});

describe("the requests themselves", () => {
  it("cover a query, JSON, text and bytes as the issue lists", () => {
    const api = endpoint.defaults({ baseUrl: "http://127.0.0.1:1", headers: { authorization: "token secret123" } });
    const [get, post, , put, del, head, text, binary] = CASES.map(({ build }) => build(api)) as RequestOptions[];
    expect(get?.url).toBe(
      "http://127.0.0.1:1/repos/octokit/endpoint.js/issues?state=open&labels=bug%2Cui&q=is%3Aopen%20%28x%29%20%C3%BC",
    );
    expect(head?.url).toBe("http://127.0.0.1:1/repos/octokit/endpoint.js?ref=main");
    expect(post?.body).toStrictEqual({ title: "Found a bug ✓", labels: ["bug"], assignee: null });
    expect(del?.body).toStrictEqual({ emails: ["octocat@github.com"] });
    expect(put && "body" in put).toBe(false);
    expect(text?.url).toMatch(/\/releases\/1\/assets\?name=notes\.txt&label=Release%20notes%20%C3%BC$/);
    expect(binary?.body).toBe(UPLOAD_BYTES);
  });
});

describe("what toFetch protects against", () => {
  it("a lowercase method goes out verbatim and Node's HTTP server rejects it with 400", async () => {
    const { statusCode, body } = await undiciRequest(`${origin}/user`, { method: "patch" });
    await body.dump();
    expect(statusCode).toBe(400);
    expect(received).toEqual([]);
  });

  it("global fetch streams a ReadableStream body (duplex: 'half')", async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("chunk 1, "));
        controller.enqueue(new TextEncoder().encode("chunk 2"));
        controller.close();
      },
    });
    const result = endpoint("PUT /stream", {
      baseUrl: origin,
      data: stream,
      headers: { "content-type": "text/plain" },
    });
    await (await fetch(...toFetch(result))).arrayBuffer();
    expect(onlyRequest().body.toString()).toBe("chunk 1, chunk 2");
  });

  it("global fetch streams a Node Readable body (duplex: 'half')", async () => {
    const result = endpoint("POST /stream", { baseUrl: origin, data: Readable.from(["a", "b", "c"]) });
    await (await fetch(...toFetch(result))).arrayBuffer();
    expect(onlyRequest().body.toString()).toBe("abc");
  });

  it("FormData goes out as multipart with fetch's boundary, not under endpoint's default JSON content type", async () => {
    const form = new FormData();
    form.append("name", "value ü");
    await (await fetch(...toFetch(endpoint("POST /form", { baseUrl: origin, data: form })))).arrayBuffer();
    const request = onlyRequest();
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(request.headers["content-type"] ?? "")?.[1];
    expect(boundary).toBeDefined();
    expect(request.body.toString()).toBe(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nvalue ü\r\n--${boundary}--\r\n`,
    );
  });

  it("URLSearchParams go out form-encoded with fetch's content type", async () => {
    const data = new URLSearchParams({ q: "a b", n: "1" });
    await (await fetch(...toFetch(endpoint("POST /search", { baseUrl: origin, data })))).arrayBuffer();
    const request = onlyRequest();
    expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded;charset=UTF-8");
    expect(request.body.toString()).toBe("q=a+b&n=1");
  });

  it("request.signal aborts the fetch", async () => {
    const result = endpoint("GET /slow", { baseUrl: origin, request: { signal: AbortSignal.abort() } });
    await expect(fetch(...toFetch(result))).rejects.toMatchObject({ name: "AbortError" });
    expect(received).toEqual([]);
  });
});

// Pinned so that a fix in axios shows up here (and the README caveat can go).
describe("axios quirks the README warns about", () => {
  it("sends the whole ArrayBuffer behind a Uint8Array view (it sends data.buffer)", async () => {
    const view = new Uint8Array([1, 2, 3, 4, 5, 6]).subarray(2, 4);
    const result = endpoint("POST /upload", {
      baseUrl: origin,
      data: view,
      headers: { "content-type": "application/octet-stream" },
    });
    const [url, { method, headers, body }] = toFetch(result);
    await axios({ url, method, headers: { "content-type": false, ...headers }, data: body });
    expect([...onlyRequest().body]).toEqual([1, 2, 3, 4, 5, 6]);
    // A Buffer over the same bytes, or a copy made with view.slice(), goes out as the view's own bytes.
    for (const data of [Buffer.from(view.buffer, view.byteOffset, view.byteLength), view.slice()]) {
      received = [];
      await axios({ url, method, headers, data });
      expect([...onlyRequest().body]).toEqual([3, 4]);
    }
  });

  it("JSON-encodes a text body that is not JSON when the content type is JSON (endpoint's default)", async () => {
    const result = endpoint("POST /text", { baseUrl: origin, data: "plain text" });
    expect(result.headers["content-type"]).toBe("application/json; charset=utf-8");
    const [url, { method, headers, body }] = toFetch(result);
    await axios({ url, method, headers: { "content-type": false, ...headers }, data: body });
    expect(onlyRequest().body.toString()).toBe('"plain text"');
  });
});
