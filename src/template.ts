import { parseTemplate as compileExpression } from "url-template";
import { boundedCache } from "./bounded-cache.js";
import { encodeLiteral, isControl, isPercentTriplet } from "./encode.js";
import { codePointLabel, EndpointError, ErrorCodes, quote } from "./errors.js";

/** RFC 6570 §2.2 operators; "" is simple string expansion. */
export type Operator = "" | "+" | "#" | "." | "/" | ";" | "?" | "&";

/** One `varname[:prefix|*]` of an expression. */
export interface VarSpec {
  readonly name: string;
  readonly explode: boolean;
  /** Maximum length in code points; 0 when there is no prefix modifier. */
  readonly prefix: number;
  /**
   * The name url-template sees when it differs from `name`: url-template would
   * encode the "%" of a pct-encoded varname (`Stra%C3%9Fe`) that `;`, `?` and `&`
   * print, so such a name goes through as an alias and is put back afterwards.
   */
  readonly alias?: string;
}

/** What url-template compiles a template into. */
export interface ExpansionEngine {
  expand(context: object): string;
}

/** One `{…}` expression, or a `:name` placeholder (which means `{name}`). */
export interface Expression {
  readonly operator: Operator;
  readonly varspecs: readonly VarSpec[];
  /** The expression as written, for error messages. */
  readonly source: string;
  /** Index of the expression in the template. */
  readonly position: number;
  /**
   * url-template engines: one for the whole expression, or one per varspec when a
   * prefix modifier (applied here, in code points), an alias, or an exploded `;`
   * varspec is present.
   */
  readonly engines: readonly ExpansionEngine[];
  /** True when `engines` holds one engine per varspec. */
  readonly perVarspec: boolean;
  /** True when a variable is named `__proto__` (its context needs no prototype). */
  readonly protoName: boolean;
  /** Where the expression stands, as {@link Placement} flags; 0 for nowhere special. */
  readonly placement: number;
}

/**
 * Where an expression stands, for the checks of its expansion: in the scheme or
 * authority of an absolute url (it must expand to something), alone in a path segment
 * (`/{repo}/`: without a value it would leave `//`), or next to literal dots in its
 * segment (`{dir}..`: it could make a `..` segment).
 */
export const Placement = { AUTHORITY: 1, SEGMENT: 2, NEAR_DOTS: 4 } as const;

/**
 * The template's plain expressions expanded by a single url-template call: grouped by
 * operator, each group's varspecs joined in one expression (`/{owner}/{repo}{?page}` →
 * `{owner,repo}{?page}`). An encoded text value never holds a delimiter ("," "/" ";"
 * "?" "&"), so the output splits back into one item per defined value.
 */
export interface Batch {
  readonly engine: ExpansionEngine;
  readonly groups: readonly BatchGroup[];
}

export interface BatchGroup {
  readonly operator: Operator;
  /** Indices in `parts` of the group's expressions, in template order. */
  readonly members: readonly number[];
}

/** A validated, pre-analysed url template. Literal parts are already pct-encoded. */
export interface UrlTemplate {
  readonly source: string;
  readonly parts: readonly (string | Expression)[];
  /** Every variable name the template uses: these parameters are consumed by the url. */
  readonly variables: ReadonlySet<string>;
  /** The template ends in "/{name}": drop the "/" when that expression expands to nothing. */
  readonly endsWithSlashExpression: boolean;
  /**
   * Set when the template starts with a simple `{name}`: its `{+name}` engine, used
   * when the value is an absolute URL (the spec's `{upload_url}/…` example).
   */
  readonly leadingReserved: ExpansionEngine | undefined;
  /** Set when the template starts with a single-variable `{+name}`: that name, whose absolute URL value is checked as a leading `{name}`'s. */
  readonly leadingReservedName: string | undefined;
  /** The plain expressions expanded together (see {@link Batch}): present when there are two or more. */
  readonly batch: Batch | undefined;
  /** The template itself is an absolute url (`https://…`, `{scheme}://…`), so its expansion may be one. */
  readonly absolute: boolean;
}

const OPERATORS = "+#./;?&";
// RFC 6570 §2.2: reserved for future extensions, so an error rather than a variable name.
const RESERVED_OPERATORS = "=,!@|";
const MAX_PREFIX_DIGITS = 4; // max-length = %x31-39 0*3DIGIT, i.e. at most 9999

// Templates are analysed once and kept in a bounded cache: FIFO eviction by count,
// and long templates (generated or hostile) are not kept at all.
const CACHE_LIMIT = 512;
const CACHEABLE_LENGTH = 2048;
const cache = /*#__PURE__*/ boundedCache(CACHE_LIMIT, CACHEABLE_LENGTH, scanTemplate);

/**
 * Validates and analyses an RFC 6570 url template (plus `:name` placeholders in the
 * path), in one linear scan with no regular expressions. Throws
 * `ERR_INVALID_TEMPLATE` naming the position of the first problem.
 *
 * @example
 * parseUrlTemplate("/repos/{owner}/{repo}{?page}").variables // Set { "owner", "repo", "page" }
 */
export function parseUrlTemplate(source: string): UrlTemplate {
  return cache.get(source);
}

/** Number of templates currently cached (for tests of the bound). */
export function templateCacheSize(): number {
  return cache.size;
}

/** The bound of the template cache. */
export const TEMPLATE_CACHE_LIMIT = CACHE_LIMIT;

function invalid(source: string, problem: string, position: number): EndpointError {
  return new EndpointError(
    ErrorCodes.INVALID_TEMPLATE,
    `url template ${quote(source)}: ${problem} at position ${position}`,
  );
}

function isAlphaOrUnderscore(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Length of the RFC 6570 varchar at `index` (ALPHA / DIGIT / "_" / pct-encoded), or 0. */
function varcharLength(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (isAlphaOrUnderscore(code) || isDigit(code)) return 1;
  return isPercentTriplet(text, index) ? 3 : 0;
}

/**
 * Where the scheme and authority of an absolute url template end, or 0 for a relative
 * one. The scheme and host may hold expressions (`{scheme}://{host}:8443/…`); an
 * expression with a path, query or fragment operator ends the authority. Colons before
 * that point are no `:name` placeholders.
 */
function authorityEnd(source: string): number {
  let i = 0;
  for (;;) {
    const code = source.charCodeAt(i);
    if (code === 123 /* { */) {
      i = source.indexOf("}", i) + 1;
      if (i === 0) return 0;
    } else if (isAlphaOrUnderscore(code) ? code !== 95 : i > 0 && (isDigit(code) || code === 43 || code === 45 || code === 46)) {
      i++; // RFC 3986 §3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
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

/** True when `text` is non-empty and only dots, each written "." or "%2e" (as literal parts hold them). */
function isDots(text: string): boolean {
  if (text === "") return false;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === ".") continue;
    if (text[i] !== "%" || text[i + 1] !== "2" || (text[i + 2] !== "e" && text[i + 2] !== "E")) return false;
    i += 2;
  }
  return true;
}

/** `parts` with each expression's {@link Placement} set, given where the authority ends. */
function placeExpressions(parts: (string | Expression)[], authority: number): void {
  let inPath = true;
  parts.forEach((part, k) => {
    if (typeof part === "string") {
      if (part.includes("?") || part.includes("#")) inPath = false;
      return;
    }
    let placement = 0;
    if (part.position < authority) placement |= Placement.AUTHORITY;
    const before = parts[k - 1];
    const after = parts[k + 1];
    if (inPath && part.operator !== "?" && part.operator !== "&" && part.operator !== "#" && part.position >= authority) {
      if (typeof before === "string" && before.endsWith("/") && typeof after === "string" && after.startsWith("/")) {
        placement |= Placement.SEGMENT;
      }
      const left = typeof before === "string" ? before.slice(before.lastIndexOf("/") + 1) : "";
      let end = 0;
      while (typeof after === "string" && end < after.length && !"/?#".includes(after[end]!)) end++;
      const right = typeof after === "string" ? after.slice(0, end) : "";
      if (isDots(left) || isDots(right)) placement |= Placement.NEAR_DOTS;
    }
    if (part.operator === "?" || part.operator === "&" || part.operator === "#") inPath = false;
    if (placement !== 0) parts[k] = { ...part, placement };
  });
}

function scanTemplate(source: string): UrlTemplate {
  const parts: (string | Expression)[] = [];
  const variables = new Set<string>();
  const pathStart = authorityEnd(source);
  let inPath = true;
  let literalStart = 0;

  const flushLiteral = (end: number) => {
    if (end === literalStart) return;
    const encoded = encodeLiteral(source.slice(literalStart, end));
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
      // RFC 6570 §2.1 excludes CTL from literals: a tab or line break in a url is a mistake
      // (`"GET\t/x"`, `"GET /x\n"`), never text to encode.
      throw invalid(source, `control character ${codePointLabel(source, i)} in literal text`, i);
    } else if (code === 58 /* : */ && inPath && i >= pathStart && isAlphaOrUnderscore(source.charCodeAt(i + 1))) {
      // `:name` in the path means `{name}`; a colon before a digit (`12:30`) stays literal.
      flushLiteral(i);
      let end = i + 2;
      while (end < source.length && (isAlphaOrUnderscore(source.charCodeAt(end)) || isDigit(source.charCodeAt(end)))) {
        end++;
      }
      const name = source.slice(i + 1, end);
      parts.push(createExpression("", [{ name, explode: false, prefix: 0 }], source.slice(i, end), i));
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
  const leadingSimple =
    typeof first === "object" &&
    first.operator === "" &&
    first.varspecs.length === 1 &&
    !first.varspecs[0]!.explode &&
    first.varspecs[0]!.prefix === 0;
  return {
    source,
    parts,
    variables,
    endsWithSlashExpression:
      typeof last === "object" && last.operator === "" && typeof beforeLast === "string" && beforeLast.endsWith("/"),
    leadingReserved: leadingSimple ? compileExpression(`{+${first.varspecs[0]!.name}}`) : undefined,
    leadingReservedName:
      typeof first === "object" && first.operator === "+" && first.varspecs.length === 1 ? first.varspecs[0]!.name : undefined,
    batch: createBatch(parts, leadingSimple),
    absolute: pathStart > 0,
  };
}

// Operators whose separator ("," "/" ";" "&") an encoded value never contains; "." is
// unreserved (values keep it) and "+"/"#" keep reserved characters, so those stay apart.
const BATCH_SEPARATORS: Partial<Record<Operator, true>> = { "": true, "/": true, ";": true, "?": true, "&": true };

function isBatchable(expression: Expression): boolean {
  return (
    BATCH_SEPARATORS[expression.operator] === true &&
    !expression.perVarspec &&
    !expression.protoName &&
    expression.varspecs.every((spec) => !spec.explode && spec.prefix === 0)
  );
}

/**
 * Groups batchable expressions by operator. A leading simple `{name}` (`leadingSimple`)
 * stays apart, since it may hold an absolute URL, which is kept as written.
 */
function createBatch(parts: readonly (string | Expression)[], leadingSimple: boolean): Batch | undefined {
  const groups = new Map<Operator, number[]>();
  let count = 0;
  parts.forEach((part, k) => {
    if (typeof part === "string" || (k === 0 && leadingSimple) || !isBatchable(part)) return;
    const members = groups.get(part.operator);
    if (members === undefined) groups.set(part.operator, [k]);
    else members.push(k);
    count++;
  });
  if (count < 2) return undefined;
  // The "" group goes first: its output has no operator to start with, so after another
  // group its first item would run into that group's last one ("/a" + "b" → "/ab").
  const ordered = [...groups].sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : 0));
  let source = "";
  for (const [operator, members] of ordered) {
    const names = members.flatMap((k) => (parts[k] as Expression).varspecs.map((spec) => spec.name));
    source += `{${operator}${names.join(",")}}`;
  }
  return {
    engine: compileExpression(source),
    groups: ordered.map(([operator, members]) => ({ operator, members })),
  };
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
    for (;;) {
      length = varcharLength(source, i);
      if (length > 0) {
        i += length;
      } else if ((source.charCodeAt(i) === 46 /* . */ || source.charCodeAt(i) === 45 /* - */) && varcharLength(source, i + 1) > 0) {
        // RFC 6570 joins varchars with "." only; "-" is accepted too, as GitHub's routes use it ({enterprise-team}).
        i += 1;
      } else {
        break;
      }
    }
    const name = source.slice(nameStart, i);
    let explode = false;
    let prefix = 0;
    if (source.charCodeAt(i) === 58 /* : */) {
      const digitsStart = ++i;
      if (!(source.charCodeAt(i) >= 49 && source.charCodeAt(i) <= 57)) {
        throw invalid(source, "prefix length must be a number from 1 to 9999", i);
      }
      while (isDigit(source.charCodeAt(i))) {
        if (i - digitsStart === MAX_PREFIX_DIGITS) throw invalid(source, "prefix length must be a number from 1 to 9999", i);
        i++;
      }
      prefix = Number(source.slice(digitsStart, i));
    } else if (source.charCodeAt(i) === 42 /* * */) {
      explode = true;
      i++;
    }
    varspecs.push({ name, explode, prefix });

    const next = source.charCodeAt(i);
    if (next === 44 /* , */) {
      i++;
    } else if (next === 125 /* } */) {
      return createExpression(operator, varspecs, source.slice(start, i + 1), start);
    } else {
      throw unexpected(source, start, i, "',' or '}'");
    }
  }
}

function unexpected(source: string, start: number, index: number, expected: string): EndpointError {
  if (index >= source.length) return invalid(source, "unclosed '{'", start);
  return invalid(source, `expected ${expected} but found ${quote(source[index]!)} in expression`, index);
}

function createExpression(operator: Operator, varspecs: VarSpec[], source: string, position: number): Expression {
  const named = operator === ";" || operator === "?" || operator === "&";
  const aliased = named && varspecs.some((spec) => spec.name.includes("%"));
  if (aliased) {
    varspecs = varspecs.map((spec, index) => (spec.name.includes("%") ? { ...spec, alias: `pct_name_${index}` } : spec));
  }
  // An exploded varspec of `;` goes alone too, so that its empty members can be mended (see expand.ts).
  const separate = aliased || varspecs.some((spec) => spec.prefix > 0 || (operator === ";" && spec.explode));
  const written = (spec: VarSpec) => `${spec.alias ?? spec.name}${spec.explode ? "*" : ""}`;
  const engines = separate
    ? varspecs.map((spec) => compileExpression(`{${operator}${written(spec)}}`))
    : [compileExpression(`{${operator}${varspecs.map(written).join(",")}}`)];
  const protoName = varspecs.some((spec) => spec.name === "__proto__");
  return { operator, varspecs, source, position, engines, perVarspec: separate, protoName, placement: 0 };
}
