// OpenAI's strict-mode rules for a function's parameters (Structured Outputs, "Supported schemas"), as its
// documentation states them, written here apart from the code under test: what a schema must be for `strict: true`.
//
// - The root is an object, not `anyOf`.
// - Every object has `additionalProperties: false` and lists every one of its properties in `required`.
// - Types: string, number, integer, boolean, object, array, null (alone or in a list), enum, const, anyOf, and
//   `$ref` to `#` or `#/$defs/…`; every schema says one of them; an array says its `items`.
// - Keywords beyond those: strings `pattern` and `format` (date-time, time, date, duration, email, hostname, ipv4,
//   ipv6, uuid); numbers `multipleOf`, `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`; arrays
//   `minItems`, `maxItems`; and `description`, `title`, `$defs`. Not supported: `allOf`, `oneOf`, `not`, `if`/`then`/
//   `else`, `dependentRequired`, `dependentSchemas`, `patternProperties`, `unevaluatedProperties`, `propertyNames`,
//   `minProperties`, `maxProperties`, `minLength`, `maxLength`, `uniqueItems`, `contains`, `prefixItems`, `default`…
// - At most 5 000 object properties in all, 10 levels of object nesting, 1 000 enum values in all, 120 000 characters of
//   property names, definition names, enum and const values; an enum of over 250 string values at most 15 000
//   characters.

type Node = Record<string, unknown>;

const TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);
const FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]);
const COMMON = new Set(["type", "description", "title", "enum", "const", "anyOf", "$ref", "$defs"]);
const BY_TYPE: Record<string, string[]> = {
  object: ["properties", "required", "additionalProperties"],
  array: ["items", "minItems", "maxItems"],
  string: ["pattern", "format"],
  number: ["multipleOf", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"],
  integer: ["multipleOf", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"],
};

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What breaks OpenAI's strict-mode rules in `root`, each as a sentence naming its place; none for a valid schema. */
export function strictModeProblems(root: unknown): string[] {
  const problems: string[] = [];
  if (!isNode(root)) return ["the root is no object schema"];
  if (root.type !== "object") problems.push(`the root's type is ${JSON.stringify(root.type)}, not "object"`);
  if (root.anyOf !== undefined) problems.push("the root is anyOf");
  const defs = isNode(root.$defs) ? root.$defs : {};
  const counts = { properties: 0, enumValues: 0, text: Object.keys(defs).join("").length };
  const walk = (node: unknown, at: string) => {
    if (!isNode(node)) return problems.push(`${at}: not a schema object`);
    if (node.$defs !== undefined && at !== "#") problems.push(`${at}: $defs below the root`);
    if (node.$ref !== undefined) {
      const ref = node.$ref;
      const name = typeof ref === "string" && ref.startsWith("#/$defs/") ? decodeURIComponent(ref.slice(8)) : undefined;
      if (ref !== "#" && (name === undefined || !Object.hasOwn(defs, name.replaceAll("~1", "/").replaceAll("~0", "~"))))
        problems.push(`${at}: $ref ${String(ref)} points nowhere in the schema`);
      const siblings = Object.keys(node).filter((key) => key !== "$ref" && key !== "description");
      if (siblings.length > 0) problems.push(`${at}: $ref beside ${siblings.join(", ")}`);
      return;
    }
    const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
    for (const type of types) if (!TYPES.has(type as string)) problems.push(`${at}: type ${JSON.stringify(type)}`);
    if (types.length === 0 && node.anyOf === undefined && node.enum === undefined && node.const === undefined)
      problems.push(`${at}: says no type`);
    const allowed = new Set(COMMON);
    for (const type of types) for (const keyword of BY_TYPE[type as string] ?? []) allowed.add(keyword);
    for (const keyword of Object.keys(node)) if (!allowed.has(keyword)) problems.push(`${at}: keyword ${keyword}`);
    if (node.format !== undefined && !FORMATS.has(node.format as string))
      problems.push(`${at}: format ${JSON.stringify(node.format)}`);
    if (Array.isArray(node.enum)) {
      counts.enumValues += node.enum.length;
      const text = node.enum.reduce((sum: number, value) => sum + (typeof value === "string" ? value.length : 0), 0);
      counts.text += text;
      if (node.enum.length > 250 && text > 15_000)
        problems.push(`${at}: an enum of ${node.enum.length} values, ${text} characters`);
    }
    if (typeof node.const === "string") counts.text += node.const.length;
    if (types.includes("object")) {
      if (node.additionalProperties !== false) problems.push(`${at}: additionalProperties is not false`);
      const properties = isNode(node.properties) ? node.properties : undefined;
      if (properties === undefined) problems.push(`${at}: an object without properties`);
      const names = Object.keys(properties ?? {});
      const required = Array.isArray(node.required) ? node.required : [];
      const missing = names.filter((name) => !required.includes(name));
      if (missing.length > 0) problems.push(`${at}: properties not required: ${missing.join(", ")}`);
      counts.properties += names.length;
      counts.text += names.join("").length;
      for (const name of names) walk(properties![name], `${at}/properties/${name}`);
    }
    if (types.includes("array")) {
      if (node.items === undefined) problems.push(`${at}: an array without items`);
      else walk(node.items, `${at}/items`);
    }
    if (node.anyOf !== undefined) {
      if (!Array.isArray(node.anyOf) || node.anyOf.length === 0) problems.push(`${at}: anyOf is no list`);
      else node.anyOf.forEach((branch, index) => walk(branch, `${at}/anyOf/${index}`));
    }
    return undefined;
  };
  walk({ ...root, $defs: undefined }, "#");
  for (const name of Object.keys(defs)) walk(defs[name], `#/$defs/${name}`);
  if (counts.properties > 5000) problems.push(`${counts.properties} properties in all`);
  if (counts.enumValues > 1000) problems.push(`${counts.enumValues} enum values in all`);
  if (counts.text > 120_000) problems.push(`${counts.text} characters of names and values`);
  const depth = nesting(root, defs);
  if (depth > 10) problems.push(`${depth} levels of object nesting`);
  return problems;
}

/** The deepest object nesting, through `$ref`s (one back up its own path, a recursion, counts once). */
function nesting(root: Node, defs: Node): number {
  const known = new Map<string, number>();
  const deepest = (node: unknown, path: Set<string>): number => {
    if (!isNode(node)) return 0;
    if (typeof node.$ref === "string") {
      if (path.has(node.$ref)) return 0;
      if (known.has(node.$ref)) return known.get(node.$ref)!;
      const name = decodeURIComponent(node.$ref.slice(8)).replaceAll("~1", "/").replaceAll("~0", "~");
      const depth = deepest(defs[name], new Set([...path, node.$ref]));
      known.set(node.$ref, depth);
      return depth;
    }
    const types = Array.isArray(node.type) ? node.type : [node.type];
    const level = types.includes("object") ? 1 : 0;
    let below = 0;
    const children = [
      ...(isNode(node.properties) ? Object.values(node.properties) : []),
      node.items,
      ...(Array.isArray(node.anyOf) ? node.anyOf : []),
    ];
    for (const child of children) below = Math.max(below, deepest(child, path));
    return level + below;
  };
  return deepest({ ...root, $defs: undefined }, new Set());
}
