// Replaced with the version from package.json at build time (rollup) and in tests (vitest `define`).
declare const __FLUENT_ENDPOINT_VERSION__: string;

/** The released version of fluent-endpoint, as in package.json. */
export const VERSION: string = __FLUENT_ENDPOINT_VERSION__;
