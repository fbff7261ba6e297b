// Compile warnings as data (docs/decisions.md, "Warnings"): what a description says that a table cannot do as
// written, passed to the caller's `onWarning`, each once per description; the library prints nothing.
import { EndpointError, kindOf } from "../core/errors.js";
import type { SkippedOperation } from "../core/route-table.js";

/**
 * What a warning is about: an operation left out of the table (`WARN_OPERATION_LEFT_OUT`, a call of it throws why), a
 * `pattern` the checks leave unchecked (`WARN_PATTERN_UNCHECKED`: RE2 cannot run it), or, from the command line, types
 * written looser than the description (`WARN_TYPES_FALLBACK`).
 */
export type OpenAPIWarningCode = "WARN_OPERATION_LEFT_OUT" | "WARN_PATTERN_UNCHECKED" | "WARN_TYPES_FALLBACK";

/**
 * A compile warning, as `onWarning` receives it.
 *
 * @example
 * const warning: OpenAPIWarning = {
 *   code: "WARN_PATTERN_UNCHECKED",
 *   message: 'GET /pets: pattern "^(a)\\1$" is left unchecked: RE2 has no backreference',
 *   route: "GET /pets",
 *   pattern: "^(a)\\1$",
 * };
 */
export interface OpenAPIWarning {
  /** What it is about: `WARN_OPERATION_LEFT_OUT`, `WARN_PATTERN_UNCHECKED` or `WARN_TYPES_FALLBACK`. */
  readonly code: OpenAPIWarningCode;
  /** One line, naming what it is about. */
  readonly message: string;
  /** The operation it is about (`"GET /pets"`), or a path for a whole path left out. */
  readonly route?: string;
  /** The pattern left unchecked. */
  readonly pattern?: string;
}

/** Hears each compile warning once per description (docs/decisions.md, "Warnings"). */
export type WarningListener = (warning: OpenAPIWarning) => void;

/** The warnings told, by the description (or table) they are of. */
const told = /*#__PURE__*/ new WeakMap<object, Set<string>>();

/** `onWarning` as `caller` takes it: a function or nothing. */
export function readWarningListener(onWarning: unknown, caller: string): WarningListener | undefined {
  if (onWarning === undefined || typeof onWarning === "function") return onWarning as WarningListener | undefined;
  throw new EndpointError(
    "ERR_INVALID_OPTIONS",
    `${caller} option onWarning must be a function, got ${kindOf(onWarning)}`,
  );
}

/**
 * What passes each warning about `source` (a description, or a table given as one) to `onWarning` once: a pattern once
 * however many operations share it, an operation left out once however often the description is compiled, whichever
 * function hears it (one made anew at each call is no reason to tell it again).
 */
export function warningsOnce(source: object, onWarning: WarningListener): WarningListener {
  let said = told.get(source);
  if (said === undefined) told.set(source, (said = new Set()));
  const seen = said;
  return (warning) => {
    const key = `${warning.code} ${warning.pattern ?? warning.route ?? warning.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    onWarning(Object.freeze({ ...warning }));
  };
}

/** Warns of each operation a table left out, by its whole route. */
export function warnLeftOut(skipped: readonly SkippedOperation[], warn: WarningListener): void {
  for (const { route, message } of skipped) {
    warn({ code: "WARN_OPERATION_LEFT_OUT", message: `${route} is left out, a call of it throws: ${message}`, route });
  }
}
