// The options of a set of tools, read once and checked: a misspelt option or operation would silently change the set.
import { EndpointError, kindOf, quote } from "../../core/errors.js";
import { isPlainObject } from "../../core/values.js";

/** The shapes of tool definitions: the Model Context Protocol's, OpenAI's and Anthropic's. */
export type ToolFormat = "mcp" | "openai" | "anthropic";

/**
 * What a set of tools holds and how it is written; `toolCall()` takes the same options, so it reads the model's calls
 * by the tools it was given.
 *
 * @example
 * const options: ToolOptions = { format: "openai", strict: true, include: ["issues"], bind: { owner: "octokit" } };
 */
export interface ToolOptions<Format extends ToolFormat = ToolFormat> {
  /** The shape of each definition: `"mcp"` (the default), `"openai"` or `"anthropic"`. */
  readonly format?: Format;
  /**
   * Schemas within OpenAI's strict mode (`"openai"` definitions then say `strict: true`): every object closed, every
   * property required (an optional one takes `null`, which `toolCall()` drops), what strict mode lacks said in the
   * description, a value it cannot describe asked for as JSON text. Off by default.
   */
  readonly strict?: boolean;
  /** Only the operations of these operationIds, tags or routes (`"GET /pets"`). */
  readonly include?: readonly string[];
  /** Not the operations of these operationIds, tags or routes. */
  readonly exclude?: readonly string[];
  /** Deprecated operations too; left out by default. */
  readonly deprecated?: boolean;
  /** Arguments the app gives every call that takes them (`{ owner: "octokit" }`): out of every schema, never the model's. */
  readonly bind?: Readonly<Record<string, unknown>>;
  /** The longest tool description, in characters: 1 024 by default. */
  readonly maxDescription?: number;
  /** The longest input schema, in characters of its JSON text: 100 000 by default; past it, parts are described loosely. */
  readonly maxSchemaSize?: number;
}

/** Options read, with their defaults. */
export interface ReadOptions {
  readonly format: ToolFormat;
  readonly strict: boolean;
  readonly include: readonly string[] | undefined;
  readonly exclude: readonly string[];
  readonly deprecated: boolean;
  readonly bind: ReadonlyMap<string, unknown>;
  readonly maxDescription: number;
  readonly maxSchemaSize: number;
}

const KEYS = [
  "format",
  "strict",
  "include",
  "exclude",
  "deprecated",
  "bind",
  "maxDescription",
  "maxSchemaSize",
] as const;
const FORMATS: readonly unknown[] = ["mcp", "openai", "anthropic"];

/** `options` read for `caller`; `ERR_INVALID_OPTIONS` naming the first that is wrong. */
export function readToolOptions(options: unknown, caller: string): ReadOptions {
  if (options === undefined) options = {};
  const fail = (problem: string): never => {
    throw new EndpointError("ERR_INVALID_OPTIONS", `${caller} ${problem}`);
  };
  if (!isPlainObject(options)) fail(`options must be an object, got ${kindOf(options)}`);
  const given = options as Record<string, unknown>;
  const unknown = Object.keys(given).find((key) => !(KEYS as readonly string[]).includes(key));
  if (unknown !== undefined) fail(`has no option ${quote(unknown)}: it takes ${KEYS.join(", ")}`);
  const { format = "mcp", strict = false, include, exclude = [], deprecated = false, bind = {} } = given;
  if (!FORMATS.includes(format)) fail(`option format must be "mcp", "openai" or "anthropic", got ${describe(format)}`);
  for (const [key, value] of [
    ["strict", strict],
    ["deprecated", deprecated],
  ] as const) {
    if (typeof value !== "boolean") fail(`option ${key} must be a boolean, got ${kindOf(value)}`);
  }
  const list = (key: string, value: unknown) => {
    if (!Array.isArray(value) || !value.every((each) => typeof each === "string")) {
      fail(`option ${key} must be a list of operationIds, tags or routes, got ${kindOf(value)}`);
    }
    return Object.freeze([...(value as string[])]);
  };
  if (!isPlainObject(bind)) fail(`option bind must be an object of argument values, got ${kindOf(bind)}`);
  const bound = new Map<string, unknown>();
  for (const name of Object.keys(bind as object)) {
    const value = (bind as Record<string, unknown>)[name];
    if (value !== undefined) bound.set(name, value);
  }
  const limit = (key: "maxDescription" | "maxSchemaSize", fallback: number, least: number) => {
    const value = given[key] ?? fallback;
    if (typeof value !== "number" || !Number.isInteger(value) || value < least) {
      fail(`option ${key} must be an integer of at least ${least}, got ${describe(value)}`);
    }
    return value as number;
  };
  return {
    format: format as ToolFormat,
    strict: strict as boolean,
    include: include === undefined ? undefined : list("include", include),
    exclude: list("exclude", exclude),
    deprecated: deprecated as boolean,
    bind: bound,
    maxDescription: limit("maxDescription", 1024, 80),
    maxSchemaSize: limit("maxSchemaSize", 100_000, 1000),
  };
}

function describe(value: unknown): string {
  return typeof value === "string" ? quote(value) : typeof value === "number" ? String(value) : kindOf(value);
}
