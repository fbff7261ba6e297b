// What the checks decide without the validator: a plain scalar argument by a compiled predicate, and a parameter's
// text read as the number or boolean it declares (docs/decisions.md, "Argument checks").
import { isPlainObject } from "../../core/values.js";
import { pointerKeys, valueAt } from "../pointer.js";
import { patternTest } from "./patterns.js";

/** The keywords a scalar schema's predicate decides; a schema with any other is left to the validator. */
const SCALAR_KEYWORDS: ReadonlySet<string> = /*#__PURE__*/ new Set([
  "type",
  "enum",
  "const",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "title",
  "description",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
]);
const SCALAR_TYPES: ReadonlySet<unknown> = /*#__PURE__*/ new Set(["string", "number", "integer", "boolean", "null"]);
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * A predicate for a plain scalar schema (`{ type: "integer", minimum: 1 }`, an `enum` of text): the common
 * parameter, decided without the validator's walk. It only ever answers for a valid value: a call it fails is
 * validated again by the validator, whose problems are what is reported, so the two can never disagree on a
 * refusal. Undefined for any other schema.
 */
export function scalarCheck(schema: unknown): ((value: unknown) => boolean) | undefined {
  if (schema === true) return () => true;
  if (!isPlainObject(schema) || !Object.keys(schema).every((keyword) => SCALAR_KEYWORDS.has(keyword))) return undefined;
  const { type, enum: values, const: constant, minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  const { minLength, maxLength, pattern } = schema;
  const types = type === undefined ? undefined : Array.isArray(type) ? type : [type];
  if (types !== undefined && !types.every((each) => SCALAR_TYPES.has(each))) return undefined;
  if (
    values !== undefined &&
    !(Array.isArray(values) && values.every((each) => each === null || typeof each !== "object"))
  ) {
    return undefined;
  }
  if ("const" in schema && constant !== null && typeof constant === "object") return undefined;
  const allowed = values === undefined ? undefined : new Set(values);
  // The validator's engine: RE2 (a pattern it cannot run is no longer in the schema a check compiles).
  const compiled = typeof pattern === "string" ? patternTest(pattern) : undefined;
  if (compiled !== undefined && !("test" in compiled)) return undefined;
  const matches = compiled?.test;
  const number = (bound: unknown) => (typeof bound === "number" ? bound : undefined);
  const [min, max, above, below] = [minimum, maximum, exclusiveMinimum, exclusiveMaximum].map(number);
  const [shortest, longest] = [minLength, maxLength].map(number);
  return (value) => {
    if (types !== undefined && !types.some((each) => isOfType(value, each))) return false;
    if (allowed !== undefined && !allowed.has(value)) return false;
    if ("const" in schema && value !== constant) return false;
    if (typeof value === "number") {
      if ((min !== undefined && value < min) || (max !== undefined && value > max)) return false;
      if ((above !== undefined && value <= above) || (below !== undefined && value >= below)) return false;
    } else if (typeof value === "string") {
      // JSON Schema counts code points, one or two UTF-16 units each: counted only where the units cannot tell.
      const units = value.length;
      if (!((shortest === undefined || units >= 2 * shortest) && (longest === undefined || units <= longest))) {
        const length = [...value].length;
        if ((shortest !== undefined && length < shortest) || (longest !== undefined && length > longest)) return false;
      }
      if (matches !== undefined && !matches(value)) return false;
    }
    return true;
  };
}

/** Keywords of a list's or an object's schema a predicate decides, beside the annotations of a scalar one. */
const STRUCTURE_KEYWORDS: ReadonlySet<string> = /*#__PURE__*/ new Set([
  "type",
  "items",
  "minItems",
  "maxItems",
  "properties",
  "required",
  "additionalProperties",
  "title",
  "description",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
]);

/**
 * A predicate for a plain scalar schema ({@link scalarCheck}), or a list or object schema made of such (`items`,
 * `properties`, `required`, `additionalProperties: false`, item counts), tried on an argument as the call gives it:
 * a list of text or an object of fields is decided without the validator. Like a scalar one it only ever answers
 * for a valid value; anything else it is not sure of (a Date, a hole, a class instance) it fails, and the validator
 * decides. Undefined for any other schema.
 */
export function valueCheck(schema: unknown): ((value: unknown) => boolean) | undefined {
  const scalar = scalarCheck(schema);
  if (scalar !== undefined || !isPlainObject(schema)) return scalar;
  if (!Object.keys(schema).every((keyword) => STRUCTURE_KEYWORDS.has(keyword))) return undefined;
  const { type, items, minItems, maxItems, properties = {}, required = [], additionalProperties } = schema;
  if (type === "array") {
    const item = items === undefined ? () => true : valueCheck(items);
    if (item === undefined || schema.properties !== undefined || schema.required !== undefined) return undefined;
    const [fewest, most] = [minItems, maxItems].map((bound) => (typeof bound === "number" ? bound : undefined));
    return (value) => {
      if (!Array.isArray(value)) return false;
      if ((fewest !== undefined && value.length < fewest) || (most !== undefined && value.length > most)) return false;
      // By index, so a hole (undefined) is the validator's to see.
      for (let i = 0; i < value.length; i++) if (value[i] === undefined || !item(value[i])) return false;
      return true;
    };
  }
  if (type !== "object" || !isPlainObject(properties) || !Array.isArray(required)) return undefined;
  if (items !== undefined || minItems !== undefined || maxItems !== undefined) return undefined;
  if (additionalProperties !== undefined && typeof additionalProperties !== "boolean") return undefined;
  const fields = new Map<string, (value: unknown) => boolean>();
  for (const name of Object.keys(properties)) {
    const field = valueCheck(properties[name]);
    if (field === undefined) return undefined;
    fields.set(name, field);
  }
  return (value) => {
    if (!isPlainObject(value)) return false;
    for (const name of required as unknown[]) if (typeof name !== "string" || value[name] === undefined) return false;
    for (const name of Object.keys(value)) {
      const field = fields.get(name);
      const member = value[name];
      if (member !== undefined && (field === undefined ? additionalProperties === false : !field(member))) return false;
    }
    return true;
  };
}

function isOfType(value: unknown, type: unknown): boolean {
  switch (type) {
    case "integer":
      return Number.isInteger(value);
    case "null":
      return value === null;
    default:
      return typeof value === type;
  }
}

export type Coercion = (value: unknown) => unknown;

/**
 * A parameter's text read as its declared number, integer or boolean (it travels as text: values from forms and
 * urls are strings); a list's items too. Anything else as it is.
 */
export function coercion(schema: unknown, root: Record<string, unknown>, depth = 0): Coercion | undefined {
  schema = resolved(root, schema);
  if (!isPlainObject(schema) || depth > 1) return undefined;
  const { type } = schema;
  const types = Array.isArray(type) ? type : [type];
  if (types.includes("array")) {
    const items = coercion(schema.items, root, depth + 1);
    return items === undefined ? undefined : (value) => (Array.isArray(value) ? value.map(items) : value);
  }
  if (types.includes("string")) return undefined;
  const numeric = types.includes("number") || types.includes("integer");
  const boolean = types.includes("boolean");
  if (!numeric && !boolean) return undefined;
  return (value) => {
    if (typeof value !== "string") return value;
    if (numeric && NUMBER.test(value)) return Number(value);
    if (boolean && (value === "true" || value === "false")) return value === "true";
    return value;
  };
}

/** A schema with its `$ref` chain into the root's `$defs` followed (the conversion leaves no chain over one link). */
function resolved(root: Record<string, unknown>, schema: unknown): unknown {
  for (let hops = 0; isPlainObject(schema) && typeof schema.$ref === "string" && hops < 100; hops++) {
    const keys = pointerKeys(schema.$ref);
    schema = keys === undefined ? undefined : valueAt(root, keys);
  }
  return schema;
}
