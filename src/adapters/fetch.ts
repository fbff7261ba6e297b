import { describe, EndpointError, ErrorCodes, shorten } from "../errors.js";
import type { RequestOptions } from "../types.js";
import { isPlainObject, setOwn } from "../values.js";

/**
 * The `init` argument `toFetch` builds for `fetch(url, init)`.
 *
 * @example
 * const [url, init]: [string, FetchInit] = toFetch(endpoint("DELETE /repos/{owner}/{repo}", { owner: "o", repo: "r" }));
 * init.method; // "DELETE"
 */
export interface FetchInit {
  /** The method in uppercase. */
  method: string;
  /** Every header value as text. */
  headers: Record<string, string>;
  // `any` so the tuple spreads into any `fetch` typing (DOM's BodyInit, undici's, node-fetch's).
  /** Present only when the request options have a body. */
  body?: any;
  /** `request.signal`, when the request options carry one. */
  signal?: any;
  /** Set to "half" for stream bodies, which Node's fetch requires. */
  duplex?: "half";
}

/** True for a JSON media type: `application/json` or any `…+json` (RFC 6839), with or without parameters, any case. */
function isJsonType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const semicolon = contentType.indexOf(";");
  const type = (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  return type === "application/json" || type.endsWith("+json");
}

type BodyClass = "ArrayBuffer" | "SharedArrayBuffer" | "Blob" | "FormData" | "URLSearchParams" | "ReadableStream";

/**
 * `instanceof` the global class, or an object of that class from another realm or a
 * polyfill (an iframe's Blob, the `undici` package's FormData), recognised by its tag.
 */
function isA(value: unknown, name: BodyClass): boolean {
  if (typeof value !== "object" || value === null) return false;
  const constructor = (globalThis as Record<string, unknown>)[name];
  if (typeof constructor === "function" && value instanceof (constructor as abstract new () => unknown)) return true;
  const tag = Object.prototype.toString.call(value).slice(8, -1);
  return tag === name || (name === "Blob" && tag === "File");
}

/** Streams fetch reads chunk by chunk: a ReadableStream, or (Node's fetch) any async iterable such as a Readable. */
function isStream(body: unknown): boolean {
  return (
    isA(body, "ReadableStream") ||
    (typeof body === "object" && body !== null && typeof (body as Record<symbol, unknown>)[Symbol.asyncIterator] === "function")
  );
}

/** Bodies fetch sends as they are: text, bytes (Buffer included), Blob, FormData, URLSearchParams, streams. */
function isSendable(body: unknown): boolean {
  return (
    typeof body === "string" ||
    ArrayBuffer.isView(body) ||
    isA(body, "ArrayBuffer") ||
    isA(body, "SharedArrayBuffer") ||
    isA(body, "Blob") ||
    isA(body, "FormData") ||
    isA(body, "URLSearchParams") ||
    isStream(body)
  );
}

/**
 * JSON text of a body; a bigint or a cycle, which JSON cannot hold (JSON.stringify's
 * TypeErrors), is an EndpointError, not a raw TypeError. Other exceptions (a `toJSON`
 * or getter of the caller's) pass through.
 */
function serialise(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new EndpointError(ErrorCodes.INVALID_PARAMETER, `the JSON body cannot be serialised: ${shorten(error.message, 200)}`);
  }
}

/**
 * Turns request options into the arguments of `fetch`:
 *
 * - the method uppercased (fetch sends a lowercase `patch` verbatim, which servers reject);
 * - headers as a plain object of strings (`content-length: 14` becomes `"14"`);
 * - a body serialised with `JSON.stringify` when the content type is JSON
 *   (`application/json`, `…+json`) and the body is not already text,
 *   bytes, a Blob, FormData, URLSearchParams or a stream, and a plain object or an
 *   array under any content type (fetch would send `[object Object]`, as
 *   `@octokit/request` also serialises them); any other body by identity;
 * - for FormData and URLSearchParams bodies, a JSON content type (the one fluent-endpoint
 *   adds to any body without a content type) is left out, so that fetch sets the right
 *   one itself — for FormData, with the multipart boundary the server needs;
 * - `duplex: "half"` for a stream body, which Node's fetch requires;
 * - `request.signal`, if present, as `init.signal`.
 *
 * There is no `body` key when the request options have none.
 *
 * @example
 * const response = await fetch(...toFetch(endpoint("PATCH /user", { bio: "Hello" })));
 * // fetch("https://api.github.com/user", { method: "PATCH", headers: {…}, body: '{"bio":"Hello"}' })
 */
export function toFetch(options: RequestOptions): [string, FetchInit] {
  assertRequestOptions(options);
  const headers: Record<string, string> = {};
  for (const name of Object.keys(options.headers)) {
    const value = options.headers[name];
    // Result headers never hold null or undefined, but hand-written options might.
    if (value !== undefined && value !== null) setOwn(headers, name, String(value));
  }
  const init: FetchInit = { method: options.method.toUpperCase(), headers };
  const { body } = options;
  if (body !== undefined) {
    const json = isJsonType(headers["content-type"]);
    init.body = (json && !isSendable(body)) || isPlainObject(body) || Array.isArray(body) ? serialise(body) : body;
    if (json && (isA(body, "FormData") || isA(body, "URLSearchParams"))) delete headers["content-type"];
    if (isStream(body)) init.duplex = "half";
  }
  const signal = options.request?.signal;
  if (signal !== undefined) init.signal = signal;
  return [options.url, init];
}

const REQUIRED_FIELDS = [
  ["method", "string"],
  ["url", "string"],
  ["headers", "object"],
] as const;

/** Throws `ERR_INVALID_OPTIONS` unless `options` has the fields toFetch reads (hand-written options may not). */
function assertRequestOptions(options: unknown): void {
  if (typeof options !== "object" || options === null) {
    throw new EndpointError(ErrorCodes.INVALID_OPTIONS, `toFetch needs request options, got ${describe(options)}`);
  }
  for (const [field, kind] of REQUIRED_FIELDS) {
    const value = (options as unknown as Record<string, unknown>)[field];
    if (typeof value !== kind || value === null) {
      throw new EndpointError(
        ErrorCodes.INVALID_OPTIONS,
        `toFetch: the request options' ${field} must be ${kind === "string" ? "a string" : "an object"}, got ${describe(value)}`,
      );
    }
  }
}
