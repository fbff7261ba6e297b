export { type FetchInit, toFetch } from "./adapters/fetch.js";
export { RequestBuilder } from "./api/builder.js";
export { type Endpoint, endpoint } from "./api/endpoint.js";
export type { OpenAPIRoutes } from "./openapi/types.js";
export type { RouteKey, RouteMap } from "./types/route-maps.js";
export type { RouteParameters } from "./types/route-text.js";
export type {
  JsonMediaType,
  OperationResponseMark,
  ResponseData,
  ResponseError,
  ResponseHeaders,
  ResponseMark,
  ResponseResult,
  RouteResponse,
} from "./types/responses.js";
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
