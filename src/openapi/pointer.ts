// JSON pointers in a `$ref`'s URI fragment (RFC 6901 in RFC 3986), read the one way for OpenAPI and Swagger 2.0.
import { isPlainObject, ownValue } from "../core/values.js";

/**
 * The key one token of a pointer names: percent-escapes, then `~1` and `~0` read (`a~1b` is `a/b`); a URIError where
 * the escapes are no UTF-8.
 */
export function pointerKey(token: string): string {
  return decodeURIComponent(token).replaceAll("~1", "/").replaceAll("~0", "~");
}

/**
 * What a pointer in a URI fragment (`#/components/schemas/Pet`, `#` for the whole document) names in `document`;
 * undefined where it names nothing or its escapes are no UTF-8.
 */
export function pointerTarget(document: unknown, ref: string): unknown {
  if (ref === "#") return document;
  if (!ref.startsWith("#/")) return undefined;
  let node = document;
  for (const token of ref.slice(2).split("/")) {
    let key: string;
    try {
      key = pointerKey(token);
    } catch {
      return undefined;
    }
    node = isPlainObject(node) || Array.isArray(node) ? ownValue(node, key) : undefined;
    if (node === undefined) return undefined;
  }
  return node;
}
