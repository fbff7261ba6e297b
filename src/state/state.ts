import { current, freeze, Immer, isDraft, original } from "immer";
import { assertHeaderName, assertHeaderValue } from "../http/headers.js";
import { readMediaType } from "../http/media-type.js";
import { parseRoute } from "../http/route.js";
import { assertMethod } from "../http/tokens.js";
import { assertBaseUrl } from "../http/url.js";
import { parseUrlTemplate } from "../template/template.js";
import type { Conventions } from "../core/conventions.js";
import { placementOf, type RouteEntry, routeEntry } from "../core/route-table.js";
import { describe, EndpointError, isRevoked, quote } from "../core/errors.js";
import { OPTION_KEYS, OPTION_NAMES } from "../core/options.js";
import type { HeaderValue, MergedOptions, ReadonlyMergedOptions, RequestMeta } from "../core/types.js";
import { cloneValue, isPlainObject, MAX_DEPTH, ownValue, setOwn } from "../core/values.js";

// Replaced with the version from package.json at build time (rollup) and in tests (vitest `define`).
declare const __FLUENT_ENDPOINT_VERSION__: string;

/**
 * The released version of fluent-endpoint, as in package.json.
 *
 * @example
 * import { VERSION } from "fluent-endpoint";
 * VERSION; // "0.1.0"
 *
 * @defaultValue the `version` field of package.json, set at build time
 */
export const VERSION: string = __FLUENT_ENDPOINT_VERSION__;

/** A caller's value kept by identity (`data`, `request`): immer neither drafts nor walks a class instance. */
export class Held<T> {
  constructor(readonly value: T) {
    Object.freeze(this);
  }
}

// `null` for a removed header: docs/decisions.md, "Removing a header".
export type Headers = Readonly<Record<string, HeaderValue | null>>;

/** Everything a request is built from: frozen by immer when stored, a short-lived copy for one call. */
export interface EndpointState {
  /** As given (not lowercased); undefined only in a state `parse()` reads from options without one. */
  readonly method: string | undefined;
  readonly baseUrl: string;
  readonly url: string | undefined;
  readonly headers: Headers;
  /** `mediaType.format`; "" for none. */
  readonly format: string;
  /** `mediaType.previews`, under the Octokit conventions only; undefined when none was given. */
  readonly previews: readonly string[] | undefined;
  /** Every other option key; a stored state holds copies of the caller's values. */
  readonly params: Readonly<Record<string, unknown>>;
  readonly data: Held<unknown> | undefined;
  readonly request: Held<RequestMeta> | undefined;
}

export type Draft = {
  -readonly [K in keyof EndpointState]: K extends "headers" | "params"
    ? Record<string, EndpointState[K][string]>
    : EndpointState[K];
};

/** One change to a state, its input checked already. */
export type Recipe = (state: Draft) => void;

export const ROOT_STATE: EndpointState = /*#__PURE__*/ createState("GET", "https://api.github.com", {
  accept: "application/vnd.github.v3+json",
  "user-agent": "fluent-endpoint.js/" + __FLUENT_ENDPOINT_VERSION__,
});

/** For the stateless `parse()`: no defaults at all. */
export const EMPTY_STATE: EndpointState = /*#__PURE__*/ createState(undefined, "", {});

function createState(method: string | undefined, baseUrl: string, headers: Headers): EndpointState {
  return freeze(
    {
      method,
      baseUrl,
      url: undefined,
      headers,
      format: "",
      previews: undefined,
      params: {},
      data: undefined,
      request: undefined,
    },
    true,
  );
}

// A private immer instance: an application's own immer settings never reach our states.
// Its autoFreeze would deep-freeze what a state keeps by reference (a caller's Map subclass),
// so a new state freezes its own records, and values are stored as frozen copies (`keepCopy`).
const immer = /*#__PURE__*/ new Immer({ autoFreeze: false });

export function produceState(base: EndpointState, recipes: readonly Recipe[]): EndpointState {
  const next = immer.produce(base, (draft: Draft) => {
    for (const recipe of recipes) recipe(draft);
  });
  if (next === base) return base;
  Object.freeze(next.headers);
  Object.freeze(next.params);
  if (next.previews !== undefined) Object.freeze(next.previews);
  return Object.freeze(next);
}

/** For one call: a short-lived copy of `base`, so no immer on the hot path. */
export function mergeForCall(base: EndpointState, recipes: readonly Recipe[]): EndpointState {
  // Written out (not `{ ...base }`), so every call state has one shape.
  const state: Draft = {
    method: base.method,
    baseUrl: base.baseUrl,
    url: base.url,
    headers: { ...base.headers },
    format: base.format,
    previews: base.previews,
    params: { ...base.params },
    data: base.data,
    request: base.request,
  };
  for (const recipe of recipes) recipe(state);
  return state;
}

/** A checked header: its lowercase name, and its value or `null` to remove it. */
export type HeaderEntry = readonly [name: string, value: HeaderValue | null];

// docs/decisions.md, "Keys of one headers object".
export function writeHeaders(state: Draft, entries: readonly HeaderEntry[]): void {
  const headers = entries.some(([name]) => name === "__proto__")
    ? (state.headers = writableCopy(state.headers))
    : state.headers;
  for (const [name, value] of entries) {
    if (value !== null && ownValue(headers, name) === null) delete headers[name];
    setOwn(headers, name, value);
  }
}

/**
 * Into a draft, parameters go as a new frozen record, not key by key: immer walks every
 * unfrozen value a draft gains, and a value kept by reference (a deep Map subclass, a
 * class with getters) is the caller's, never walked. A call's copy is written in place.
 */
export function writeParams(state: Draft, entries: Readonly<Record<string, unknown>>): void {
  // Read through the property's descriptor: a plain read would make immer draft the record.
  const read = Object.getOwnPropertyDescriptor(state, "params")!.value as Record<string, unknown>;
  const stored = isDraft(read) ? (original(read) as Record<string, unknown>) : read;
  // A call's short-lived copy is written in place; a stored (frozen) record is copied.
  const params = Object.isFrozen(stored) ? { ...stored } : stored;
  for (const key of Object.keys(entries)) setOwn(params, key, entries[key]);
  if (params !== stored) state.params = Object.freeze(params);
}

// Also for an own `__proto__`: an immer draft refuses `Object.defineProperty`, the only way to set one.
function writableCopy<V>(record: Record<string, V>): Record<string, V> {
  return isDraft(record) ? { ...(current(record as never) as Record<string, V>) } : record;
}

export function writePreviews(state: Draft, conventions: Conventions, previews: readonly string[] | undefined): void {
  if (conventions.previews !== undefined)
    state.previews = conventions.previews.merge(state.previews, previews, state.url);
}

export function writeRequest(state: Draft, request: RequestMeta): void {
  state.request = new Held(mergeRequest(state.request?.value, request));
}

/** By identity for one call, as a frozen copy for a stored state. */
export type Keep = (value: unknown, name: string) => unknown;

export const asIs: Keep = (value) => value;

/** A frozen copy, for a stored state: what the copy keeps by reference (a class instance) is never frozen. */
export const keepCopy: Keep = (value, name) => cloneValue(value, name, true);

/** Checks `route` and `options` now and returns their recipe: the one merge rule for calls, `defaults()` and builders. */
export function readOptions(route: string | undefined, options: unknown, keep: Keep, conventions: Conventions): Recipe {
  let method: string | undefined;
  let url: string | undefined;
  // docs/decisions.md, "Route tables": a parameter the route declares is never read as an option.
  let entry: RouteEntry | undefined;
  if (route !== undefined) {
    ({ method, url } = parseRoute(route));
    if (method !== undefined) entry = routeEntry(conventions.table, method, url);
    if (entry === undefined) parseUrlTemplate(url); // checks it now; the analysis is cached for parse
  }
  let baseUrl: string | undefined;
  let format: string | undefined;
  let previews: readonly string[] | undefined;
  let headers: HeaderEntry[] | undefined;
  let params: Record<string, unknown> | undefined;
  let data: Held<unknown> | undefined;
  let request: RequestMeta | undefined;
  if (options !== undefined) {
    if (!isPlainObject(options)) {
      throw new EndpointError("ERR_INVALID_OPTIONS", `options must be a plain object, got ${describe(options)}`);
    }
    for (const key of Object.keys(options)) {
      const value = options[key];
      // `data: undefined` is no data, dropping any below (docs/decisions.md, "`undefined` options").
      if (value === undefined && key !== "data") continue;
      if (entry !== undefined && placementOf(entry, key) !== undefined) {
        if (value !== undefined) setOwn((params ??= {}), key, keep(value, key));
        continue;
      }
      switch (key) {
        case "method":
          method = assertMethod(value);
          break;
        case "url":
          url = assertString("url", value);
          parseUrlTemplate(url); // checks it now; the analysis is cached for parse
          break;
        case "baseUrl":
          baseUrl = assertBaseUrl(assertString("baseUrl", value));
          break;
        case "headers":
          headers = readHeaders(value, headers);
          break;
        case "mediaType": {
          const mediaType = readMediaType(value, conventions.previews);
          format = mediaType.format ?? format;
          previews = mediaType.previews ?? previews;
          break;
        }
        case "data":
          data = new Held(value);
          break;
        case "request":
          request = assertRequest(value);
          break;
        default:
          assertNoNearMiss(key);
          setOwn((params ??= {}), key, keep(value, key));
      }
    }
  }
  return (state) => {
    if (method !== undefined) state.method = method;
    if (url !== undefined) state.url = url;
    if (baseUrl !== undefined) state.baseUrl = baseUrl;
    if (format !== undefined) state.format = format;
    // Previews merge by the url the state has once this change is in (a url and previews may come in different steps).
    if (previews !== undefined || url !== undefined) writePreviews(state, conventions, previews);
    if (data !== undefined) state.data = data.value === undefined ? undefined : data;
    if (request !== undefined) writeRequest(state, request);
    if (headers !== undefined) writeHeaders(state, headers);
    if (params !== undefined) writeParams(state, params);
  };
}

// docs/decisions.md, "Near-miss option names".
const BY_LOWERCASE = /*#__PURE__*/ byLowercase();

// The lengths of the option keys: only a key of one of them is lowercased.
const OPTION_LENGTHS = /*#__PURE__*/ optionLengths();

// Calls marked pure, so that a bundle without the state (only `toFetch`) drops them.
// Each option key in lower case, and a camelCase one in snake_case and kebab-case too (`base_url`, `base-url`).
function byLowercase(): Map<string, string> {
  const misses = new Map<string, string>();
  for (const key of OPTION_NAMES) {
    for (const separator of ["", "_", "-"]) misses.set(key.replace(/[A-Z]/, `${separator}$&`).toLowerCase(), key);
  }
  return misses;
}

function optionLengths(): Set<number> {
  return new Set(Array.from(BY_LOWERCASE.keys(), (miss) => miss.length));
}

export function assertNoNearMiss(key: string): void {
  if (!OPTION_LENGTHS.has(key.length)) return;
  const option = BY_LOWERCASE.get(key.toLowerCase());
  if (option !== undefined) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `${quote(key)} is not an option: did you mean \`${option}\`?`);
  }
}

export function assertString(name: string, value: unknown): string {
  if (typeof value !== "string") {
    throw new EndpointError("ERR_INVALID_OPTIONS", `${name} must be a string, got ${describe(value)}`);
  }
  return value;
}

export function readHeaders(headers: unknown, entries: HeaderEntry[] = []): HeaderEntry[] {
  if (!isPlainObject(headers)) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `headers must be a plain object, got ${describe(headers)}`);
  }
  for (const key of Object.keys(headers)) entries.push(readHeader(key, headers[key]));
  return entries;
}

/** One header, checked: its lowercase name, and its value or `null` (for `null` or `undefined`) to remove it. */
export function readHeader(key: string, value: unknown): HeaderEntry {
  assertHeaderName(key);
  const name = key.toLowerCase();
  if (value === null || value === undefined) return [name, null];
  assertHeaderValue(name, value);
  return [name, value as HeaderValue];
}

export function assertRequest(request: unknown): RequestMeta {
  if (typeof request !== "object" || request === null || isRevoked(request) || Array.isArray(request)) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `request must be an object, got ${describe(request)}`);
  }
  return request as RequestMeta;
}

// docs/decisions.md, "`request`": merged as `@octokit/endpoint` merges it.
function mergeRequest(below: RequestMeta | undefined, above: RequestMeta, depth = 0): RequestMeta {
  if (!isPlainObject(below) || !isPlainObject(above)) return above;
  if (depth === MAX_DEPTH) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `request is nested more than ${MAX_DEPTH} levels deep`);
  }
  const merged: RequestMeta = { ...below };
  for (const key of Object.keys(above)) {
    setOwn(
      merged,
      key,
      mergeRequest(ownValue(merged, key) as RequestMeta | undefined, above[key] as RequestMeta, depth + 1),
    );
  }
  return merged;
}

/** Copies the parameters even for `DEFAULTS`: a frozen Date or Map can still be changed through its prototype's methods. */
export function toOptions(state: EndpointState, frozen = false): MergedOptions {
  const headers = { ...state.headers };
  const view = {
    method: state.method,
    baseUrl: state.baseUrl,
    headers: frozen ? Object.freeze(headers) : headers,
    mediaType: mergedMediaType(state, frozen),
  } as MergedOptions;
  if (state.url !== undefined) view.url = state.url;
  const { params } = state;
  for (const key of Object.keys(params)) {
    // Only a route table's declared parameter can have an option's name (docs/decisions.md, "Route tables").
    if (OPTION_KEYS.has(key)) {
      throw new EndpointError(
        "ERR_INVALID_OPTIONS",
        `parameter ${quote(key)} has an option's name, which merged options cannot hold; build the request instead`,
      );
    }
    setOwn(view, key, cloneValue(params[key], key, frozen));
  }
  if (state.data !== undefined) view.data = state.data.value;
  if (state.request !== undefined) view.request = state.request.value;
  return frozen ? (Object.freeze(view) as ReadonlyMergedOptions) : view;
}

function mergedMediaType(state: EndpointState, frozen: boolean): { format: string; previews?: string[] } {
  const mediaType: { format: string; previews?: string[] } =
    state.previews === undefined ? { format: state.format } : { format: state.format, previews: [...state.previews] };
  if (frozen && mediaType.previews !== undefined) Object.freeze(mediaType.previews);
  return frozen ? Object.freeze(mediaType) : mediaType;
}
