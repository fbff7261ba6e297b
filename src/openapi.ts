export { openAPIEndpoint, type OpenAPIEndpointOptions } from "./openapi/endpoint.js";
export type { BasicCredential, Credentials } from "./openapi/security.js";
export { openAPIRoutes } from "./openapi/routes.js";
export { argumentSchema, type ArgumentLocation, type JsonSchema } from "./openapi/arguments.js";
export type { ArgumentProblem } from "./openapi/check.js";
export { type OperationSummary, routeTable, skippedOperations, tableApi, tableOperations } from "./openapi/table.js";
export type {
  BodyFieldEncoding,
  CallArguments,
  ContentEncoding,
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
  TableApi,
  TableRuntime,
} from "./core/route-table.js";
