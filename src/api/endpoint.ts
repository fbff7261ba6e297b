import { PLAIN } from "../core/conventions.js";
import { ROOT_STATE } from "../state/state.js";
import { createEndpoint, type Endpoint } from "./builder.js";

export type { Endpoint } from "./builder.js";

/**
 * The global `endpoint` function, with the default base URL and headers.
 *
 * @example
 * import { endpoint } from "fluent-endpoint";
 * const { method, url, headers, body } = endpoint("POST /repos/{owner}/{repo}/issues", {
 *   owner: "octokit",
 *   repo: "endpoint.js",
 *   title: "Found a bug",
 *   headers: { authorization: "token secret123" },
 * });
 */
export const endpoint: Endpoint<{}, {}> = /*#__PURE__*/ createEndpoint(ROOT_STATE, PLAIN);
