import { applyFormat } from "../http/media-type.js";
import { carriesNoBody } from "../http/route.js";
import { appendQuery, joinUrl } from "../http/url.js";
import { queryPair, queryValue } from "../http/serialize.js";
import { expandTemplate } from "../template/expand.js";
import { parseTableTemplate, parseUrlTemplate } from "../template/template.js";
import type { Conventions } from "../core/conventions.js";
import { EndpointError, asLengthError, quote } from "../core/errors.js";
import { placementOf } from "../core/route-table.js";
import { readOptions } from "./patch.js";
import { EMPTY_STATE, type EndpointState, mergeForCall } from "./state.js";
import type { RequestOptions, ResultHeaders } from "../core/types.js";
import { cloneValue, ownValue, setOwn } from "../core/values.js";

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/**
 * The request options a state makes, fresh and mutable; leftover parameters go to the query (GET, HEAD) or the JSON
 * body. `stored` is the state it comes from (an endpoint's defaults, a builder's own state), whose configured
 * `baseUrl` a route table's credentials may go to.
 */
export function buildRequest(state: EndpointState, conventions: Conventions, stored: EndpointState): RequestOptions {
  if (state.url === undefined) {
    throw new EndpointError("ERR_MISSING_URL", 'no url: pass a route such as "GET /user" or a url option');
  }
  if (state.method === undefined) {
    throw new EndpointError("ERR_INVALID_METHOD", "no method: pass a method option or a route with a method");
  }
  // docs/decisions.md, "Method case": every method in the entry's case.
  const method = conventions.upperCaseMethod ? state.method.toUpperCase() : state.method.toLowerCase();
  // docs/decisions.md, "Route tables": a route the table holds is built as its description says.
  const { entry } = state;
  const { table } = conventions;
  const template = entry === undefined ? parseUrlTemplate(state.url) : parseTableTemplate(entry.url);
  const { params } = state;
  // docs/decisions.md, "Argument checks": a table asked to check a route's calls does, before anything is built.
  if (entry !== undefined) table!.check(entry, params, state);
  const values = entry === undefined ? params : table!.values(entry, params);
  const { baseUrl } = state;
  let url: string;
  try {
    url = joinUrl(baseUrl, expandTemplate(template, values, baseUrl === ""));
  } catch (error) {
    throw asLengthError(error, "the baseUrl makes the url");
  }

  const headers: ResultHeaders = {};
  for (const name of Object.keys(state.headers)) {
    const value = state.headers[name]!;
    if (value !== null) setOwn(headers, name, value);
  }
  // Own keys only, here and below: a key inherited from a polluted Object.prototype is no header.
  if (state.format !== "" && typeof headers.accept === "string" && Object.hasOwn(headers, "accept")) {
    headers.accept = applyFormat(headers.accept, state.format);
  }
  if (conventions.previews !== undefined && state.previews !== undefined && state.previews.length > 0) {
    const accept = ownValue(headers, "accept");
    const previewed = conventions.previews.accept(
      accept === undefined ? undefined : String(accept),
      state.previews,
      state.format,
      url,
    );
    if (previewed !== undefined) headers.accept = previewed;
  }

  const queryMethod = carriesNoBody(state.method);
  let query = "";
  let fields: Record<string, unknown> | undefined;
  let key: string | undefined;
  try {
    for (key of Object.keys(params)) {
      if (template.variables.has(key)) continue;
      const value = params[key];
      const placement = entry === undefined ? undefined : placementOf(entry, key);
      let pair: string;
      if (placement === undefined ? !queryMethod : placement === "body") {
        // Unsent with `data`, but checked, so every call path refuses the same input (docs/decisions.md, "Cycles").
        const copy = cloneValue(value, key);
        if (state.data === undefined) setOwn((fields ??= {}), key, copy);
        continue;
      } else if (placement === undefined) {
        const text = queryValue(
          key,
          value,
          entry
            ? `${state.method} ${state.url} declares no such parameter`
            : "put it in the url template or send a body",
        );
        if (text === undefined) continue;
        pair = queryPair(key, text);
        // Only a "+" of the value is "%2B" in "q=…" (GitHub's search reads a raw "+" as a space between terms).
        if (key === conventions.rawPlusIn) pair = pair.replaceAll("%2B", "+");
      } else if (placement === "path" || placement === "query") {
        continue; // in the table's template, under a varname such as `user%2Did`
      } else {
        pair = table!.placeParameter(entry!, key, value, placement, headers);
      }
      if (pair !== "") query += query === "" ? pair : `&${pair}`;
    }
    // docs/decisions.md, "Credentials": the endpoint's, on the routes whose security names them, to their server or
    // the caller's configured host.
    if (entry !== undefined) query = table!.authorize(entry, url, headers, query, stored);
    url = appendQuery(url, query);
  } catch (error) {
    // The leftover being written, or the last one when the query is added to the url.
    throw asLengthError(error, `parameter ${quote(key!)} makes the url`);
  }

  let body: unknown;
  if (queryMethod) {
    if (state.data !== undefined || fields !== undefined) {
      throw new EndpointError(
        "ERR_INVALID_OPTIONS",
        `${state.data === undefined ? "a body field" : "data"} cannot be sent with a ${state.method} request, which has no body`,
      );
    }
  } else {
    body = state.data === undefined ? fields : state.data.value;
  }

  let mediaType: string | undefined;
  if (body !== undefined && entry?.body !== undefined) {
    try {
      [mediaType, body] = table!.writeBody(entry, body);
    } catch (error) {
      throw asLengthError(error, "the body is");
    }
  }
  if (body !== undefined && !Object.hasOwn(headers, "content-type")) {
    headers["content-type"] = mediaType ?? JSON_CONTENT_TYPE;
  }
  const result: RequestOptions = { method, url, headers };
  if (body !== undefined) result.body = body;
  if (state.request !== undefined) result.request = state.request.value;
  return result;
}

/**
 * `endpoint.parse()`: merged options to request options, adding no defaults. The options are a call's (their
 * `baseUrl` came with them); the endpoint's own `stored` state says which host the caller configured.
 *
 * @example
 * const options = { method: "GET", baseUrl: "https://api.github.com", url: "/users/{user}", headers: {}, user: "octocat" };
 * parse(options, PLAIN, ROOT_STATE) // { method: "get", url: "https://api.github.com/users/octocat", headers: {} }
 */
export function parse(options: unknown, conventions: Conventions, stored: EndpointState): RequestOptions {
  return buildRequest(
    mergeForCall(EMPTY_STATE, [readOptions(undefined, options, conventions, true)], conventions),
    conventions,
    stored,
  );
}
