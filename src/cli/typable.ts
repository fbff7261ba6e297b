// What `fluent-endpoint openapi` changes in its own copy of a description so that its types can be written and
// type-check (docs/decisions.md, "Types of a description"): what no request reads goes, and where TypeScript cannot
// type a schema the types give way there, with a warning.

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Removes, in place, the `example` and `examples` of media types, parameters and headers, and
 * `components.examples`: no request reads them, and a `$ref` among them (PeerTube's to a remote example) would stop
 * the bundling or the types for nothing. Schemas, whose `example` is a keyword like any other, are left as they are.
 */
export function dropExamples(document: unknown): void {
  if (!isNode(document)) return;
  const components = document.components;
  if (isNode(components)) {
    delete components.examples;
    for (const group of ["parameters", "headers", "requestBodies", "responses"]) {
      const each = components[group];
      if (isNode(each)) for (const name of Object.keys(each)) dropFrom(each[name]);
    }
  }
  const paths = document.paths;
  if (!isNode(paths)) return;
  for (const path of Object.keys(paths)) {
    const item = paths[path];
    if (!isNode(item)) continue;
    forEach(item.parameters, dropFrom);
    for (const key of Object.keys(item)) {
      const operation = item[key];
      if (key === "parameters" || !isNode(operation)) continue;
      forEach(operation.parameters, dropFrom);
      dropFrom(operation.requestBody);
      const responses = operation.responses;
      if (isNode(responses)) for (const status of Object.keys(responses)) dropFrom(responses[status]);
    }
  }
}

/** A parameter, header, request body or response: its examples, its media types' and its headers'. */
function dropFrom(node: unknown): void {
  if (!isNode(node) || typeof node.$ref === "string") return;
  delete node.example;
  delete node.examples;
  const content = node.content;
  if (isNode(content)) {
    for (const type of Object.keys(content)) {
      const media = content[type];
      if (isNode(media)) {
        delete media.example;
        delete media.examples;
      }
    }
  }
  const headers = node.headers;
  if (isNode(headers)) for (const name of Object.keys(headers)) dropFrom(headers[name]);
}

function forEach(list: unknown, each: (item: unknown) => void): void {
  if (Array.isArray(list)) for (const item of list) each(item);
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
    const self = `#/components/schemas/${name.replaceAll("~", "~0").replaceAll("/", "~1")}`;
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
    const prefix = "#/components/schemas/";
    if (!ref.startsWith(prefix) || ref === self) return false;
    const target = ref.slice(prefix.length).replaceAll("~1", "/").replaceAll("~0", "~");
    return Object.hasOwn(schemas, target) && cutSelfLists(schemas, schemas[target], self, inList, seen);
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
