// Calls made from an argument schema, and their mutations (a required argument dropped, a value outside its enum, one
// of another type…): the tools' sweeps run them, test/support/calls.ts adds its own, and bench/tools-agreement.mjs
// bundles this module alone (it imports nothing).

type Node = Record<string, unknown>;

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

export function resolve(root: Node, schema: unknown): unknown {
  for (let hops = 0; isObject(schema) && typeof schema.$ref === "string" && hops < 50; hops++) {
    const name = decodeURIComponent(schema.$ref.slice("#/$defs/".length)).replaceAll("~1", "/").replaceAll("~0", "~");
    const { $ref, ...rest } = schema;
    void $ref;
    const target = (root.$defs as Node)[name];
    schema = Object.keys(rest).length === 0 ? target : { allOf: [target, rest] };
  }
  return schema;
}

export function isObject(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A value the schema likely takes (the oracle decides whether it does). */
export function sample(root: Node, schema: unknown, depth = 0): unknown {
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
export function validCall(schema: Node): Node {
  const call: Node = {};
  const properties = schema.properties as Node;
  for (const name of (schema.required as string[] | undefined) ?? []) call[name] = sample(schema, properties[name]);
  return call;
}

/**
 * Each mutation of a call: a required argument dropped, a value outside its enum, a value of another type, an empty
 * body, and a body field given without those an optional body requires once it is sent.
 */
export function mutations(schema: Node, call: Node): [what: string, call: Node][] {
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
