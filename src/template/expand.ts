import { parseTemplate as compileTemplate } from "url-template";
import { kindOf, EndpointError, asLengthError, quote, shorten } from "../core/errors.js";
import { isList, isPlainObject, itemTexts, ownValue, scalarText } from "../core/values.js";
import { encodeReserved, encodeUnreserved } from "./encode.js";
import {
  AUTHORITY,
  type Expression,
  NEAR_DOTS,
  type Operator,
  SEGMENT,
  type UrlTemplate,
  type VarSpec,
  dotCount,
  schemeEnd,
  schemeLength,
} from "./template.js";

// The operators whose text may be a path segment of its own: "" (which `includes` finds in any text), "+", "." and
// "/"; a named one's pieces start with their name (`;x=…`, `?x=…`), and a fragment is no path.
const PATH_OPERATORS = "+./";

/** Read as own properties only: an inherited `constructor` or `toString` is never a value. */
type Params = Readonly<Record<string, unknown>>;

/** Expands a parsed url template (RFC 6570) and checks the url it made: the rules are docs/decisions.md's. */
export function expandTemplate(template: UrlTemplate, params: Params, standalone = true): string {
  const { parts } = template;
  const leading = template.leadingName === undefined ? undefined : absoluteLeadingValue(template, params);
  let url = "";
  let last = "";
  let leadingAbsolute = false;
  // [start, end, part index] of the expansions that may make a dot segment.
  let dotted: number[] | undefined;
  let k = 0;
  try {
    for (; k < parts.length; k++) {
      const part = parts[k]!;
      if (typeof part === "string") {
        url += part;
        continue;
      }
      // The spec's `{upload_url}/repos/…`: an absolute URL value is kept as written, as `{+name}` keeps it.
      const asWritten = k === 0 && leading !== undefined;
      last = asWritten ? encode(leading, true, part) : expandExpression(part, params);
      if (k === 0) leadingAbsolute = schemeEnd(last) > 0;
      if (last === "" && (part.placement & (AUTHORITY | SEGMENT)) !== 0) assertHasValue(part, params);
      // docs/decisions.md, "Dot segments".
      if (
        (part.placement & NEAR_DOTS) !== 0 ||
        (PATH_OPERATORS.includes(part.operator) &&
          (hasDotOnlyPiece(last) || ((asWritten || part.operator === "+") && last.indexOf("%2") !== -1)))
      ) {
        (dotted ??= []).push(url.length, url.length + last.length, k);
      }
      url += last;
    }
  } catch (error) {
    // A literal's text can only tip the url over after an expression: the one before it is named.
    const expression = (typeof parts[k] === "string" ? parts[k - 1] : parts[k]) as Expression;
    throw asLengthError(
      error,
      `${variableList(expression)} (${shorten(expression.source)} at position ${expression.position}) makes the url`,
    );
  }
  if (template.endsWithSlashExpression && last === "") url = url.slice(0, -1);
  if (dotted !== undefined) assertNoDotSegments(url, dotted, parts);
  if (standalone && url.startsWith("//")) assertWrittenAuthority(parts);
  // docs/decisions.md, "Absolute urls": a relative template stays relative, by the WHATWG URL parser's reading (any `scheme:`).
  if (!template.absolute && !leadingAbsolute && schemeEnd(url) > 0) {
    throw new EndpointError(
      "ERR_UNSAFE_PATH",
      `url template ${quote(template.source)} is relative, but its expansion made the absolute url ${quote(url)}`,
    );
  }
  return url;
}

/** RFC 6570 §3.2.1; text is encoded here, a list or map goes through url-template. */
function expandExpression(expression: Expression, params: Params): string {
  // The first character and the separator of each operator's expansion (RFC 6570 appendix A).
  const { operator } = expression;
  const first = operator === "+" ? "" : operator;
  const separator = operator === "?" ? "&" : operator === "" || operator === "+" || operator === "#" ? "," : operator;
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
    return named ? namedMember(spec.name, encoded, operator) : encoded;
  }
  const items = listValue(value, spec, operator === "+" || operator === "#", expression);
  if (items === undefined) return undefined;
  if (named) return namedListPiece(spec, items, operator, expression);
  // The name never shows in an unnamed expansion, so "v" spares a pct-encoded name or `__proto__` any care.
  let piece: string;
  try {
    piece = compileTemplate(`{${operator}v${spec.explode ? "*" : ""}}`).expand({ v: items });
  } catch (error) {
    // encodeURIComponent throws URIError for a lone surrogate, which has no UTF-8 form.
    throw error instanceof URIError ? loneSurrogate(expression) : error;
  }
  // expandExpression writes the operator's first character once for the whole expression.
  return operator === "" || operator === "+" ? piece : piece.slice(1);
}

// RFC 6570 appendix A, by hand: url-template encodes the name and writes an empty exploded `;` member as `;x=`.
function namedListPiece(
  spec: VarSpec,
  items: string[] | Record<string, string>,
  operator: Operator,
  expression: Expression,
): string {
  const list = Array.isArray(items);
  const pieces: string[] = [];
  for (const key of list ? items : Object.keys(items)) {
    const text = encode(list ? key : items[key]!, false, expression);
    const member = list ? spec.name : encode(key, false, expression);
    // Exploded, each member `name=text`; else one `name=a,b,…` (a map's as `key,text` pairs).
    pieces.push(spec.explode ? namedMember(member, text, operator) : list ? text : `${member},${text}`);
  }
  return spec.explode ? pieces.join(operator === ";" ? ";" : "&") : `${spec.name}=${pieces.join(",")}`;
}

/** `name=text` under `;`, `?` and `&`; `;` writes an empty value without "=" (`;x`), RFC 6570 appendix A. */
function namedMember(name: string, text: string, operator: Operator): string {
  return text === "" && operator === ";" ? name : `${name}=${text}`;
}

function encode(text: string, reserved: boolean, expression: Expression): string {
  const encoded = reserved ? encodeReserved(text) : encodeUnreserved(text);
  if (encoded === undefined) throw loneSurrogate(expression);
  return encoded;
}

// Undefined when empty (RFC 6570 §2.3). Reserved items are encoded here: url-template keeps a bare "%" and drops an empty key.
function listValue(
  value: unknown,
  spec: VarSpec,
  reserved: boolean,
  expression: Expression,
): string[] | Record<string, string> | undefined {
  const list = isList(value, spec.name);
  if (!list && !isPlainObject(value)) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `parameter ${quote(spec.name)} cannot fill a url placeholder: ${kindOf(value)} is not text, a list or a plain object`,
    );
  }
  if (spec.prefix > 0) {
    throw new EndpointError(
      "ERR_INVALID_TEMPLATE",
      `prefix modifier ${shorten(expression.source)} at position ${expression.position} applies to text, but parameter ${quote(spec.name)} is a list or object`,
    );
  }
  const keys: string[] = [];
  const texts = itemTexts(
    value as object,
    spec.name,
    () =>
      new EndpointError(
        "ERR_INVALID_PARAMETER",
        `parameter ${quote(spec.name)} cannot fill a url placeholder: lists and objects may only hold text, numbers, booleans or dates`,
      ),
    keys,
  );
  if (list) {
    const items = reserved ? texts.map((text) => encode(text, true, expression)) : texts;
    return items.length === 0 ? undefined : items;
  }
  const pairs: string[] = [];
  const entries: Record<string, string> = Object.create(null);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const raw = texts[i]!;
    // url-template drops the "=" of an empty key under ".", "/" and no operator; the named ones refuse it alike.
    if (key === "" && spec.explode && !reserved) {
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        `parameter ${quote(spec.name)} has an empty key, which ${shorten(expression.source)} cannot write (an exploded map item is "key=value")`,
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

/** Code points, not UTF-16 units: a prefix never splits a surrogate pair. */
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

function variableList(expression: Expression): string {
  return shorten(expression.varspecs.map((spec) => `parameter ${quote(spec.name)}`).join(", "), 200);
}

/** A leading absolute URL value, kept as written (docs/decisions.md, "Absolute urls"); `{+name}` keeps it anyway. */
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

function assertNoExpression(name: string, value: string): void {
  // Linear on caller input: the class holds no "{", so each attempt ends at the next one.
  const expression = /\{[+#./;?&]?[\w%.,:*-]+\}/.exec(value);
  if (expression !== null) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `parameter ${quote(name)} holds the url template expression ${quote(expression[0])} (position ${expression.index}): pass it as the url to expand it, or write braces as %7B and %7D`,
    );
  }
}

/** RFC 6570's defined: not `null`/undefined, nor a list or map of nothing but those. */
function hasValue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  const items = Array.isArray(value) ? value : isPlainObject(value) ? Object.values(value) : [value];
  for (let i = 0; i < items.length; i++) if (items[i] !== undefined && items[i] !== null) return true;
  return false;
}

// docs/decisions.md, "Missing placeholder values".
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

/** An expansion without a dot-only piece (`v1.2.0`) cannot make a dot segment, so most need no further check. */
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

function isPieceEnd(char: string | undefined): boolean {
  return char === undefined || char === "/" || char === "?" || char === "#";
}

// docs/decisions.md, "A url an expansion starts with `//`".
function assertWrittenAuthority(parts: readonly (string | Expression)[]): void {
  const first = parts[0];
  if (typeof first === "string" && first.startsWith("//")) return;
  const expression = (typeof first === "string" ? parts[1] : first) as Expression;
  throw new EndpointError(
    "ERR_UNSAFE_PATH",
    `${variableList(expression)} (${shorten(expression.source)} at position ${expression.position}) made the url start with "//", which URL parsers read as a host`,
  );
}

// docs/decisions.md, "Dot segments".
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

/** "." or "..": a segment URL parsers resolve away. */
function isDotSegment(segment: string): boolean {
  if (segment.length > 6) return false;
  const dots = dotCount(segment);
  return dots === 1 || dots === 2;
}
