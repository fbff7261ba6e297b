import { endpoint } from "../../src/index.js";
import { openAPIRoutes, skippedOperations } from "../../src/openapi.js";

/**
 * `openAPIRoutes(description)`, then a call of the first operation it left out, which throws what compiling it
 * threw (docs/decisions.md, "Tolerant compile"); the table when it left none out.
 */
export function callSkipped(description: unknown): unknown {
  const routes = openAPIRoutes(description);
  const [first] = skippedOperations(routes);
  if (first === undefined) return routes;
  // A path alone stands for every method of it.
  return endpoint.withRoutes(routes)(first.route.includes(" ") ? first.route : `GET ${first.route}`);
}
