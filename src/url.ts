/** URL helpers that need no template knowledge. */

function isAlpha(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/**
 * Length of a leading `scheme://` (RFC 3986 §3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ),
 * then "://"), or 0 when `text` has none. `https-docs/x` or `httpbin` are not absolute.
 */
export function schemeLength(text: string): number {
  if (!isAlpha(text.charCodeAt(0))) return 0;
  let i = 1;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isAlpha(code) || (code >= 48 && code <= 57) || code === 43 || code === 45 || code === 46) continue;
    break;
  }
  return text.startsWith("://", i) ? i + 3 : 0;
}

/**
 * Joins `baseUrl` and an expanded `url` with exactly one "/" between them. A url
 * with a scheme is used as is, and an empty `baseUrl` leaves the url unchanged.
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
  if (urlStart === url.length && urlStart === 0) return baseUrl;
  return `${baseUrl.slice(0, baseEnd)}/${url.slice(urlStart)}`;
}
