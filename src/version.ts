// Replaced with the version from package.json at build time (rollup) and in tests (vitest `define`).
declare const __FLUENT_ENDPOINT_VERSION__: string;

/**
 * The released version of fluent-endpoint, as in package.json.
 *
 * @example
 * import { VERSION } from "fluent-endpoint";
 * VERSION; // "0.1.0"
 *
 * @defaultValue the `version` field of package.json, set at build time
 */
export const VERSION: string = __FLUENT_ENDPOINT_VERSION__;

/**
 * The default `user-agent` header. Literal text once built (no template literal), so a
 * bundler can drop the global defaults that hold it when nothing uses them.
 */
export const USER_AGENT: string = "fluent-endpoint.js/" + __FLUENT_ENDPOINT_VERSION__;
