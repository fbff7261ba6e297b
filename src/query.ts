import { encodeUnreserved } from "./encode.js";
import { describe, EndpointError, ErrorCodes, quote } from "./errors.js";
import { scalarText } from "./expand.js";

/**
 * The query text of one leftover parameter, or undefined to omit it: scalars as
 * text, a `Date` as its ISO string, a list joined by "," (null elements skipped,
 * an empty list omitted). Objects have no agreed query form, so they are refused.
 */
export function queryValue(name: string, value: unknown, instead = "put it in the url template or send a body"): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = scalarText(value, name);
  if (text !== undefined) return text;
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item === undefined || item === null) continue;
      const itemText = scalarText(item, name);
      if (itemText === undefined) throw notQueryable(name, item, instead);
      items.push(itemText);
    }
    return items.length === 0 ? undefined : items.join(",");
  }
  throw notQueryable(name, value, instead);
}

function notQueryable(name: string, value: unknown, instead: string): EndpointError {
  return new EndpointError(
    ErrorCodes.INVALID_PARAMETER,
    `parameter ${quote(name)} is ${describe(value)}, which has no query string form; ${instead}`,
  );
}

/**
 * The query pair `name=value`, both encoded as RFC 6570 encodes a text value in
 * `{?x}`, so a scalar reads the same whether the template or the leftovers put it
 * there. A list arrives joined (see `queryValue`), so its commas are encoded here,
 * where `{?x}` keeps them as separators.
 *
 * @example
 * queryPair("labels", "bug,ui") // "labels=bug%2Cui"
 */
export function queryPair(name: string, value: string): string {
  return `${encodeUnreserved(name, name)}=${encodeUnreserved(value, name)}`;
}

/**
 * Appends an encoded query (`a=1&b=2`) to `url`: after "?" (or "&" when a query is
 * already there), before any "#fragment".
 *
 * @example
 * appendQuery("/issues#top", "labels=bug%2Cui") // "/issues?labels=bug%2Cui#top"
 */
export function appendQuery(url: string, query: string): string {
  if (query === "") return url;
  const hash = url.indexOf("#");
  const path = hash === -1 ? url : url.slice(0, hash);
  const questionMark = path.indexOf("?");
  const last = path.charCodeAt(path.length - 1);
  const separator = questionMark === -1 ? "?" : last === 63 /* ? */ || last === 38 /* & */ ? "" : "&";
  return hash === -1 ? path + separator + query : path + separator + query + url.slice(hash);
}
