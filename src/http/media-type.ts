import { ALPHA, DIGIT, isIn, spanOf, WORD, WORD_OR_DASH } from "../core/chars.js";
import { describe, EndpointError, quote, shorten } from "../core/errors.js";
import { isPlainObject, ownValue } from "../core/values.js";

/** A `mediaType` as read: each field undefined when not given (the current one stays). */
export interface MediaTypeFields {
  readonly format: string | undefined;
  readonly previews: readonly string[] | undefined;
}

/**
 * The validated `mediaType`. `previews` are read only where the Octokit conventions
 * accept them; elsewhere only an empty list is, which asks for nothing (as in
 * `@octokit/endpoint`'s merged options for `/graphql`).
 */
export function readMediaType(mediaType: unknown, acceptPreviews: boolean): MediaTypeFields {
  if (!isPlainObject(mediaType)) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `mediaType must be a plain object, got ${describe(mediaType)}`);
  }
  for (const key of Object.keys(mediaType)) {
    if (key !== "format" && key !== "previews") {
      throw new EndpointError(
        "ERR_INVALID_OPTIONS",
        `mediaType.${shorten(key)} is not supported; only mediaType.format${acceptPreviews ? " and mediaType.previews are" : " is"}`,
      );
    }
  }
  return {
    format: readFormat(ownValue(mediaType, "format")),
    previews: readPreviews(ownValue(mediaType, "previews"), acceptPreviews),
  };
}

function readFormat(format: unknown): string | undefined {
  if (format === undefined) return undefined;
  if (typeof format !== "string") {
    throw new EndpointError("ERR_INVALID_OPTIONS", `mediaType.format must be a string, got ${describe(format)}`);
  }
  // "" (none), or a letter or digit then letters, digits, "_", "-", ".", "+": never `v3..` or `v3.+json`.
  if (format !== "" && (!isIn(format.charCodeAt(0), ALPHA | DIGIT) || !isFormatTail(format))) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `mediaType.format ${quote(format)} must start with a letter or digit and hold only letters, digits, "_", "-", "." or "+"`,
    );
  }
  return format;
}

/** Preview names without their `-preview` suffix: letters, digits, `_` and `-`, as `@octokit/endpoint` reads them. */
function readPreviews(previews: unknown, accept: boolean): readonly string[] | undefined {
  if (previews === undefined) return undefined;
  if (!Array.isArray(previews)) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `mediaType.previews must be a list, got ${describe(previews)}`);
  }
  if (previews.length === 0) return accept ? [] : undefined;
  if (!accept) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      "mediaType.previews is not supported; only mediaType.format is (the fluent-endpoint/octokit entry accepts previews)",
    );
  }
  const names: string[] = [];
  for (let i = 0; i < previews.length; i++) {
    const preview: unknown = previews[i];
    const name = typeof preview === "string" && preview.endsWith(PREVIEW) ? preview.slice(0, -PREVIEW.length) : preview;
    if (typeof name !== "string" || name === "" || spanOf(name, WORD_OR_DASH, 0) !== name.length) {
      throw new EndpointError(
        "ERR_INVALID_OPTIONS",
        `mediaType.previews[${i}] must be a preview name (letters, digits, "_" and "-"), got ${typeof preview === "string" ? quote(preview) : describe(preview)}`,
      );
    }
    names.push(name);
  }
  return names;
}

const PREVIEW = "-preview";

function isFormatTail(format: string): boolean {
  for (let i = 1; i < format.length; i++) {
    const code = format.charCodeAt(i);
    if (!isIn(code, WORD) && code !== 45 && code !== 46 && code !== 43) return false;
  }
  return true;
}

/**
 * Applies `mediaType.format` to an `accept` header value: each comma-separated
 * vendor type `application/vnd.<vendor>[.v<N>][.<format>][+json]` becomes
 * `application/vnd.<vendor>[.v<N>].<format>`; any other type is kept as it is.
 * A plain scan, not a regular expression, so no input can make it backtrack.
 *
 * @example
 * applyFormat("application/vnd.github.v3+json", "raw") // "application/vnd.github.v3.raw"
 * applyFormat("text/html", "raw")                      // "text/html"
 */
export function applyFormat(accept: string, format: string): string {
  if (accept.indexOf(VENDOR_PREFIX) === -1) return accept;
  return accept
    .split(",")
    .map((item) => {
      // Surrounding spaces and tabs are kept as they are.
      let start = 0;
      let end = item.length;
      while (start < end && (item[start] === " " || item[start] === "\t")) start++;
      while (end > start && (item[end - 1] === " " || item[end - 1] === "\t")) end--;
      const amended = amendVendorType(item.slice(start, end), format);
      return amended === undefined ? item : item.slice(0, start) + amended + item.slice(end);
    })
    .join(",");
}

const VENDOR_PREFIX = "application/vnd.";

function amendVendorType(type: string, format: string): string | undefined {
  if (!type.startsWith(VENDOR_PREFIX)) return undefined;
  const vendorEnd = spanOf(type, WORD, VENDOR_PREFIX.length);
  if (vendorEnd === VENDOR_PREFIX.length) return undefined;
  let i = vendorEnd;
  let versionEnd = vendorEnd;
  // An optional ".v<digits>" version, kept.
  if (type.startsWith(".v", i)) {
    const j = spanOf(type, DIGIT, i + 2);
    if (j > i + 2 && (j === type.length || type[j] === "." || type[j] === "+")) versionEnd = i = j;
  }
  // An optional ".<format>" already there, replaced.
  if (type[i] === ".") {
    const end = spanOf(type, WORD, i + 1);
    if (end === i + 1) return undefined;
    i = end;
  }
  if (type.startsWith("+json", i)) i += 5;
  if (i !== type.length) return undefined;
  return `${type.slice(0, versionEnd)}.${format}`;
}

/**
 * `accept` for API previews, as `@octokit/endpoint` writes it for a `/graphql` url: the
 * previews `accept` already names, then `previews`, each as
 * `application/vnd.github.<name>-preview` plus `.<format>` or `+json`. A linear scan of
 * `accept`'s words, where `@octokit/endpoint` runs a regular expression that backtracks.
 *
 * @example
 * previewAccept("application/vnd.github.v3+json", ["mercy"], "") // "application/vnd.github.mercy-preview+json"
 */
export function previewAccept(accept: string | undefined, previews: readonly string[], format: string): string {
  const names: string[] = [];
  for (let start = 0; accept !== undefined && start < accept.length;) {
    const end = spanOf(accept, WORD_OR_DASH, start);
    // A word such as "mercy-preview" names the preview before its last "-preview".
    const word = accept.slice(start, end);
    const suffix = word.lastIndexOf(PREVIEW);
    if (suffix > 0) names.push(word.slice(0, suffix));
    start = end + 1;
  }
  const type = format === "" ? "+json" : `.${format}`;
  return [...names, ...previews].map((name) => `application/vnd.github.${name}${PREVIEW}${type}`).join(",");
}
