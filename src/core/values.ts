import { freeze } from "immer";
import { EndpointError, quote } from "./errors.js";

/** A plain object: `{}` literal, `JSON.parse` output, `Object.create(null)` (from any realm). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * Which of Date, Map and Set `value` is, from any realm (an iframe's, a `vm`
 * context's, where `instanceof` fails), or undefined. Told by a method of this realm
 * that works on that kind only: it reads the object's internal slot, so no getter or
 * Proxy trap of the caller's runs, and neither a `Symbol.toStringTag` nor a
 * prototype can fake or hide the kind.
 */
export function builtinKind(value: object): "Date" | "Map" | "Set" | undefined {
  if (works(Date.prototype.getTime, value)) return "Date";
  if (works(Map.prototype.has, value)) return "Map";
  if (works(Set.prototype.has, value)) return "Set";
  return undefined;
}

/** True when `value`'s prototype is a built-in one (Date.prototype of any realm) or null, not a subclass's. */
function hasBasePrototype(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || isPlainObject(proto);
}

function works(method: (this: never, key: never) => unknown, value: object): boolean {
  try {
    (method as (this: object, key: number) => unknown).call(value, 0);
    return true;
  } catch {
    return false;
  }
}

/** `object[key]` when it is an own property, else undefined: an inherited `constructor` or a polluted prototype's key is no value. */
export function ownValue(object: object, key: string): unknown {
  return Object.hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;
}

/**
 * Sets an own property. Plain assignment of `__proto__` (a key `JSON.parse` happily
 * produces) would replace the object's prototype instead.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/**
 * Text for a scalar (string, finite number, bigint, boolean, Date), or undefined for
 * anything else. NaN and ±Infinity are `ERR_INVALID_PARAMETER`, as an invalid Date is:
 * `/issues/NaN` is the trace of a failed conversion, never a resource. `name` is the
 * parameter named in the error.
 */
export function scalarText(value: unknown, name: string): string | undefined {
  switch (typeof value) {
    case "string":
      return value;
    case "number":
      if (!Number.isFinite(value)) {
        throw new EndpointError("ERR_INVALID_PARAMETER", `parameter ${quote(name)} is ${value}, not a finite number`);
      }
      return String(value);
    case "bigint":
    case "boolean":
      return String(value);
    default:
      // A Date of any realm, read through this realm's methods (lists and maps, the usual objects here, are no Dates).
      if (
        typeof value === "object" &&
        value !== null &&
        !Array.isArray(value) &&
        !isPlainObject(value) &&
        builtinKind(value) === "Date"
      ) {
        if (Number.isNaN(Date.prototype.getTime.call(value))) {
          throw new EndpointError("ERR_INVALID_PARAMETER", `parameter ${quote(name)} is an invalid Date`);
        }
        return Date.prototype.toISOString.call(value);
      }
      return undefined;
  }
}

/**
 * The text (see {@link scalarText}) of each item of a list or each value of a plain
 * object, as [key, text] pairs (a list's keys are its indices), `null` and `undefined`
 * ones left out; `refuse` makes the error for one that has no text (a nested list or
 * object). A list is read by index: an iterator or method of the caller's is never called.
 */
export function itemTexts(items: object, name: string, refuse: (item: unknown) => Error): [string, string][] {
  const list = Array.isArray(items);
  const keys = list ? items : Object.keys(items);
  const texts: [string, string][] = [];
  for (let i = 0; i < keys.length; i++) {
    const key = list ? String(i) : (keys[i] as string);
    const item = (items as Record<string, unknown>)[key];
    if (item === undefined || item === null) continue;
    const text = scalarText(item, name);
    if (text === undefined) throw refuse(item);
    texts.push([key, text]);
  }
  return texts;
}

/** The deepest nesting of objects and arrays a value may have, wherever it is copied or written as JSON. */
export const MAX_DEPTH = 1000;

/**
 * A deep copy of plain data (plain objects, arrays, Dates, Maps, Sets, of any realm) so
 * that the copy can be frozen or handed out without touching the caller's value.
 * Anything else (primitives, class instances, typed arrays, Blobs…) is returned as is.
 * `name` is the parameter named in the error thrown for a cycle or a value nested
 * deeper than {@link MAX_DEPTH}. With `frozen`, every copy is frozen as it is made.
 * Arrays, Maps and Sets are read through this realm's built-in methods, never through
 * a `map` or an iterator the caller's object may carry as its own property.
 */
export function cloneValue<T>(value: T, name: string, frozen = false): T {
  return typeof value !== "object" || value === null
    ? value
    : cloneWithin(value, `parameter ${quote(name)}`, [], frozen);
}

/** `cloneValue` below `ancestors`; `name` as messages show it. */
function cloneWithin<T>(value: T, name: string, ancestors: object[], frozen: boolean): T {
  if (typeof value !== "object" || value === null) return value;
  if (ancestors.includes(value)) throw new EndpointError("ERR_INVALID_PARAMETER", `${name} contains a cycle`);
  if (ancestors.length === MAX_DEPTH) {
    throw new EndpointError("ERR_INVALID_PARAMETER", `${name} is nested more than ${MAX_DEPTH} levels deep`);
  }
  ancestors.push(value);
  let copy: unknown = value;
  if (Array.isArray(value)) {
    const list: unknown[] = [];
    for (let i = 0; i < value.length; i++) list.push(cloneWithin(value[i], name, ancestors, frozen));
    copy = list;
  } else if (isPlainObject(value)) {
    const object: Record<string, unknown> = {};
    for (const key of Object.keys(value)) setOwn(object, key, cloneWithin(value[key], name, ancestors, frozen));
    copy = object;
  } else {
    // The copies are of this realm, whose Date, Map and Set immer's freeze knows. A
    // subclass (a time-zone Date, a Map with a `toJSON`) is a class instance, kept as it
    // is: a copy would lose its own `toJSON` and `toISOString`, and so change the body.
    const kind = hasBasePrototype(value) ? builtinKind(value) : undefined;
    if (kind === "Date") {
      copy = new Date(Date.prototype.getTime.call(value));
    } else if (kind === "Map") {
      const map = new Map<unknown, unknown>();
      Map.prototype.forEach.call(value, (item: unknown, key: unknown) =>
        map.set(key, cloneWithin(item, name, ancestors, frozen)),
      );
      copy = map;
    } else if (kind === "Set") {
      const set = new Set<unknown>();
      Set.prototype.forEach.call(value, (item: unknown) => set.add(cloneWithin(item, name, ancestors, frozen)));
      copy = set;
    }
  }
  ancestors.pop();
  // immer's freeze also locks the methods of Maps and Sets, which Object.freeze cannot.
  if (frozen && copy !== value) freeze(copy);
  return copy as T;
}
