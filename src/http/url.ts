import { EndpointError, quote } from "../core/errors.js";
import { schemeLength } from "../template/template.js";

/**
 * `""`, a path, a relative reference marked as one (`./`, `../`) or an absolute url (docs/decisions.md, "`baseUrl`"):
 * a query or fragment would swallow the path appended to it, `localhost:3000` reads as the scheme `localhost:`, and
 * `api.example.com` would be a relative path.
 */
export function readBaseUrl(baseUrl: string): string {
  const start = baseUrl === "" || baseUrl[0] === "/" || baseUrl.startsWith("./") || baseUrl.startsWith("../");
  // Linear: one code point at a time, no backtracking (a paired surrogate is one code point, not Cs).
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if ((start || schemeLength(baseUrl) > 0) && !/[?#\0-\x1f\x7f]|\p{Cs}/u.test(baseUrl)) return baseUrl;
  throw new EndpointError(
    "ERR_INVALID_OPTIONS",
    `baseUrl ${quote(baseUrl)} must be "", a path starting with "/", "./" or "../", or an absolute url (scheme://…), without a query, fragment, control character or lone surrogate`,
  );
}

/**
 * Joins `baseUrl` and an expanded `url` with exactly one "/"; a url with a scheme is used as is.
 *
 * @example
 * joinUrl("https://api.github.com/", "repos") // "https://api.github.com/repos"
 */
export function joinUrl(baseUrl: string, url: string): string {
  if (baseUrl === "" || schemeLength(url) > 0) return url;
  let baseEnd = baseUrl.length;
  while (baseEnd > 0 && baseUrl.charCodeAt(baseEnd - 1) === 47) baseEnd--;
  let urlStart = 0;
  while (urlStart < url.length && url.charCodeAt(urlStart) === 47) urlStart++;
  // An empty path adds nothing (not even a "/"): "https://api.github.com" stays as it is.
  if (url === "") return baseUrl;
  return `${baseUrl.slice(0, baseEnd)}/${url.slice(urlStart)}`;
}

/**
 * Appends an encoded query before any "#fragment" (docs/decisions.md, "Query separator").
 *
 * @example
 * appendQuery("/issues#top", "labels=bug%2Cui") // "/issues?labels=bug%2Cui#top"
 */
export function appendQuery(url: string, query: string): string {
  if (query === "") return url;
  const hash = url.indexOf("#");
  const path = hash === -1 ? url : url.slice(0, hash);
  const questionMark = path.indexOf("?");
  const last = path[path.length - 1];
  const separator = questionMark === -1 ? "?" : last === "?" || last === "&" ? "" : "&";
  return path + separator + query + (hash === -1 ? "" : url.slice(hash));
}
