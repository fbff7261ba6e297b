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
 * The message for a name no table has: the closest names. The caller's name is shortened, the description's are
 * shown whole.
 */
function unknownOperation(name: string, tables: readonly TableRecord[]): string {
  const names = tables.flatMap((table) => [...table.names.keys()]);
  if (names.length === 0) {
    return `no operation is named ${quote(name)}: the route table names none by operationId; call a route as "METHOD /path"`;
  }
  const closest = closestNames(name, names);
  return `no operation is named ${quote(name)}; did you mean ${closest.map((each) => JSON.stringify(each)).join(", ")}?`;
}

/**
 * The names of `names` closest to `name`, up to three: the fewest edits (Levenshtein, in UTF-16 units), letter case
 * aside, and at most `within` edits where given.
 */
export function closestNames(name: string, names: Iterable<string>, within = Infinity): string[] {
  const lower = name.toLowerCase();
  let best = within + 1;
  let found: string[] = [];
  for (const each of names) {
    const distance = editDistance(lower, each.toLowerCase(), best);
    if (distance < best) [best, found] = [distance, [each]];
    else if (distance === best && found.length > 0 && !found.includes(each)) found.push(each);
  }
  return found.sort().slice(0, 3);
}

/** Levenshtein distance, in UTF-16 units; more than `bound` once it exceeds `bound` (so it can stop early). */
function editDistance(a: string, b: string, bound: number): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      least = Math.min(least, row[j]!);
    }
    if (least > bound) return bound + 1;
    previous = row;
  }
  return previous[b.length]!;
}
