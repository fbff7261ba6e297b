import { escapeStrayPercent, isReservedVerbatim } from "./encode.js";
import { describe, EndpointError, ErrorCodes, quote, shorten } from "./errors.js";
import { type Batch, type Expression, Placement, type UrlTemplate, type VarSpec } from "./template.js";
import { schemeLength } from "./url.js";
import { builtinKind, isPlainObject, ownValue } from "./values.js";

/** A value as url-template expands it correctly: text, a non-empty list, a non-empty map, or nothing. */
type TemplateValue = string | string[] | Record<string, string> | undefined;

/**
 * Expands a parsed url template with `params` (own keys only: an inherited
 * `constructor` or `toString` is never a value). `standalone`: the url is used without
 * a baseUrl, so a leading "//" an expansion makes would read as a host. url-template does the RFC 6570
 * expansion of each expression; this layer feeds it values it handles exactly
 * (see {@link templateValue}), applies prefixes in code points, and checks the
 * result for `.`/`..` segments made by a value.
 */
export function expandTemplate(
  template: UrlTemplate,
  params: Readonly<Record<string, unknown>>,
  standalone = true,
): string {
  const { parts } = template;
  const leading = template.leadingReserved === undefined ? undefined : absoluteLeadingValue(template, params);
  const reservedName = template.leadingReservedName;
  if (reservedName !== undefined) {
    // A leading `{+name}` holding an absolute URL: the same check as for a leading `{name}`.
    const value = ownValue(params, reservedName);
    if (typeof value === "string" && schemeLength(value) > 0) assertNoExpression(reservedName, value);
  }
  let batched: (string | undefined)[] | undefined;
  if (template.batch !== undefined) {
    batched = new Array<string | undefined>(parts.length);
    expandBatch(template.batch, parts, params, batched);
  }
  let url = "";
  let last = "";
  let leadingAbsolute = false;
  // [start, end, part index] of expansions that contain a "." and so may form a dot segment.
  let dotted: number[] | undefined;
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k]!;
    if (typeof part === "string") {
      url += part;
      continue;
    }
    const asWritten = k === 0 && leading !== undefined;
    if (asWritten) {
      // The spec's `{upload_url}/repos/…`: an absolute URL value is kept as written, as
      // `{+name}` keeps it. A URL with nothing for `{+name}` to encode (the usual case)
      // is that expansion already; any other goes through url-template's `{+name}`.
      last = isReservedVerbatim(leading) ? leading : expandWith(template.leadingReserved!, part, contextFor(part, params, true));
    } else {
      last = batched?.[k] ?? expandExpression(part, params);
    }
    if (k === 0) leadingAbsolute = schemeLength(last) > 0;
    if (last === "" && (part.placement & (Placement.AUTHORITY | Placement.SEGMENT)) !== 0) assertHasValue(part, params);
    // Expansions that may make a dot segment: next to literal dots, with a run of dots
    // between segment ends, or a "%2e" that reserved expansion keeps as written. `{#x}`
    // is the fragment, never the path.
    if (
      (part.placement & Placement.NEAR_DOTS) !== 0 ||
      (part.operator !== "#" &&
        (hasDotOnlyPiece(last) || ((asWritten || part.operator === "+") && last.indexOf("%2") !== -1)))
    ) {
      (dotted ??= []).push(url.length, url.length + last.length, k);
    }
    url += last;
  }
  if (template.endsWithSlashExpression && last === "") url = url.slice(0, -1);
  if (dotted !== undefined) assertNoDotSegments(url, dotted, parts);
  if (standalone && url.charCodeAt(0) === 47 && url.charCodeAt(1) === 47) assertWrittenAuthority(parts);
  // A relative template stays relative (`http{+rest}` with "s://evil.example/x" would
  // send the request elsewhere), unless its leading expression holds an absolute URL.
  if (!template.absolute && !leadingAbsolute && schemeLength(url) > 0) {
    throw new EndpointError(
      ErrorCodes.UNSAFE_PATH,
      `url template ${quote(template.source)} is relative, but its expansion made the absolute url ${quote(url)}`,
    );
  }
  return url;
}

/**
 * Throws `ERR_MISSING_PARAMETER` for an expression that expanded to nothing where that
 * changes what the url names: in the scheme or authority of an absolute url (always),
 * or alone in a path segment (when none of its variables has a value; `""` is a value),
 * where it would leave `//`, which servers and proxies read differently.
 */
function assertHasValue(expression: Expression, params: Readonly<Record<string, unknown>>): void {
  const inAuthority = (expression.placement & Placement.AUTHORITY) !== 0;
  if (!inAuthority) {
    for (const spec of expression.varspecs) {
      if (templateValue(ownValue(params, spec.name), spec, false, expression) !== undefined) return;
    }
  }
  const several = expression.varspecs.length > 1;
  const names = several ? `parameters ${shorten(expression.varspecs.map((spec) => quote(spec.name)).join(", "), 200)}` : variableList(expression);
  throw new EndpointError(
    ErrorCodes.MISSING_PARAMETER,
    `${names} (${shorten(expression.source)} at position ${expression.position}) ${
      inAuthority ? `expand${several ? "" : "s"} to nothing in the url's scheme or host` : `ha${several ? "ve" : "s"} no value: the path would get an empty segment ("//")`
    }`,
  );
}


/**
 * True when a "." of `text` lies in a run of dots that reaches, on both sides, a "/",
 * "?", "#" or an end of `text`. The part an expansion has in a dot segment is such a
 * run, so an expansion without one (`rust-lang.js`, `v1.2.0`, `https://uploads.github.com`)
 * cannot make a dot segment, whatever the text around it.
 */
function hasDotOnlyPiece(text: string): boolean {
  for (let dot = text.indexOf("."); dot !== -1; ) {
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
 * Only for a url that stands alone (`standalone`: no baseUrl); joined to a baseUrl, its
 * leading slashes are dropped.
 */
function assertWrittenAuthority(parts: readonly (string | Expression)[]): void {
  const first = parts[0];
  if (typeof first === "string" && first.startsWith("//")) return;
  const expression = (typeof first === "string" ? parts[1] : first) as Expression;
  throw new EndpointError(
    ErrorCodes.UNSAFE_PATH,
    `${variableList(expression)} (${shorten(expression.source)} at position ${expression.position}) made the url start with "//", which URL parsers read as a host`,
  );
}

/**
 * The value of a leading simple `{name}` when it is an absolute URL (which expands as
 * `{+name}`), else undefined. Such a URL must not have a query or fragment when the
 * template goes on, since the rest of the template would land inside it, nor hold a
 * url template expression (see {@link assertNoExpression}).
 */
function absoluteLeadingValue(template: UrlTemplate, params: Readonly<Record<string, unknown>>): string | undefined {
  const { name } = (template.parts[0] as Expression).varspecs[0]!;
  const value = ownValue(params, name);
  if (typeof value !== "string" || schemeLength(value) === 0) return undefined;
  assertNoExpression(name, value);
  if (template.parts.length > 1 && (value.indexOf("?") !== -1 || value.indexOf("#") !== -1)) {
    throw new EndpointError(
      ErrorCodes.INVALID_PARAMETER,
      `parameter ${quote(name)} is an absolute URL with a query or fragment, so the rest of the template would land inside it`,
    );
  }
  return value;
}

/**
 * Throws `ERR_INVALID_PARAMETER` when an absolute URL value (of a leading `{name}` or
 * `{+name}`) holds an RFC 6570 expression: it is a url template not yet expanded
 * (GitHub's `upload_url` ends in `{?name,label}`), whose braces the expansion would
 * encode and whose `?` it would keep. Braces around anything else (`{"a":1}` in a
 * query a URL parser left as it was) are text, encoded as always.
 */
function assertNoExpression(name: string, value: string): void {
  for (let open = value.indexOf("{"); open !== -1; open = value.indexOf("{", open + 1)) {
    let i = open + 1;
    if ("+#./;?&".indexOf(value[i]!) !== -1) i++;
    const start = i;
    while (isVarspecChar(value.charCodeAt(i))) i++;
    if (i > start && value[i] === "}") {
      throw new EndpointError(
        ErrorCodes.INVALID_PARAMETER,
        `parameter ${quote(name)} holds the url template expression ${quote(value.slice(open, i + 1))} (position ${open}): pass it as the url to expand it, or write braces as %7B and %7D`,
      );
    }
  }
}

/** A character of a variable list: a varname's (ALPHA, DIGIT, "_", "%", ".", "-"), "," or a modifier's (":", DIGIT, "*"). */
function isVarspecChar(code: number): boolean {
  return (
    (code >= 48 && code <= 58) /* 0-9 : */ ||
    ((code | 32) >= 97 && (code | 32) <= 122) /* letters */ ||
    code === 95 || code === 37 || code === 46 || code === 45 || code === 44 || code === 42
  );
}

/**
 * Expands the expressions of `batch` with one url-template call and cuts the output
 * into each expression's share (stored in `outputs` by part index). Leaves `outputs`
 * empty, so that the expressions are expanded one by one, when a value is a list or
 * map (whose items hold delimiters too), a value is refused, or url-template throws:
 * one by one, in template order, the error names the first bad expression, as it
 * does for a template that is not batched (the batch goes group by group).
 */
function expandBatch(
  batch: Batch,
  parts: readonly (string | Expression)[],
  params: Readonly<Record<string, unknown>>,
  outputs: (string | undefined)[],
): void {
  const context: Record<string, TemplateValue> = {};
  let defined = 0;
  try {
    for (const group of batch.groups) {
      for (const k of group.members) {
        const expression = parts[k] as Expression;
        for (const spec of expression.varspecs) {
          const value = templateValue(ownValue(params, spec.name), spec, false, expression);
          if (value !== undefined && typeof value !== "string") return;
          // Set even when undefined: url-template must not find an inherited `constructor`.
          context[spec.name] = value;
          if (value !== undefined) defined++;
        }
      }
    }
  } catch (error) {
    // The caller's own exception (a getter, a Proxy trap) passes through as it is.
    if (!(error instanceof EndpointError)) throw error;
    return; // a refused value: one by one, so that the first bad one in the template is named
  }
  let text = "";
  if (defined > 0) {
    try {
      text = batch.engine.expand(context);
    } catch {
      return; // one by one, so that the error names the expression
    }
  }
  let position = 0;
  // Each item ends at the next delimiter: its group's separator or the next group's operator.
  for (const { operator, members } of batch.groups) {
    for (const k of members) {
      let items = 0;
      for (const spec of (parts[k] as Expression).varspecs) if (context[spec.name] !== undefined) items++;
      if (items === 0) {
        outputs[k] = "";
        continue;
      }
      if (position === 0 && operator !== "") position++; // the first item's operator
      const from = position;
      for (let item = 0; item < items; item++) position = nextDelimiter(text, position) + 1;
      outputs[k] = (operator === "" ? "" : operator) + text.slice(from, position - 1);
    }
  }
  // Never expected: be exact, not fast.
  if (position !== (position === 0 ? text.length : text.length + 1)) outputs.fill(undefined);
}

/** Index of the next "," "/" ";" "?" or "&" at or after `from`, or the length of `text`. */
function nextDelimiter(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 44 || code === 47 || code === 59 || code === 63 || code === 38) return i;
  }
  return text.length;
}

function expandExpression(expression: Expression, params: Readonly<Record<string, unknown>>): string {
  const reserved = expression.operator === "+" || expression.operator === "#";
  if (!expression.perVarspec) {
    return expandWith(expression.engines[0]!, expression, contextFor(expression, params, reserved));
  }
  // A prefix modifier is present: expand each varspec alone, then join as RFC 6570 §3.2.1 does.
  const { operator } = expression;
  const separator = operator === "" || operator === "+" || operator === "#" ? "," : operator === "?" ? "&" : operator;
  const pieces: string[] = [];
  expression.varspecs.forEach((spec, index) => {
    const context = newContext(expression);
    const value = templateValue(ownValue(params, spec.name), spec, reserved, expression);
    context[spec.alias ?? spec.name] = value;
    let piece = expandWith(expression.engines[index]!, expression, context);
    if (operator === ";" && spec.explode) piece = withoutEmptyValues(piece);
    const printsKeysOnly = spec.explode && typeof value === "object" && !Array.isArray(value);
    if (spec.alias !== undefined && !printsKeysOnly) {
      // Named operators print the name right after the operator or the separator, which
      // values (encoded) never contain raw: put the pct-encoded name back there. An
      // exploded map prints its own keys instead, which must stay as they are.
      piece = piece.replaceAll(operator + spec.alias, operator + spec.name).replaceAll(separator + spec.alias, separator + spec.name);
    }
    // Each piece carries its own operator character (except for "" and "+"): keep only the first.
    // A defined value counts even when its piece is empty ("" under "" or "+": `{x,empty:3}` → "1024,").
    if (value !== undefined) pieces.push(operator === "" || operator === "+" ? piece : piece.slice(1));
  });
  if (pieces.length === 0) return "";
  return (operator === "" || operator === "+" ? "" : operator) + pieces.join(separator);
}

/**
 * An exploded `;` expansion with its empty members written `;name`, not `;name=`
 * (RFC 6570 appendix A: `;` has no "=" for an empty value; url-template always adds one).
 * Encoded values hold no raw "=" or ";", so an item ending in "=" has an empty value.
 */
function withoutEmptyValues(piece: string): string {
  if (piece.indexOf("=;") === -1 && !piece.endsWith("=")) return piece;
  return piece
    .split(";")
    .map((item) => (item.endsWith("=") ? item.slice(0, -1) : item))
    .join(";");
}

function contextFor(
  expression: Expression,
  params: Readonly<Record<string, unknown>>,
  reserved: boolean,
): Record<string, TemplateValue> {
  const context = newContext(expression);
  for (const spec of expression.varspecs) {
    context[spec.name] = templateValue(ownValue(params, spec.name), spec, reserved, expression);
  }
  return context;
}

/**
 * A context for url-template. Every varspec's name is set on it, so inherited keys
 * are never read; only a variable named `__proto__` needs a prototype-free object
 * (assigning it to a literal would replace the prototype). Literals stay in V8's
 * fast mode, which `Object.create(null)` objects do not.
 */
function newContext(expression: Expression): Record<string, TemplateValue> {
  return (expression.protoName ? Object.create(null) : {}) as Record<string, TemplateValue>;
}

function expandWith(
  engine: { expand(context: object): string },
  expression: Expression,
  context: Record<string, TemplateValue>,
): string {
  try {
    return engine.expand(context);
  } catch {
    // encodeURI/encodeURIComponent throw URIError for a lone surrogate, which has no UTF-8 form.
    throw loneSurrogate(expression);
  }
}

function loneSurrogate(expression: Expression): EndpointError {
  return new EndpointError(
    ErrorCodes.INVALID_PARAMETER,
    `a value of ${variableList(expression)} (${shorten(expression.source)} at position ${expression.position}) contains a lone UTF-16 surrogate`,
  );
}

/** The expression's parameters for a message (an expression may hold any number of them). */
function variableList(expression: Expression): string {
  return shorten(expression.varspecs.map((spec) => `parameter ${quote(spec.name)}`).join(", "), 200);
}

/**
 * Turns a parameter into a value url-template expands exactly: scalars become text
 * (`bigint` like a number, a `Date` as its ISO string), empty lists and maps become
 * undefined (RFC 6570 §2.3), a bare "%" in reserved expansion becomes "%25"
 * (§3.2.3), and a prefix cuts whole code points (§2.4.1). A map in reserved expansion
 * becomes the list of its pairs: url-template would encode its keys as unreserved text
 * (`a/b` → `a%2Fb`) and drop an empty key, where `{+x}` and `{#x}` keep both.
 */
export function templateValue(
  value: unknown,
  spec: VarSpec,
  reserved: boolean,
  expression: Expression,
): TemplateValue {
  if (value === undefined || value === null) return undefined;
  const text = scalarText(value, spec.name);
  if (text !== undefined) {
    if (spec.prefix === 0) return reserved ? escapeStrayPercent(text) : text;
    // The prefix may cut a lone surrogate off, but the value is still no text: an error, as without a prefix.
    if (hasLoneSurrogate(text)) throw loneSurrogate(expression);
    const cut = prefixOf(text, spec.prefix);
    return reserved ? escapeStrayPercent(cut) : cut;
  }
  const isList = Array.isArray(value);
  if (spec.prefix > 0 && (isList || isPlainObject(value))) {
    throw new EndpointError(
      ErrorCodes.INVALID_TEMPLATE,
      `prefix modifier ${shorten(expression.source)} at position ${expression.position} applies to text, but parameter ${quote(spec.name)} is a list or object`,
    );
  }
  if (isList) {
    const list: string[] = [];
    // By index: an iterator or method of the caller's array is never called.
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item === undefined || item === null) continue;
      const itemText = scalarText(item, spec.name);
      if (itemText === undefined) throw nested(spec.name);
      list.push(reserved ? escapeStrayPercent(itemText) : itemText);
    }
    return list.length === 0 ? undefined : list;
  }
  if (isPlainObject(value)) {
    const entries: [string, string][] = [];
    for (const key of Object.keys(value)) {
      const item = value[key];
      if (item === undefined || item === null) continue;
      const itemText = scalarText(item, spec.name);
      if (itemText === undefined) throw nested(spec.name);
      if (key === "" && spec.explode && !reserved) {
        throw new EndpointError(
          ErrorCodes.INVALID_PARAMETER,
          `parameter ${quote(spec.name)} has an empty key, which url-template cannot expand in ${shorten(expression.source)} (it drops the "=")`,
        );
      }
      entries.push([key, itemText]);
    }
    if (entries.length === 0) return undefined;
    if (reserved) {
      // {+x*} prints "key=value" items, {+x} "key,value,…": as a list, "=" and "," stay raw.
      return entries.flatMap(([key, text]) =>
        spec.explode ? [`${escapeStrayPercent(key)}=${escapeStrayPercent(text)}`] : [escapeStrayPercent(key), escapeStrayPercent(text)],
      );
    }
    const map = Object.create(null) as Record<string, string>;
    for (const [key, text] of entries) map[key] = text;
    return map;
  }
  throw new EndpointError(
    ErrorCodes.INVALID_PARAMETER,
    `parameter ${quote(spec.name)} cannot fill a url placeholder: ${describe(value)} is not text, a list or a plain object`,
  );
}

function nested(name: string): EndpointError {
  return new EndpointError(
    ErrorCodes.INVALID_PARAMETER,
    `parameter ${quote(name)} cannot fill a url placeholder: lists and objects may only hold text, numbers, booleans or dates`,
  );
}

/**
 * Text for a scalar (string, finite number, bigint, boolean, Date), or undefined for
 * anything else. NaN and ±Infinity are `ERR_INVALID_PARAMETER`, as an invalid Date is:
 * `/issues/NaN` is the trace of a failed conversion, never a resource.
 */
export function scalarText(value: unknown, name: string): string | undefined {
  switch (typeof value) {
    case "string":
      return value;
    case "number":
      if (!Number.isFinite(value)) {
        throw new EndpointError(ErrorCodes.INVALID_PARAMETER, `parameter ${quote(name)} is ${value}, not a finite number`);
      }
      return String(value);
    case "bigint":
    case "boolean":
      return String(value);
    default:
      // A Date of any realm, read through this realm's methods (lists and maps, the usual objects here, are no Dates).
      if (typeof value === "object" && value !== null && !Array.isArray(value) && !isPlainObject(value) && builtinKind(value) === "Date") {
        if (Number.isNaN(Date.prototype.getTime.call(value))) {
          throw new EndpointError(ErrorCodes.INVALID_PARAMETER, `parameter ${quote(name)} is an invalid Date`);
        }
        return Date.prototype.toISOString.call(value);
      }
      return undefined;
  }
}

/** True when `text` has a UTF-16 surrogate without its pair (which has no UTF-8 form). */
function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    if (code > 0xdbff) return true; // a low surrogate without a high one before it
    const next = text.charCodeAt(i + 1);
    if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
    i++;
  }
  return false;
}

/** The first `length` code points of `text` (a prefix never splits a surrogate pair). */
function prefixOf(text: string, length: number): string {
  let end = 0;
  for (let count = 0; count < length && end < text.length; count++) {
    const code = text.charCodeAt(end);
    end += code >= 0xd800 && code <= 0xdbff && end + 1 < text.length ? 2 : 1;
  }
  return text.slice(0, end);
}

/**
 * Throws `ERR_UNSAFE_PATH` when a path segment of `url` that is a dot segment ("." or
 * "..", each dot written "." or "%2e" as URL parsers read it) overlaps an expansion:
 * URL parsers resolve such segments away, so the request would reach another
 * resource. Literal dot segments the caller wrote are kept.
 */
function assertNoDotSegments(url: string, dotted: number[], parts: readonly (string | Expression)[]): void {
  // A dot segment starts the url or follows a "/", with "." or "%2e": without either, there is none to find.
  if (url.charCodeAt(0) !== 46 /* . */ && url.indexOf("/.") === -1 && url.indexOf("%2e") === -1 && url.indexOf("%2E") === -1) {
    return;
  }
  let pathEnd = url.length;
  const query = url.indexOf("?");
  const fragment = url.indexOf("#");
  if (query !== -1) pathEnd = query;
  if (fragment !== -1 && fragment < pathEnd) pathEnd = fragment;
  let r = 0;
  let segmentStart = 0;
  for (let i = 0; i <= pathEnd; i++) {
    if (i < pathEnd && url.charCodeAt(i) !== 47 /* / */) continue;
    if (isDotSegment(url, segmentStart, i)) {
      // An expansion touching the segment counts: one that ends with its "/" or is empty
      // inside it made it a dot segment as much as one that holds its dots.
      while (r < dotted.length && dotted[r + 1]! < segmentStart) r += 3;
      if (r < dotted.length && dotted[r]! <= i) {
        const expression = parts[dotted[r + 2]!] as Expression;
        throw new EndpointError(
          ErrorCodes.UNSAFE_PATH,
          `${variableList(expression)} (${shorten(expression.source)} at position ${expression.position}) made the path segment ${quote(url.slice(segmentStart, i))}, which URL parsers resolve away`,
        );
      }
    }
    segmentStart = i + 1;
  }
}

/** True when `url.slice(start, end)` is "." or "..", each dot written "." or "%2e" (any case). */
function isDotSegment(url: string, start: number, end: number): boolean {
  let dots = 0;
  for (let i = start; i < end; dots++) {
    if (dots === 2) return false;
    if (url.charCodeAt(i) === 46 /* . */) {
      i++;
    } else if (url.charCodeAt(i) === 37 /* % */ && url.charCodeAt(i + 1) === 50 /* 2 */ && (url.charCodeAt(i + 2) | 32) === 101 /* e */) {
      i += 3;
    } else {
      return false;
    }
  }
  return dots > 0;
}
