// A description being compiled: its `$ref`s followed inside it, each chain once, and its flaws as errors naming where.
import { EndpointError, isRevoked, kindOf, quote } from "../../core/errors.js";
import type { ParameterPlacement } from "../../core/route-table.js";
import { isPlainObject } from "../../core/values.js";
import { pointerKeys, valueAt } from "../pointer.js";

export type Node = Record<string, unknown>;

/** Where a node is, for a message: its words, or the function that writes them if a flaw is met. */
export type Where = string | (() => string);

/** What one compilation shares: each `$ref` resolved once, each body schema's fields listed once. */
export interface Description {
  readonly document: Node;
  /** A `$ref` and the node its chain ends at. */
  readonly refs: Map<string, Node | undefined>;
  /** A body schema and its fields. */
  readonly fields: Map<Node, readonly string[]>;
  /** A list of fields as one frozen record of body placements, shared by the operations that declare nothing else. */
  readonly shared: Map<readonly string[], Readonly<Record<string, ParameterPlacement>>>;
}

/**
 * `value` with its `$ref` chain followed inside the description, each `$ref` once; undefined for undefined. A `$ref`
 * to another document, to nothing (a plain-name anchor such as `#pets` included) or in a cycle is refused, naming `where`.
 */
export function resolve(description: Description, value: unknown, where: Where): Node | undefined {
  let chain: Set<string> | undefined;
  for (;;) {
    const ref = isPlainObject(value) ? value.$ref : undefined;
    if (typeof ref !== "string") break;
    if (description.refs.has(ref)) {
      value = description.refs.get(ref);
      break;
    }
    if (chain?.has(ref)) fail(where, `has a $ref cycle through ${quote(ref)}`);
    (chain ??= new Set()).add(ref);
    if (!ref.startsWith("#")) {
      fail(
        where,
        `has the $ref ${quote(ref)} to another document: bundle the description first (\`fluent-endpoint openapi\` bundles local files)`,
      );
    }
    let keys: string[] | undefined;
    try {
      keys = pointerKeys(ref);
    } catch {
      fail(where, `has the $ref ${quote(ref)}, whose percent-escapes are no UTF-8`);
    }
    const revoked = () => fail(where, "has a revoked Proxy, which cannot be read");
    value = keys === undefined ? undefined : valueAt(description.document, keys, revoked);
    if (value === undefined) fail(where, `has the $ref ${quote(ref)}, which points at nothing`);
  }
  if (value !== undefined && !isPlainObject(value)) fail(where, `is ${kindOf(value)}, not an object`);
  if (chain !== undefined) for (const ref of chain) description.refs.set(ref, value);
  return value;
}

/** `value` with its `$ref` chain followed, as {@link resolve}; undefined where it cannot be. */
export function resolveIfAny(description: Description, value: unknown): Node | undefined {
  try {
    return resolve(description, value, "");
  } catch (error) {
    if (error instanceof EndpointError) return undefined;
    throw error;
  }
}

/** `Array.isArray`, a revoked Proxy (on which it throws) being `ERR_INVALID_OPTIONS` naming `where`. */
export function isList(value: unknown, where: Where): value is unknown[] {
  if (isRevoked(value)) fail(where, "has a revoked Proxy, which cannot be read");
  return Array.isArray(value);
}

/** The error of a description's flaw at `where` (an operation, a path, `paths`…). */
export function fail(where: Where, problem: string): never {
  // A place is written only to fail: most nodes are fine, and their place's words are never made.
  const place = typeof where === "string" ? where : where();
  throw new EndpointError("ERR_INVALID_OPTIONS", `OpenAPI description: ${place} ${problem}`);
}
