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
  if (format === "" || accept.indexOf("application/vnd.") === -1) return accept;
  if (accept.indexOf(",") === -1) return amendItem(accept, format);
  return accept
    .split(",")
    .map((item) => amendItem(item, format))
    .join(",");
}

/** One media range of `accept`, amended when it is a vendor type; surrounding spaces kept. */
function amendItem(item: string, format: string): string {
  const start = leadingSpaces(item);
  const end = item.length - trailingSpaces(item);
  const amended = amendVendorType(item.slice(start, end), format);
  return amended === undefined ? item : item.slice(0, start) + amended + item.slice(end);
}

const VENDOR_PREFIX = "application/vnd.";

function isWordChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 /* _ */
  );
}

/** Index after the run of word characters starting at `index`. */
function wordEnd(text: string, index: number): number {
  while (index < text.length && isWordChar(text.charCodeAt(index))) index++;
  return index;
}

function amendVendorType(type: string, format: string): string | undefined {
  if (!type.startsWith(VENDOR_PREFIX)) return undefined;
  const vendorEnd = wordEnd(type, VENDOR_PREFIX.length);
  if (vendorEnd === VENDOR_PREFIX.length) return undefined;
  let i = vendorEnd;
  let versionEnd = vendorEnd;
  // An optional ".v<digits>" version, kept.
  if (type.startsWith(".v", i)) {
    let j = i + 2;
    while (j < type.length && type.charCodeAt(j) >= 48 && type.charCodeAt(j) <= 57) j++;
    if (j > i + 2 && (j === type.length || type[j] === "." || type[j] === "+")) versionEnd = i = j;
  }
  // An optional ".<format>" already there, replaced.
  if (type[i] === ".") {
    const end = wordEnd(type, i + 1);
    if (end === i + 1) return undefined;
    i = end;
  }
  if (type.startsWith("+json", i)) i += 5;
  if (i !== type.length) return undefined;
  return `${type.slice(0, versionEnd)}.${format}`;
}

function leadingSpaces(text: string): number {
  let n = 0;
  while (n < text.length && (text[n] === " " || text[n] === "\t")) n++;
  return n;
}

function trailingSpaces(text: string): number {
  let n = 0;
  while (n < text.length && (text[text.length - 1 - n] === " " || text[text.length - 1 - n] === "\t")) n++;
  return n;
}
