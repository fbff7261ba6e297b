import { ALPHA, DIGIT, inClass, spanOf, WORD } from "../core/chars.js";
import type { Previews } from "../core/conventions.js";
import { kindOf, EndpointError, isRevoked, quote, shorten } from "../core/errors.js";
import { isPlainObject, ownValue } from "../core/values.js";

/** A `mediaType` as read: each field undefined when not given (the current one stays). */
export interface MediaTypeFields {
  readonly format: string | undefined;
  readonly previews: readonly string[] | undefined;
}

// docs/decisions.md, "`mediaType`".
export function readMediaType(mediaType: unknown, previews: Previews | undefined): MediaTypeFields {
  if (!isPlainObject(mediaType)) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `mediaType must be a plain object, got ${kindOf(mediaType)}`);
  }
  for (const key of Object.keys(mediaType)) {
    if (key !== "format" && key !== "previews") {
      throw new EndpointError(
        "ERR_INVALID_OPTIONS",
        `mediaType.${shorten(key)} is not supported; only mediaType.format${previews === undefined ? " is" : " and mediaType.previews are"}`,
      );
    }
  }
  return {
    format: readFormat(ownValue(mediaType, "format")),
    previews: readPreviews(ownValue(mediaType, "previews"), previews),
  };
}

function readFormat(format: unknown): string | undefined {
  if (format === undefined) return undefined;
  if (typeof format !== "string") {
    throw new EndpointError("ERR_INVALID_OPTIONS", `mediaType.format must be a string, got ${kindOf(format)}`);
  }
  // "" (none), or a letter or digit then letters, digits, "_", "-", ".", "+": never `v3..` or `v3.+json`.
  if (format !== "" && (!inClass(format.charCodeAt(0), ALPHA | DIGIT) || !isFormatTail(format))) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `mediaType.format ${quote(format)} must start with a letter or digit and hold only letters, digits, "_", "-", "." or "+"`,
    );
  }
  return format;
}

/** A `mediaType.previews` list: an empty one asks for nothing; others only where `previews` reads them. */
function readPreviews(list: unknown, previews: Previews | undefined): readonly string[] | undefined {
  if (list === undefined) return undefined;
  if (isRevoked(list) || !Array.isArray(list)) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `mediaType.previews must be a list, got ${kindOf(list)}`);
  }
  if (previews !== undefined) return list.length === 0 ? [] : previews.read(list);
  if (list.length > 0) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      "mediaType.previews is not supported; only mediaType.format is (the fluent-endpoint/octokit entry accepts previews)",
    );
  }
  return undefined;
}

function isFormatTail(format: string): boolean {
  for (let i = 1; i < format.length; i++) {
    const code = format.charCodeAt(i);
    if (!inClass(code, WORD) && code !== 45 && code !== 46 && code !== 43) return false;
  }
  return true;
}

/**
 * Applies `mediaType.format` to vendor types of `accept`; a plain scan, so no input can make it backtrack.
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
