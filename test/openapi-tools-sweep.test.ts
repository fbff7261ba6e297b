// Tools from every operation of the fixture descriptions and of five large real ones (GitHub, Stripe, Kubernetes, Jira,
// Slack): every name valid for every provider and unique, every schema a self-contained object schema, the strict
// variant valid by OpenAI's strict-mode rules, and toolCall() building what the call by operationId builds for a valid
// call, and answering problems for each mutation the argument schema refuses.
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { Validator, type Schema } from "@cfworker/json-schema";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { EndpointError } from "../src/index.js";
import { argumentSchema, openAPIEndpoint, openAPIRoutes, tableOperations } from "../src/openapi.js";
import { toolCall, toolDefinitions, type McpTool } from "../src/openapi-tools.js";
import { description } from "./support/fixtures.js";
import { isObject, mutations, validCall } from "./support/samples.js";
import { strictModeProblems } from "./support/strict-mode.js";

type Node = Record<string, unknown>;

const yaml = (name: string) => () =>
  parse(readFileSync(new URL(`fixtures/openapi/${name}.yaml`, import.meta.url), "utf8")) as Node;
const DESCRIPTIONS: [name: string, load: () => Node][] = [
  ["petstore-expanded", yaml("petstore-expanded")],
  ["notes", yaml("notes")],
  ["requests", yaml("requests")],
  ...[
    "matrix",
    "uber",
    "overseerr",
    "libregraph",
    "oas-3.2-examples",
    "twilio",
    "stripe",
    "box",
    "digitalocean",
    "datadog",
    "kubernetes",
    "jira",
    "slack",
  ].map((name) => [name, () => description(name)] as [string, () => Node]),
  [
    "github",
    () =>
      JSON.parse(
        readFileSync(
          new URL("../node_modules/@octokit/openapi/generated/api.github.com.json", import.meta.url),
          "utf8",
        ),
      ) as Node,
  ],
];

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** What makes a tool's schema not self-contained or not one every provider takes; none for a good one. */
function schemaProblems(schema: Node): string[] {
  const problems: string[] = [];
  if (schema.type !== "object") problems.push("not an object schema");
  for (const keyword of ["$schema", "title", "anyOf", "oneOf", "allOf"]) {
    if (keyword in schema) problems.push(`${keyword} at the top`);
  }
  const defs = isObject(schema.$defs) ? schema.$defs : {};
  const walk = (node: unknown, at: string): void => {
    if (typeof node === "boolean") {
      if (!(at.endsWith("/additionalProperties") && node === false)) problems.push(`${at}: ${node}`);
      return;
    }
    if (!isObject(node)) return;
    if (typeof node.$ref === "string") {
      const name = decodeURIComponent(node.$ref.slice("#/$defs/".length)).replaceAll("~1", "/").replaceAll("~0", "~");
      if (!node.$ref.startsWith("#/$defs/") || !Object.hasOwn(defs, name)) problems.push(`${at}: $ref ${node.$ref}`);
    }
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (types.includes("array") && node.items === undefined && node.prefixItems === undefined)
      problems.push(`${at}: an array without items`);
    for (const keyword of ["items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames"])
      if (node[keyword] !== undefined) walk(node[keyword], `${at}/${keyword}`);
    for (const keyword of ["allOf", "anyOf", "oneOf", "prefixItems"])
      if (Array.isArray(node[keyword]))
        (node[keyword] as unknown[]).forEach((each, i) => walk(each, `${at}/${keyword}/${i}`));
    for (const keyword of ["properties", "patternProperties", "dependentSchemas", "$defs"])
      if (isObject(node[keyword]))
        for (const [name, each] of Object.entries(node[keyword] as Node)) walk(each, `${at}/${keyword}/${name}`);
  };
  walk(schema, "#");
  return problems;
}

/** The parameters the description's API key schemes carry (`api_key`), which no tool's schema holds. */
function credentialNames(described: Node): Set<string> {
  const schemes = ((described.components as Node | undefined)?.securitySchemes ?? {}) as Record<string, Node>;
  return new Set(
    Object.values(schemes)
      .filter((scheme) => scheme.type === "apiKey")
      .map((scheme) => (scheme.in === "header" ? String(scheme.name).toLowerCase() : String(scheme.name))),
  );
}

/** A call's arguments as the tool names them: its schema's properties in order, credentials out, renamed ones zipped. */
function toToolArguments(call: Node, argumentNames: string[], toolNames: string[], credentials: Set<string>): Node {
  const map = new Map<string, string>();
  let next = 0;
  for (const name of argumentNames) {
    if (next < toolNames.length && toolNames[next] === name) map.set(name, toolNames[next++]!);
    else if (credentials.has(name)) continue;
    else map.set(name, toolNames[next++]!);
  }
  const out: Node = {};
  for (const [name, value] of Object.entries(call)) out[map.get(name) ?? name] = value;
  return out;
}

/** The same arguments for the strict variant: every optional one given as null, JSON text where it asks for it. */
function toStrict(args: Node, strict: Node): Node {
  const properties = strict.properties as Record<string, Node>;
  const out: Node = {};
  for (const [name, schema] of Object.entries(properties)) {
    const value = args[name];
    const asText = typeof schema.description === "string" && schema.description.startsWith("JSON text of");
    out[name] = value === undefined ? null : asText ? JSON.stringify(value) : value;
  }
  return out;
}

/** Whether every call fails before any argument is read: DigitalOcean's server whose default host makes no url. */
function unbuildable(run: () => unknown): boolean {
  try {
    run();
  } catch (error) {
    return error instanceof EndpointError && /server|base url/i.test(error.message) && !/parameter/.test(error.message);
  }
  return false;
}

describe("tools from every operation of the fixture descriptions and five large real ones", () => {
  for (const [name, load] of DESCRIPTIONS) {
    it(name, () => {
      const described = load();
      const routes = openAPIRoutes(described);
      const api = openAPIEndpoint(routes) as unknown as ((route: string, options: Node) => unknown) & {
        operation(id: string, options: Node): unknown;
      };
      const operations = tableOperations(routes);
      const { tools, left } = toolDefinitions(routes, { deprecated: true });
      const strict = toolDefinitions(routes, { deprecated: true, strict: true }).tools as McpTool[];
      // Every operation a tool; none left out but those the table itself left out.
      expect(tools).toHaveLength(operations.length);
      expect(left.every(({ reason }) => reason === "not compiled")).toBe(true);
      const names = tools.map((tool) => tool.name);
      expect(names.filter((each) => !NAME.test(each))).toEqual([]);
      expect(new Set(names).size).toBe(names.length);
      expect(strict.map((tool) => tool.name)).toEqual(names);
      const bad = tools.flatMap((tool) => schemaProblems(tool.inputSchema).map((problem) => `${tool.name} ${problem}`));
      expect(bad.slice(0, 5)).toEqual([]);
      const invalid = strict.flatMap((tool) =>
        strictModeProblems(tool.inputSchema).map((problem) => `${tool.name} ${problem}`),
      );
      expect(invalid.slice(0, 5)).toEqual([]);

      const credentials = credentialNames(described);
      const disagreements: string[] = [];
      let validCalls = 0;
      tools.forEach((tool, index) => {
        const { route, operationId } = operations[index]!;
        const schema = argumentSchema(routes, route);
        const build = (call: Node) => (operationId === undefined ? api(route, call) : api.operation(operationId, call));
        // A route no call can build for a reason of the description's API (a server without a url) is no tool's to mend.
        if (unbuildable(() => build({}))) return;
        const oracle = new Validator(structuredClone(schema) as Schema, "2020-12", false);
        const argumentNames = Object.keys(schema.properties as Node);
        const toolNames = Object.keys(tool.inputSchema.properties as Node);
        const call = validCall(schema);
        for (const [what, each] of [["a valid call", call], ...mutations(schema, call)] as [string, Node][]) {
          const valid = oracle.validate(each).valid;
          const args = toToolArguments(each, argumentNames, toolNames, credentials);
          const result = toolCall(routes, tool.name, args, { deprecated: true });
          if (valid) {
            let expected: unknown;
            try {
              expected = { request: build(each) };
            } catch {
              continue; // the build refuses what the schema takes: the agreement test's to find
            }
            if (what === "a valid call") validCalls++;
            if (!isDeepStrictEqual(result, expected))
              disagreements.push(`${tool.name}, ${what}: ${JSON.stringify(result).slice(0, 300)}`);
            const strictArgs = toStrict(args, strict[index]!.inputSchema);
            const fromStrict = toolCall(routes, tool.name, strictArgs, { deprecated: true, strict: true });
            // The strict arguments come in the schema's order, which a JSON body's keys follow: equal but for that.
            if (!isDeepStrictEqual(fromStrict, expected))
              disagreements.push(`${tool.name} (strict), ${what}: ${JSON.stringify(fromStrict).slice(0, 300)}`);
          } else if (!("problems" in result) || result.problems.length === 0) {
            disagreements.push(`${tool.name}, ${what}: the schema refuses it, toolCall built it`);
          }
        }
      });
      expect(disagreements.slice(0, 10)).toEqual([]);
      expect(validCalls).toBeGreaterThan(0);
    });
  }
});
