// What `fluent-endpoint openapi` changes in its own copy of a description so that its types can be written and
// type-check (docs/decisions.md, "Types of a description"): what no request reads goes, and where TypeScript cannot
// type a schema the types give way there, with a warning.

import { pointerKeys, pointerOf } from "../openapi/pointer.js";

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Removes, in place, the examples of every Media Type, Parameter and Header object wherever the specification puts
 * one (paths, webhooks, callbacks, components of every kind, an encoding's headers), `components.examples`, and every
 * `$ref` to it that is left (a schema's `example` that names one, an extension): no request reads them, and a `$ref`
 * among them (PeerTube's to a remote example) would stop the bundling or the types for nothing. Schemas, whose
 * `example` and `examples` are keywords like any other, are otherwise left as they are.
 */
export function dropExamples(document: unknown): void {
  if (!isNode(document)) return;
  const seen = new Set<unknown>();
  const components = document.components;
  if (isNode(components)) {
    delete components.examples;
    for (const group of ["parameters", "headers", "requestBodies", "responses", "mediaTypes"]) {
      eachValue(components[group], dropFrom);
    }
    eachValue(components.callbacks, (callback) => eachValue(callback, (item) => dropFromPathItem(item, seen)));
    eachValue(components.pathItems, (item) => dropFromPathItem(item, seen));
  }
  // `x-webhooks`: where an OpenAPI 3.0 description, which has no `webhooks`, puts them (GitHub's).
  for (const key of ["paths", "webhooks", "x-webhooks"]) {
    eachValue(document[key], (item) => dropFromPathItem(item, seen));
  }
  dropExampleRefs(document, new Set());
}

/** A path item: its parameters' and its operations' examples, and those of their callbacks' path items. */
function dropFromPathItem(item: unknown, seen: Set<unknown>): void {
  if (!isNode(item) || seen.has(item)) return;
  seen.add(item);
  for (const [key, value] of Object.entries(item)) {
    if (key === "parameters") forEach(value, dropFrom);
    else if (key === "additionalOperations") eachValue(value, (operation) => dropFromOperation(operation, seen));
    else dropFromOperation(value, seen);
  }
}

function dropFromOperation(operation: unknown, seen: Set<unknown>): void {
  if (!isNode(operation)) return;
  forEach(operation.parameters, dropFrom);
  dropFrom(operation.requestBody);
  eachValue(operation.responses, dropFrom);
  eachValue(operation.callbacks, (callback) => eachValue(callback, (item) => dropFromPathItem(item, seen)));
}

/**
 * A parameter, header, request body, response (Swagger 2.0's has `examples`), media type or encoding: its own
 * examples, and those of the media types, headers and encodings it holds.
 */
function dropFrom(node: unknown): void {
  if (!isNode(node) || typeof node.$ref === "string") return;
  delete node.example;
  delete node.examples;
  eachValue(node.content, dropFrom);
  eachValue(node.headers, dropFrom);
  eachValue(node.encoding, dropFrom);
  forEach(node.prefixEncoding, dropFrom);
  dropFrom(node.itemEncoding);
}

/** Removes, in place, every property or list item below `node` that is a `$ref` to `components.examples` or into it. */
function dropExampleRefs(node: unknown, seen: Set<unknown>): void {
  if (typeof node !== "object" || node === null || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    for (let index = node.length - 1; index >= 0; index--) {
      if (isExampleRef(node[index])) node.splice(index, 1);
      else dropExampleRefs(node[index], seen);
    }
    return;
  }
  for (const [key, value] of Object.entries(node)) {
    if (isExampleRef(value)) delete (node as Node)[key];
    else dropExampleRefs(value, seen);
  }
}

function isExampleRef(value: unknown): boolean {
  const ref = isNode(value) ? value.$ref : undefined;
  return typeof ref === "string" && (ref === "#/components/examples" || ref.startsWith("#/components/examples/"));
}

function forEach(list: unknown, each: (item: unknown) => void): void {
  if (Array.isArray(list)) for (const item of list) each(item);
}

function eachValue(map: unknown, each: (value: unknown) => void): void {
  if (isNode(map)) for (const value of Object.values(map)) each(value);
}

/**
 * Replaces, in place, each `$ref` by which a component schema is a list of itself (Vercel's `EdgeConfigItemValue`,
 * `oneOf: [string, …, { type: array, items: { $ref: itself } }]`) by `{}`: openapi-typescript writes it
 * `components["schemas"]["X"][]` inside X, which TypeScript refuses (TS2502, "referenced directly or indirectly in
 * its own type annotation"), while an object of itself (`additionalProperties`) types well. Returns the names of the
 * schemas whose types so gave way.
 */
export function breakListCycles(document: unknown): string[] {
  const schemas = isNode(document) && isNode(document.components) ? document.components.schemas : undefined;
  if (!isNode(schemas)) return [];
  const broken: string[] = [];
  for (const name of Object.keys(schemas)) {
    const self = `#${pointerOf(["components", "schemas", name])}`;
    if (cutSelfLists(schemas, schemas[name], self, false, new Set())) broken.push(name);
  }
  return broken;
}

/**
 * Walks `node` where a type is not deferred (unions, intersections, list items, and the schemas `$ref`s name), and
 * cuts a `$ref` to `self` met inside a list's items; whether it cut one.
 */
function cutSelfLists(schemas: Node, node: unknown, self: string, inList: boolean, seen: Set<unknown>): boolean {
  if (!isNode(node) || seen.has(node)) return false;
  seen.add(node);
  const ref = node.$ref;
  if (typeof ref === "string") {
    if (ref === self && inList) {
      delete node.$ref;
      return true;
    }
    if (ref === self) return false;
    let keys: string[] | undefined;
    try {
      keys = pointerKeys(ref);
    } catch {
      return false; // escapes that are no UTF-8 name no schema
    }
    if (keys?.length !== 3 || keys[0] !== "components" || keys[1] !== "schemas") return false;
    return Object.hasOwn(schemas, keys[2]!) && cutSelfLists(schemas, schemas[keys[2]!], self, inList, seen);
  }
  let cut = false;
  for (const key of ["oneOf", "anyOf", "allOf"]) {
    const parts = node[key];
    if (Array.isArray(parts)) for (const part of parts) cut = cutSelfLists(schemas, part, self, inList, seen) || cut;
  }
  const items = node.items;
  if (Array.isArray(items)) for (const item of items) cut = cutSelfLists(schemas, item, self, true, seen) || cut;
  else cut = cutSelfLists(schemas, items, self, true, seen) || cut;
  return cut;
}

/**
 * Removes, in place, every operationId two or more operations share (the specification forbids it, real descriptions
 * have it, and openapi-typescript refuses such a description): those operations are typed by their routes only, as
 * `operation()` refuses their name. Returns the names so removed.
 */
export function dropSharedOperationIds(document: unknown): string[] {
  const paths = isNode(document) ? document.paths : undefined;
  if (!isNode(paths)) return [];
  const byName = new Map<string, Node[]>();
  for (const path of Object.keys(paths)) {
    const item = paths[path];
    if (!isNode(item)) continue;
    const additional = isNode(item.additionalOperations) ? Object.values(item.additionalOperations) : [];
    for (const operation of [...Object.values(item), ...additional]) {
      if (!isNode(operation) || typeof operation.operationId !== "string") continue;
      byName.set(operation.operationId, [...(byName.get(operation.operationId) ?? []), operation]);
    }
  }
  const shared = [...byName].filter(([, operations]) => operations.length > 1);
  for (const [, operations] of shared) for (const operation of operations) delete operation.operationId;
  return shared.map(([name]) => name);
}
