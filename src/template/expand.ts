import { parseTemplate as compileTemplate } from "url-template";
import { describe, EndpointError, quote, shorten } from "../core/errors.js";
import { isPlainObject, itemTexts, ownValue, scalarText } from "../core/values.js";
import { encodeReserved, encodeUnreserved } from "./encode.js";
import {
  AUTHORITY,
  type Expression,
  NEAR_DOTS,
  type Operator,
  SEGMENT,
  type UrlTemplate,
  type VarSpec,
  schemeLength,
} from "./template.js";

/** Parameters by name, read as own properties only: an inherited `constructor` or `toString` is never a value. */
type Params = Readonly<Record<string, unknown>>;

/**
 * Expands a parsed url template with `params` (RFC 6570), and checks what the
 * expansion made: no `.`/`..` segment, no empty segment or host from a missing value,
 * no absolute url from a relative template, and (`standalone`: no baseUrl) no leading
 * "//", which would read as a host.
 */
export function expandTemplate(template: UrlTemplate, params: Params, standalone = true): string {
  const { parts } = template;
  const leading = template.leadingName === undefined ? undefined : absoluteLeadingValue(template, params);
  let url = "";
  let last = "";
  let leadingAbsolute = false;
  // [start, end, part index] of the expansions that may make a dot segment.
  let dotted: number[] | undefined;
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k]!;
    if (typeof part === "string") {
      url += part;
      continue;
    }
    // The spec's `{upload_url}/repos/…`: an absolute URL value is kept as written, as `{+name}` keeps it.
    const asWritten = k === 0 && leading !== undefined;
    last = asWritten ? encode(leading, true, part) : expandExpression(part, params);
    if (k === 0) leadingAbsolute = schemeLength(last) > 0;
    if (last === "" && (part.placement & (AUTHORITY | SEGMENT)) !== 0) assertHasValue(part, params);
    // Expansions that may make a dot segment: next to literal dots, with a run of dots
    // between segment ends, or a "%2e" that reserved expansion keeps as written. `{#x}`
    // is the fragment, never the path.
    if (
      (part.placement & NEAR_DOTS) !== 0 ||
      (part.operator !== "#" &&
        (hasDotOnlyPiece(last) || ((asWritten || part.operator === "+") && last.indexOf("%2") !== -1)))
    ) {
      (dotted ??= []).push(url.length, url.length + last.length, k);
    }
    url += last;
  }
  if (template.endsWithSlashExpression && last === "") url = url.slice(0, -1);
  if (dotted !== undefined) assertNoDotSegments(url, dotted, parts);
  if (standalone && url.startsWith("//")) assertWrittenAuthority(parts);
  // A relative template stays relative (`http{+rest}` with "s://evil.example/x" would
  // send the request elsewhere), unless its leading expression holds an absolute URL.
  if (!template.absolute && !leadingAbsolute && schemeLength(url) > 0) {
    throw new EndpointError(
      "ERR_UNSAFE_PATH",
      `url template ${quote(template.source)} is relative, but its expansion made the absolute url ${quote(url)}`,
    );
  }
  return url;
}

/** The first character and the separator of each operator's expansion (RFC 6570 appendix A). */
function firstAndSeparator(operator: Operator): [string, string] {
  if (operator === "" || operator === "+") return ["", ","];
  return [operator, operator === "#" ? "," : operator === "?" ? "&" : operator];
}

/**
 * Expands one expression: its varspecs one by one, joined as RFC 6570 §3.2.1 does.
 * Text is encoded here; a list or map goes through url-template.
 */
function expandExpression(expression: Expression, params: Params): string {
  const [first, separator] = firstAndSeparator(expression.operator);
  let pieces = "";
  let count = 0;
  for (const spec of expression.varspecs) {
    const piece = expandVarspec(expression, spec, ownValue(params, spec.name));
    if (piece === undefined) continue;
    // A defined value counts even when its piece is empty: `{x,empty}` → "1024,".
    pieces = count++ === 0 ? piece : pieces + separator + piece;
  }
  return count === 0 ? "" : first + pieces;
}

/** One varspec's share of its expression, without the operator's first character; undefined for no value. */
function expandVarspec(expression: Expression, spec: VarSpec, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const { operator } = expression;
  const named = operator === ";" || operator === "?" || operator === "&";
  const text = scalarText(value, spec.name);
  if (text !== undefined) {
    const encoded = encode(
      spec.prefix > 0 ? prefixOf(text, spec.prefix, expression) : text,
      operator === "+" || operator === "#",
      expression,
    );
    // `;` writes an empty value without "=" (`;x`), `?` and `&` with one (`?x=`).
    return !named ? encoded : encoded === "" && operator === ";" ? spec.name : `${spec.name}=${encoded}`;
  }
  const items = listValue(value, spec, operator === "+" || operator === "#", expression);
  if (items === undefined) return undefined;
  if (named) return namedListPiece(spec, items, operator, expression);
  // The name never shows in an unnamed expansion, so url-template sees it as "v" (a
  // pct-encoded name or `__proto__` needs no care); the operator's first character is
  // expandExpression's to write once for the whole expression.
  let piece: string;
  try {
    piece = compileTemplate(`{${operator}v${spec.explode ? "*" : ""}}`).expand({ v: items });
  } catch {
    // encodeURIComponent throws URIError for a lone surrogate, which has no UTF-8 form.
    throw loneSurrogate(expression);
  }
  return operator === "" || operator === "+" ? piece : piece.slice(1);
}

/**
 * A list or map under `;`, `?` or `&`, written by RFC 6570 appendix A: the name as the
 * template writes it (url-template would encode it), `name=a,b` or, exploded,
 * `name=a&name=b` (a map's own `k=v` pairs), and an empty member of an exploded `;`
 * as the name alone (`;x`, where url-template writes `;x=`).
 */
function namedListPiece(
  spec: VarSpec,
  items: string[] | Record<string, string>,
  operator: Operator,
  expression: Expression,
): string {
  const separator = operator === ";" ? ";" : "&";
  const member = (name: string, text: string) => (text === "" && operator === ";" ? name : `${name}=${text}`);
  const text = (raw: string) => encode(raw, false, expression);
  if (Array.isArray(items)) {
    if (!spec.explode) return `${spec.name}=${items.map(text).join(",")}`;
    return items.map((item) => member(spec.name, text(item))).join(separator);
  }
  const keys = Object.keys(items);
  if (!spec.explode) return `${spec.name}=${keys.map((key) => `${text(key)},${text(items[key]!)}`).join(",")}`;
  return keys.map((key) => member(text(key), text(items[key]!))).join(separator);
}

/** `text` encoded for an expression: reserved for `{+x}`, `{#x}` and a leading absolute URL, else unreserved. */
function encode(text: string, reserved: boolean, expression: Expression): string {
  const encoded = reserved ? encodeReserved(text) : encodeUnreserved(text);
  if (encoded === undefined) throw loneSurrogate(expression);
  return encoded;
}

/**
 * A list or plain object as url-template expands it exactly: items as text (`Date`
 * as its ISO string, `bigint` as a number), `null` items left out, undefined when
 * nothing is left (RFC 6570 §2.3: an empty list or map is undefined). Under `{+x}` or
 * `{#x}` items are encoded here (url-template would keep a bare "%"), and a map becomes
 * the list of its pairs (url-template would encode its keys and drop an empty one).
 */
function listValue(
  value: unknown,
  spec: VarSpec,
  reserved: boolean,
  expression: Expression,
): string[] | Record<string, string> | undefined {
  const isList = Array.isArray(value);
  if (!isList && !isPlainObject(value)) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `parameter ${quote(spec.name)} cannot fill a url placeholder: ${describe(value)} is not text, a list or a plain object`,
    );
  }
  if (spec.prefix > 0) {
    throw new EndpointError(
      "ERR_INVALID_TEMPLATE",
      `prefix modifier ${shorten(expression.source)} at position ${expression.position} applies to text, but parameter ${quote(spec.name)} is a list or object`,
    );
  }
  const texts = itemTexts(
    value as object,
    spec.name,
    () =>
      new EndpointError(
        "ERR_INVALID_PARAMETER",
        `parameter ${quote(spec.name)} cannot fill a url placeholder: lists and objects may only hold text, numbers, booleans or dates`,
      ),
  );
  if (isList) {
    const list = texts.map(([, text]) => (reserved ? encode(text, true, expression) : text));
    return list.length === 0 ? undefined : list;
  }
  const pairs: string[] = [];
  const entries: Record<string, string> = Object.create(null);
  for (const [key, raw] of texts) {
    if (key === "" && spec.explode && !reserved) {
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        `parameter ${quote(spec.name)} has an empty key, which url-template cannot expand in ${shorten(expression.source)} (it drops the "=")`,
      );
    }
    // {+x*} prints "key=value" items, {+x} "key,value,…": as a list, "=" and "," stay raw.
    const text = reserved ? encode(raw, true, expression) : raw;
    if (!reserved) entries[key] = text;
    else if (spec.explode) pairs.push(`${encode(key, true, expression)}=${text}`);
    else pairs.push(encode(key, true, expression), text);
  }
  if (reserved) return pairs.length === 0 ? undefined : pairs;
  return Object.keys(entries).length === 0 ? undefined : entries;
}

/** The first `length` code points of `text` (a prefix never splits a surrogate pair, and a lone one anywhere is refused). */
function prefixOf(text: string, length: number, expression: Expression): string {
  encode(text, false, expression); // a lone surrogate the prefix would cut off still makes the value no text
  let end = 0;
  for (let count = 0; count < length && end < text.length; count++) {
    const code = text.charCodeAt(end);
    end += code >= 0xd800 && code <= 0xdbff && end + 1 < text.length ? 2 : 1;
  }
  return text.slice(0, end);
}

function loneSurrogate(expression: Expression): EndpointError {
  return new EndpointError(
    "ERR_INVALID_PARAMETER",
    `a value of ${variableList(expression)} (${shorten(expression.source)} at position ${expression.position}) contains a lone UTF-16 surrogate`,
  );
}

/** The expression's parameters for a message (an expression may hold any number of them). */
function variableList(expression: Expression): string {
  return shorten(expression.varspecs.map((spec) => `parameter ${quote(spec.name)}`).join(", "), 200);
}

/**
 * The value of a leading `{name}` when it is an absolute URL, to be kept as written, or
 * undefined. It must not hold a url template expression (see {@link assertNoExpression})
 * nor, when the template goes on, a query or fragment, inside which the rest would land.
 * A leading `{+name}` keeps its value anyway; only the first check applies to it.
 */
function absoluteLeadingValue(template: UrlTemplate, params: Params): string | undefined {
  const name = template.leadingName!;
  const value = ownValue(params, name);
  if (typeof value !== "string" || schemeLength(value) === 0) return undefined;
  assertNoExpression(name, value);
  if ((template.parts[0] as Expression).operator === "+") return undefined;
  if (template.parts.length > 1 && (value.indexOf("?") !== -1 || value.indexOf("#") !== -1)) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `parameter ${quote(name)} is an absolute URL with a query or fragment, so the rest of the template would land inside it`,
    );
  }
  return value;
}

/**
 * Throws `ERR_INVALID_PARAMETER` when an absolute URL value holds an RFC 6570
 * expression: it is a url template not yet expanded (GitHub's `upload_url` ends in
 * `{?name,label}`), whose braces the expansion would encode and whose `?` it would
 * keep. Braces around anything else (`{"a":1}` in a query a URL parser left as it
 * was) are text, encoded as always.
 */
function assertNoExpression(name: string, value: string): void {
  // An operator, then a variable list: name characters (letters, digits, "_", "%", ".", "-"), "," and modifiers.
  // Linear: the class holds no "{", so each attempt ends at the next one.
  const expression = /\{[+#./;?&]?[\w%.,:*-]+\}/.exec(value);
  if (expression !== null) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `parameter ${quote(name)} holds the url template expression ${quote(expression[0])} (position ${expression.index}): pass it as the url to expand it, or write braces as %7B and %7D`,
    );
  }
}

/** True when a value has something to expand: not undefined or `null`, and not a list or map of nothing but those. */
function hasValue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  const items = Array.isArray(value) ? value : isPlainObject(value) ? Object.values(value) : [value];
  for (let i = 0; i < items.length; i++) if (items[i] !== undefined && items[i] !== null) return true;
  return false;
}

/**
 * Throws `ERR_MISSING_PARAMETER` for an expression that expanded to nothing where that
 * changes what the url names: in the scheme or host of an absolute url (always), or
 * alone in a path segment when none of its variables has a value (`""` is a value),
 * where it would leave `//`, which servers and proxies read differently.
 */
function assertHasValue(expression: Expression, params: Params): void {
  const inAuthority = (expression.placement & AUTHORITY) !== 0;
  if (!inAuthority && expression.varspecs.some((spec) => hasValue(ownValue(params, spec.name)))) return;
  const { varspecs } = expression;
  const several = varspecs.length > 1;
  const names = several
    ? `parameters ${shorten(varspecs.map((spec) => quote(spec.name)).join(", "), 200)}`
    : variableList(expression);
  const problem = inAuthority
    ? `expand${several ? "" : "s"} to nothing in the url's scheme or host`
    : `ha${several ? "ve" : "s"} no value: the path would get an empty segment ("//")`;
  throw new EndpointError(
    "ERR_MISSING_PARAMETER",
    `${names} (${shorten(expression.source)} at position ${expression.position}) ${problem}`,
  );
}

/**
 * True when a "." of `text` lies in a run of dots that reaches, on both sides, a "/",
 * "?", "#" or an end of `text`. The part an expansion has in a dot segment is such a
 * run, so an expansion without one (`rust-lang.js`, `v1.2.0`, `https://uploads.github.com`)
 * cannot make a dot segment, whatever the text around it.
 */
function hasDotOnlyPiece(text: string): boolean {
  for (let dot = text.indexOf("."); dot !== -1;) {
    let start = dot;
    while (text[start - 1] === ".") start--;
    let end = dot + 1;
    while (text[end] === ".") end++;
    if (isPieceEnd(text[start - 1]) && isPieceEnd(text[end])) return true;
    dot = text.indexOf(".", end);
  }
  return false;
}

/** An end of `text` (undefined), "/", "?" or "#": where a path segment (or the path) ends. */
function isPieceEnd(char: string | undefined): boolean {
  return char === undefined || char === "/" || char === "?" || char === "#";
}

/**
 * Throws `ERR_UNSAFE_PATH` when the url starts with "//" but the template did not: an
 * expansion made it (`/{a}/{b}` with `a: ""`), and "//evil.example/…" reads as a host.
 * Only for a url that stands alone (no baseUrl); joined to a baseUrl, its leading
 * slashes are dropped.
 */
function assertWrittenAuthority(parts: readonly (string | Expression)[]): void {
  const first = parts[0];
  if (typeof first === "string" && first.startsWith("//")) return;
  const expression = (typeof first === "string" ? parts[1] : first) as Expression;
  throw new EndpointError(
    "ERR_UNSAFE_PATH",
    `${variableList(expression)} (${shorten(expression.source)} at position ${expression.position}) made the url start with "//", which URL parsers read as a host`,
  );
}

/**
 * Throws `ERR_UNSAFE_PATH` when a path segment of `url` that is a dot segment ("." or
 * "..", each dot written "." or "%2e" as URL parsers read it) overlaps or touches an
 * expansion in `dotted`: URL parsers resolve such segments away, so the request would
 * reach another resource. Dot segments the template writes whole are kept.
 */
function assertNoDotSegments(url: string, dotted: number[], parts: readonly (string | Expression)[]): void {
  // A dot segment starts the url or follows a "/", with "." or "%2e": without either, there is none to find.
  if (url[0] !== "." && url.indexOf("/.") === -1 && url.indexOf("%2e") === -1 && url.indexOf("%2E") === -1) return;
  let pathEnd = url.length;
  for (const end of [url.indexOf("?"), url.indexOf("#")]) if (end !== -1 && end < pathEnd) pathEnd = end;
  let r = 0;
  let segmentStart = 0;
  for (let i = 0; i <= pathEnd; i++) {
    if (i < pathEnd && url[i] !== "/") continue;
    if (isDotSegment(url.slice(segmentStart, i))) {
      // An expansion touching the segment counts: one that ends with its "/" or is empty
      // inside it made it a dot segment as much as one that holds its dots.
      while (r < dotted.length && dotted[r + 1]! < segmentStart) r += 3;
      if (r < dotted.length && dotted[r]! <= i) {
        const expression = parts[dotted[r + 2]!] as Expression;
        throw new EndpointError(
          "ERR_UNSAFE_PATH",
          `${variableList(expression)} (${shorten(expression.source)} at position ${expression.position}) made the path segment ${quote(url.slice(segmentStart, i))}, which URL parsers resolve away`,
        );
      }
    }
    segmentStart = i + 1;
  }
}

/** True when `segment` is "." or "..", each dot written "." or "%2e" (any case). */
function isDotSegment(segment: string): boolean {
  if (segment.length > 6) return false;
  const dots = segment.replace(/%2e/gi, ".");
  return dots === "." || dots === "..";
}
