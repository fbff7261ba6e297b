export { openAPIEndpoint, type OpenAPIEndpointOptions } from "./openapi/endpoint.js";
export { openAPIRoutes } from "./openapi/routes.js";
export { routeServer, routeTable } from "./openapi/table.js";
export type {
  BodyFieldEncoding,
  QueryStyle,
  RouteBody,
  RouteEntry,
  RouteParameter,
  RouteServer,
  RouteTable,
  RouteTableData,
  ServerVariable,
  TableRuntime,
} from "./core/route-table.js";
