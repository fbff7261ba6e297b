/** Keys with a meaning of their own; every other key of the options is a parameter. */
export const OPTION_NAMES = ["method", "url", "baseUrl", "headers", "mediaType", "data", "request"] as const;

/** One of the option keys. */
export type OptionName = (typeof OPTION_NAMES)[number];

/** The option keys, to look one up. */
export const OPTION_KEYS: ReadonlySet<string> = /*#__PURE__*/ new Set(OPTION_NAMES);
