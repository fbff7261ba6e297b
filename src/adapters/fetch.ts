import { kindOf, EndpointError, isRevoked, quote } from "../core/errors.js";
import { formBody, plainFormField } from "../http/serialize.js";
import { jsonText } from "../http/json.js";
import type { RequestOptions } from "../core/types.js";
import { builtinKind, isPlainObject, ownValue, scalarText, setOwn } from "../core/values.js";
import { Walk } from "../core/walk.js";

/**
 * The `init` argument `toFetch` builds for `fetch(url, init)`.
 *
 * @example
 * const [url, init]: [string, FetchInit] = toFetch(endpoint("DELETE /repos/{owner}/{repo}", { owner: "o", repo: "r" }));
 * init.method; // "DELETE"
 */
export interface FetchInit {
  /** The method in upper case. */
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

function mediaTypeOf(contentType: string | undefined): string {
  if (contentType === undefined) return "";
  const semicolon = contentType.indexOf(";");
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}

// docs/decisions.md, "Form bodies": the one form encoder, with a plain route's default styles.
function formText(body: object): string {
  if (Array.isArray(body)) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      "an array body has no application/x-www-form-urlencoded form; send a plain object, a string or URLSearchParams",
    );
  }
  return formBody(body as Record<string, unknown>, plainFormField);
}

// docs/decisions.md, "`toFetch` bodies": by the Encoding Object's defaults, a file as it is, bytes as an
// `application/octet-stream` file, a list or object as an `application/json` part, text, numbers and Dates as text.
function formData(body: Record<string, unknown>): FormData {
  const data = new FormData();
  for (const name of Object.keys(body)) {
    // FormData would write a lone surrogate as U+FFFD, a function as its source text: refused as a form body refuses them.
    if (LONE_SURROGATE.test(name)) throw multipartField(name, "has a name with a lone UTF-16 surrogate");
    const value = body[name];
    const items = Array.isArray(value) ? value : [value];
    const walk = new Walk(name, "multipart field");
    for (let i = 0; i < items.length; i++) {
      const item = walk.item(items, i);
      if (item === undefined || item === null) continue;
      const kind = classOf(item);
      data.append(
        name,
        kind === "Blob" || kind === "File"
          ? (item as Blob)
          : ArrayBuffer.isView(item) || kind === "ArrayBuffer"
            ? new Blob([item as ArrayBuffer])
            : typeof item === "object" && builtinKind(item) !== "Date"
              ? new Blob([jsonText(item, `multipart field ${quote(name)}`)], { type: "application/json" })
              : partText(name, item),
      );
    }
  }
  return data;
}

const LONE_SURROGATE = /\p{Cs}/u;

/** A multipart field's text: a string, a finite number, a boolean or a bigint, as a form body takes them. */
function partText(name: string, item: unknown): string {
  const text = scalarText(item, name);
  if (text === undefined) throw multipartField(name, `is ${typeof item}, which a multipart body cannot hold`);
  if (LONE_SURROGATE.test(text)) throw multipartField(name, "contains a lone UTF-16 surrogate");
  return text;
}

function multipartField(name: string, problem: string): EndpointError {
  return new EndpointError("ERR_INVALID_PARAMETER", `multipart field ${quote(name)} ${problem}`);
}

// By tag, not instanceof, so another realm's, a subclass's or a polyfill's (undici's FormData) counts too.
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

/**
 * Turns request options into the arguments of `fetch`: the method uppercased (fetch sends `patch` verbatim),
 * header values as text, the body serialised by its content type (see docs/decisions.md, "`toFetch` bodies").
 *
 * @example
 * const response = await fetch(...toFetch(endpoint("PATCH /user", { bio: "Hello" })));
 * // fetch("https://api.github.com/user", { method: "PATCH", headers: {…}, body: '{"bio":"Hello"}' })
 */
export function toFetch(options: RequestOptions): [string, FetchInit] {
  if (typeof options !== "object" || options === null || isRevoked(options)) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `toFetch needs request options, got ${kindOf(options)}`);
  }
  // Each field read once, so a getter cannot answer one value to a check and another to its use.
  const method = requestField(options, "method") as string;
  const url = requestField(options, "url") as string;
  const given = requestField(options, "headers") as Record<string, unknown>;
  const headers: Record<string, string> = {};
  // Result headers are lowercase, but hand-written options may say "Content-Type".
  let contentType = "content-type";
  for (const name of Object.keys(given)) {
    const value = given[name];
    if (value === undefined || value === null) continue;
    if (typeof value !== "string" && typeof value !== "number") {
      throw new EndpointError(
        "ERR_INVALID_OPTIONS",
        `toFetch: header ${quote(name)} must be a string or a number, got ${kindOf(value)}`,
      );
    }
    setOwn(headers, name, String(value));
    if (name.length === 12 && name.toLowerCase() === "content-type") contentType = name;
  }
  // Every registered method is upper case (RFC 9110 §16.1.1); fetch itself upper-cases six of them only.
  const init: FetchInit = { method: method.toUpperCase(), headers };
  // Own fields only, here and for the signal: a polluted Object.prototype adds no body.
  const body = ownValue(options, "body");
  if (body !== undefined) {
    const type = mediaTypeOf(headers[contentType]);
    const json = type === "application/json" || type.endsWith("+json");
    const structured = isPlainObject(body) || Array.isArray(body);
    const kind = classOf(body);
    // Node's fetch also reads any async iterable (a Readable) as a stream.
    const stream =
      kind === "ReadableStream" ||
      typeof (body as Record<symbol, unknown> | null)?.[Symbol.asyncIterator] === "function";
    if (typeof body === "string" || ArrayBuffer.isView(body) || SENT_AS_THEY_ARE.has(kind) || stream) init.body = body;
    else if (structured && type === "application/x-www-form-urlencoded") init.body = formText(body as object);
    else if (isPlainObject(body) && type === "multipart/form-data") {
      init.body = formData(body);
      delete headers[contentType];
    } else init.body = json || structured ? jsonText(body) : body;
    // fetch writes a FormData's boundary into the content type (a given boundary is kept), and a URLSearchParams' type.
    if ((kind === "FormData" || kind === "URLSearchParams") && (json || type === "multipart/form-data")) {
      if (json || !/;\s*boundary=/i.test(headers[contentType]!)) delete headers[contentType];
    }
    if (stream) init.duplex = "half";
  }
  const request = ownValue(options, "request");
  const signal = typeof request === "object" && request !== null ? ownValue(request, "signal") : undefined;
  if (signal !== undefined) init.signal = signal;
  return [url, init];
}

// docs/decisions.md, "`toFetch` input": a `Headers` or a `Map` has no own keys, so every header would be lost.
function requestField(options: object, field: string): unknown {
  const value = ownValue(options, field);
  if (field === "headers" ? !isPlainObject(value) : typeof value !== "string") {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `toFetch: the request options' ${field} must be ${field === "headers" ? "a plain object" : "a string"}, got ${kindOf(value)}`,
    );
  }
  return value;
}
