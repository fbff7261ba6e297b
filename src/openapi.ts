export { openAPIRoutes } from "./openapi/routes.js";
export type {
  BodyFieldEncoding,
  QueryStyle,
  RouteBody,
  RouteEntry,
  RouteParameter,
  RouteTable,
} from "./core/route-table.js";
