// Operations by name (docs/decisions.md, "Operations by name"): an operationId resolves to its route once, in the
// tables an endpoint builds by, newest first; then the route is called as any other.
import { EndpointError, kindOf, quote } from "../../core/errors.js";
import type { SkippedOperation } from "../../core/route-table.js";
import type { Operation, TableRecord } from "./operation.js";

/** Each operationId of `operations` (those kept and those left out), with the operations of that name. */
export function namesOf(
  operations: readonly Operation[],
  skipped: readonly SkippedOperation[],
): Map<string, (Operation | SkippedOperation)[]> {
  const names = new Map<string, (Operation | SkippedOperation)[]>();
  for (const operation of [...operations, ...skipped]) {
    const { operationId } = operation;
    if (operationId === undefined) continue;
    const named = names.get(operationId);
    if (named === undefined) names.set(operationId, [operation]);
    else named.push(operation);
  }
  return names;
}

/**
 * The route of the operation `name` names in the first of `tables` that has it. A name two operations of a table share
 * is refused by name, before anything else is read (each keeps its route); a left-out operation's name throws what its
 * route throws; a name no table has is `ERR_INVALID_ROUTE` naming the closest. Undefined where `tables` lack it and
 * `more` (the tables below, of another copy of this package) may have it.
 */
export function routeNamed(tables: readonly TableRecord[], name: string, more: boolean): string | undefined {
  if (typeof name !== "string") {
    throw new EndpointError("ERR_INVALID_ROUTE", `an operationId must be a string, got ${kindOf(name)}`);
  }
  for (const table of tables) {
    const named = table.names.get(name);
    if (named === undefined) continue;
    if (named.length > 1) {
      const routes = named.map(({ route }) => route).join(" and ");
      throw new EndpointError(
        "ERR_INVALID_ROUTE",
        `operationId ${quote(name)} names ${named.length} operations, ${routes}: call one by its route`,
      );
    }
    const [operation] = named as [Operation | SkippedOperation];
    // docs/decisions.md, "Tolerant compile".
    if ("message" in operation) throw new EndpointError("ERR_INVALID_OPTIONS", operation.message);
    return operation.route;
  }
  if (more) return undefined;
  throw new EndpointError("ERR_INVALID_ROUTE", unknownOperation(name, tables));
}

/**
 * The message for a name no table has: the closest names, by edit distance, ignoring case. The caller's name is
 * shortened, the description's are shown whole.
 */
function unknownOperation(name: string, tables: readonly TableRecord[]): string {
  const names = tables.flatMap((table) => [...table.names.keys()]);
  if (names.length === 0) {
    return `no operation is named ${quote(name)}: the route table names none by operationId; call a route as "METHOD /path"`;
  }
  const lower = name.toLowerCase();
  const scored = names.map((each) => [editDistance(lower, each.toLowerCase()), each] as const);
  const best = Math.min(...scored.map(([distance]) => distance));
  const closest = [...new Set(scored.filter(([distance]) => distance === best).map(([, each]) => each))]
    .sort()
    .slice(0, 3);
  return `no operation is named ${quote(name)}; did you mean ${closest.map((each) => JSON.stringify(each)).join(", ")}?`;
}

/** Levenshtein distance, in UTF-16 code units. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}
