// The patterns of a description's schemas (docs/decisions.md, "Hostile schemas"): which `pattern`s an argument schema
// keeps (the checks run them on RE2: check/patterns.ts), and which `patternProperties` keys the validator may run, on
// its backtracking engine, against a caller's keys.
import { isPlainObject } from "../../core/values.js";

/** ECMAScript's syntax characters, which a `u`-flag pattern may escape (and `-` in a class). */
const SYNTAX = "^$\\.*+?()[]{}|/";

/**
 * A `pattern` as an argument schema keeps it: a `u`-flag regular expression, an escaped punctuation mark that flag
 * refuses (`\=`, `\:`, which descriptions write and Annex B reads as the mark) unescaped; or why it is left out: it is
 * no regular expression, or has what RE2 cannot run (a backreference, a lookaround), which the checks could not check.
 */
export function readPattern(pattern: string): string | { reason: string } {
  let out = "";
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const character = pattern[i]!;
    if (character === "\\") {
      const next = pattern[i + 1] ?? "";
      const keep = SYNTAX.includes(next) || (inClass && next === "-") || !/[!-/:-@[-`{-~]/.test(next);
      out += keep ? character + next : next;
      i++;
      continue;
    }
    if (character === "[") inClass = true;
    else if (character === "]") inClass = false;
    out += character;
  }
  if (/\\[1-9]|\\k<|\(\?<?[=!]/.test(out)) {
    return { reason: /\(\?<?[=!]/.test(out) ? "RE2 has no lookaround" : "RE2 has no backreference" };
  }
  try {
    new RegExp(out, "u");
  } catch {
    return { reason: "it is no regular expression" };
  }
  return out;
}

/**
 * Whether a pattern is safe to run on a caller's value on a backtracking engine: a valid `u`-flag regular expression
 * without a quantified group that holds a quantifier (`^(a+)+$`) or a backreference, the shapes that backtrack
 * exponentially, and with one repeat at most, as several in sequence backtrack polynomially. An unsafe one is left
 * out of the schema and named.
 */
export function isSafePattern(pattern: string): boolean {
  if (pattern.length > 1000 || /\\[1-9]|\\k</.test(pattern)) return false;
  try {
    new RegExp(pattern, "u");
  } catch {
    return false;
  }
  return !hasNestedQuantifier(pattern) && !hasRepeatsInSequence(pattern);
}

/**
 * Two repeats or more anywhere (`\\d*\\d*x`, `a*a*$`, `[a-z]+-[0-9]+`): the shapes that backtrack polynomially, a
 * key of 800 digits taking half a minute under four of them. Some are harmless, but a scan cannot tell which.
 */
function hasRepeatsInSequence(pattern: string): boolean {
  let repeats = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const character = pattern[i]!;
    if (character === "\\") {
      i++;
      if (!inClass && isRepeat(pattern, i + 1)) repeats++;
      continue;
    }
    if (inClass) {
      if (character === "]") {
        inClass = false;
        if (isRepeat(pattern, i + 1)) repeats++;
      }
      continue;
    }
    if (character === "[") inClass = true;
    else if (isRepeat(pattern, i + 1) && character !== "*" && character !== "+" && character !== "}") repeats++;
    if (repeats > 1) return true;
  }
  return repeats > 1;
}

/**
 * A repeated group (`+`, `*`, `{n,m}`) that holds a quantifier or an alternation (`(a+)+`, `(a|aa)*`, `(\\w|\\d)+`):
 * the shapes that backtrack exponentially. A safe one such as `(foo|bar)+` is refused too, as telling them apart takes
 * more than a scan.
 */
function hasNestedQuantifier(pattern: string): boolean {
  const groups: boolean[] = []; // for each open group: whether it holds a quantifier
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const character = pattern[i]!;
    if (character === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (character === "]") inClass = false;
      continue;
    }
    if (character === "[") inClass = true;
    else if (character === "(") groups.push(false);
    else if (character === "|" && groups.length > 0) groups[groups.length - 1] = true;
    else if (character === ")") {
      const held = groups.pop() ?? false;
      const repeated = isRepeat(pattern, i + 1);
      if (held && repeated) return true;
      if ((held || repeated) && groups.length > 0) groups[groups.length - 1] = true;
    } else if (isRepeat(pattern, i) && groups.length > 0) {
      groups[groups.length - 1] = true;
    }
  }
  return false;
}

/** Whether `pattern` repeats what precedes `index`: `*`, `+`, or a `{n,}`/`{n,m}` with m over 1. */
function isRepeat(pattern: string, index: number): boolean {
  const character = pattern[index];
  if (character === "*" || character === "+") return true;
  if (character !== "{") return false;
  const bound = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(index, index + 24));
  return bound !== null && bound[2] !== undefined && (bound[3] === "" || Number(bound[3]) > 1);
}

/** Calls `visit` on each schema of `schema`, its `$defs` too. */
export function eachSchema(schema: unknown, visit: (node: Record<string, unknown>) => void): void {
  const pending: unknown[] = [schema];
  while (pending.length > 0) {
    const node = pending.pop();
    if (!isPlainObject(node)) continue;
    visit(node);
    for (const keyword of [
      "additionalProperties",
      "not",
      "if",
      "then",
      "else",
      "contains",
      "propertyNames",
      "items",
      "unevaluatedProperties",
      "unevaluatedItems",
    ]) {
      pending.push(node[keyword]);
    }
    for (const keyword of ["allOf", "anyOf", "oneOf", "prefixItems"]) {
      const list = node[keyword];
      if (Array.isArray(list)) pending.push(...list);
    }
    for (const keyword of ["properties", "patternProperties", "dependentSchemas", "$defs"]) {
      const record = node[keyword];
      if (isPlainObject(record)) pending.push(...Object.values(record));
    }
  }
}
