// argumentSchema() and the build agree on every operation of the fixture descriptions: for a call made from the
// schema and for each of its mutations, what the schema takes (a validator run on it, the oracle) the build takes and
// the checks pass, and what it refuses the checks refuse.
import { readFileSync } from "node:fs";
import { Validator, type Schema } from "@cfworker/json-schema";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { EndpointError } from "../src/index.js";
import { argumentSchema, openAPIEndpoint, openAPIRoutes } from "../src/openapi.js";
import { check } from "../src/openapi-check.js";
import { description } from "./support/fixtures.js";

type Node = Record<string, unknown>;

const FIXTURES: [name: string, load: () => Node][] = [
  ...["petstore-expanded", "notes", "requests"].map(
    (name) =>
      [name, () => parse(readFileSync(new URL(`fixtures/openapi/${name}.yaml`, import.meta.url), "utf8")) as Node] as [
        string,
        () => Node,
      ],
  ),
  ...["matrix", "uber", "overseerr", "libregraph", "oas-3.2-examples", "twilio", "stripe", "box", "digitalocean"].map(
    (name) => [name, () => description(name)] as [string, () => Node],
  ),
];

/** Formats the validator asserts, each with a value it takes. */
const FORMATS: Readonly<Record<string, string>> = {
  "date-time": "2024-01-02T03:04:05Z",
  date: "2024-01-02",
  time: "03:04:05Z",
  email: "a@example.com",
  "idn-email": "a@example.com",
  hostname: "example.com",
  "idn-hostname": "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  uri: "https://example.com/",
  "uri-reference": "https://example.com/",
  iri: "https://example.com/",
  "iri-reference": "https://example.com/",
  "uri-template": "https://example.com/",
  "json-pointer": "/a",
  "relative-json-pointer": "0",
  regex: "a",
  uuid: "00000000-0000-4000-8000-000000000000",
  duration: "P1D",
};

function resolve(root: Node, schema: unknown): unknown {
  for (let hops = 0; isObject(schema) && typeof schema.$ref === "string" && hops < 50; hops++) {
    const name = decodeURIComponent(schema.$ref.slice("#/$defs/".length)).replaceAll("~1", "/").replaceAll("~0", "~");
    const { $ref, ...rest } = schema;
    void $ref;
    const target = (root.$defs as Node)[name];
    schema = Object.keys(rest).length === 0 ? target : { allOf: [target, rest] };
  }
  return schema;
}

function isObject(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A value the schema likely takes (the oracle decides whether it does). */
function sample(root: Node, schema: unknown, depth = 0): unknown {
  schema = resolve(root, schema);
  if (!isObject(schema) || depth > 6) return "x";
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((value) => value !== null) ?? null;
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part) => sample(root, part, depth + 1));
    const own = { ...schema };
    delete own.allOf;
    parts.push(sample(root, own, depth + 1));
    return parts.every(isObject) ? Object.assign({}, ...parts) : parts[0];
  }
  for (const keyword of ["oneOf", "anyOf"]) {
    const list = schema[keyword];
    if (Array.isArray(list) && list.length > 0) return sample(root, list[0], depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((each) => each !== "null") : schema.type;
  switch (type) {
    case "string": {
      const format = typeof schema.format === "string" ? FORMATS[schema.format] : undefined;
      // A pattern's literal start (`^!` for a Matrix room id) makes many a pattern match.
      const start = typeof schema.pattern === "string" ? (/^\^([\w!@#-]*)/.exec(schema.pattern)?.[1] ?? "") : "";
      return format ?? start + "x".repeat(Math.max(1, Number(schema.minLength ?? 1)));
    }
    case "integer":
    case "number":
      return Math.max(Number(schema.minimum ?? 1), Number(schema.exclusiveMinimum ?? 0) + 1);
    case "boolean":
      return true;
    case "array":
      return Array.from({ length: Number(schema.minItems ?? 0) }, () => sample(root, schema.items, depth + 1));
    case "null":
      return null;
    default: {
      const object: Node = {};
      const properties = isObject(schema.properties) ? schema.properties : {};
      for (const name of Array.isArray(schema.required) ? (schema.required as string[]) : []) {
        object[name] = sample(root, properties[name], depth + 1);
      }
      return object;
    }
  }
}

/** The call made from the schema: its required arguments. */
function validCall(schema: Node): Node {
  const call: Node = {};
  const properties = schema.properties as Node;
  for (const name of (schema.required as string[] | undefined) ?? []) call[name] = sample(schema, properties[name]);
  return call;
}

/**
 * Each mutation of a call: a required argument dropped, a value outside its enum, a value of another type, an empty
 * body, and a body field given without those an optional body requires once it is sent.
 */
function mutations(schema: Node, call: Node): [what: string, call: Node][] {
  const found: [string, Node][] = [];
  const properties = schema.properties as Node;
  for (const name of (schema.required as string[] | undefined) ?? []) {
    const { [name]: dropped, ...rest } = call;
    void dropped;
    found.push([`without ${name}`, rest]);
  }
  for (const name of Object.keys(properties)) {
    if (name === "data") continue;
    const property = resolve(schema, properties[name]);
    if (!isObject(property)) continue;
    if (Array.isArray(property.enum)) found.push([`${name} outside its enum`, { ...call, [name]: "not-in-the-enum" }]);
    const type = Array.isArray(property.type) ? property.type[0] : property.type;
    if (typeof type === "string") {
      found.push([
        `${name} of another type`,
        { ...call, [name]: type === "object" ? 5 : type === "string" ? 12345 : {} },
      ]);
    }
  }
  if (Object.hasOwn(properties, "data")) found.push(["data an empty object", { ...call, data: {} }]);
  const dependents = isObject(schema.dependentRequired) ? schema.dependentRequired : {};
  for (const [field, needs] of Object.entries(dependents)) {
    const alone: Node = { ...call };
    for (const need of needs as string[]) delete alone[need];
    if (Object.hasOwn(alone, field) || (needs as string[]).includes(field)) continue;
    found.push([
      `${field} without ${(needs as string[]).join(", ")}`,
      { ...alone, [field]: sample(schema, properties[field]) },
    ]);
  }
  return found;
}

/** The code of the error a call throws, or "built". */
function outcome(api: (route: string, options: Node) => unknown, route: string, call: Node): string {
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
function unbuildable(api: (route: string, options: Node) => unknown, route: string): boolean {
  try {
    api(route, {});
  } catch (error) {
    return error instanceof EndpointError && /server|base url/i.test(error.message) && !/parameter/.test(error.message);
  }
  return false;
}

describe("argumentSchema() accepts exactly what the build takes, on every operation of the fixture descriptions", () => {
  for (const [name, load] of FIXTURES) {
    it(name, () => {
      const routes = openAPIRoutes(load());
      const checked = openAPIEndpoint(routes, { check }) as unknown as (route: string, options: Node) => unknown;
      const unchecked = openAPIEndpoint(routes) as unknown as (route: string, options: Node) => unknown;
      let operations = 0;
      let validCalls = 0;
      let disagreements: string[] = [];
      for (const route of Object.keys(routes)) {
        const schema = argumentSchema(routes, route);
        operations++;
        if (unbuildable(unchecked, route)) continue;
        const oracle = new Validator(structuredClone(schema) as Schema, "2020-12", false);
        const call = validCall(schema);
        const cases: [string, Node][] = [["a valid call", call], ...mutations(schema, call)];
        for (const [what, each] of cases) {
          const valid = oracle.validate(each).valid;
          if (what === "a valid call" && valid) validCalls++;
          const built = outcome(unchecked, route, each);
          const got = outcome(checked, route, each);
          // What the schema takes, the build takes and the checks pass; what it refuses, the checks refuse.
          if (valid && (built !== "built" || got !== "built"))
            disagreements.push(`${route}, ${what}: the schema takes it, the build says ${built}, the checks ${got}`);
          if (!valid && got !== "ERR_INVALID_ARGUMENTS")
            disagreements.push(`${route}, ${what}: the schema refuses it, the checks say ${got}`);
        }
      }
      disagreements = disagreements.slice(0, 10);
      expect(disagreements).toEqual([]);
      expect(operations).toBe(Object.keys(routes).length);
      // Some calls made from the schemas are valid, so the agreement is also one on valid calls.
      expect(validCalls).toBeGreaterThan(0);
    });
  }
});
