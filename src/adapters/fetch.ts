import type { RequestOptions } from "../types.js";
import { setOwn } from "../values.js";

/** The `init` argument `toFetch` builds for `fetch(url, init)`. */
export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  // `any` so the tuple spreads into any `fetch` typing (DOM's BodyInit, undici's, node-fetch's).
  body?: any;
  signal?: any;
  /** Set to "half" for stream bodies, which Node's fetch requires. */
  duplex?: "half";
}

/** True for a JSON media type: `application/json`, `…+json`, with or without parameters. */
function isJsonType(contentType: unknown): boolean {
  if (typeof contentType !== "string") return false;
  const semicolon = contentType.indexOf(";");
  const type = (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  return type === "application/json" || type.endsWith("+json");
}

function isInstance(value: unknown, name: "Blob" | "FormData" | "URLSearchParams" | "ReadableStream"): boolean {
  const constructor = (globalThis as Record<string, unknown>)[name];
  return typeof constructor === "function" && value instanceof (constructor as abstract new () => unknown);
}

/** Bodies fetch sends as they are: text, bytes, Blob, FormData, URLSearchParams, streams. */
function isSendable(body: unknown): boolean {
  return (
    typeof body === "string" ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    isInstance(body, "Blob") ||
    isInstance(body, "FormData") ||
    isInstance(body, "URLSearchParams") ||
    isInstance(body, "ReadableStream")
  );
}

/**
 * Turns request options into the arguments of `fetch`: the method uppercased (fetch
 * sends a lowercase `patch` verbatim, which servers reject), header values as text,
 * a JSON body serialised when the content type is JSON and the body is not already
 * text, bytes, a Blob, FormData or a stream; `request.signal` becomes `init.signal`.
 *
 * @example
 * const response = await fetch(...toFetch(endpoint("PATCH /user", { bio: "Hello" })));
 */
export function toFetch(options: RequestOptions): [string, FetchInit] {
  const headers: Record<string, string> = {};
  for (const name of Object.keys(options.headers)) setOwn(headers, name, String(options.headers[name]));
  const init: FetchInit = { method: options.method.toUpperCase(), headers };
  const { body } = options;
  if (body !== undefined) {
    init.body = isJsonType(headers["content-type"]) && !isSendable(body) ? JSON.stringify(body) : body;
    if (isInstance(body, "ReadableStream")) init.duplex = "half";
  }
  const signal = options.request?.signal;
  if (signal !== undefined) init.signal = signal;
  return [options.url, init];
}
