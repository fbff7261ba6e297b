export {
  endpoint,
  type OctokitEndpoint,
  type OctokitMergedOptions,
  type OctokitOptions,
  type OctokitRequestBuilder,
} from "./octokit/endpoint.js";
export type { OctokitMediaType } from "./core/types.js";
