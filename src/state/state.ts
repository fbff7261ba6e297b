// The one state a request is built from: a patch applied by immer for a stored state, or to a short-lived
// copy for one call; the route looked up once, where the method and url are known.
import { freeze, Immer, isDraft } from "immer";
import type { Conventions } from "../core/conventions.js";
import { EndpointError, quote } from "../core/errors.js";
import { OPTION_KEYS } from "../core/options.js";
import { CHOSEN_BASE_URL, declares, type RouteEntry, routeEntry, type TableCode } from "../core/route-table.js";
import type { HeaderValue, MergedOptions, ReadonlyMergedOptions, RequestMeta } from "../core/types.js";
import { cloneValue, isPlainObject, ownValue, setOwn } from "../core/values.js";
import { Walk } from "../core/walk.js";
import { parseUrlTemplate } from "../template/template.js";
import { type HeaderEntry, Opaque, Patch, patchOf, readKey, routeDeclares } from "./patch.js";

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

// `null` for a removed header: docs/decisions.md, "Removing a header".
type StateHeaders = Readonly<Record<string, HeaderValue | null>>;

/** Everything a request is built from: frozen by immer when stored, a short-lived copy for one call. */
export interface EndpointState {
  /** As given (not lowercased); undefined only in a state `parse()` reads from options without one. */
  readonly method: string | undefined;
  readonly baseUrl: string;
  readonly url: string | undefined;
  readonly headers: StateHeaders;
  /** `mediaType.format`; "" for none. */
  readonly format: string;
  /** `mediaType.previews`, under the Octokit conventions only; undefined when none was given. */
  readonly previews: readonly string[] | undefined;
  /** Every other option key; a stored state holds frozen copies of the caller's values. */
  readonly params: Readonly<Record<string, unknown>>;
  readonly data: Opaque<unknown> | undefined;
  readonly request: Opaque<RequestMeta> | undefined;
  /** The route table's entry for `method` and `url` (docs/decisions.md, "Route tables: one resolution"); undefined for none. */
  readonly entry: RouteEntry | undefined;
  /** What the caller set of `baseUrl` (`CHOSEN_BASE_URL`) and `accept` (`CHOSEN_ACCEPT`), which a route table's server and accept no longer replace. */
  readonly chosen: number;
}

/** A state being written: an immer draft, or a call's short-lived copy. */
type WritableState = {
  -readonly [K in keyof EndpointState]: K extends "headers" ? Record<string, HeaderValue | null> : EndpointState[K];
};

const CHOSEN_ACCEPT = 2;
// Written out: a bundler keeps a module-level `1 | 2` (it might call valueOf), and with it the state and immer.
const CHOSEN_BOTH = 3;

// Shared by every state without parameters, so a call sees at once that it has none to copy.
const NO_PARAMS: Readonly<Record<string, unknown>> = /*#__PURE__*/ Object.freeze({});

export const ROOT_STATE: EndpointState = /*#__PURE__*/ createState(
  "GET",
  "https://api.github.com",
  { accept: "application/vnd.github.v3+json", "user-agent": "fluent-endpoint.js/" + __FLUENT_ENDPOINT_VERSION__ },
  0,
);

/** For the stateless `parse()`: no defaults at all, so nothing for a table to replace. */
export const EMPTY_STATE: EndpointState = /*#__PURE__*/ createState(undefined, "", {}, CHOSEN_BOTH);

function createState(
  method: string | undefined,
  baseUrl: string,
  headers: StateHeaders,
  chosen: number,
): EndpointState {
  return freeze(
    {
      method,
      baseUrl,
      url: undefined,
      headers,
      format: "",
      previews: undefined,
      params: NO_PARAMS,
      data: undefined,
      request: undefined,
      entry: undefined,
      chosen,
    },
    true,
  );
}

// A private immer instance: an application's own immer settings never reach our states. Its autoFreeze
// would deep-freeze what a state keeps by reference (a caller's Map subclass, `data`), so it is off:
// a new state freezes its own records, and parameters are stored as frozen copies.
const immer = /*#__PURE__*/ new Immer({ autoFreeze: false });

/** `base` changed by `patch`, as a new frozen state (`defaults()`, `RequestBuilder.from()`, each builder method). */
export function produceState(base: EndpointState, patch: Patch, conventions: Conventions): EndpointState {
  const next = immer.produce(base, (draft: WritableState) => {
    const { params } = applyPatch(draft, patch, conventions);
    // A frozen record of frozen copies: immer walks only the unfrozen values a draft gains.
    if (params !== undefined) draft.params = storedParams(base.params, params);
  });
  return frozenState(next, base);
}

/** `next` as immer made it from `base`, its new records frozen (immer's autoFreeze is off); `base` when unchanged. */
function frozenState(next: EndpointState, base: EndpointState): EndpointState {
  if (next === base) return base;
  Object.freeze(next.headers);
  if (next.previews !== undefined) Object.freeze(next.previews);
  return Object.freeze(next);
}

function storedParams(
  below: Readonly<Record<string, unknown>>,
  values: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  const params = { ...below };
  // docs/decisions.md, "When a builder's state is made": copied now, not at build().
  for (const key of Object.keys(values)) setOwn(params, key, cloneValue(values[key], key, true));
  return Object.freeze(params);
}

/** For one call: `patches` applied to a short-lived copy of `base`, the caller's values by identity; no immer. */
export function mergeForCall(base: EndpointState, patches: readonly Patch[], conventions: Conventions): EndpointState {
  // Written out (not `{ ...base }`), so every call state has one shape.
  const state: WritableState = {
    method: base.method,
    baseUrl: base.baseUrl,
    url: base.url,
    headers: { ...base.headers },
    format: base.format,
    previews: base.previews,
    params: base.params,
    data: base.data,
    request: base.request,
    entry: base.entry,
    chosen: base.chosen,
  };
  for (const patch of patches) {
    const values = applyPatch(state, patch, conventions).params;
    if (values === undefined) continue;
    // The first patch's own record (read for this call) serves as it is where there is nothing below it.
    if (state.params === NO_PARAMS) {
      state.params = values;
      continue;
    }
    const params = state.params === base.params ? { ...base.params } : (state.params as Record<string, unknown>);
    for (const key of Object.keys(values)) setOwn(params, key, values[key]);
    state.params = params;
  }
  return state;
}

/**
 * Writes `patch` into `state`, where each change is, and returns it settled: its pending keys read once the route is
 * known. Its parameters are the caller's to write.
 */
function applyPatch(state: WritableState, patch: Patch, conventions: Conventions): Patch {
  const { table } = conventions;
  if (patch.method !== undefined || patch.url !== undefined) writeRoute(state, patch.method, patch.url, table);
  const settled = patch.pending === undefined ? patch : settle(patch, state, conventions);
  if (settled.baseUrl !== undefined) {
    state.baseUrl = settled.baseUrl;
    state.chosen |= CHOSEN_BASE_URL;
  }
  // The table's server and accept for the route this patch leaves, not for one a pending key moved it from; a
  // baseUrl given with the route is chosen already, so its server is not even looked up.
  if (table !== undefined && (settled.method !== undefined || settled.url !== undefined)) {
    writeTableDefaults(state, table);
  }
  if (settled.format !== undefined) state.format = settled.format;
  // Previews merge by the url the state has once this change is in (a url and previews may come in different steps).
  if (conventions.previews !== undefined && (settled.previews !== undefined || settled.url !== undefined)) {
    state.previews = conventions.previews.merge(state.previews, settled.previews, state.url);
  }
  if (settled.data !== undefined) state.data = settled.data.value === undefined ? undefined : settled.data;
  if (settled.request !== undefined) {
    state.request = new Opaque(mergeRequest(state.request?.value, settled.request));
  }
  if (settled.headers !== undefined) writeHeaders(state, settled.headers);
  return settled;
}

function writeRoute(
  state: WritableState,
  method: string | undefined,
  url: string | undefined,
  table: TableCode | undefined,
): void {
  if (method !== undefined) state.method = method;
  if (url !== undefined) state.url = url;
  resolveRoute(state, table);
}

/**
 * `patch` with its pending keys read against the route `state` has resolved: a `method` or `url` key is a parameter
 * where the route as it stands declares it (else it moves the route), any other key where the route it makes does
 * (a near miss also where its url template does).
 */
function settle(patch: Patch, state: WritableState, conventions: Conventions): Patch {
  const pending = patch.pending!;
  const settled = patchOf(patch);
  settled.pending = undefined;
  const params = (settled.params = { ...patch.params });
  const moved = new Patch();
  for (const [key, value] of pending) {
    if (key !== "method" && key !== "url") continue;
    if (declares(state.entry, key)) {
      params[key] = value;
    } else {
      delete params[key];
      readKey(moved, key, value, conventions);
    }
  }
  if (moved.method !== undefined || moved.url !== undefined) {
    writeRoute(state, moved.method, moved.url, conventions.table);
    settled.method ??= moved.method;
    settled.url ??= moved.url;
  }
  for (const [key, value] of pending) {
    if (key === "method" || key === "url") continue;
    const declared = routeDeclares(state, key);
    if (declared && value !== undefined) {
      params[key] = value;
    } else {
      delete params[key];
      if (!declared) readKey(settled, key, value, conventions);
    }
  }
  return settled;
}

/**
 * The one place a route is looked up: the entry of `table` for the state's method and url, kept with the
 * state (docs/decisions.md, "Route tables: one resolution"); a url that is no route of the table is checked
 * as a template.
 */
function resolveRoute(state: WritableState, table: TableCode | undefined): void {
  if (table === undefined) return;
  const entry = routeEntry(table, state.method, state.url);
  state.entry = entry; // immer keeps a draft unchanged when a field gets the value it has
  if (entry === undefined && state.url !== undefined) parseUrlTemplate(state.url);
}

/**
 * docs/decisions.md, "A description's defaults": a table that names a server replaces what the caller did not choose
 * by its route's server (a route of a table without one: the server of the tables below) and accept.
 */
function writeTableDefaults(state: WritableState, table: TableCode): void {
  const server = table.server(undefined);
  if (server === undefined) return;
  const { entry } = state;
  if (!(state.chosen & CHOSEN_BASE_URL)) state.baseUrl = table.server(entry) ?? server;
  // `null`, as a removed header is (docs/decisions.md, "Removing a header"): no `delete`, which would slow every call.
  if (!(state.chosen & CHOSEN_ACCEPT)) state.headers.accept = entry?.accept ?? null;
}

/** `state` with its route looked up in `table`, which `withRoutes()` adds. */
export function withTable(state: EndpointState, table: TableCode): EndpointState {
  const next = immer.produce(state, (draft: WritableState) => {
    resolveRoute(draft, table);
    writeTableDefaults(draft, table);
  });
  return frozenState(next, state);
}

// docs/decisions.md, "Keys of one headers object".
function writeHeaders(state: WritableState, entries: readonly HeaderEntry[]): void {
  const headers = entries.some(([name]) => name === "__proto__")
    ? (state.headers = writableCopy(state.headers))
    : state.headers;
  for (const [name, value] of entries) {
    if (value !== null && ownValue(headers, name) === null) delete headers[name];
    setOwn(headers, name, value);
    if (name === "accept") state.chosen |= CHOSEN_ACCEPT;
  }
}

// For an own `__proto__`: an immer draft refuses `Object.defineProperty`, the only way to set one.
function writableCopy<V>(record: Record<string, V>): Record<string, V> {
  return isDraft(record) ? { ...record } : record;
}

// docs/decisions.md, "`request`": merged as `@octokit/endpoint` merges it.
function mergeRequest(
  below: RequestMeta | undefined,
  above: RequestMeta,
  walk = new Walk("", "request", "ERR_INVALID_OPTIONS"),
): RequestMeta {
  if (!isPlainObject(below) || !isPlainObject(above)) return above;
  walk.enter(above);
  const merged: RequestMeta = { ...below };
  for (const key of Object.keys(above)) {
    setOwn(
      merged,
      key,
      mergeRequest(ownValue(merged, key) as RequestMeta | undefined, above[key] as RequestMeta, walk),
    );
  }
  walk.leave();
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
  const mediaType: { format: string; previews?: string[] } = { format: state.format };
  if (state.previews !== undefined) {
    mediaType.previews = [...state.previews];
    if (frozen) Object.freeze(mediaType.previews);
  }
  return frozen ? Object.freeze(mediaType) : mediaType;
}
