import { EndpointError, ErrorCodes } from "./errors.js";
import { expandTemplate } from "./expand.js";
import { applyFormat } from "./media-type.js";
import { flatten, type Layered, readView } from "./layers.js";
import { isQueryMethod } from "./method.js";
import { appendQuery, queryPair, queryValue } from "./query.js";
import { EMPTY_STATE, type EndpointState, mergeForCall } from "./state.js";
import { parseUrlTemplate } from "./template.js";
import type { RequestOptions } from "./types.js";
import { joinUrl } from "./url.js";
import { cloneValue, setOwn } from "./values.js";

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/**
 * Turns a state into request options (spec §2.3, §4.1): expands the url template,
 * joins it to `baseUrl`, and routes every parameter the template did not use to
 * the query string (GET, HEAD) or the JSON body (any other method). The result is
 * a fresh, mutable object; only `body` from `data` and `request` are the caller's own.
 */
export function parseState(state: EndpointState): RequestOptions {
  if (state.url === undefined) {
    throw new EndpointError(ErrorCodes.MISSING_URL, "no url: pass a route such as \"GET /user\" or a url option");
  }
  if (state.method === undefined) {
    throw new EndpointError(ErrorCodes.INVALID_METHOD, "no method: pass a method option or a route with a method");
  }
  const method = state.method.toLowerCase();
  const template = parseUrlTemplate(state.url);
  const params = readView(state.params);
  let url = joinUrl(state.baseUrl, expandTemplate(template, params, state.baseUrl === ""));

  const headers = ownedFlat(state.headers) ?? { ...flatten(state.headers) };
  // Own keys only, here and below: a key inherited from a polluted Object.prototype is no header.
  if (state.format !== "" && Object.hasOwn(headers, "accept") && typeof headers.accept === "string") {
    headers.accept = applyFormat(headers.accept, state.format);
  }

  let body: unknown;
  if (isQueryMethod(method)) {
    if (state.data !== undefined) {
      throw new EndpointError(
        ErrorCodes.INVALID_OPTIONS,
        `data cannot be sent with a ${state.method} request, which has no body`,
      );
    }
    let query = "";
    for (const key of Object.keys(params)) {
      if (template.variables.has(key)) continue;
      const value = queryValue(key, params[key]);
      if (value !== undefined) query += query === "" ? queryPair(key, value) : `&${queryPair(key, value)}`;
    }
    url = appendQuery(url, query);
  } else if (state.data !== undefined) {
    body = state.data.value;
  } else {
    let fields: Record<string, unknown> | undefined;
    for (const key of Object.keys(params)) {
      if (template.variables.has(key)) continue;
      fields ??= {};
      setOwn(fields, key, cloneValue(params[key], key));
    }
    body = fields;
  }

  if (body !== undefined && !Object.hasOwn(headers, "content-type")) headers["content-type"] = JSON_CONTENT_TYPE;
  const result: RequestOptions = { method, url, headers };
  if (body !== undefined) result.body = body;
  if (state.request !== undefined) result.request = state.request.value;
  return result;
}

/**
 * The map of a layer made for one call (flat and unfrozen, see `overlay`), which
 * nothing else holds, so the result may take it over; undefined for stored layers.
 */
function ownedFlat<V>(layer: Layered<V>): Record<string, V> | undefined {
  return layer.below === undefined && !Object.isFrozen(layer.own) ? (layer.own as Record<string, V>) : undefined;
}

/**
 * `endpoint.parse()`: stateless, turns merged options (as `merge()` returns them,
 * or written by hand) into request options. No defaults are added.
 *
 * @example
 * parse({ method: "GET", baseUrl: "https://api.github.com", url: "/users/{user}", headers: {}, user: "octocat" })
 * // { method: "get", url: "https://api.github.com/users/octocat", headers: {} }
 */
export function parse(options: unknown): RequestOptions {
  return parseState(mergeForCall(EMPTY_STATE, undefined, options));
}
