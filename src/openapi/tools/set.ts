// A set of tools: the operations of an endpoint's tables, each named once for the whole table, those the options ask
// for selected, the rest listed with why; and each tool's schema and description, made from the operation's record.
import { declaredArguments } from "../schema/declared.js";
import { credentialArguments as credentialsIn } from "../security.js";
import { type ArgumentLocation, EndpointError, quote } from "../../core/errors.js";
import { methodKey } from "../../http/tokens.js";
import { type OperationArguments, operationArguments } from "../schema/arguments.js";
import type { Operation } from "../table/operation.js";
import type { Code } from "../table/runtime.js";
import { closestNames, toolNames } from "./names.js";
import type { ReadOptions } from "./options.js";
import { toolSchema } from "./schema.js";
import { type StrictSchema, strictSchema } from "./strict.js";
import { isNode, type Node, resolved } from "./walk.js";

/** One tool: its operation and its name. */
export interface Tool {
  readonly operation: Operation;
  readonly name: string;
}

/**
 * An operation a set of tools leaves out, and why: not asked for (`include`, `exclude`), deprecated, or left out of
 * the table itself (its flaw in `message`, as a call of it throws it).
 *
 * @example
 * const left: LeftOutOperation = { route: "GET /v1/old", operationId: "getOld", name: "getOld", reason: "deprecated" };
 */
export interface LeftOutOperation {
  /** Its route, as the table names it. */
  readonly route: string;
  /** Its operationId, if any. */
  readonly operationId?: string;
  /** The name its tool would have; none for an operation the table left out. */
  readonly name?: string;
  /** Why it is no tool. */
  readonly reason: "excluded" | "deprecated" | "not compiled";
  /** For an operation the table left out: what a call of it throws. */
  readonly message?: string;
}

/** Each table's tools, every operation named (whatever a set selects, a tool's name stays the same). */
const namedTools = /*#__PURE__*/ new WeakMap<Code, readonly Tool[]>();

/** The operations of `code`'s tables, newest first, a route a newer table replaces once, each with its tool's name. */
export function toolsOf(code: Code): readonly Tool[] {
  let tools = namedTools.get(code);
  if (tools === undefined) {
    const listed = new Set<string>();
    const operations: Operation[] = [];
    for (const table of code.tables) {
      for (const operation of Object.values(table.operations)) {
        const key = `${methodKey(operation.method)} ${operation.path}`;
        if (listed.has(key)) continue;
        listed.add(key);
        operations.push(operation);
      }
    }
    const names = toolNames(operations);
    tools = Object.freeze(operations.map((operation, index) => ({ operation, name: names[index]! })));
    namedTools.set(code, tools);
  }
  return tools;
}

/** The tools `options` select from `code`, and the operations they leave out. */
export function selectTools(
  code: Code,
  options: ReadOptions,
  caller: string,
): { tools: Tool[]; left: LeftOutOperation[] } {
  const all = toolsOf(code);
  const matches = (tool: Tool, wanted: string) => {
    const { operationId, tags, route, method, path } = tool.operation;
    return (
      operationId === wanted ||
      tags?.includes(wanted) === true ||
      route === wanted ||
      `${methodKey(method)} ${path}` === wanted ||
      tool.name === wanted
    );
  };
  // A name in `include` or `exclude` that no operation has is a typo: it would silently change the set.
  for (const wanted of [...(options.include ?? []), ...options.exclude]) {
    if (all.some((tool) => matches(tool, wanted))) continue;
    const known = new Set(
      all.flatMap(({ operation, name }) => [operation.operationId ?? name, ...(operation.tags ?? [])]),
    );
    const closest = closestNames(wanted, known).map((each) => JSON.stringify(each));
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `${caller}: no operationId, tag or route is ${quote(wanted)}${closest.length > 0 ? `; did you mean ${closest.join(", ")}?` : ""}`,
    );
  }
  const tools: Tool[] = [];
  const left: LeftOutOperation[] = [];
  for (const tool of all) {
    const { operation, name } = tool;
    const asked =
      (options.include === undefined || options.include.some((wanted) => matches(tool, wanted))) &&
      !options.exclude.some((wanted) => matches(tool, wanted));
    const reason = !asked
      ? "excluded"
      : operation.deprecated === true && !options.deprecated
        ? "deprecated"
        : undefined;
    if (reason === undefined) tools.push(tool);
    else left.push({ route: operation.route, ...optionalId(operation.operationId), name, reason });
  }
  for (const table of code.tables) {
    for (const { route, message, operationId } of table.skipped) {
      left.push({ route, ...optionalId(operationId), reason: "not compiled", message });
    }
  }
  if (options.bind.size > 0) {
    const takes = (name: string) =>
      tools.some(({ operation }) => {
        const found = argumentsOf(operation, caller);
        return boundIn(found, name) !== undefined || isBodyField(found, name);
      });
    const unused = [...options.bind.keys()].find((name) => !takes(name));
    if (unused !== undefined) {
      throw new EndpointError(
        "ERR_INVALID_OPTIONS",
        `${caller}: option bind: no tool takes an argument ${quote(unused)}`,
      );
    }
  }
  return { tools, left };
}

function optionalId(operationId: string | undefined): { operationId?: string } {
  return operationId === undefined ? {} : { operationId };
}

/** The argument schema of a tool's operation; a table without them makes no tools. */
export function argumentsOf(operation: Operation, caller: string): OperationArguments {
  const found = operationArguments(operation);
  if (found === undefined) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `${caller}: the table carries no argument schemas: write it with \`fluent-endpoint openapi --check\``,
    );
  }
  return found;
}

/** The argument of `found` a bound `name` stands for, if it takes one (a header's by its lower case too). */
export function boundIn(found: OperationArguments, name: string): string | undefined {
  if (found.locations.has(name)) return name;
  const lower = name.toLowerCase();
  return found.locations.get(lower) === "header" ? lower : undefined;
}

/** Whether `name` is a field of the body an operation takes as `data` (Slack's `token` in a form body). */
export function isBodyField(found: OperationArguments, name: string): boolean {
  if (found.locations.get("data") !== "body" || found.bodyFields) return false;
  const { properties, $defs } = found.schema as { properties: Node; $defs?: Node };
  return Object.hasOwn(resolvedObject(properties.data, $defs ?? {})?.properties ?? {}, name);
}

/** An object schema, through its `$ref` into `defs`; undefined for another schema. */
export function resolvedObject(schema: unknown, defs: Node): { properties?: Node; required?: unknown } | undefined {
  const target = resolved(schema, defs);
  return isNode(target) && isNode(target.properties) ? (target as { properties: Node }) : undefined;
}

/** A tool's schema and description, and what a call of it maps back. */
export interface Described {
  readonly arguments: OperationArguments;
  readonly schema: Node;
  /** The strict variant, where asked for. */
  readonly strict: StrictSchema | undefined;
  readonly description: string;
  /** Each argument of the tool, by its name in the schema, with the name a call gives it. */
  readonly names: ReadonlyMap<string, string>;
  /** The arguments the app binds, by the name a call gives them. */
  readonly bound: ReadonlyMap<string, unknown>;
  /** The body fields the app binds, added to `data`. */
  readonly fields: ReadonlyMap<string, unknown>;
  /** The arguments whose values a message never shows (`query api_key`): credentials and bound ones. */
  readonly secrets: ReadonlySet<string>;
}

/** `tool`'s schema (strict where asked) and description, made from its operation's record. */
export function describeTool(tool: Tool, options: ReadOptions, caller: string): Described {
  const { operation } = tool;
  const found = argumentsOf(operation, caller);
  const credentials = credentialArguments(operation);
  const bound = new Map<string, unknown>();
  const fields = new Map<string, unknown>();
  for (const [name, value] of options.bind) {
    const argument = boundIn(found, name);
    if (argument !== undefined) bound.set(argument, value);
    else if (isBodyField(found, name)) fields.set(name, value);
  }
  const hidden = (name: string, location: ArgumentLocation) =>
    bound.has(name) || credentials.has(`${location} ${name}`);
  const { schema, names, notes } = toolSchema(found, hidden, new Set(fields.keys()), options.maxSchemaSize);
  const secrets = new Set(credentials);
  for (const name of bound.keys()) secrets.add(`${found.locations.get(name)} ${name}`);
  for (const name of fields.keys()) secrets.add(`body /${name}`);
  const strict = options.strict ? strictSchema(schema) : undefined;
  const said = [...notes];
  if (operation.deprecated === true) said.unshift("Deprecated.");
  const { summary, description } = declaredArguments(operation);
  const text = summary ?? description ?? operation.route;
  const long = description !== undefined && description !== text ? `${text}\n\n${description}` : text;
  return {
    arguments: found,
    schema,
    strict,
    description: bounded(long, said.join(" "), options.maxDescription),
    names,
    bound,
    fields,
    secrets,
  };
}

/** The parameters an operation's security schemes carry a credential in, as `"query api_key"`: never in a schema. */
export function credentialArguments(operation: Operation): Set<string> {
  return credentialsIn(operation.table.api.securitySchemes);
}

/** `text`, then `notes`, within `limit` characters: the text cut first (at a code point), the notes kept. */
function bounded(text: string, notes: string, limit: number): string {
  const whole = notes === "" ? text : `${text}\n\n${notes}`;
  if (whole.length <= limit) return whole;
  const room = limit - (notes === "" ? 0 : notes.length + 2) - 1;
  if (room < 40) return cut(whole, limit);
  return notes === "" ? cut(text, limit) : `${cut(text, room + 1)}\n\n${notes}`;
}

/** `text` cut to `limit` characters, ending in "…", never between the halves of a surrogate pair. */
function cut(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let end = limit - 1;
  if (/[\uD800-\uDBFF]/.test(text[end - 1] ?? "")) end--;
  return `${text.slice(0, end)}…`;
}
