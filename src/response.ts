export { readResponse, type ResponseLike } from "./adapters/response.js";
export type {
  JsonMediaType,
  MarkedResult,
  OperationResponseMark,
  OperationResult,
  ResponseData,
  ResponseError,
  ResponseHeaders,
  ResponseMark,
  ResponseResult,
  RouteResponse,
} from "./types/responses.js";
