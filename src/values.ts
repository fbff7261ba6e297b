import { freeze } from "immer";
import { EndpointError, ErrorCodes, quote } from "./errors.js";

/** Small pure helpers for caller-supplied values. */

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
 * A deep copy of plain data (plain objects, arrays, Dates, Maps, Sets, of any realm) so that the
 * copy can be frozen or handed out without touching the caller's value. Anything
 * else (primitives, class instances, typed arrays, Blobs…) is returned as is.
 * `name` is the parameter named in the error thrown for a cycle. With `frozen`, every
 * copy is frozen as it is made, so immer finds nothing left to walk.
 */
// Far below any stack overflow's depth, far above any sane value's.
const TOO_DEEP = 256;

export function cloneValue<T>(value: T, name: string, frozen = false): T {
  if (typeof value !== "object" || value === null) return value; // most values: no ancestors list needed
  const ancestors: object[] = [];
  try {
    return cloneWithin(value, name, ancestors, frozen);
  } catch (error) {
    // The copy recurses: a value nested thousands of levels deep overflows the stack. A throw
    // leaves `ancestors` as deep as the copy had gone, which tells that apart from a RangeError
    // of the caller's own (a getter), passed through like any other.
    if (error instanceof RangeError && ancestors.length > TOO_DEEP) {
      throw new EndpointError(ErrorCodes.INVALID_PARAMETER, `parameter ${quote(name)} is nested too deeply to copy`);
    }
    throw error;
  }
}

function cloneWithin<T>(value: T, name: string, ancestors: object[], frozen: boolean): T {
  if (typeof value !== "object" || value === null) return value;
  if (ancestors.includes(value)) {
    throw new EndpointError(ErrorCodes.INVALID_PARAMETER, `parameter ${quote(name)} contains a cycle`);
  }
  ancestors.push(value);
  let copy: unknown = value;
  if (Array.isArray(value)) {
    copy = value.map((item) => cloneWithin(item, name, ancestors, frozen));
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
      copy = new Map([...(value as unknown as Map<unknown, unknown>)].map(([key, item]) => [key, cloneWithin(item, name, ancestors, frozen)]));
    } else if (kind === "Set") {
      copy = new Set([...(value as unknown as Set<unknown>)].map((item) => cloneWithin(item, name, ancestors, frozen)));
    }
  }
  ancestors.pop();
  // immer's freeze also locks the methods of Maps and Sets, which Object.freeze cannot.
  if (frozen && copy !== value) freeze(copy);
  return copy as T;
}
