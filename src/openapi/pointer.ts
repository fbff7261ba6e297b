// JSON pointers in a `$ref`'s URI fragment (RFC 6901 in RFC 3986), read the one way for OpenAPI and Swagger 2.0.

/**
 * The key one token of a pointer names: percent-escapes, then `~1` and `~0` read (`a~1b` is `a/b`); a URIError where
 * the escapes are no UTF-8.
 */
export function pointerKey(token: string): string {
  return decodeURIComponent(token).replaceAll("~1", "/").replaceAll("~0", "~");
}
