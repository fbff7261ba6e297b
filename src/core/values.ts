import { freeze } from "immer";
import { EndpointError, isRevoked, quote } from "./errors.js";
import { Walk } from "./walk.js";

/** A plain object: `{}` literal, `JSON.parse` output, `Object.create(null)` (from any realm); never a revoked Proxy. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  let proto: unknown;
  try {
    proto = Object.getPrototypeOf(value);
  } catch (error) {
    // docs/decisions.md, "Revoked proxies": a trap's own error passes.
    if (isRevoked(value)) return false;
    throw error;
  }
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/** `Array.isArray`, a revoked Proxy being `ERR_INVALID_PARAMETER` naming parameter `name`. */
export function isList(value: unknown, name: string): value is unknown[] {
  try {
    return Array.isArray(value);
  } catch {
    throw invalidParameter(name, "is or holds a revoked Proxy, which cannot be read");
  }
}

/** An `ERR_INVALID_PARAMETER` naming parameter `name`. */
export function invalidParameter(name: string, problem: string): EndpointError {
  return new EndpointError("ERR_INVALID_PARAMETER", `parameter ${quote(name)} ${problem}`);
}

/** By internal slot, not `instanceof`: works across realms, runs no caller getter, and a `toStringTag` cannot fake it. */
export function builtinKind(value: object): "Date" | "Map" | "Set" | "BigInt" | undefined {
  if (succeeds(Date.prototype.getTime, value)) return "Date";
  if (succeeds(Map.prototype.has, value)) return "Map";
  if (succeeds(Set.prototype.has, value)) return "Set";
  // A boxed bigint (`Object(1n)`), which JSON.stringify unboxes and then refuses.
  if (succeeds(BigInt.prototype.valueOf, value)) return "BigInt";
  return undefined;
}

/** A subclass's instance is a class instance, kept as it is (docs/decisions.md, "Frozen surfaces"). */
function hasBasePrototype(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || isPlainObject(proto);
}

function succeeds(method: (this: never, key: never) => unknown, value: object): boolean {
  try {
    (method as (this: object, key: number) => unknown).call(value, 0);
    return true;
  } catch {
    return false;
  }
}

/** An inherited `constructor` or a polluted prototype's key is no value. */
export function ownValue(object: object, key: string): unknown {
  return Object.hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;
}

/** Assigning `__proto__` (which `JSON.parse` produces) would replace the prototype instead. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/** Text for a scalar, undefined for anything else (docs/decisions.md, "Values in a url"). */
export function scalarText(value: unknown, name: string): string | undefined {
  switch (typeof value) {
    case "string":
      return value;
    case "number":
      if (!Number.isFinite(value)) throw invalidParameter(name, `is ${value}, not a finite number`);
      return String(value);
    case "bigint":
    case "boolean":
      return String(value);
    default:
      // Lists and maps, the usual objects here, skip the costlier Date check.
      if (
        typeof value === "object" &&
        value !== null &&
        !isList(value, name) &&
        !isPlainObject(value) &&
        builtinKind(value) === "Date"
      ) {
        if (Number.isNaN(Date.prototype.getTime.call(value))) throw invalidParameter(name, "is an invalid Date");
        return Date.prototype.toISOString.call(value);
      }
      return undefined;
  }
}

/**
 * The text of each item that is neither undefined nor null, read by index, so an iterator or method of the caller's is
 * never called; an object's keys pushed to `keys` in step.
 */
export function itemTexts(items: object, name: string, refuse: (item: unknown) => Error, keys?: string[]): string[] {
  const texts: string[] = [];
  const list = Array.isArray(items);
  const names = list ? items : Object.keys(items);
  for (let i = 0; i < names.length; i++) {
    const item = list ? items[i] : (items as Record<string, unknown>)[names[i] as string];
    // A hole is refused where it is met; a walk is made only to look.
    if (list && item === undefined) new Walk(name).item(items, i);
    if (item === undefined || item === null) continue;
    const text = scalarText(item, name);
    if (text === undefined) throw refuse(item);
    texts.push(text);
    if (!list) keys!.push(names[i] as string);
  }
  return texts;
}

/**
 * A deep copy of plain data, to freeze or hand out without touching the caller's value (docs/decisions.md,
 * "Frozen surfaces"); an object the value holds in several places is copied once (docs/decisions.md, "Shared objects").
 */
export function cloneValue<T>(value: T, name: string, frozen = false): T {
  return typeof value !== "object" || value === null ? value : cloneWithin(value, new Walk(name), new Map(), frozen);
}

function cloneWithin<T>(value: T, walk: Walk, copies: Map<object, unknown>, frozen: boolean): T {
  if (typeof value !== "object" || value === null) return value;
  if (copies.has(value)) return copies.get(value) as T;
  walk.enter(value);
  const { name } = walk;
  let copy: unknown = value;
  if (isList(value, name)) {
    const list: unknown[] = [];
    for (let i = 0; i < value.length; i++) list.push(cloneWithin(walk.item(value, i), walk, copies, frozen));
    copy = list;
  } else if (isPlainObject(value)) {
    const object: Record<string, unknown> = {};
    for (const key of Object.keys(value)) setOwn(object, key, cloneWithin(value[key], walk, copies, frozen));
    copy = object;
  } else {
    // Copies of this realm, whose Date, Map and Set immer's freeze knows.
    const kind = hasBasePrototype(value) ? builtinKind(value) : undefined;
    if (kind === "Date") {
      copy = new Date(Date.prototype.getTime.call(value));
    } else if (kind === "Map") {
      const map = new Map<unknown, unknown>();
      Map.prototype.forEach.call(value, (item: unknown, key: unknown) =>
        map.set(key, cloneWithin(item, walk, copies, frozen)),
      );
      copy = map;
    } else if (kind === "Set") {
      const set = new Set<unknown>();
      Set.prototype.forEach.call(value, (item: unknown) => set.add(cloneWithin(item, walk, copies, frozen)));
      copy = set;
    } else if ((value instanceof Map || value instanceof Set) && builtinKind(value) === undefined) {
      // A Proxy of a Map or Set: no built-in method reads it, so it can be neither copied nor kept safely.
      throw invalidParameter(
        name,
        `looks like a ${value instanceof Map ? "Map" : "Set"} but is none (a Proxy?): it cannot be copied`,
      );
    }
  }
  walk.leave();
  // immer's freeze also locks the methods of Maps and Sets, which Object.freeze cannot.
  if (frozen && copy !== value) freeze(copy);
  copies.set(value, copy);
  return copy as T;
}
