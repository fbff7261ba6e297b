import { describe, EndpointError, quote } from "../core/errors.js";
import { queryPair, queryValue } from "../http/url.js";
import type { RequestOptions } from "../core/types.js";
import { builtinKind, isPlainObject, MAX_DEPTH, ownValue, setOwn } from "../core/values.js";

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
  body?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** `request.signal`, when the request options carry one. */
  signal?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Set to "half" for stream bodies, which Node's fetch requires. */
  duplex?: "half";
}

/** The media type of a content-type header, lowercased, without parameters ("" for none). */
function mediaTypeOf(contentType: string | undefined): string {
  if (contentType === undefined) return "";
  const semicolon = contentType.indexOf(";");
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}

/**
 * A plain-object body as `application/x-www-form-urlencoded` text, by the rules the
 * leftover parameters follow in a query string (see `queryValue`): the same body under
 * a JSON type would be JSON, and JSON text under a form type is no form.
 */
function formText(body: object): string {
  if (Array.isArray(body)) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      "an array body has no application/x-www-form-urlencoded form; send a plain object, a string or URLSearchParams",
    );
  }
  let text = "";
  for (const key of Object.keys(body)) {
    const value = queryValue(
      key,
      (body as Record<string, unknown>)[key],
      "send the body as a string or URLSearchParams",
    );
    if (value !== undefined) text += (text === "" ? "" : "&") + queryPair(key, value);
  }
  return text;
}

/**
 * The class of an object by its tag (`Blob`, `FormData`…), so that one from another
 * realm, a subclass or a polyfill (the `undici` package's FormData) counts too; "" for
 * anything else.
 */
function classOf(value: unknown): string {
  return typeof value === "object" && value !== null ? Object.prototype.toString.call(value).slice(8, -1) : "";
}

// Bodies fetch sends as they are, besides text, typed arrays (Buffer included) and streams.
const SENT_AS_THEY_ARE = /*#__PURE__*/ new Set([
  "ArrayBuffer",
  "SharedArrayBuffer",
  "Blob",
  "File",
  "FormData",
  "URLSearchParams",
]);

/** Streams fetch reads chunk by chunk: a ReadableStream, or (Node's fetch) any async iterable such as a Readable. */
function isStream(body: unknown): boolean {
  return (
    classOf(body) === "ReadableStream" ||
    typeof (body as Record<symbol, unknown> | null)?.[Symbol.asyncIterator] === "function"
  );
}

/**
 * JSON text of a body, written once by `JSON.stringify` with a replacer that refuses
 * what JSON cannot hold (a bigint, a cycle, values nested over {@link MAX_DEPTH}
 * levels) or would write as `{}` without a word (a Map, a Set), and a body with no JSON
 * text at all (a function). The replacer sees each value after its `toJSON`, so what a
 * `toJSON` returns is checked too; an exception of the caller's own code (a `toJSON`,
 * a getter) passes through unchanged.
 */
function serialise(body: unknown): string {
  // The objects being written, outermost first: JSON.stringify calls the replacer with
  // the object it is writing as `this`, so what lies above it has been written already.
  const open: object[] = [];
  const text = JSON.stringify(body, function (this: object, _key: string, value: unknown) {
    while (open.length > 0 && open[open.length - 1] !== this) open.pop();
    if (typeof value === "bigint") throw unserialisable("a bigint");
    if (typeof value === "object" && value !== null) {
      const kind = Array.isArray(value) || isPlainObject(value) ? undefined : builtinKind(value);
      if (kind === "Map" || kind === "Set") throw unserialisable(`a ${kind}, which JSON writes as {}`);
      if (open.includes(value)) throw unserialisable("a cycle");
      if (open.length === MAX_DEPTH) throw unserialisable(`values nested over ${MAX_DEPTH} levels deep`);
      open.push(value);
    }
    return value;
  }) as string | undefined;
  if (text === undefined) throw unserialisable(`a ${typeof body}, which has no JSON text`);
  return text;
}

function unserialisable(problem: string): EndpointError {
  return new EndpointError("ERR_INVALID_PARAMETER", `the JSON body cannot be serialised: it holds ${problem}`);
}

/**
 * Turns request options into the arguments of `fetch`:
 *
 * - the method uppercased (fetch sends a lowercase `patch` verbatim, which servers reject);
 * - headers as a plain object of strings (`content-length: 14` becomes `"14"`);
 * - a body serialised with `JSON.stringify` when the content type is JSON
 *   (`application/json`, `…+json`) and the body is not already text,
 *   bytes, a Blob, FormData, URLSearchParams or a stream, and a plain object or an
 *   array under any other content type too (fetch would send `[object Object]`, as
 *   `@octokit/request` also serialises them), except under
 *   `application/x-www-form-urlencoded`: there a plain object is encoded as its
 *   leftover parameters would be in a query string (`a=1&labels=bug%2Cui`; UTF-8,
 *   whatever a `charset` parameter says, as `URLSearchParams` encodes), and a
 *   nested object or an array body is `ERR_INVALID_PARAMETER`; any other body by identity;
 * - for FormData and URLSearchParams bodies, a JSON content type (the one fluent-endpoint
 *   adds to any body without a content type) is left out, so that fetch sets the right
 *   one itself — for FormData, with the multipart boundary the server needs;
 * - `duplex: "half"` for a stream body, which Node's fetch requires;
 * - `request.signal`, if present, as `init.signal`.
 *
 * The content type is found in any case of its name (`Content-Type` in hand-written
 * options). There is no `body` key when the request options have none.
 *
 * @example
 * const response = await fetch(...toFetch(endpoint("PATCH /user", { bio: "Hello" })));
 * // fetch("https://api.github.com/user", { method: "PATCH", headers: {…}, body: '{"bio":"Hello"}' })
 */
export function toFetch(options: RequestOptions): [string, FetchInit] {
  assertRequestOptions(options);
  const headers: Record<string, string> = {};
  // Result headers are lowercase, but hand-written options may say "Content-Type".
  let contentType = "content-type";
  for (const name of Object.keys(options.headers)) {
    const value = options.headers[name];
    // Result headers never hold null or undefined, but hand-written options might.
    if (value === undefined || value === null) continue;
    if (typeof value !== "string" && typeof value !== "number") {
      throw new EndpointError(
        "ERR_INVALID_OPTIONS",
        `toFetch: header ${quote(name)} must be a string or a number, got ${describe(value)}`,
      );
    }
    setOwn(headers, name, String(value));
    if (name.length === 12 && name.toLowerCase() === "content-type") contentType = name;
  }
  const init: FetchInit = { method: options.method.toUpperCase(), headers };
  // Own fields only, here and for the signal: a polluted Object.prototype adds no body.
  const body = ownValue(options, "body");
  if (body !== undefined) {
    const type = mediaTypeOf(headers[contentType]);
    const json = type === "application/json" || type.endsWith("+json");
    const structured = isPlainObject(body) || Array.isArray(body);
    const kind = classOf(body);
    if (typeof body === "string" || ArrayBuffer.isView(body) || SENT_AS_THEY_ARE.has(kind) || isStream(body))
      init.body = body;
    else if (structured && type === "application/x-www-form-urlencoded") init.body = formText(body as object);
    else init.body = json || structured ? serialise(body) : body;
    if (json && (kind === "FormData" || kind === "URLSearchParams")) delete headers[contentType];
    if (isStream(body)) init.duplex = "half";
  }
  const request = ownValue(options, "request");
  const signal = typeof request === "object" && request !== null ? ownValue(request, "signal") : undefined;
  if (signal !== undefined) init.signal = signal;
  return [options.url, init];
}

/**
 * Throws `ERR_INVALID_OPTIONS` unless `options` has the fields toFetch reads, as own
 * properties (hand-written options may not): a string method and url, and headers as
 * a plain object (a `Headers` or a `Map` would lose every header).
 */
function assertRequestOptions(options: unknown): void {
  if (typeof options !== "object" || options === null) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `toFetch needs request options, got ${describe(options)}`);
  }
  for (const field of ["method", "url", "headers"]) {
    const value = ownValue(options, field);
    const ok = field === "headers" ? isPlainObject(value) : typeof value === "string";
    if (!ok) {
      throw new EndpointError(
        "ERR_INVALID_OPTIONS",
        `toFetch: the request options' ${field} must be ${field === "headers" ? "a plain object" : "a string"}, got ${describe(value)}`,
      );
    }
  }
}
