export { type FetchInit, toFetch } from "./adapters/fetch.js";
export { RequestBuilder } from "./builder.js";
export { type Endpoint, endpoint } from "./endpoint.js";
export { EndpointError, type EndpointErrorCode, ErrorCodes } from "./errors.js";
export type {
  EndpointOptions,
  HeaderValue,
  MediaType,
  MergedOptions,
  ReadonlyMergedOptions,
  RequestHeaders,
  RequestMeta,
  RequestOptions,
  ResultHeaders,
} from "./types.js";
export { VERSION } from "./version.js";
