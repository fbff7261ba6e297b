import { boundedCache } from "../core/cache.js";
import { ALPHA, DIGIT, isControl, inClass, isPercentTriplet, UNDERSCORE, WORD } from "../core/chars.js";
import { codePointLabel, EndpointError, quote } from "../core/errors.js";
import { encodeReserved } from "./encode.js";

/** RFC 6570 §2.2 operators; "" is simple string expansion. */
export type Operator = "" | "+" | "#" | "." | "/" | ";" | "?" | "&";

/** One `varname[:prefix|*]` of an expression. */
export interface VarSpec {
  readonly name: string;
  readonly explode: boolean;
  /** Maximum length in code points; 0 when there is no prefix modifier. */
  readonly prefix: number;
}

// Where an expression stands, for the checks of its expansion (its `placement` flags):
/** In the scheme or authority of an absolute url: it must expand to something. */
export const AUTHORITY = 1;
/** Alone in a path segment (`/{repo}/`): without a value it would leave `//`. */
export const SEGMENT = 2;
/** Next to literal dots in its segment (`{dir}..`): it could complete a `..` segment. */
export const NEAR_DOTS = 4;

/** One `{…}` expression, or a `:name` placeholder (which means `{name}`). */
export interface Expression {
  readonly operator: Operator;
  readonly varspecs: readonly VarSpec[];
  /** The expression as written, for error messages. */
  readonly source: string;
  /** Index of the expression in the template. */
  readonly position: number;
  /** placement flags (`AUTHORITY`, `SEGMENT`, `NEAR_DOTS`); 0 for nowhere special. */
  readonly placement: number;
}

/** A validated, pre-analysed url template. Literal parts are already pct-encoded. */
export interface UrlTemplate {
  readonly source: string;
  readonly parts: readonly (string | Expression)[];
  /** Every variable name the template uses: these parameters are consumed by the url. */
  readonly variables: ReadonlySet<string>;
  /** The template ends in "/{name}": drop the "/" when that expression expands to nothing. */
  readonly endsWithSlashExpression: boolean;
  /** A leading `{name}` or `{+name}`, which may hold an absolute URL (`{upload_url}/…`) kept as written. */
  readonly leadingName: string | undefined;
  /** The template itself is an absolute url (`https://…`, `{scheme}://…`, `tel:+1…`), so its expansion may be one. */
  readonly absolute: boolean;
}

const OPERATORS = "+#./;?&";
// RFC 6570 §2.2: reserved for future extensions, so an error rather than a variable name.
const RESERVED_OPERATORS = "=,!@|";

// Templates are analysed once and kept in a bounded cache (see docs/decisions.md, template cache).
const templates = /*#__PURE__*/ boundedCache(512, 2048, (source: string) => scanTemplate(source, true));
const tableTemplates = /*#__PURE__*/ boundedCache(512, 2048, (source: string) => scanTemplate(source, false));

/**
 * Validates and analyses a url template in one linear scan: no regular expression on caller input.
 *
 * @example
 * parseUrlTemplate("/repos/{owner}/{repo}{?page}").variables // Set { "owner", "repo", "page" }
 */
export function parseUrlTemplate(source: string): UrlTemplate {
  return templates.get(source);
}

/** A route table's template: RFC 6570 alone, a `:` in the path literal (`/levels:append`, a custom method). */
export function parseTableTemplate(source: string): UrlTemplate {
  return tableTemplates.get(source);
}

function invalid(source: string, problem: string, position: number): EndpointError {
  return new EndpointError("ERR_INVALID_TEMPLATE", `url template ${quote(source)}: ${problem} at position ${position}`);
}

/** Length of the RFC 6570 varchar at `index` (ALPHA / DIGIT / "_" / pct-encoded), or 0. */
function varcharLength(text: string, index: number): number {
  if (inClass(text.charCodeAt(index), WORD)) return 1;
  return isPercentTriplet(text, index) ? 3 : 0;
}

/** RFC 3986 §3.1 scheme then ":", which makes a url absolute to the WHATWG URL parser (`https:/x`, `a:1`); 0 for none. */
export function schemeEnd(text: string): number {
  let i = 0;
  while (isSchemeChar(text.charCodeAt(i), i === 0)) i++;
  return i > 0 && text.charCodeAt(i) === 58 /* : */ ? i + 1 : 0;
}

/** A scheme then "://": `https-docs/x`, `httpbin` or `http:/x` do not replace a baseUrl. */
export function schemeLength(text: string): number {
  const end = schemeEnd(text);
  return end > 0 && text.startsWith("//", end) ? end + 2 : 0;
}

/** RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ). */
function isSchemeChar(code: number, first: boolean): boolean {
  return inClass(code, ALPHA) || (!first && (inClass(code, DIGIT) || code === 43 || code === 45 || code === 46));
}

function authorityEnd(source: string): number {
  let i = 0;
  for (;;) {
    const code = source.charCodeAt(i);
    if (code === 123 /* { */) {
      i = source.indexOf("}", i) + 1;
      if (i === 0) return 0;
    } else if (isSchemeChar(code, i === 0)) {
      i++;
    } else {
      break;
    }
  }
  if (i === 0 || !source.startsWith("://", i)) return 0;
  for (i += 3; i < source.length; i++) {
    const char = source[i]!;
    if (char === "/" || char === "?" || char === "#") break;
    if (char === "{") {
      if ("/?#&;".includes(source[i + 1]!)) break;
      const close = source.indexOf("}", i);
      if (close === -1) break;
      i = close;
    }
  }
  return i;
}

function scanTemplate(source: string, colonNames: boolean): UrlTemplate {
  const parts: (string | Expression)[] = [];
  const variables = new Set<string>();
  const pathStart = authorityEnd(source);
  let inPath = true;
  let literalStart = 0;

  const flushLiteral = (end: number) => {
    if (end === literalStart) return;
    const encoded = encodeReserved(source.slice(literalStart, end));
    if (encoded === undefined) throw invalid(source, "lone UTF-16 surrogate in literal text", literalStart);
    parts.push(encoded);
  };

  let i = 0;
  while (i < source.length) {
    const code = source.charCodeAt(i);
    if (code === 123 /* { */) {
      flushLiteral(i);
      const expression = scanExpression(source, i);
      parts.push(expression);
      for (const spec of expression.varspecs) variables.add(spec.name);
      if (expression.operator === "?" || expression.operator === "&" || expression.operator === "#") inPath = false;
      i = expression.position + expression.source.length;
      literalStart = i;
    } else if (code === 125 /* } */) {
      throw invalid(source, "'}' without an opening '{'", i);
    } else if (isControl(code)) {
      // RFC 6570 §2.1 excludes CTL from literals (docs/decisions.md, "Control characters in a url").
      throw invalid(source, `control character ${codePointLabel(source, i)} in literal text`, i);
    } else if (
      code === 58 /* : */ &&
      colonNames &&
      inPath &&
      i >= pathStart &&
      inClass(source.charCodeAt(i + 1), ALPHA | UNDERSCORE)
    ) {
      // `:name` in the path means `{name}`; a colon before a digit (`12:30`) stays literal.
      flushLiteral(i);
      let end = i + 2;
      while (inClass(source.charCodeAt(end), WORD)) end++;
      const name = source.slice(i + 1, end);
      parts.push({
        operator: "",
        varspecs: [{ name, explode: false, prefix: 0 }],
        source: source.slice(i, end),
        position: i,
        placement: 0,
      });
      variables.add(name);
      i = end;
      literalStart = i;
    } else {
      if (code === 63 /* ? */ || code === 35 /* # */) inPath = false;
      i++;
    }
  }
  flushLiteral(source.length);
  placeExpressions(parts, pathStart);

  const first = parts[0];
  const last = parts[parts.length - 1];
  const beforeLast = parts[parts.length - 2];
  const leading =
    typeof first === "object" && (first.operator === "" || first.operator === "+") && first.varspecs.length === 1
      ? first.varspecs[0]!
      : undefined;
  return {
    source,
    parts,
    variables,
    endsWithSlashExpression:
      typeof last === "object" && last.operator === "" && typeof beforeLast === "string" && beforeLast.endsWith("/"),
    leadingName: leading !== undefined && !leading.explode && leading.prefix === 0 ? leading.name : undefined,
    absolute: pathStart > 0 || (typeof first === "string" && schemeEnd(first) > 0),
  };
}

/** How many dots `text` is made of, each written "." or "%2e" in any case, as URL parsers read them; 0 for other text. */
export function dotCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++, count++) {
    if (text[i] === ".") continue;
    if (text[i] !== "%" || text[i + 1] !== "2" || (text[i + 2] !== "e" && text[i + 2] !== "E")) return 0;
    i += 2;
  }
  return count;
}

/** Sets each expression's placement flags, given where the authority ends. */
function placeExpressions(parts: (string | Expression)[], authority: number): void {
  let inPath = true;
  parts.forEach((part, k) => {
    if (typeof part === "string") {
      if (part.includes("?") || part.includes("#")) inPath = false;
      return;
    }
    const query = part.operator === "?" || part.operator === "&" || part.operator === "#";
    let placement = part.position < authority ? AUTHORITY : 0;
    if (inPath && !query && part.position >= authority) {
      const before = parts[k - 1];
      const after = parts[k + 1];
      const left = typeof before === "string" ? before : "";
      const right = typeof after === "string" ? after : "";
      if (left.endsWith("/") && right.startsWith("/")) placement |= SEGMENT;
      // The literal text beside the expression, within its path segment.
      let end = 0;
      while (end < right.length && right[end] !== "/" && right[end] !== "?" && right[end] !== "#") end++;
      if (dotCount(left.slice(left.lastIndexOf("/") + 1)) > 0 || dotCount(right.slice(0, end)) > 0) {
        placement |= NEAR_DOTS;
      }
    }
    if (query) inPath = false;
    if (placement !== 0) parts[k] = { ...part, placement };
  });
}

/** Scans the `{…}` expression opening at `start` (RFC 6570 §2.2–2.4). */
function scanExpression(source: string, start: number): Expression {
  let i = start + 1;
  let operator: Operator = "";
  const first = source[i];
  if (first !== undefined && OPERATORS.includes(first)) {
    operator = first as Operator;
    i++;
  } else if (first !== undefined && RESERVED_OPERATORS.includes(first)) {
    throw invalid(source, `reserved operator '${first}' in expression`, i);
  }

  const varspecs: VarSpec[] = [];
  for (;;) {
    const nameStart = i;
    let length = varcharLength(source, i);
    if (length === 0) throw unexpected(source, start, i, "a variable name");
    i += length;
    // RFC 6570 joins varchars with "." only; "-" is accepted too, as GitHub's routes use it ({enterprise-team}).
    while (
      (length = varcharLength(source, i)) > 0 ||
      ((source[i] === "." || source[i] === "-") && varcharLength(source, i + 1) > 0)
    ) {
      i += length || 1;
    }
    const name = source.slice(nameStart, i);
    let explode = false;
    let prefix = 0;
    if (source[i] === ":") {
      // max-length = %x31-39 0*3DIGIT: 1 to 9999.
      const digitsStart = ++i;
      while (inClass(source.charCodeAt(i), DIGIT)) i++;
      if (i === digitsStart || source[digitsStart] === "0" || i - digitsStart > 4) {
        const at = i === digitsStart || source[digitsStart] === "0" ? digitsStart : digitsStart + 4;
        throw invalid(source, "prefix length must be a number from 1 to 9999", at);
      }
      prefix = Number(source.slice(digitsStart, i));
    } else if (source[i] === "*") {
      explode = true;
      i++;
    }
    varspecs.push({ name, explode, prefix });

    if (source[i] === ",") {
      i++;
    } else if (source[i] === "}") {
      return { operator, varspecs, source: source.slice(start, i + 1), position: start, placement: 0 };
    } else {
      throw unexpected(source, start, i, "',' or '}'");
    }
  }
}

function unexpected(source: string, start: number, index: number, expected: string): EndpointError {
  if (index >= source.length) return invalid(source, "unclosed '{'", start);
  return invalid(source, `expected ${expected} but found ${quote(source[index]!)} in expression`, index);
}
