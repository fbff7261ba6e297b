/** Keys with a meaning of their own; every other key of the options is a parameter. */
export const OPTION_KEYS: ReadonlySet<string> = /*#__PURE__*/ new Set([
  "method",
  "url",
  "baseUrl",
  "headers",
  "mediaType",
  "data",
  "request",
]);
