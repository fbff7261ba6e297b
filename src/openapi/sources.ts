// What a table keeps of the description it was compiled from, read again only when an argument schema is first asked for.
import type { TableRuntime } from "../core/route-table.js";

/** An operation as the description declares it: its path item's parameters and the operation object. */
export interface OperationSource {
  readonly common: unknown;
  readonly operation: Readonly<Record<string, unknown>>;
}

/** A description (after any Swagger 2.0 conversion) and its operations by route (`"GET /pets/{petId}"`). */
export interface DescriptionSource {
  readonly document: Readonly<Record<string, unknown>>;
  readonly operations: ReadonlyMap<string, OperationSource>;
}

const sources = /*#__PURE__*/ new WeakMap<TableRuntime, DescriptionSource>();

/** Records what `runtime`'s table was compiled from. */
export function keepSource(runtime: TableRuntime, source: DescriptionSource | undefined): void {
  if (source !== undefined) sources.set(runtime, source);
}

/** What `runtime`'s table was compiled from; undefined for a table made by `routeTable()`. */
export function sourceOf(runtime: TableRuntime): DescriptionSource | undefined {
  return sources.get(runtime);
}

/** The table an endpoint `openAPIEndpoint()` made builds by, for `argumentSchema(api, key)`. */
const endpointTables = /*#__PURE__*/ new WeakMap<object, object>();

/** Records that `api`, an endpoint `openAPIEndpoint()` made, builds by `table`. */
export function keepEndpointTable(api: object, table: object): void {
  endpointTables.set(api, table);
}

/** The table of an endpoint `openAPIEndpoint()` made; undefined for anything else. */
export function endpointTable(api: unknown): object | undefined {
  return (typeof api === "function" && endpointTables.get(api)) || undefined;
}
