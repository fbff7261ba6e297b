// Every `pattern` a check meets runs on RE2 (re2js: a pure-JavaScript port, no eval, no WASM), in time linear in the
// value, so none is skipped as unsafe (docs/decisions.md, "Hostile schemas"); only what RE2 cannot express is left
// unchecked, and named.
import { format } from "@cfworker/json-schema";
import { RE2JS } from "re2js";
import { eachSchema } from "../schema/patterns.js";

/** A pattern's test of a text, or why RE2 cannot run it. */
export type PatternTest = { readonly test: (text: string) => boolean } | { readonly reason: string };

/** A pattern a check leaves unchecked, and why. */
export interface UncheckedPattern {
  readonly pattern: string;
  readonly reason: string;
}

/** Each pattern compiled once, by its text: as many as the descriptions an app checks have. */
const compiledPatterns = /*#__PURE__*/ new Map<string, PatternTest>();

/** The validator's `format` id of a pattern run on RE2: its `pattern` keyword would run it on a backtracking engine. */
const FORMAT = "fluent-endpoint pattern ";

/** RE2's largest count (`a{1000}`). */
const MAX_COUNT = 1000;
// ECMAScript's `\s` (its WhiteSpace and LineTerminator), its complement, and its `.`, as RE2 classes.
const SPACE =
  "\\x{9}-\\x{D}\\x{20}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}";
const NOT_SPACE =
  "\\x{0}-\\x{8}\\x{E}-\\x{1F}\\x{21}-\\x{9F}\\x{A1}-\\x{167F}\\x{1681}-\\x{1FFF}\\x{200B}-\\x{2027}\\x{202A}-\\x{202E}\\x{2030}-\\x{205E}\\x{2060}-\\x{2FFF}\\x{3001}-\\x{FEFE}\\x{FF00}-\\x{10FFFF}";
const ANY = "\\x{0}-\\x{10FFFF}";
const DOT = "[^\\n\\r\\x{2028}\\x{2029}]";
/** A whole pattern that is one character's run, `^[a-z0-9+/=]{0,2048}$`: its class, then its counts. */
const RUN = /^\^(\[(?:\\.|[^\\\]])*\]|\\[dDwWsS]|\.|[^\\^$|()[\]{}*+?.])\{(\d+)(,(\d*))?\}\$$/;

/**
 * The test of `pattern` as JSON Schema reads it (an ECMAScript regular expression with unicode semantics, searched
 * for, not matched whole), run by RE2; or why RE2 cannot run it (a backreference, a lookaround, a count over 1 000
 * that is not a whole pattern's run of one character).
 */
export function patternTest(pattern: string): PatternTest {
  let found = compiledPatterns.get(pattern);
  if (found === undefined) {
    found = compilePattern(pattern);
    compiledPatterns.set(pattern, found);
  }
  return found;
}

function compilePattern(pattern: string): PatternTest {
  let source = pattern;
  let least = 0;
  let most = Infinity;
  const run = RUN.exec(pattern);
  if (run !== null && (Number(run[2]) > MAX_COUNT || Number(run[4] || 0) > MAX_COUNT)) {
    // RE2 counts to 1 000 (and a count costs a state per step): a run of one character is its class and its length.
    least = Number(run[2]);
    most = run[3] === undefined ? least : run[4] === "" ? Infinity : Number(run[4]);
    source = `^${run[1]}*$`;
  }
  const translated = toRE2(source);
  if (typeof translated !== "string") return translated;
  // `^…$` with no alternative beside it is its middle matched whole, which RE2 decides some four times faster.
  const whole = /^\^.*[^\\]\$$/s.test(translated) && !topLevelAlternation(translated);
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(whole ? translated.slice(1, -1) : translated);
  } catch (error) {
    return {
      reason: `RE2 cannot read it (${String((error as Error).message).replace(/^error parsing regexp: /, "")})`,
    };
  }
  const search = whole ? (text: string) => compiled.testExact(text) : (text: string) => compiled.test(text);
  if (least === 0 && most === Infinity) return { test: search };
  return {
    test: (text) => {
      // Code points, as JSON Schema counts: a surrogate pair is one.
      let length = text.length;
      for (let i = 0; i < text.length - 1; i++) {
        if ((text.charCodeAt(i) & 0xfc00) === 0xd800 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
          length--;
          i++;
        }
      }
      return length >= least && length <= most && search(text);
    },
  };
}

/** Whether an RE2 pattern has a `|` outside any group or class (`^a|b$`: `^a` or `b$`, not `^(a|b)$`). */
function topLevelAlternation(pattern: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const character = pattern[i];
    if (character === "\\") i++;
    else if (inClass) inClass = character !== "]";
    else if (character === "[") {
      inClass = true;
      if (pattern[i + 1] === "^") i++;
    } else if (character === "(") depth++;
    else if (character === ")") depth--;
    else if (character === "|" && depth === 0) return true;
  }
  return false;
}

/** An ECMAScript pattern in RE2's syntax, where they differ (`\s`, `.`, `\u…`, `[^]`, named groups), or why it has none. */
function toRE2(pattern: string): string | { reason: string } {
  let out = "";
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const character = pattern[i]!;
    if (character === "\\") {
      const escaped = escapeToRE2(pattern, i, inClass);
      if (!Array.isArray(escaped)) return escaped;
      out += escaped[0];
      i = escaped[1];
    } else if (inClass) {
      if (character === "]") inClass = false;
      out += character === "[" ? "\\[" : character;
    } else if (character === "[") {
      const negated = pattern[i + 1] === "^";
      const first = i + (negated ? 2 : 1);
      if (pattern[first] === "]") {
        // ECMAScript's `[]` matches nothing and `[^]` anything; RE2 reads a `]` first in a class as itself.
        out += negated ? `[${ANY}]` : `[^${ANY}]`;
        i = first;
      } else {
        out += negated ? "[^" : "[";
        i = first - 1;
        inClass = true;
      }
    } else if (character === ".") out += DOT;
    else if (character === "(" && pattern[i + 1] === "?") {
      const kind = pattern.slice(i + 2, i + 4);
      if (kind[0] === ":") {
        out += "(?:";
        i += 2;
      } else if (kind[0] === "=" || kind[0] === "!" || kind === "<=" || kind === "<!") {
        return { reason: "RE2 has no lookaround" };
      } else if (kind[0] === "<" && pattern.indexOf(">", i) !== -1) {
        out += "(";
        i = pattern.indexOf(">", i);
      } else return { reason: "RE2 has no such group" };
    } else if (character === "{") {
      const bound = /^\{(\d+)(?:,(\d*))?\}/.exec(pattern.slice(i, i + 24));
      if (bound !== null && (Number(bound[1]) > MAX_COUNT || Number(bound[2] || 0) > MAX_COUNT)) {
        return { reason: `RE2 counts to ${MAX_COUNT}` };
      }
      out += character;
    } else out += character;
  }
  return out;
}

/** The escape at `pattern[i]` in RE2's syntax and the index of its last character, or why RE2 has none. */
function escapeToRE2(pattern: string, i: number, inClass: boolean): [string, number] | { reason: string } {
  const character = pattern[i + 1];
  const hex = (text: string, end: number): [string, number] => [`\\x{${text}}`, end];
  switch (character) {
    case undefined:
      return { reason: "it ends in a backslash" };
    case "s":
      return [inClass ? SPACE : `[${SPACE}]`, i + 1];
    case "S":
      return [inClass ? NOT_SPACE : `[${NOT_SPACE}]`, i + 1];
    case "b":
      return [inClass ? "\\x{8}" : "\\b", i + 1];
    case "v":
      return ["\\x{B}", i + 1];
    case "0":
      return /\d/.test(pattern[i + 2] ?? "") ? { reason: "it has an octal escape" } : ["\\x{0}", i + 1];
    case "k":
      return { reason: "RE2 has no backreference" };
    case "c": {
      const letter = pattern[i + 2] ?? "";
      return /[a-z]/i.test(letter) ? hex((letter.charCodeAt(0) % 32).toString(16), i + 2) : ["\\\\c", i + 1];
    }
    case "x": {
      const digits = /^[\da-f]{2}/i.exec(pattern.slice(i + 2, i + 4))?.[0];
      return digits === undefined ? ["x", i + 1] : hex(digits, i + 3);
    }
    case "u": {
      const braced = /^\{([\da-f]+)\}/i.exec(pattern.slice(i + 2, i + 12));
      if (braced !== null) return hex(braced[1]!, i + 1 + braced[0].length);
      const unit = /^[\da-f]{4}/i.exec(pattern.slice(i + 2, i + 6))?.[0];
      if (unit === undefined) return ["u", i + 1];
      // A surrogate pair written as two escapes is one character.
      const low = /^\\u(d[c-f][\da-f]{2})/i.exec(pattern.slice(i + 6, i + 12))?.[1];
      const high = parseInt(unit, 16);
      if (high >= 0xd800 && high <= 0xdbff && low !== undefined) {
        const point = 0x10000 + ((high - 0xd800) << 10) + (parseInt(low, 16) - 0xdc00);
        return hex(point.toString(16), i + 11);
      }
      return hex(unit, i + 5);
    }
    case "p":
    case "P": {
      const property = /^\{([^}]*)\}/.exec(pattern.slice(i + 2, i + 80));
      if (property === null) return { reason: "it has a property escape without a name" };
      // `\p{Script=Greek}`, `\p{gc=L}`: RE2 names a script or a category alone.
      const name = property[1]!.replace(/^(Script|sc|General_Category|gc)=/, "");
      return [`\\${character}{${name}}`, i + 1 + property[0].length];
    }
    default:
      if (/[1-9]/.test(character)) return { reason: "RE2 has no backreference" };
      // `\d`, `\w`, `\t`…, an escaped punctuation mark (`\/`, `\=`), or any other character as itself.
      if (/[dDwWBtnrf]/.test(character) || /[!-/:-@[-`{-~]/.test(character)) return [`\\${character}`, i + 1];
      return /[a-z\d]/i.test(character) ? { reason: `RE2 has no escape \\${character}` } : [character, i + 1];
  }
}

/**
 * Deletes from `schema` (in place) each `pattern` RE2 cannot run, so what the checks decide is what they say;
 * returns them, each once, with why.
 */
export function dropUncheckedPatterns(schema: unknown): UncheckedPattern[] {
  const dropped = new Map<string, string>();
  eachSchema(schema, (node) => {
    const { pattern } = node;
    if (typeof pattern !== "string") return;
    const compiled = patternTest(pattern);
    if ("test" in compiled) return;
    dropped.set(pattern, compiled.reason);
    delete node.pattern;
  });
  return [...dropped].map(([pattern, reason]) => ({ pattern, reason }));
}

/** `schema` (in place) with each `pattern` a `format` id whose test the validator runs: the pattern on RE2. */
export function patternsAsFormats(schema: unknown): unknown {
  eachSchema(schema, (node) => {
    const { pattern } = node;
    if (typeof pattern !== "string") return;
    const compiled = patternTest(pattern);
    delete node.pattern;
    if (!("test" in compiled)) return;
    format[FORMAT + pattern] ??= compiled.test;
    node.format = FORMAT + pattern;
  });
  return schema;
}
