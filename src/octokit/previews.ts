import { inClass, WORD } from "../core/chars.js";
import type { Previews } from "../core/conventions.js";
import { kindOf, EndpointError, quote } from "../core/errors.js";

const PREVIEW = "-preview";
const GRAPHQL = "/graphql";

/** GitHub API previews as `@octokit/endpoint` 11 reads, merges and writes them into `accept`. */
export const GITHUB_PREVIEWS: Previews = {
  /** Names with or without their `-preview` suffix, kept without it: letters, digits, `_` and `-`. */
  read(previews) {
    const names: string[] = [];
    for (let i = 0; i < previews.length; i++) {
      const preview = previews[i];
      const name =
        typeof preview === "string" && preview.endsWith(PREVIEW) ? preview.slice(0, -PREVIEW.length) : preview;
      if (typeof name !== "string" || name === "" || wordEnd(name, 0) !== name.length) {
        throw new EndpointError(
          "ERR_INVALID_OPTIONS",
          `mediaType.previews[${i}] must be a preview name (letters, digits, "_" and "-"), got ${typeof preview === "string" ? quote(preview) : kindOf(preview)}`,
        );
      }
      names.push(name);
    }
    return names;
  },

  /** A later list replaces an earlier one; at the url `/graphql`, the earlier names it lacks come first. */
  merge(below, above, url) {
    if (url !== GRAPHQL) return above ?? below;
    if (below === undefined || above === undefined) return below ?? above ?? [];
    const added = new Set(above);
    return [...below.filter((name) => !added.has(name)), ...above];
  },

  /**
   * Only for a `/graphql` url; a scan of `accept`'s words, with no regular expression on caller input.
   *
   * @example
   * GITHUB_PREVIEWS.accept("application/vnd.github.v3+json", ["mercy"], "", "https://api.github.com/graphql")
   * // "application/vnd.github.mercy-preview+json"
   */
  accept(accept, previews, format, url) {
    if (!url.endsWith(GRAPHQL)) return undefined;
    if (accept !== undefined && accept.toLowerCase().includes("application/octet-stream")) return undefined;
    const names: string[] = [];
    for (let start = 0; accept !== undefined && start < accept.length;) {
      const end = wordEnd(accept, start);
      // A word such as "mercy-preview" names the preview before its last "-preview".
      const word = accept.slice(start, end);
      const suffix = word.lastIndexOf(PREVIEW);
      if (suffix > 0) names.push(word.slice(0, suffix));
      start = end + 1;
    }
    const type = format === "" ? "+json" : `.${format}`;
    return [...names, ...previews].map((name) => `application/vnd.github.${name}${PREVIEW}${type}`).join(",");
  },
};

/** Where the run of letters, digits, `_` and `-` (a regular expression's `[\w-]`) from `start` ends. */
function wordEnd(text: string, start: number): number {
  let i = start;
  while (i < text.length && (inClass(text.charCodeAt(i), WORD) || text[i] === "-")) i++;
  return i;
}
