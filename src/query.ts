import { encodeUnreserved } from "./encode.js";
import { EndpointError, ErrorCodes } from "./errors.js";
import { describe, scalarText } from "./expand.js";

/**
 * The query text of one leftover parameter, or undefined to omit it: scalars as
 * text, a `Date` as its ISO string, a list joined by "," (null elements skipped,
 * an empty list omitted). Objects have no agreed query form, so they are refused.
 */
export function queryValue(name: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = scalarText(value, name);
  if (text !== undefined) return text;
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (const item of value) {
      if (item === undefined || item === null) continue;
      const itemText = scalarText(item, name);
      if (itemText === undefined) throw notQueryable(name, item);
      items.push(itemText);
    }
    return items.length === 0 ? undefined : items.join(",");
  }
  throw notQueryable(name, value);
}

function notQueryable(name: string, value: unknown): EndpointError {
  return new EndpointError(
    ErrorCodes.INVALID_PARAMETER,
    `parameter "${name}" is ${describe(value)}, which has no query string form; put it in the url template or send a body`,
  );
}

/**
 * Appends `name=value` pairs to `url`: after "?" (or "&" when a query is already
 * there), before any "#fragment". Names and values are encoded as RFC 6570 encodes
 * `{?x}`, so a parameter reads the same whether the template or the leftovers put it there.
 *
 * @example
 * appendQuery("/issues#top", [["labels", "bug,ui"]]) // "/issues?labels=bug%2Cui#top"
 */
export function appendQuery(url: string, pairs: readonly (readonly [string, string])[]): string {
  if (pairs.length === 0) return url;
  let query = "";
  for (const [name, value] of pairs) {
    const label = `parameter "${name}"`;
    query += `${query === "" ? "" : "&"}${encodeUnreserved(name, label)}=${encodeUnreserved(value, label)}`;
  }
  const hash = url.indexOf("#");
  const path = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? "" : url.slice(hash);
  const questionMark = path.indexOf("?");
  const last = path[path.length - 1];
  const separator = questionMark === -1 ? "?" : last === "?" || last === "&" ? "" : "&";
  return `${path}${separator}${query}${fragment}`;
}
