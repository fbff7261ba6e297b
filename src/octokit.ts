export {
  endpoint,
  type OctokitEndpoint,
  type OctokitMergedOptions,
  type OctokitOptions,
  type OctokitRequestBuilder,
} from "./api/octokit.js";
export type { OctokitMediaType } from "./core/types.js";
