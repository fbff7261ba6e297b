import { Immer } from "immer";
import { isControl } from "./encode.js";
import { describe, EndpointError, ErrorCodes, quote, shorten } from "./errors.js";
import { headerChanges } from "./headers.js";
import { applyLayer, bottomLayer, flatten, type Layered, layerOver, overlay } from "./layers.js";
import { assertMethod } from "./method.js";
import { parseRoute } from "./route.js";
import { parseUrlTemplate } from "./template.js";
import type { EndpointOptions, HeaderValue, MergedOptions, ReadonlyMergedOptions, RequestMeta } from "./types.js";
import { cloneValue, isPlainObject, MAX_DEPTH, ownValue, setOwn } from "./values.js";
import { USER_AGENT } from "./version.js";

/**
 * A caller value kept by reference (`data`, `request`). immer neither drafts nor
 * freezes class instances, so the value inside stays the caller's own object. The
 * box itself is frozen when it goes into a stored state (see `hold`).
 */
export class Held<T> {
  constructor(readonly value: T) {}
}

/** A box for `value`: frozen for a stored state, left as is for a one-call state. */
function hold<T>(value: T, store: boolean): Held<T> {
  const held = new Held(value);
  return store ? Object.freeze(held) : held;
}

/**
 * Everything a request is built from: the frozen, plain-data node that builders
 * wrap and `parse` reads (spec §2.4 in a normalised shape).
 */
export interface EndpointState {
  /** As given (not lowercased); undefined only in a state made by `parse()` from options without one. */
  readonly method: string | undefined;
  readonly baseUrl: string;
  readonly url: string | undefined;
  /** Lowercase names, validated values (`flatten` gives the map). */
  readonly headers: Layered<HeaderValue>;
  /** `mediaType.format`; "" for none. */
  readonly format: string;
  /** Every other option key. Stored states hold deep, frozen copies of the caller's values. */
  readonly params: Layered<unknown>;
  readonly data: Held<unknown> | undefined;
  readonly request: Held<RequestMeta> | undefined;
}

type MutableState = { -readonly [K in keyof EndpointState]: EndpointState[K] };

// A private immer instance, so an application's own immer settings never reach our state.
// Its auto-freeze is off: applyOptions freezes every new field as it makes it, which
// leaves only the new root to freeze (see produceState) instead of a walk over the state.
const immer = /*#__PURE__*/ new Immer({ autoFreeze: false });

/** immer's `produce`, with the new root frozen: every field below it is frozen already. */
function produceState(base: EndpointState, recipe: (draft: MutableState) => void): EndpointState {
  return Object.freeze(immer.produce(base, recipe));
}

/** The global defaults (spec §2.1, issue #2 rule 3). */
export const ROOT_STATE: EndpointState = /*#__PURE__*/ produceState(
  {
    method: "GET",
    baseUrl: "https://api.github.com",
    url: undefined,
    headers: /*#__PURE__*/ bottomLayer({ accept: "application/vnd.github.v3+json", "user-agent": USER_AGENT }),
    format: "",
    params: /*#__PURE__*/ bottomLayer({}),
    data: undefined,
    request: undefined,
  } as EndpointState,
  () => {},
);

/** The start of a state read from merged options by the stateless `parse()`: no defaults at all. */
export const EMPTY_STATE: EndpointState = /*#__PURE__*/ Object.freeze({
  method: undefined,
  baseUrl: "",
  url: undefined,
  headers: /*#__PURE__*/ bottomLayer<HeaderValue>({}),
  format: "",
  params: /*#__PURE__*/ bottomLayer<unknown>({}),
  data: undefined,
  request: undefined,
});

/** Keys with a meaning of their own; every other key is a parameter (spec §4.1). */
export const OPTION_KEYS: ReadonlySet<string> = /*#__PURE__*/ new Set([
  "method",
  "url",
  "baseUrl",
  "headers",
  "mediaType",
  "data",
  "request",
]);

/** Throws `ERR_INVALID_OPTIONS` unless `options` is a plain object. */
export function assertOptions(options: unknown): asserts options is EndpointOptions {
  if (!isPlainObject(options)) {
    throw new EndpointError(
      ErrorCodes.INVALID_OPTIONS,
      `options must be a plain object, got ${describe(options)}`,
    );
  }
}

function assertString(name: string, value: unknown): string {
  if (typeof value !== "string") {
    throw new EndpointError(ErrorCodes.INVALID_OPTIONS, `${name} must be a string, got ${describe(value)}`);
  }
  return value;
}

/** A base URL is a prefix for paths: a query or fragment in it would swallow the path appended to it. */
function assertBaseUrl(baseUrl: unknown): string {
  const text = assertString("baseUrl", baseUrl);
  if (text.indexOf("?") !== -1 || text.indexOf("#") !== -1) {
    throw new EndpointError(ErrorCodes.INVALID_OPTIONS, `baseUrl ${quote(text)} must not have a query or fragment`);
  }
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // As in a url template's literal text (RFC 6570 §2.1): a control character is a mistake, not text.
    if (isControl(code)) {
      throw new EndpointError(ErrorCodes.INVALID_OPTIONS, `baseUrl ${quote(text)} holds a control character at position ${i}`);
    }
  }
  return text;
}

function assertUrl(url: unknown): string {
  parseUrlTemplate(assertString("url", url)); // validates early; the analysis is cached for parse
  return url as string;
}

/** The validated `mediaType.format`, or undefined when `mediaType` gives none (the current one stays). */
function readFormat(mediaType: unknown): string | undefined {
  if (!isPlainObject(mediaType)) {
    throw new EndpointError(ErrorCodes.INVALID_OPTIONS, `mediaType must be a plain object, got ${describe(mediaType)}`);
  }
  for (const key of Object.keys(mediaType)) {
    // An empty previews list (in @octokit/endpoint's merged options for /graphql) asks for
    // nothing; an undefined one is not given, as any undefined option.
    const previews = mediaType.previews;
    if (key === "previews" && (previews === undefined || (Array.isArray(previews) && previews.length === 0))) continue;
    if (key !== "format") {
      throw new EndpointError(ErrorCodes.INVALID_OPTIONS, `mediaType.${shorten(key)} is not supported; only mediaType.format is`);
    }
  }
  const format = ownValue(mediaType, "format");
  if (format === undefined) return undefined;
  if (typeof format !== "string") {
    throw new EndpointError(ErrorCodes.INVALID_OPTIONS, `mediaType.format must be a string, got ${describe(format)}`);
  }
  if (!isFormat(format)) {
    throw new EndpointError(
      ErrorCodes.INVALID_OPTIONS,
      `mediaType.format ${quote(format)} must start with a letter or digit and hold only letters, digits, "_", "-", "." or "+"`,
    );
  }
  return format;
}

/** "" (no format), or a letter or digit followed by letters, digits, "_", "-", "." or "+" (so never `v3..` or `v3.+json`). */
function isFormat(format: string): boolean {
  for (let i = 0; i < format.length; i++) {
    const c = format.charCodeAt(i);
    const alphanumeric = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (!alphanumeric && (i === 0 || !(c === 95 || c === 45 || c === 46 || c === 43))) return false;
  }
  return true;
}

/**
 * The `request` of a later layer over an earlier one's, as `@octokit/endpoint` merges
 * them: by itself when there is no earlier one (the very object passed), else a new
 * object, plain objects under one key merged the same way and every other value (a
 * function, an AbortSignal, a class instance, an array) taken from the later layer.
 */
function mergeRequest(below: RequestMeta | undefined, above: RequestMeta): RequestMeta {
  return below === undefined ? above : mergePlain(below, above, 0);
}

function mergePlain(below: RequestMeta, above: RequestMeta, depth: number): RequestMeta {
  if (!isPlainObject(below) || !isPlainObject(above)) return above;
  if (depth === MAX_DEPTH) {
    throw new EndpointError(ErrorCodes.INVALID_OPTIONS, `request is nested more than ${MAX_DEPTH} levels deep`);
  }
  const merged: RequestMeta = { ...below };
  for (const key of Object.keys(above)) {
    const value = above[key];
    const earlier = ownValue(merged, key);
    setOwn(merged, key, isPlainObject(value) && isPlainObject(earlier) ? mergePlain(earlier, value, depth + 1) : value);
  }
  return merged;
}

function assertRequest(request: unknown): RequestMeta {
  if (typeof request !== "object" || request === null || Array.isArray(request)) {
    throw new EndpointError(
      ErrorCodes.INVALID_OPTIONS,
      `request must be an object, got ${describe(request)}`,
    );
  }
  return request as RequestMeta;
}

/**
 * The one merge recipe (spec §4.2): checks `route` and `options` and lays them over
 * `base`, writing only whole fields into `target`. An `undefined` option means "not
 * given" and changes nothing; a `null` header removes that header. Two uses: for one
 * `endpoint()` call (`mergeForCall`), straight into a shallow copy of the state; for
 * a step that will be kept (`store`, see `readStep`), over the empty state, with
 * parameter values deep-copied and frozen (freezing must never reach the caller's
 * objects) and header layers and boxes frozen on the spot, so that a state produced
 * from steps leaves immer only its new root to freeze.
 */
function applyOptions(
  target: MutableState,
  base: EndpointState,
  route: string | undefined,
  options: EndpointOptions | undefined,
  store: boolean,
): void {
  if (route !== undefined) {
    const parsed = parseRoute(route);
    if (parsed.method !== undefined) target.method = parsed.method;
    target.url = assertUrl(parsed.url);
  }
  if (options === undefined) return;
  let params: Record<string, unknown> | undefined;
  for (const key of Object.keys(options)) {
    const value = options[key];
    if (value === undefined) continue;
    switch (key) {
      case "method":
        target.method = assertMethod(value);
        break;
      case "url":
        target.url = assertUrl(value);
        break;
      case "baseUrl":
        target.baseUrl = assertBaseUrl(value);
        break;
      case "headers": {
        // Built in a local: reading a field back from an immer draft would draft it.
        let headers = base.headers;
        for (const changes of headerChanges(value)) headers = overlay(headers, changes, store);
        target.headers = headers;
        break;
      }
      case "mediaType": {
        const format = readFormat(value);
        if (format !== undefined) target.format = format;
        break;
      }
      case "data":
        target.data = hold(value, store);
        break;
      case "request":
        target.request = hold(mergeRequest(base.request?.value, assertRequest(value)), store);
        break;
      default:
        if (store) {
          params ??= {};
          setOwn(params, key, cloneValue(value, key, true));
        } else {
          // One call: a flat copy of the inherited parameters takes the new ones directly.
          params ??= { ...flatten(base.params) };
          setOwn(params, key, value);
        }
    }
  }
  // For one call, the flat map of every parameter; for a step, its own ones, which
  // applySteps copies into the kept layer (so this map itself is never frozen or kept).
  if (params !== undefined) target.params = { own: params, below: undefined };
}

/**
 * One transition (a builder method or a `defaults()` call), validated and copied but
 * not yet laid over a state: the fields `applyOptions` writes over the empty state
 * (undefined: not set). Headers are frozen layers over the empty bottom; parameters
 * are one map of the step's own, whose values are frozen deep copies.
 */
export type Step = { readonly [K in keyof EndpointState]?: EndpointState[K] | undefined };

/** Reads `route` and `options` into a step: every check and every copy happens here. */
export function readStep(route: string | undefined, options?: unknown): Step {
  if (options !== undefined) assertOptions(options);
  // Every field an own property (undefined: not set), so the step has one shape and a
  // polluted Object.prototype cannot fill a field it leaves unset.
  const step = {
    method: undefined,
    baseUrl: undefined,
    url: undefined,
    headers: undefined,
    format: undefined,
    params: undefined,
    data: undefined,
    request: undefined,
  } as Step as MutableState;
  applyOptions(step, EMPTY_STATE, route, options as EndpointOptions | undefined, true);
  return Object.freeze(step);
}

/**
 * Lays `steps` over `base`, in order, writing whole fields into `target` (like
 * `applyOptions`). For a state that is kept (`store`), the parameters of all steps
 * become one new layer and each header change its own layer; for one call, headers
 * and parameters become flat, unfrozen copies.
 */
function applySteps(target: MutableState, base: EndpointState, steps: readonly Step[], store: boolean): void {
  let headers = base.headers;
  let callHeaders: Record<string, unknown> | undefined;
  let params: Record<string, unknown> | undefined;
  for (const step of steps) {
    if (step.method !== undefined) target.method = step.method;
    if (step.url !== undefined) target.url = step.url;
    if (step.baseUrl !== undefined) target.baseUrl = step.baseUrl;
    if (step.format !== undefined) target.format = step.format;
    if (step.data !== undefined) target.data = step.data;
    if (step.request !== undefined) {
      const below = target.request?.value;
      target.request = below === undefined ? step.request : hold(mergeRequest(below, step.request.value), store);
    }
    if (step.headers !== undefined) {
      for (const own of layersAbove(step.headers)) {
        if (store) headers = layerOver(headers, own);
        else applyLayer((callHeaders ??= { ...flatten(base.headers) }), own);
      }
    }
    if (step.params !== undefined) applyLayer((params ??= store ? {} : { ...flatten(base.params) }), step.params.own);
  }
  if (callHeaders !== undefined) target.headers = { own: callHeaders as Record<string, HeaderValue>, below: undefined };
  else if (headers !== base.headers) target.headers = headers;
  if (params !== undefined) target.params = store ? layerOver(base.params, params) : { own: params, below: undefined };
}

/** The `own` maps of a step's layers, bottom first, without the empty bottom. */
function layersAbove<V>(layer: Layered<V>): Layered<V>["own"][] {
  const owns: Layered<V>["own"][] = [];
  for (let cursor = layer; cursor.below !== undefined; cursor = cursor.below) owns.unshift(cursor.own);
  return owns;
}

/**
 * A new frozen state: `steps` laid over `base` in one immer `produce`, so untouched
 * parts are shared and new parts frozen. `base` itself never changes.
 */
export function produceSteps(base: EndpointState, steps: readonly Step[]): EndpointState {
  return produceState(base, (draft) => applySteps(draft, base, steps, true));
}

/** `base` with `options` laid over it, as a new frozen state (`defaults()`, `RequestBuilder.from`). */
export function mergeState(base: EndpointState, options: unknown): EndpointState {
  return produceSteps(base, [readStep(undefined, options)]);
}

/** A short-lived, unfrozen copy of `base` for one call; written out (not `{ ...base }`), so every call state has one shape. */
function callState(base: EndpointState): MutableState {
  return {
    method: base.method,
    baseUrl: base.baseUrl,
    url: base.url,
    headers: base.headers,
    format: base.format,
    params: base.params,
    data: base.data,
    request: base.request,
  };
}

/** `steps` laid over `base` for one build: a short-lived state that is parsed and dropped, without immer. */
export function mergeStepsForCall(base: EndpointState, steps: readonly Step[]): EndpointState {
  const target = callState(base);
  applySteps(target, base, steps, false);
  return target;
}

/**
 * The merge for one `endpoint()` call: a short-lived, unfrozen state that is parsed
 * and dropped, so it needs neither immer nor copies of the caller's values.
 */
export function mergeForCall(base: EndpointState, route: string | undefined, options?: unknown): EndpointState {
  if (options !== undefined) assertOptions(options);
  const target = callState(base);
  applyOptions(target, base, route, options as EndpointOptions | undefined, false);
  return target;
}

/** Merged options as `merge()` returns them: a fresh, mutable object (spec §2.4). */
export function toMergedOptions(state: EndpointState): MergedOptions {
  return mergedView(state, false);
}

/**
 * The read-only view `endpoint.DEFAULTS` shows: deep-frozen copies, except the `data`
 * and `request` values, which stay the caller's own objects.
 */
export function toDefaults(state: EndpointState): ReadonlyMergedOptions {
  return Object.freeze(mergedView(state, true));
}

/** A state as merged options: fresh copies of its parameters, frozen (`frozen`) or mutable. */
function mergedView(state: EndpointState, frozen: boolean): MergedOptions {
  const headers = flatten(state.headers);
  const view = {
    method: state.method,
    baseUrl: state.baseUrl,
    headers: frozen ? headers : { ...headers },
    mediaType: frozen ? Object.freeze({ format: state.format }) : { format: state.format },
  } as MergedOptions;
  if (state.url !== undefined) view.url = state.url;
  const params = flatten(state.params);
  // Always copies: a stored Date (or a Map, through Map.prototype.set) can change even when
  // frozen, so the view must not hand out the state's own objects.
  for (const key of Object.keys(params)) setOwn(view, key, cloneValue(params[key], key, frozen));
  if (state.data !== undefined) view.data = state.data.value;
  if (state.request !== undefined) view.request = state.request.value;
  return view;
}
