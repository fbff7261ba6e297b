import { ALPHA, DIGIT, isIn, spanOf, WORD } from "../core/chars.js";
import { describe, EndpointError, quote, shorten } from "../core/errors.js";
import { isPlainObject, ownValue } from "../core/values.js";

/** The validated `mediaType.format`, or undefined when `mediaType` gives none (the current one stays). */
export function readFormat(mediaType: unknown): string | undefined {
  if (!isPlainObject(mediaType)) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `mediaType must be a plain object, got ${describe(mediaType)}`);
  }
  for (const key of Object.keys(mediaType)) {
    // An empty previews list (in @octokit/endpoint's merged options for /graphql) asks for
    // nothing; an undefined one is not given, as any undefined option.
    const previews = mediaType.previews;
    if (key === "previews" && (previews === undefined || (Array.isArray(previews) && previews.length === 0))) continue;
    if (key !== "format") {
      throw new EndpointError(
        "ERR_INVALID_OPTIONS",
        `mediaType.${shorten(key)} is not supported; only mediaType.format is`,
      );
    }
  }
  const format = ownValue(mediaType, "format");
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
