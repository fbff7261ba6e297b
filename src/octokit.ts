export { endpoint, type OctokitEndpoint, type OctokitMergedOptions, type OctokitOptions } from "./api/octokit.js";
export type { OctokitMediaType } from "./core/types.js";
