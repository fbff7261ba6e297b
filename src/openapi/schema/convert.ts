// A description's schemas as JSON Schema 2020-12 (docs/decisions.md, "Argument schemas", "Hostile schemas"): OpenAPI
// 3.0's dialect rewritten, `$ref`s pointing into `$defs`, and nothing a validator could not run in bounded time.
import { isPlainObject, ownValue, setOwn } from "../../core/values.js";
import { copyData } from "../data.js";
import { fragmentOf, pointerKey, pointerKeys, pointerTarget } from "../pointer.js";
import type { SchemaSource } from "../table/operation.js";
import { isSafePattern, readPattern } from "./patterns.js";

export type Node = Record<string, unknown>;
/** A JSON Schema: an object of keywords, or `true`/`false`. */
export type JsonSchema = boolean | { readonly [keyword: string]: unknown };

/** Nesting deeper than this (a schema inside a schema, or a chain of `$ref`s each checked against the same value) is left unchecked. */
const MAX_DEPTH = 100;
/** Keywords whose value is one schema. */
const ONE = ["additionalProperties", "not", "if", "then", "else", "contains", "propertyNames"];
const ONE_31 = ["unevaluatedProperties", "unevaluatedItems"];
/** Keywords whose value is a list of schemas. */
const LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"];
/** Keywords whose value is a record of schemas. */
const RECORDS = ["properties", "patternProperties", "dependentSchemas"];
/** Keywords kept as data (assertions and the annotations a form or a tool definition shows). */
const DATA = [
  "type",
  "enum",
  "const",
  "minimum",
  "maximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "minContains",
  "maxContains",
  "dependentRequired",
  "format",
  "title",
  "description",
  "default",
  "examples",
  "readOnly",
  "writeOnly",
  "deprecated",
];

/** One conversion: its `$defs`, by the pointer each stands for, and the patterns it left out, with why. */
export interface Conversion {
  readonly source: SchemaSource;
  readonly names: Map<string, string>;
  readonly used: Set<string>;
  readonly defs: Record<string, JsonSchema>;
  readonly pending: [pointer: string, name: string][];
  readonly refused: { readonly pattern: string; readonly reason: string }[];
}

export function conversionOf(source: SchemaSource): Conversion {
  return { source, names: new Map(), used: new Set(), defs: {}, pending: [], refused: [] };
}

/** A description object with its `$ref` chain followed inside the document; undefined for anything else. */
export function follow(conversion: Conversion, value: unknown): Node | undefined {
  const seen = new Set<string>();
  while (isPlainObject(value) && typeof value.$ref === "string") {
    if (seen.has(value.$ref)) return undefined;
    seen.add(value.$ref);
    value = pointerTarget(conversion.source.document, value.$ref);
  }
  return isPlainObject(value) ? value : undefined;
}

/** The `$defs` the conversion's `$ref`s point to, each converted once from a queue, so a chain of thousands needs no deep stack. */
export function finishDefs(conversion: Conversion): Record<string, JsonSchema> | undefined {
  while (conversion.pending.length > 0) {
    const [pointer, name] = conversion.pending.shift()!;
    setOwn(conversion.defs, name, convert(conversion, pointerTarget(conversion.source.document, pointer) ?? true, 0));
  }
  boundReferences(conversion.defs);
  return Object.keys(conversion.defs).length > 0 ? conversion.defs : undefined;
}

/**
 * A description's schema as JSON Schema 2020-12: OpenAPI 3.0's `nullable`, boolean `exclusiveMinimum` and
 * `$ref` (whose siblings 3.0 ignores) rewritten, `$ref`s pointing into `$defs`, a `readOnly` property never
 * required, a `discriminator` deciding its `oneOf`/`anyOf` branch, a `pattern` RE2 cannot run and an unsafe
 * `patternProperties` key left out (see {@link readPattern}, {@link isSafePattern}).
 */
export function convert(conversion: Conversion, value: unknown, depth: number): JsonSchema {
  if (typeof value === "boolean") return value;
  if (!isPlainObject(value) || depth > MAX_DEPTH) return true;
  const { is30 } = conversion.source;
  const out: Record<string, unknown> = {};
  const ref = value.$ref;
  if (typeof ref === "string") {
    const to = defRef(conversion, ref);
    if (to !== undefined) out.$ref = to;
    if (is30) return to === undefined ? true : out; // OpenAPI 3.0: a Reference Object's siblings are ignored
  }
  const next = depth + 1;
  for (const keyword of DATA) {
    const data = ownValue(value, keyword);
    if (data !== undefined) out[keyword] = copyData(data);
  }
  for (const keyword of is30 ? ONE : [...ONE, ...ONE_31]) {
    const schema = ownValue(value, keyword);
    if (schema !== undefined) out[keyword] = convert(conversion, schema, next);
  }
  const items = value.items;
  if (Array.isArray(items)) out.prefixItems = items.map((item) => convert(conversion, item, next));
  else if (items !== undefined) out.items = convert(conversion, items, next);
  for (const keyword of LISTS) {
    const list = ownValue(value, keyword);
    if (Array.isArray(list)) out[keyword] = list.map((item) => convert(conversion, item, next));
  }
  for (const keyword of RECORDS) {
    const record = ownValue(value, keyword);
    if (!isPlainObject(record)) continue;
    const converted: Record<string, JsonSchema> = {};
    for (const name of Object.keys(record)) {
      if (keyword === "patternProperties" && !safe(conversion, name)) continue;
      setOwn(converted, name, convert(conversion, record[name], next));
    }
    out[keyword] = converted;
  }
  const { pattern, required, nullable, exclusiveMinimum, exclusiveMaximum, discriminator } = value;
  if (typeof pattern === "string") {
    const read = readPattern(pattern);
    if (typeof read === "string") out.pattern = read;
    else conversion.refused.push({ pattern, reason: read.reason });
  }
  if (Array.isArray(required)) {
    // OpenAPI 3.0.3: a readOnly property's `required` applies to the response only.
    const names = required.filter(
      (name): name is string => typeof name === "string" && !isReadOnly(conversion, value.properties, name),
    );
    if (names.length > 0) out.required = names;
  }
  if (is30) {
    if (exclusiveMinimum === true && typeof value.minimum === "number") {
      out.exclusiveMinimum = value.minimum;
      delete out.minimum;
    }
    if (exclusiveMaximum === true && typeof value.maximum === "number") {
      out.exclusiveMaximum = value.maximum;
      delete out.maximum;
    }
    if (nullable === true) {
      if (typeof out.type === "string") out.type = [out.type, "null"];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    }
  } else {
    if (typeof exclusiveMinimum === "number") out.exclusiveMinimum = exclusiveMinimum;
    if (typeof exclusiveMaximum === "number") out.exclusiveMaximum = exclusiveMaximum;
  }
  if (isPlainObject(discriminator)) decideBranch(conversion, value, discriminator, out);
  return out;
}

/**
 * A `patternProperties` key safe to run, or one named in `refused` and left out: the validator runs it on its own
 * engine, which backtracks.
 */
function safe(conversion: Conversion, pattern: string): boolean {
  if (isSafePattern(pattern)) return true;
  const reason = "a patternProperties key the validator would run on a backtracking engine";
  conversion.refused.push({ pattern, reason });
  return false;
}

/**
 * `#/$defs/Name` for a `$ref` into the document, its target queued for conversion; undefined for one elsewhere. A
 * chain of `$ref`s that only point on (`A: { $ref: B }`, `B: { $ref: C }`) is followed here to the schema it ends at,
 * so no validator walks it.
 */
function defRef(conversion: Conversion, ref: string): string | undefined {
  const target = endOfChain(conversion, ref);
  if (target === undefined) return undefined;
  let name = conversion.names.get(target);
  if (name === undefined) {
    let last: string;
    try {
      last = pointerKey(target.slice(target.lastIndexOf("/") + 1));
    } catch {
      return undefined;
    }
    // A lone surrogate has no UTF-8 form for the fragment: the name holds U+FFFD in its place.
    name = last = last.replace(/\p{Cs}/gu, "\uFFFD");
    for (let n = 2; conversion.used.has(name); n++) name = `${last}${n}`;
    conversion.names.set(target, name);
    conversion.used.add(name);
    setOwn(conversion.defs, name, true); // reserved; converted from the queue
    conversion.pending.push([target, name]);
  }
  return fragmentOf(["$defs", name]);
}

/** The last `$ref` of the chain `ref` starts (each link a schema that is only a `$ref`); undefined for one to nothing or a cycle. */
function endOfChain(conversion: Conversion, ref: string): string | undefined {
  const seen = new Set<string>();
  for (;;) {
    if (!ref.startsWith("#/") || seen.has(ref)) return undefined;
    seen.add(ref);
    const target = pointerTarget(conversion.source.document, ref);
    if (target === undefined) return undefined;
    if (!isPlainObject(target)) return ref;
    const next = target.$ref;
    // 3.0 ignores a Reference Object's siblings; in 3.1 a `$ref` with siblings is a schema of its own.
    if (typeof next !== "string" || (!conversion.source.is30 && Object.keys(target).length > 1)) return ref;
    ref = next;
  }
}

/** Whether `name` of `properties` is a `readOnly` property (through its `$ref`s). */
function isReadOnly(conversion: Conversion, properties: unknown, name: string): boolean {
  if (!isPlainObject(properties)) return false;
  return follow(conversion, ownValue(properties, name))?.readOnly === true;
}

/**
 * A `discriminator` decides the branch: its property must hold one of its values, and the branch that value maps to
 * is the one checked (`if`/`then` for each), so a problem names the branch's own keyword, not "matches none".
 * A branch with no `$ref` has no name to map: the `oneOf`/`anyOf` then stays as written.
 */
function decideBranch(conversion: Conversion, schema: Node, discriminator: Node, out: Record<string, unknown>): void {
  const { propertyName, mapping } = discriminator;
  const keyword = Array.isArray(schema.oneOf) ? "oneOf" : Array.isArray(schema.anyOf) ? "anyOf" : undefined;
  if (typeof propertyName !== "string" || keyword === undefined) return;
  const branches = schema[keyword] as unknown[];
  const byValue = new Map<string, string>();
  if (isPlainObject(mapping)) {
    for (const value of Object.keys(mapping)) {
      const to = mapping[value];
      if (typeof to === "string") byValue.set(value, to.includes("/") ? to : `#/components/schemas/${to}`);
    }
  }
  const mapped = new Set(byValue.values());
  for (const branch of branches) {
    const ref = isPlainObject(branch) ? branch.$ref : undefined;
    if (typeof ref !== "string") return;
    const implicit = ref.startsWith("#/components/schemas/") ? ref.slice("#/components/schemas/".length) : undefined;
    if (mapped.has(ref) || implicit === undefined || implicit.includes("/")) continue;
    try {
      byValue.set(pointerKey(implicit), ref);
    } catch {
      return; // escapes that are no UTF-8 name no schema: the alternatives stay as written
    }
  }
  const decisions: unknown[] = [
    { required: [propertyName], properties: { [propertyName]: { enum: [...byValue.keys()] } } },
  ];
  for (const [value, ref] of byValue) {
    const to = defRef(conversion, ref);
    if (to === undefined) return;
    decisions.push({
      if: { properties: { [propertyName]: { const: value } }, required: [propertyName] },
      then: { $ref: to },
    });
  }
  delete out[keyword];
  out.allOf = [...((out.allOf as unknown[] | undefined) ?? []), ...decisions];
  out.discriminator = { propertyName };
}

/**
 * A validator follows a `$ref` checked against the same value (not a property's or an item's) without consuming any
 * of it: such a `$ref` that closes a cycle (`A: { allOf: [{ $ref: B }] }`, `B: { allOf: [{ $ref: A }] }`) would recurse
 * for ever, and a chain of thousands exhaust its stack. Each `$ref` that closes a cycle, or that lengthens a chain
 * past {@link MAX_DEPTH}, is dropped: it asserts nothing the rest could not. Linear in the `$defs`.
 */
function boundReferences(defs: Record<string, JsonSchema>): void {
  const edges = new Map<string, Record<string, unknown>[]>();
  for (const name of Object.keys(defs)) edges.set(name, inPlaceRefs(defs[name]!));
  const state = new Map<string, 1 | 2>(); // 1: on the path, 2: done
  const height = new Map<string, number>(); // the longest chain below a done one
  for (const start of edges.keys()) {
    if (state.has(start)) continue;
    const stack: [name: string, index: number][] = [[start, 0]];
    state.set(start, 1);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const holders = edges.get(top[0])!;
      if (top[1] < holders.length) {
        const holder = holders[top[1]++]!;
        const to = defName(holder.$ref);
        if (to === undefined || !edges.has(to)) continue;
        const seen = state.get(to);
        if (seen === 1) delete holder.$ref;
        else if (seen === undefined) {
          state.set(to, 1);
          stack.push([to, 0]);
        }
        continue;
      }
      let longest = 0;
      for (const holder of holders) {
        const to = defName(holder.$ref);
        const below = to === undefined ? undefined : height.get(to);
        if (below === undefined) continue;
        if (below + 1 > MAX_DEPTH) delete holder.$ref;
        else longest = Math.max(longest, below + 1);
      }
      height.set(top[0], longest);
      state.set(top[0], 2);
      stack.pop();
    }
  }
}

/** The schemas of `schema` that hold a `$ref` checked against the same value (not a property's or an item's). */
function inPlaceRefs(schema: JsonSchema): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const pending: unknown[] = [schema];
  while (pending.length > 0) {
    const node = pending.pop();
    if (!isPlainObject(node)) continue;
    if (typeof node.$ref === "string") found.push(node);
    for (const keyword of ["not", "if", "then", "else"]) pending.push(node[keyword]);
    for (const keyword of ["allOf", "anyOf", "oneOf"]) {
      const list = node[keyword];
      if (Array.isArray(list)) pending.push(...list);
    }
  }
  return found;
}

/** The `$defs` name a `$ref` of ours points to; undefined for any other value. */
function defName(ref: unknown): string | undefined {
  if (typeof ref !== "string") return undefined;
  const keys = pointerKeys(ref);
  return keys?.length === 2 && keys[0] === "$defs" ? keys[1] : undefined;
}
