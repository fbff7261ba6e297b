export { openAPIEndpoint, type OpenAPIEndpointOptions } from "./openapi/endpoint.js";
export type { BasicCredential, Credentials } from "./openapi/security.js";
export { openAPIRoutes, type OpenAPIRoutesOptions } from "./openapi/compile/compile.js";
export type { OpenAPIWarning, OpenAPIWarningCode, WarningListener } from "./openapi/warnings.js";
export { argumentSchema, type JsonSchema } from "./openapi/schema/arguments.js";
export { ErrorCodes } from "./openapi/errors.js";
export type { ArgumentLocation, ArgumentProblem } from "./core/errors.js";
export { type OperationSummary, skippedOperations, tableApi, tableOperations } from "./openapi/table/forms.js";
export { type ArgumentChecks, routeTable } from "./openapi/table/runtime.js";
export type {
  BodyFieldEncoding,
  CallArguments,
  ContentEncoding,
  DeclaredArguments,
  DeclaredBody,
  DeclaredParameter,
  ParameterEncoding,
  QueryStyle,
  RouteBody,
  RouteEntry,
  ParameterPlacement,
  RouteServer,
  RouteTable,
  RouteTableData,
  SecurityScheme,
  ServerVariable,
  SkippedOperation,
  StoredState,
  TableApi,
  TableArguments,
  TableCode,
  TableRuntime,
} from "./core/route-table.js";
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
