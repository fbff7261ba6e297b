export { checkArguments, toolCall, type ToolCallResult, type ToolProblem } from "./openapi/tools/call.js";
export {
  type AnthropicTool,
  type McpTool,
  type OpenAITool,
  toolDefinitions,
  type ToolDefinitions,
  type ToolInputSchema,
  type ToolsByFormat,
} from "./openapi/tools/definitions.js";
export type { ToolFormat, ToolOptions } from "./openapi/tools/options.js";
export type { LeftOutOperation } from "./openapi/tools/set.js";
