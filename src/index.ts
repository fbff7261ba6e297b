export { type FetchInit, toFetch } from "./adapters/fetch.js";
export { RequestBuilder } from "./api/builder.js";
export { type Endpoint, endpoint } from "./api/endpoint.js";
export type { OpenAPIRoutes } from "./api/openapi-types.js";
export type { RouteKey, RouteMap, RouteParameters } from "./api/typed-routes.js";
export type { RouteTable } from "./core/route-table.js";
export { EndpointError, type EndpointErrorCode, ErrorCodes } from "./core/errors.js";
export { VERSION } from "./state/state.js";
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
} from "./core/types.js";
