// The one reader: a route and options (a call's, `defaults()`, `RequestBuilder.from()`, a builder method's
// argument) read once and checked into a patch, the plain record a state is changed by.
import { assertHeaderName, assertHeaderValue } from "../http/headers.js";
import { readMediaType } from "../http/media-type.js";
import { parseRoute } from "../http/route.js";
import { readMethod } from "../http/tokens.js";
import { readBaseUrl } from "../http/url.js";
import { parseTableTemplate, parseUrlTemplate } from "../template/template.js";
import type { Conventions } from "../core/conventions.js";
import { kindOf, EndpointError, isRevoked, quote } from "../core/errors.js";
import { assertNoNearMiss, nearMiss, OPTION_KEYS, type OptionName } from "../core/options.js";
import { declares, type RouteEntry } from "../core/route-table.js";
import type { HeaderValue, RequestMeta } from "../core/types.js";
import { isPlainObject, setOwn } from "../core/values.js";

/** A caller's value kept by identity (`data`, `request`): immer neither drafts nor walks a class instance. */
export class Opaque<T> {
  constructor(readonly value: T) {
    Object.freeze(this);
  }
}

/** A checked header: its lowercase name, and its value or `null` to remove it. */
export type HeaderEntry = readonly [name: string, value: HeaderValue | null];

/**
 * What a route and options change, each field checked; an undefined field changes nothing. Every field is
 * an own property, so a key inherited from a polluted Object.prototype is never read as one.
 */
export class Patch {
  method: string | undefined = undefined;
  url: string | undefined = undefined;
  baseUrl: string | undefined = undefined;
  /** In order (docs/decisions.md, "Keys of one headers object"). */
  headers: HeaderEntry[] | undefined = undefined;
  format: string | undefined = undefined;
  previews: readonly string[] | undefined = undefined;
  /** `Opaque(undefined)` drops the data below (docs/decisions.md, "`undefined` options"). */
  data: Opaque<unknown> | undefined = undefined;
  request: RequestMeta | undefined = undefined;
  /** The caller's values, copied when the patch is stored. */
  params: Record<string, unknown> | undefined = undefined;
  /**
   * With a route table, the keys named like an option, read once the route they make is known: such a key
   * is a parameter where that route declares it (docs/decisions.md, "Route tables: one resolution"); until
   * then `params` holds `PENDING` in its place.
   */
  pending: [key: string, value: unknown][] | undefined = undefined;
}

/** Marks the place of a pending key among a patch's parameters. */
export const PENDING: unique symbol = /*#__PURE__*/ Symbol("pending");

/** A patch of `fields`. */
export function patchOf(fields: Partial<Patch> = {}): Patch {
  return Object.assign(new Patch(), fields);
}

/**
 * Reads `route` and `options` into a patch. `merged` options (what `parse()` reads) hold options under
 * option names, as `merge()` writes them, so their keys are read at once even with a table.
 */
export function readOptions(
  route: string | undefined,
  options: unknown,
  conventions: Conventions,
  merged = false,
): Patch {
  const patch = new Patch();
  if (route !== undefined) {
    const { method, url } = parseRoute(route);
    if (method !== undefined) patch.method = method;
    patch.url = url;
    // A route of a table is its entry's template; any other is checked now (the analysis is cached).
    if (conventions.table === undefined) parseUrlTemplate(url);
  }
  if (options === undefined) return patch;
  if (!isPlainObject(options)) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `options must be a plain object, got ${kindOf(options)}`);
  }
  const deferOptionKeys = conventions.table !== undefined && !merged;
  for (const key of Object.keys(options)) {
    const value = options[key];
    // `data: undefined` is no data, dropping any below (docs/decisions.md, "`undefined` options").
    if (value === undefined && key !== "data") continue;
    // Most keys are parameters, told from an option or its near miss by one look each (readKey would look twice).
    const option = OPTION_KEYS.has(key);
    if (!option && nearMiss(key) === undefined) {
      setOwn((patch.params ??= {}), key, value);
    } else if (deferOptionKeys || !option) {
      // A near miss too waits for the route: it is a parameter where the route's template or table declares it.
      (patch.pending ??= []).push([key, value]);
      // Its place among the parameters, which it keeps if the route declares it (a body's fields keep their order).
      setOwn((patch.params ??= {}), key, PENDING);
    } else {
      readKey(patch, key, value, conventions);
    }
  }
  return patch;
}

/** Reads one key of the options into `patch`: an option by its field's rule, any other key as a parameter. */
export function readKey(patch: Patch, key: string, value: unknown, conventions: Conventions): void {
  switch (key as OptionName) {
    case "method":
      patch.method = readMethod(value);
      break;
    case "url":
      patch.url = readString("url", value);
      parseUrlTemplate(patch.url); // checks it now; the analysis is cached for the request
      break;
    case "baseUrl":
      patch.baseUrl = readBaseUrl(readString("baseUrl", value));
      break;
    case "headers":
      patch.headers = readHeaders(value, patch.headers);
      break;
    case "mediaType": {
      const mediaType = readMediaType(value, conventions.previews);
      if (mediaType.format !== undefined) patch.format = mediaType.format;
      if (mediaType.previews !== undefined) patch.previews = mediaType.previews;
      break;
    }
    case "data":
      patch.data = new Opaque(value);
      break;
    case "request":
      patch.request = readRequest(value);
      break;
    default:
      // readOptions() reads a parameter itself: a key that comes here is an option's near miss.
      assertNoNearMiss(key);
  }
}

/** The route a builder's parameter is checked against: its table entry, if any, and its url. */
export type RouteOf = { readonly entry: RouteEntry | undefined; readonly url: string | undefined };

/** Reads `.params()`' parameters into `patch`, each name checked before its value is read (a getter runs only then). */
export function readParameters(patch: Patch, params: unknown, route: RouteOf): void {
  if (!isPlainObject(params)) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `params must be a plain object, got ${kindOf(params)}`);
  }
  const values = (patch.params ??= {});
  for (const name of Object.keys(params)) {
    assertParameterName(name, route);
    const value = params[name];
    if (value !== undefined) setOwn(values, name, value);
  }
}

/** Reads one parameter given by name (`.param()`) into `patch`; `undefined` changes nothing. */
export function readParameter(patch: Patch, name: unknown, value: unknown, route: RouteOf): void {
  assertParameterName(name, route);
  if (value !== undefined) setOwn((patch.params ??= {}), name, value);
}

/**
 * Whether `route` declares `key` a parameter: its table entry does, or, for an option's near miss, its url template
 * (`{+base-url}`): the near-miss rule is for keys nothing declares (docs/decisions.md, "Near-miss option names").
 */
export function routeDeclares(route: RouteOf, key: string): boolean {
  const { entry, url } = route;
  return (
    declares(entry, key) ||
    (!OPTION_KEYS.has(key) &&
      url !== undefined &&
      (entry === undefined ? parseUrlTemplate(url) : parseTableTemplate(entry.url)).variables.has(key))
  );
}

/** A name the route declares is a parameter whatever it is (docs/decisions.md, "Route tables"); an option's name is not. */
function assertParameterName(name: unknown, route: RouteOf): asserts name is string {
  if (typeof name !== "string") {
    throw new EndpointError("ERR_INVALID_PARAMETER", `parameter name must be a string, got ${kindOf(name)}`);
  }
  if (routeDeclares(route, name)) return;
  if (OPTION_KEYS.has(name)) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `${quote(name)} is an option, not a parameter; use .${name}() instead`,
    );
  }
  assertNoNearMiss(name);
}

export function readString(name: string, value: unknown): string {
  if (typeof value !== "string") {
    throw new EndpointError("ERR_INVALID_OPTIONS", `${name} must be a string, got ${kindOf(value)}`);
  }
  return value;
}

export function readHeaders(headers: unknown, entries: HeaderEntry[] = []): HeaderEntry[] {
  if (!isPlainObject(headers)) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `headers must be a plain object, got ${kindOf(headers)}`);
  }
  for (const key of Object.keys(headers)) entries.push(readHeader(key, headers[key]));
  return entries;
}

/** One header, checked: its lowercase name, and its value or `null` (for `null` or `undefined`) to remove it. */
export function readHeader(key: unknown, value: unknown): HeaderEntry {
  if (typeof key !== "string") {
    throw new EndpointError("ERR_INVALID_HEADER", `header name must be a string, got ${kindOf(key)}`);
  }
  assertHeaderName(key);
  const name = key.toLowerCase();
  if (value === null || value === undefined) return [name, null];
  assertHeaderValue(name, value);
  return [name, value as HeaderValue];
}

function readRequest(request: unknown): RequestMeta {
  if (typeof request !== "object" || request === null || isRevoked(request) || Array.isArray(request)) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `request must be an object, got ${kindOf(request)}`);
  }
  return request as RequestMeta;
}
