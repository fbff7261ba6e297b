// A model's call of a tool, turned into the request its operation builds, or into the problems the model can act on;
// and the problems of any call, found without building it (docs/decisions.md, "Tools for an agent").
import type { Endpoint } from "../../api/builder.js";
import { endpoint } from "../../api/endpoint.js";
import { type ArgumentLocation, type ArgumentProblem, EndpointError, kindOf, quote } from "../../core/errors.js";
import { type CallArguments, type RouteEntry, type RouteTable, TABLE, type TableCode } from "../../core/route-table.js";
import type { RequestOptions } from "../../core/types.js";
import { isPlainObject, setOwn } from "../../core/values.js";
import { check as checks } from "../check/check.js";
import { compileDescription } from "../compile/compile.js";
import { codeOf, findOperation } from "../table/forms.js";
import { isOperation } from "../table/operation.js";
import { type ArgumentChecksCode, CHECKS, type Code } from "../table/runtime.js";
import { closestNames } from "./names.js";
import { readToolOptions, type ToolOptions } from "./options.js";
import { argumentsOf, credentialArguments, describeTool, selectTools } from "./set.js";
import { fromStrict } from "./strict.js";

/**
 * A problem of a tool call, in words a model can act on: one of the checks' (`in` and `name` say which argument), or
 * one of the call itself (`keyword` `"tool"`: no tool of that name; `"json"`: arguments that are no JSON;
 * `"additionalProperties"`: an argument the tool does not take), whose `in` is absent.
 *
 * @example
 * const problem: ToolProblem = { name: "kind", in: "query", keyword: "enum", message: 'query parameter "kind": "cow" is not one of "cat", "dog"' };
 */
export interface ToolProblem {
  /** Where the argument goes, for a problem of one argument. */
  readonly in?: ArgumentLocation;
  /** The argument's name in the tool's schema, a JSON pointer into the body, or `""` for the call itself. */
  readonly name: string;
  /** The schema keyword the value breaks, `"required"`, or what is wrong with the call. */
  readonly keyword: string;
  /** The problem in words; never a credential's or a bound argument's value. */
  readonly message: string;
}

/**
 * What a tool call makes: the request, or the problems of the model's arguments (never both).
 *
 * @example
 * const result = toolCall(routes, "getPet", '{"id":7}');
 * if ("problems" in result) reply(result.problems.map((problem) => problem.message).join("\n"));
 */
export type ToolCallResult =
  | {
      /** The request options, as `api.operation(operationId, args)` builds them. */
      request: RequestOptions;
    }
  | {
      /** What is wrong with the call, each problem once. */
      problems: ToolProblem[];
    };

/** Errors of a build from arguments the checks passed that the arguments themselves cause: the model's to fix. */
const MODEL_ERRORS: ReadonlySet<string> = /*#__PURE__*/ new Set([
  "ERR_INVALID_PARAMETER",
  "ERR_INVALID_HEADER",
  "ERR_UNSAFE_PATH",
  "ERR_MISSING_PARAMETER",
]);

/**
 * A model's call of one of `toolDefinitions(api, options)`'s tools: `args` (an object, or the JSON text a model
 * writes) read by the tool's schema, the arguments `bind` gives added, then checked and built as
 * `api.operation(operationId, args)` builds it. The model's mistakes — an unknown tool (the closest named), arguments
 * that are no JSON object, an argument the tool does not take, what the checks refuse — come back as `problems`, never
 * thrown; a programmer's (a bad `api` or options, a bound value the checks refuse) throw `EndpointError`.
 *
 * @param options - the options the tools were defined with (`bind`, `strict`, `include`…)
 * @example
 * import { toolCall } from "fluent-endpoint/openapi/tools";
 * toolCall(routes, "getPet", '{"id":7}'); // { request: { method: "get", url: "https://pets.example/pets/7", headers: {…} } }
 * toolCall(routes, "getPet", "{}"); // { problems: [{ in: "path", name: "id", keyword: "required", message: 'path parameter "id" is required' }] }
 */
export function toolCall(api: unknown, name: string, args: unknown, options?: ToolOptions): ToolCallResult {
  const caller = "toolCall()";
  const read = readToolOptions(options, caller);
  const base = endpointOf(api, caller);
  const { tools } = selectTools(codeOf(base, caller), read, caller);
  const tool = tools.find((each) => each.name === name);
  if (tool === undefined) {
    const closest = closestNames(
      typeof name === "string" ? name : "",
      tools.map((each) => each.name),
    );
    const hint = closest.length > 0 ? `; did you mean ${closest.map((each) => JSON.stringify(each)).join(", ")}?` : "";
    const named = typeof name === "string" ? quote(name) : kindOf(name);
    return { problems: [{ name: "", keyword: "tool", message: `no tool is named ${named}${hint}` }] };
  }
  const given = readArguments(args);
  if (typeof given === "string") return { problems: [{ name: "", keyword: "json", message: given }] };
  const described = describeTool(tool, read, caller);
  const { names, bound, fields, secrets, strict } = described;
  const { locations } = described.arguments;
  const problems: ToolProblem[] = [];
  const locationOf = (argument: string) => locations.get(names.get(argument) ?? argument) ?? "body";
  const values =
    strict === undefined
      ? given
      : (fromStrict(given, strict, problems as ArgumentProblem[], locationOf) as Record<string, unknown>);
  const call: Record<string, unknown> = {};
  for (const argument of Object.keys(values)) {
    const to = names.get(argument);
    if (to === undefined) {
      const closest = closestNames(argument, names.keys()).map((each) => JSON.stringify(each));
      problems.push({
        name: argument,
        keyword: "additionalProperties",
        message: `the tool takes no argument ${quote(argument)}${closest.length > 0 ? `; did you mean ${closest.join(", ")}?` : ""}`,
      });
    } else if (values[argument] !== undefined) {
      setOwn(call, to, values[argument]);
    }
  }
  if (problems.length > 0) return { problems };
  for (const [argument, value] of bound) setOwn(call, argument, value);
  if (fields.size > 0) call.data = { ...(isPlainObject(call.data) ? call.data : {}), ...Object.fromEntries(fields) };
  const toolNames = new Map([...names].map(([argument, to]) => [to, argument]));
  try {
    return { request: checked(base, secrets, false)(tool.operation.route, call) };
  } catch (error) {
    if (!(error instanceof EndpointError)) throw error;
    if (error.code === "ERR_INVALID_ARGUMENTS") {
      const found = error.problems ?? [];
      // A bound value the checks refuse is the app's mistake, which the model cannot mend.
      const isBound = (argument: string) => bound.has(argument) || fields.has(argument.slice(1));
      if (found.some(({ name: argument }) => isBound(argument))) throw error;
      return { problems: found.map((problem) => ({ ...problem, name: toolNames.get(problem.name) ?? problem.name })) };
    }
    if (!MODEL_ERRORS.has(error.code)) throw error;
    return {
      problems: [
        { name: "", keyword: error.code, message: redacted(error.message, [...bound.values(), ...fields.values()]) },
      ],
    };
  }
}

/**
 * The problems of a call of one operation — its arguments checked against its argument schema as a checked call
 * checks them (docs/decisions.md, "Argument checks") — without building it; none for a call that passes. For a form
 * as for an agent.
 *
 * @param api - an endpoint, however made (its defaults are part of the call), a table, or a description
 * @param key - `"METHOD /path"` or an operationId
 * @param args - the call's options, as `api(route, options)` takes them
 * @example
 * import { checkArguments } from "fluent-endpoint/openapi/tools";
 * checkArguments(routes, "listPets", { kind: "cow" });
 * // [{ in: "query", name: "kind", keyword: "enum", message: 'query parameter "kind": "cow" is not one of "cat", "dog"' }]
 */
export function checkArguments(api: unknown, key: string, args: Readonly<Record<string, unknown>>): ArgumentProblem[] {
  const caller = "checkArguments()";
  const base = endpointOf(api, caller);
  const operation = findOperation(codeOf(base, caller), key, caller);
  argumentsOf(operation, caller);
  if (!isPlainObject(args)) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `${caller} args must be an object, got ${kindOf(args)}`);
  }
  try {
    checked(base, credentialArguments(operation), true)(operation.route, args);
  } catch (error) {
    if (error === PASSED) return [];
    if (error instanceof EndpointError && error.code === "ERR_INVALID_ARGUMENTS") return [...(error.problems ?? [])];
    throw error;
  }
  /* v8 ignore next: the check either throws its problems or stops the build */
  return [];
}

/** `args` as an object of arguments, or the problem of it in words. */
function readArguments(args: unknown): Record<string, unknown> | string {
  if (args === undefined || args === null || args === "") return {};
  let value = args;
  if (typeof args === "string") {
    try {
      value = JSON.parse(args);
    } catch (error) {
      return `the arguments are no JSON text: ${(error as Error).message}`;
    }
  }
  return isPlainObject(value) ? value : `the arguments must be a JSON object, got ${kindOf(value)}`;
}

/** The endpoint `api` builds by: itself, or one over its table (a description compiled once). */
function endpointOf(api: unknown, caller: string): Endpoint {
  if (typeof api === "function") {
    codeOf(api, caller);
    return api as Endpoint;
  }
  if (isPlainObject(api) && TABLE in api) {
    codeOf(api, caller);
    return endpoint.withRoutes(api as unknown as RouteTable) as unknown as Endpoint;
  }
  return endpoint.withRoutes(compileDescription(api, caller)) as unknown as Endpoint;
}

/** Thrown by a check that passed where nothing is to be built. */
const PASSED = /*#__PURE__*/ Symbol("passed");

/**
 * `base` with every call of an operation checked first (then `stop`ped, or built by `base` as it builds it): a table of
 * no routes whose code is `base`'s with the check added. The one place this module reaches the argument checks.
 */
function checked(
  base: Endpoint,
  secrets: ReadonlySet<string>,
  stop: boolean,
): (route: string, args: object) => RequestOptions {
  const check = (checks as ArgumentChecksCode)[CHECKS](secrets);
  const layer = {
    [TABLE]: Object.freeze({
      entries: Object.freeze({}),
      over: (below: TableCode | undefined) =>
        Object.freeze({
          ...(below as Code),
          check: (entry: RouteEntry, params: Readonly<Record<string, unknown>>, call: CallArguments) => {
            if (isOperation(entry)) check(entry, params, call);
            if (stop) throw PASSED;
            below!.check(entry, params, call);
          },
        }),
    }),
  };
  return base.withRoutes(layer as unknown as RouteTable) as unknown as (route: string, args: object) => RequestOptions;
}

/** `message` without the text of any bound value, which the model must not see. */
function redacted(message: string, bound: readonly unknown[]): string {
  let text = message;
  for (const value of bound) {
    if (typeof value === "string" && value.length >= 4) text = text.split(value).join("[bound]");
  }
  return text;
}
