export { openAPIRoutes } from "./openapi/routes.js";
export { routeTable } from "./openapi/table.js";
export type {
  BodyFieldEncoding,
  ContentEncoding,
  ParameterEncoding,
  QueryStyle,
  RouteBody,
  RouteEntry,
  RouteParameter,
  RouteTable,
  RouteTableData,
  TableRuntime,
} from "./core/route-table.js";
