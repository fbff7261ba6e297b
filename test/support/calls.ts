// Calls made from an argument schema, and mutations of each: what the tests of argument schemas, checks and written
// modules run on every operation of the fixture descriptions.
import { EndpointError } from "../../src/index.js";
import { mutations as sampleMutations } from "./samples.js";

export { validCall } from "./samples.js";

type Node = Record<string, unknown>;

/** The request options a call may give beside its arguments. */
const OPTIONS: ReadonlySet<string> = new Set(["headers", "baseUrl", "request", "mediaType", "data", "method", "url"]);

/**
 * Each mutation of a call: those of the tools' sweeps ({@link sampleMutations}: a required argument dropped, a value
 * outside its enum, a value of another type, an empty body, a body field given without those an optional body requires
 * once it is sent), and a key it does not declare.
 */
export function mutations(schema: Node, call: Node): [what: string, call: Node][] {
  const found = sampleMutations(schema, call);
  const properties = schema.properties as Node;
  // A key the operation does not declare: a typo of its first argument, beside `data` where the call gives it. Without
  // `data`, such a key of an operation with a body is a field the body gathers, checked as the body, which the schema
  // describes only as `data`.
  if (!Object.hasOwn(properties, "data") || Object.hasOwn(call, "data")) {
    let typo = `${Object.keys(properties).find((name) => name !== "data") ?? "undeclared"}x`;
    while (Object.hasOwn(properties, typo) || OPTIONS.has(typo)) typo += "x";
    found.push([`${typo}, which it does not declare`, { ...call, [typo]: "x" }]);
  }
  return found;
}

/** The code of the error a call throws, or "built". */
export function outcome(api: (route: string, options: Node) => unknown, route: string, call: Node): string {
  try {
    api(route, call);
    return "built";
  } catch (error) {
    if (error instanceof EndpointError) return error.code;
    throw error;
  }
}

/**
 * Routes whose every call fails before any argument is read, for a reason of the description's API: DigitalOcean's
 * server whose default host `{your-agent-url}` makes no url.
 */
export function unbuildable(api: (route: string, options: Node) => unknown, route: string): boolean {
  try {
    api(route, {});
  } catch (error) {
    return error instanceof EndpointError && /server|base url/i.test(error.message) && !/parameter/.test(error.message);
  }
  return false;
}
