// What a call of an operation takes, as a module wrote it: read when the operation's argument schema is first asked
// for, checked as strictly as the rest of a table's data (docs/decisions.md, "What a table trusts").
import { EndpointError, quote } from "../../core/errors.js";
import {
  type DeclaredArguments,
  type DeclaredBody,
  type DeclaredParameter,
  placementOf,
} from "../../core/route-table.js";
import { isPlainObject } from "../../core/values.js";
import { pointerTarget } from "../pointer.js";
import type { Operation } from "../table/operation.js";

const LOCATIONS: ReadonlySet<unknown> = /*#__PURE__*/ new Set(["path", "query", "querystring", "header", "cookie"]);

/** `operation`'s declared arguments, each parameter one it places; `ERR_INVALID_OPTIONS` naming the route otherwise. */
export function declaredArguments(operation: Operation): DeclaredArguments {
  const what = `route table: the arguments of ${quote(operation.route)}`;
  const declared: unknown = operation.declared;
  const {
    parameters = [],
    body,
    summary,
    description,
  } = isPlainObject(declared) ? declared : ({} as Record<string, unknown>);
  if (!isPlainObject(declared) || !Array.isArray(parameters)) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `${what} must be { parameters, body } with a list of parameters`);
  }
  const list: DeclaredParameter[] = [];
  for (const written of parameters as unknown[]) {
    // A parameter many operations share is written once, and each refers to it (`fluent-endpoint openapi --check`).
    const ref = isPlainObject(written) ? written.$ref : undefined;
    const parameter = typeof ref === "string" ? pointerTarget(operation.table.schemas?.document, ref) : written;
    const {
      name,
      in: location,
      required,
      schema,
      description: text,
      deprecated,
    } = isPlainObject(parameter) ? parameter : ({} as Record<string, unknown>);
    if (typeof name !== "string" || !LOCATIONS.has(location)) {
      throw new EndpointError("ERR_INVALID_OPTIONS", `${what} has a parameter without a name or location`);
    }
    // The schema and the build agree: an argument is one the entry places.
    if (placementOf(operation, name) === undefined) {
      throw new EndpointError(
        "ERR_INVALID_OPTIONS",
        `${what} has the parameter ${quote(name)}, which it does not place`,
      );
    }
    list.push({
      name,
      in: location as DeclaredParameter["in"],
      ...(required === true && { required: true }),
      ...(schema !== undefined && { schema }),
      ...(typeof text === "string" && { description: text }),
      ...(deprecated === true && { deprecated: true }),
    });
  }
  let read: DeclaredBody | undefined;
  if (body !== undefined) {
    if (!isPlainObject(body)) throw new EndpointError("ERR_INVALID_OPTIONS", `${what} has a body that is no object`);
    const { required, schema, description: text } = body;
    read = {
      ...(required === true && { required: true }),
      ...(schema !== undefined && { schema }),
      ...(typeof text === "string" && { description: text }),
    };
  }
  return {
    parameters: list,
    ...(read !== undefined && { body: read }),
    ...(typeof summary === "string" && { summary }),
    ...(typeof description === "string" && { description }),
  };
}
