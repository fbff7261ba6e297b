import { EndpointError, quote } from "./errors.js";

/** Keys with a meaning of their own; every other key of the options is a parameter. */
export const OPTION_NAMES = ["method", "url", "baseUrl", "headers", "mediaType", "data", "request"] as const;

/** One of the option keys. */
export type OptionName = (typeof OPTION_NAMES)[number];

/** The option keys, to look one up. */
export const OPTION_KEYS: ReadonlySet<string> = /*#__PURE__*/ new Set(OPTION_NAMES);

// docs/decisions.md, "Near-miss option names".
const BY_LOWERCASE = /*#__PURE__*/ byLowercase();

// The lengths of the option keys: only a key of one of them is lowercased.
const OPTION_LENGTHS = /*#__PURE__*/ optionLengths();

// Calls marked pure, so that a bundle that reads no options (only `toFetch`) drops them.
// Each option key in lower case, and a camelCase one in snake_case and kebab-case too (`base_url`, `base-url`).
function byLowercase(): Map<string, string> {
  const misses = new Map<string, string>();
  for (const key of OPTION_NAMES) {
    for (const separator of ["", "_", "-"]) misses.set(key.replace(/[A-Z]/, `${separator}$&`).toLowerCase(), key);
  }
  return misses;
}

function optionLengths(): Set<number> {
  return new Set(Array.from(BY_LOWERCASE.keys(), (miss) => miss.length));
}

/** The option `key` differs from only in letter case or by a `_` or `-` between its words, if any. */
export function nearMiss(key: string): string | undefined {
  return OPTION_LENGTHS.has(key.length) ? BY_LOWERCASE.get(key.toLowerCase()) : undefined;
}

/** A parameter named like an option but for its letter case is `ERR_INVALID_OPTIONS`: it would go to the query or body unseen. */
export function assertNoNearMiss(key: string): void {
  const option = nearMiss(key);
  if (option !== undefined) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `${quote(key)} is not an option: did you mean \`${option}\`?`);
  }
}
