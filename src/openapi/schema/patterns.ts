// Which `pattern`s a check may run on a caller's value (docs/decisions.md, "Hostile schemas").

/**
 * Whether a pattern is safe to run on a caller's value: a valid `u`-flag regular expression without a quantified
 * group that holds a quantifier (`^(a+)+$`) or a backreference, the shapes that backtrack exponentially. An unsafe
 * one is left out of the schema and named.
 */
export function isSafePattern(pattern: string): boolean {
  if (pattern.length > 1000 || /\\[1-9]|\\k</.test(pattern)) return false;
  try {
    new RegExp(pattern, "u");
  } catch {
    return false;
  }
  return !hasNestedQuantifier(pattern);
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
