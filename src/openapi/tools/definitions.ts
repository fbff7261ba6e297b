// `toolDefinitions()`: every operation of an API as a tool a model can call, in the shape its provider takes
// (docs/decisions.md, "Tools for an agent").
import { codeOf } from "../table/forms.js";
import { readToolOptions, type ToolFormat, type ToolOptions } from "./options.js";
import { describeTool, type LeftOutOperation, selectTools } from "./set.js";

/** A JSON Schema of a tool's arguments: always an object schema, self-contained (its `$ref`s into its own `$defs`). */
export interface ToolInputSchema {
  /** Always `"object"`. */
  type: "object";
  /** Its other keywords: `properties`, `required`, `additionalProperties`, `$defs`… */
  [keyword: string]: unknown;
}

/**
 * A tool as the Model Context Protocol lists it (`tools/list`).
 *
 * @example
 * const tool: McpTool = { name: "getPet", description: "One pet", inputSchema: { type: "object", properties: {} } };
 */
export interface McpTool {
  /** Its name: `^[a-zA-Z0-9_-]{1,64}$`, unique in its set. */
  name: string;
  /** What it does, from the operation's summary and description, within `maxDescription`. */
  description: string;
  /** Its arguments. */
  inputSchema: ToolInputSchema;
}

/**
 * A tool as OpenAI's Chat Completions API takes it (`tools`).
 *
 * @example
 * const tool: OpenAITool = { type: "function", function: { name: "getPet", description: "One pet", parameters: { type: "object" }, strict: false } };
 */
export interface OpenAITool {
  /** Always `"function"`. */
  type: "function";
  /** The function. */
  function: {
    /** Its name: `^[a-zA-Z0-9_-]{1,64}$`, unique in its set. */
    name: string;
    /** What it does. */
    description: string;
    /** Its arguments. */
    parameters: ToolInputSchema;
    /** Whether `parameters` is strict mode's (the option `strict`). */
    strict: boolean;
  };
}

/**
 * A tool as Anthropic's Messages API takes it (`tools`).
 *
 * @example
 * const tool: AnthropicTool = { name: "getPet", description: "One pet", input_schema: { type: "object", properties: {} } };
 */
export interface AnthropicTool {
  /** Its name: `^[a-zA-Z0-9_-]{1,64}$`, unique in its set. */
  name: string;
  /** What it does. */
  description: string;
  /** Its arguments. */
  input_schema: ToolInputSchema;
}

/** The definition of each format. */
export interface ToolsByFormat {
  /** The Model Context Protocol's. */
  mcp: McpTool;
  /** OpenAI's. */
  openai: OpenAITool;
  /** Anthropic's. */
  anthropic: AnthropicTool;
}

/**
 * A set of tools, and the operations it leaves out.
 *
 * @example
 * const { tools, left }: ToolDefinitions<"mcp"> = toolDefinitions(routes);
 */
export interface ToolDefinitions<Format extends ToolFormat = "mcp"> {
  /** One per operation, in the table's order. */
  tools: ToolsByFormat[Format][];
  /** The operations that are no tool, and why. */
  left: LeftOutOperation[];
}

/**
 * Every operation of an API as a tool a model can call: a name every provider takes (`^[a-zA-Z0-9_-]{1,64}$`, unique,
 * the operationId where it fits, else made to fit with a stable suffix; from the method and path without one), a
 * description from its summary, and its argument schema as a self-contained object schema (the arguments `bind`
 * gives and the credentials out of it). Deprecated operations are left out unless asked for; each left out is listed.
 * `toolCall()` with the same options turns the model's call into the request. Fresh objects each call.
 *
 * @param api - an endpoint, however made (`openAPIEndpoint()`, `withRoutes()`, `defaults()`), a table from
 *   `openAPIRoutes()` or `routeTable()` (written with `--check`), or a description
 * @example
 * import { toolDefinitions } from "fluent-endpoint/openapi/tools";
 * const { tools } = toolDefinitions(routes, { format: "openai", strict: true, bind: { owner: "octokit" } });
 * // [{ type: "function", function: { name: "issues_list-for-repo", description: "List repository issues", parameters: {…}, strict: true } }, …]
 */
export function toolDefinitions<Format extends ToolFormat = "mcp">(
  api: unknown,
  options?: ToolOptions<Format>,
): ToolDefinitions<Format> {
  const caller = "toolDefinitions()";
  const read = readToolOptions(options, caller);
  const { tools, left } = selectTools(codeOf(api, caller), read, caller);
  const definitions = tools.map((tool) => {
    const { schema, strict, description } = describeTool(tool, read, caller);
    const { name } = tool;
    const inputSchema = structuredClone(strict?.schema ?? schema) as ToolInputSchema;
    if (read.format === "openai") {
      return { type: "function", function: { name, description, parameters: inputSchema, strict: read.strict } };
    }
    if (read.format === "anthropic") return { name, description, input_schema: inputSchema };
    return { name, description, inputSchema };
  });
  return { tools: definitions as ToolsByFormat[Format][], left };
}
