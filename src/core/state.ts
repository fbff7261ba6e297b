import { type Draft as ImmerDraft, freeze, Immer, isDraft, original } from "immer";
import { assertHeaderName, assertHeaderValue } from "../http/headers.js";
import { readMediaType } from "../http/media-type.js";
import { parseRoute } from "../http/route.js";
import { assertMethod } from "../http/tokens.js";
import { assertBaseUrl } from "../http/url.js";
import { parseUrlTemplate } from "../template/template.js";
import type { Conventions } from "./conventions.js";
import { describe, EndpointError, quote } from "./errors.js";
import { OPTION_KEYS } from "./options.js";
import type { HeaderValue, MergedOptions, ReadonlyMergedOptions, RequestMeta } from "./types.js";
import { cloneValue, isPlainObject, MAX_DEPTH, ownValue, setOwn } from "./values.js";

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

/**
 * A caller's value kept by identity (`data`, `request`). immer drafts and freezes plain
 * objects, but leaves class instances alone, so the value inside stays the caller's own.
 */
export class Held<T> {
  constructor(readonly value: T) {
    Object.freeze(this);
  }
}

/** Header or parameter values by name, as own properties (written with `setOwn`, read with `ownValue`). */
export type Entries<V> = Readonly<Record<string, V>>;

/** Marks a header removed: kept in the state (as `null` in `DEFAULTS`), left out of requests. */
export const REMOVED: unique symbol = /*#__PURE__*/ Symbol("fluent-endpoint.removed");

/**
 * Entries as layers: each stored change lays the entries it sets over the layers below,
 * so a `defaults()` chain of n levels, each adding a key, costs O(n) and not O(n²) (a
 * flat map would be copied at every level). {@link flatten} gives the entries.
 */
export interface Layers<V> {
  readonly own: Entries<V>;
  readonly below: Layers<V> | undefined;
  /** Headers removed and then set again in this layer: taken out below first, so that they come last. */
  readonly dropped?: readonly string[] | undefined;
}

/**
 * Everything a request is built from: a frozen, plain-data node that `parse` reads,
 * made by immer when it is stored (`defaults()`, builders), or a short-lived copy for
 * one call.
 */
export interface EndpointState {
  /** As given (not lowercased); undefined only in a state `parse()` reads from options without one. */
  readonly method: string | undefined;
  readonly baseUrl: string;
  readonly url: string | undefined;
  /** Lowercase names, validated values. */
  readonly headers: Layers<HeaderValue | typeof REMOVED>;
  /** `mediaType.format`; "" for none. */
  readonly format: string;
  /** `mediaType.previews`, under the Octokit conventions only; undefined when none was given. */
  readonly previews: readonly string[] | undefined;
  /** Every other option key; a stored state holds copies of the caller's values. */
  readonly params: Layers<unknown>;
  readonly data: Held<unknown> | undefined;
  readonly request: Held<RequestMeta> | undefined;
}

/** A state being written: an immer draft, or a one-call copy. */
export type Draft = { -readonly [K in keyof EndpointState]: EndpointState[K] };

/** One change to a state (a builder method, a `defaults()` call, a call's options), checked already. */
export type Recipe = (state: Draft) => void;

// The entries of a state that has none: shared, so that `flatten` can tell it at a glance.
const NONE: Entries<never> = /*#__PURE__*/ Object.freeze({});

/** The global defaults. */
export const ROOT_STATE: EndpointState = /*#__PURE__*/ createState("GET", "https://api.github.com", {
  accept: "application/vnd.github.v3+json",
  "user-agent": "fluent-endpoint.js/" + __FLUENT_ENDPOINT_VERSION__,
});

/** The start of the state the stateless `parse()` reads from merged options: no defaults at all. */
export const EMPTY_STATE: EndpointState = /*#__PURE__*/ createState(undefined, "", NONE);

/** A frozen state with these fields, no parameters and nothing else. */
function createState(method: string | undefined, baseUrl: string, headers: Entries<HeaderValue>): EndpointState {
  return freeze(
    {
      method,
      baseUrl,
      url: undefined,
      headers: { own: headers, below: undefined },
      format: "",
      previews: undefined,
      params: { own: NONE, below: undefined },
      data: undefined,
      request: undefined,
    },
    true,
  );
}

// The entries of stored layers, computed on first use and kept as long as the layers live.
const views = /*#__PURE__*/ new WeakMap<Layers<unknown>, Entries<unknown>>();

/**
 * The entries `layers` stand for: later layers win, and a header set again after its
 * removal comes last, as a new one does. Those of stored (frozen) layers are computed
 * once, walking down only to the nearest layer whose entries are known, and kept; a
 * call's layers on top are laid over a copy of them. Read the result only: it may be
 * a layer's own entries or kept ones.
 */
export function flatten<V>(layers: Layers<V>): Entries<V> {
  if (layers.below === undefined) return layers.own;
  // A call's own layers, above the stored ones.
  const fresh: Layers<V>[] = [];
  let stored: Layers<V> | undefined = layers;
  for (; stored !== undefined && !Object.isFrozen(stored); stored = stored.below) fresh.push(stored);
  const base = stored === undefined ? NONE : storedView(stored);
  if (fresh.length === 0) return base as Entries<V>;
  if (base === NONE && fresh.length === 1) return fresh[0]!.own;
  return layOver({ ...base }, fresh) as Entries<V>;
}

/** The entries of stored layers, kept: computed from the nearest layer below whose entries are known. */
function storedView<V>(layers: Layers<V>): Entries<unknown> {
  const pending: Layers<V>[] = [];
  let known: Entries<unknown> | undefined;
  for (let layer = layers; known === undefined; layer = layer.below!) {
    known = layer.below === undefined ? layer.own : views.get(layer);
    if (known === undefined) pending.push(layer);
  }
  if (pending.length === 0) return known;
  const flat = Object.freeze(layOver({ ...known }, pending));
  views.set(layers, flat);
  return flat;
}

/** Lays `layers` (the top one first) over the entries `flat`, bottom first; returns `flat`. */
function layOver<V>(flat: Record<string, unknown>, layers: readonly Layers<V>[]): Record<string, unknown> {
  for (let i = layers.length - 1; i >= 0; i--) {
    const { own, dropped } = layers[i]!;
    if (dropped !== undefined) for (const name of dropped) delete flat[name];
    for (const key of Object.keys(own)) {
      if (ownValue(flat, key) === REMOVED) delete flat[key];
      setOwn(flat, key, own[key]);
    }
  }
  return flat;
}

// A private immer instance: an application's own immer settings never reach our states.
const immer = /*#__PURE__*/ new Immer({ autoFreeze: true });

/** A new frozen state: `recipes` laid over `base` in one immer `produce`, which shares what they leave alone. */
export function produceState(base: EndpointState, recipes: readonly Recipe[]): EndpointState {
  return immer.produce(base, (draft: Draft) => {
    for (const recipe of recipes) recipe(draft);
  });
}

/** `recipes` laid over a short-lived, unfrozen copy of `base`, for one call: no immer, no copies of values. */
export function mergeForCall(base: EndpointState, recipes: readonly Recipe[]): EndpointState {
  // Written out (not `{ ...base }`), so every call state has one shape.
  const state: Draft = {
    method: base.method,
    baseUrl: base.baseUrl,
    url: base.url,
    headers: base.headers,
    format: base.format,
    previews: base.previews,
    params: base.params,
    data: base.data,
    request: base.request,
  };
  for (const recipe of recipes) recipe(state);
  return state;
}

/** A field of `state` as stored: an immer draft is read through its original, so immer never drafts a layer. */
function stored<T>(value: T): T {
  return isDraft(value) ? (original(value as ImmerDraft<T>) as T) : value;
}

/** How a parameter value is kept: by identity for one call, as a copy for a stored state (which immer freezes). */
export type Keep = (value: unknown, name: string) => unknown;

/** Keeps a value as it is. */
export const asIs: Keep = (value) => value;

/**
 * Checks `route` and `options` and returns the recipe that lays them over a state: the
 * one merge rule, for calls, `defaults()` and builders alike. An `undefined` option
 * means "not given" and changes nothing; a `null` or `undefined` header removes that
 * header; a `request` is merged over an earlier one (see {@link mergeRequest}).
 */
export function readOptions(route: string | undefined, options: unknown, keep: Keep, conventions: Conventions): Recipe {
  let method: string | undefined;
  let url: string | undefined;
  if (route !== undefined) {
    ({ method, url } = parseRoute(route));
    parseUrlTemplate(url); // checks it now; the analysis is cached for parse
  }
  let baseUrl: string | undefined;
  let format: string | undefined;
  let previews: readonly string[] | undefined;
  let headers: { own: Record<string, HeaderValue | typeof REMOVED>; dropped: string[] } | undefined;
  let params: Record<string, unknown> | undefined;
  let data: Held<unknown> | undefined;
  let request: RequestMeta | undefined;
  if (options !== undefined) {
    if (!isPlainObject(options)) {
      throw new EndpointError("ERR_INVALID_OPTIONS", `options must be a plain object, got ${describe(options)}`);
    }
    for (const key of Object.keys(options)) {
      const value = options[key];
      if (value === undefined) continue;
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
          headers = readHeaders(value, headers ?? { own: {}, dropped: [] });
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
  const previewsOf = conventions.previews;
  return (state) => {
    if (method !== undefined) state.method = method;
    if (url !== undefined) state.url = url;
    if (baseUrl !== undefined) state.baseUrl = baseUrl;
    if (format !== undefined) state.format = format;
    // Previews merge by the url the state has once this change is in (a url and previews may come in different steps).
    if (previewsOf !== undefined && (previews !== undefined || url !== undefined)) {
      state.previews = previewsOf.merge(state.previews, previews, state.url);
    }
    if (data !== undefined) state.data = data;
    if (request !== undefined) state.request = new Held(mergeRequest(state.request?.value, request));
    // New layers over the stored ones: these entries are never written again, so a state may share them.
    if (headers !== undefined) {
      state.headers = {
        own: headers.own,
        below: stored(state.headers),
        dropped: headers.dropped.length > 0 ? headers.dropped : undefined,
      };
    }
    if (params !== undefined) state.params = { own: params, below: stored(state.params) };
  };
}

// Each option by its lowercase name, for the near misses (`baseURL`, `Headers`).
const BY_LOWERCASE = /*#__PURE__*/ byLowercase();

function byLowercase(): Map<string, string> {
  return new Map([...OPTION_KEYS].map((key) => [key.toLowerCase(), key]));
}

/**
 * Throws `ERR_INVALID_OPTIONS` for a key that differs from an option only in letter
 * case (`baseURL`): as a parameter it would silently go to the query string or the
 * body. Cheap for other keys: only a key as long as an option is lowercased.
 */
function assertNoNearMiss(key: string): void {
  const length = key.length;
  if (length !== 3 && length !== 4 && length !== 6 && length !== 7 && length !== 9) return;
  const option = BY_LOWERCASE.get(key.toLowerCase());
  if (option !== undefined) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `${quote(key)} is not an option: did you mean \`${option}\`?`);
  }
}

function assertString(name: string, value: unknown): string {
  if (typeof value !== "string") {
    throw new EndpointError("ERR_INVALID_OPTIONS", `${name} must be a string, got ${describe(value)}`);
  }
  return value;
}

/**
 * The entries of a headers object, added to `layer`: lowercase names, validated values,
 * `REMOVED` for `null` or `undefined`. Keys apply in order, as one `.header()` call each
 * would: a name removed and then set again is `dropped`, so that it comes last.
 */
function readHeaders<T extends { own: Record<string, HeaderValue | typeof REMOVED>; dropped: string[] }>(
  headers: unknown,
  layer: T,
): T {
  if (!isPlainObject(headers)) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `headers must be a plain object, got ${describe(headers)}`);
  }
  const { own, dropped } = layer;
  for (const key of Object.keys(headers)) {
    assertHeaderName(key);
    const name = key.toLowerCase();
    const value = headers[key] ?? REMOVED;
    if (value !== REMOVED) {
      assertHeaderValue(name, value);
      if (ownValue(own, name) === REMOVED) {
        dropped.push(name);
        delete own[name];
      }
    }
    setOwn(own, name, value);
  }
  return layer;
}

function assertRequest(request: unknown): RequestMeta {
  if (typeof request !== "object" || request === null || Array.isArray(request)) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `request must be an object, got ${describe(request)}`);
  }
  return request as RequestMeta;
}

/**
 * The `request` of a later layer over an earlier one's, as `@octokit/endpoint` merges
 * them: the later one itself when there is no earlier one, else a new object, plain
 * objects under one key merged the same way and every other value (a function, an
 * AbortSignal, a class instance, an array) taken from the later layer.
 */
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

/**
 * A state as merged options (what `merge()` returns, and `DEFAULTS` with `frozen`): a
 * fresh object with copies of the parameters, since even a frozen Date or Map can be
 * changed through its prototype's methods. `data` and `request` stay the caller's own.
 */
export function toOptions(state: EndpointState, frozen = false): MergedOptions {
  const flatHeaders = flatten(state.headers);
  const headers: Record<string, HeaderValue | null> = {};
  for (const name of Object.keys(flatHeaders)) {
    const value = flatHeaders[name]!;
    setOwn(headers, name, value === REMOVED ? null : value);
  }
  const view = {
    method: state.method,
    baseUrl: state.baseUrl,
    headers: frozen ? Object.freeze(headers) : headers,
    mediaType: mergedMediaType(state, frozen),
  } as MergedOptions;
  if (state.url !== undefined) view.url = state.url;
  const params = flatten(state.params);
  for (const key of Object.keys(params)) setOwn(view, key, cloneValue(params[key], key, frozen));
  if (state.data !== undefined) view.data = state.data.value;
  if (state.request !== undefined) view.request = state.request.value;
  return frozen ? (Object.freeze(view) as ReadonlyMergedOptions) : view;
}

/** `mediaType` of merged options: `previews` only where the Octokit conventions gave some. */
function mergedMediaType(state: EndpointState, frozen: boolean): { format: string; previews?: string[] } {
  const mediaType: { format: string; previews?: string[] } =
    state.previews === undefined ? { format: state.format } : { format: state.format, previews: [...state.previews] };
  if (frozen && mediaType.previews !== undefined) Object.freeze(mediaType.previews);
  return frozen ? Object.freeze(mediaType) : mediaType;
}
