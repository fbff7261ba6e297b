// JSON pointers (RFC 6901) in a URI fragment (RFC 3986), read and written the one way for descriptions, Swagger 2.0,
// argument schemas and the problems the checks name.
import { isRevoked } from "../core/errors.js";
import { isPlainObject, ownValue } from "../core/values.js";

/**
 * The keys a pointer in a URI fragment names (`#/components/schemas/Pet`; `#` is the whole document): percent-escapes,
 * then `~1` and `~0` read (`a~1b` is `a/b`). Undefined for a fragment that is no pointer (an anchor, `#pets`); a
 * URIError where the escapes are no UTF-8.
 */
export function pointerKeys(ref: string): string[] | undefined {
  if (ref === "#") return [];
  if (!ref.startsWith("#/")) return undefined;
  return ref.slice(2).split("/").map(pointerKey);
}

/** The key one token names (`a~1b` is `a/b`), its percent-escapes read; a URIError where they are no UTF-8. */
export function pointerKey(token: string): string {
  return decodeURIComponent(token).replaceAll("~1", "/").replaceAll("~0", "~");
}

/**
 * What `keys` name in `document`, own properties and list items only; undefined where they name nothing. A revoked
 * Proxy on the way names nothing, or is `revoked()`'s to refuse.
 */
export function valueAt(document: unknown, keys: readonly string[], revoked?: () => never): unknown {
  let node = document;
  for (const key of keys) {
    if (isRevoked(node)) return revoked?.();
    node = isPlainObject(node) || Array.isArray(node) ? ownValue(node, key) : undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/** What a pointer in a URI fragment names in `document`; undefined where it names nothing or its escapes are no UTF-8. */
export function pointerTarget(document: unknown, ref: string): unknown {
  let keys: string[] | undefined;
  try {
    keys = pointerKeys(ref);
  } catch {
    return undefined;
  }
  return keys === undefined ? undefined : valueAt(document, keys);
}

/** A JSON pointer of `keys` (`["owner", "a/b"]` is `/owner/a~1b`), as the checks name a place in a body. */
export function pointerOf(keys: readonly string[]): string {
  return keys.map((key) => `/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
}

/** A pointer of `keys` in a URI fragment (`#/$defs/Pet`), what RFC 3986 keeps out of a fragment percent-encoded. */
export function fragmentOf(keys: readonly string[]): string {
  return `#${pointerOf(keys).replace(/[^\w\-.~!$&'()*+,;=:@/]/gu, encodeURIComponent)}`;
}
