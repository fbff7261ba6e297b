// Tool names every provider takes (`^[a-zA-Z0-9_-]{1,64}$`, docs/decisions.md, "Tools for an agent"): the operationId
// where it fits, else made to fit with a suffix from the whole id, so a name never depends on the other operations
// but where two would be one.
import { closestNames as closestOf } from "../table/names.js";

/** The longest tool name the providers take. */
export const MAX_NAME = 64;

/** What an operation is named from: its operationId, else its method and path. */
export interface Named {
  readonly operationId?: string | undefined;
  readonly method: string;
  readonly path: string;
}

/** A name for each of `operations`, in order: valid, unique, and the same for an operation whatever the others are. */
export function toolNames(operations: readonly Named[]): string[] {
  const wanted = operations.map(({ operationId, method, path }) => {
    const source = operationId ?? `${method.toLowerCase()} ${path}`;
    return { source, name: fitted(source, MAX_NAME) };
  });
  const counts = new Map<string, number>();
  for (const { name } of wanted) counts.set(name, (counts.get(name) ?? 0) + 1);
  const taken = new Set(wanted.filter(({ name }) => counts.get(name) === 1).map(({ name }) => name));
  // Names two operations would share: each gets a suffix from its own route, so neither depends on the order.
  return wanted.map(({ source, name }, index) => {
    if (counts.get(name) === 1) return name;
    const { method, path } = operations[index]!;
    let unique = suffixed(name, `${source} ${method} ${path}`);
    for (let salt = 1; taken.has(unique); salt++) unique = suffixed(name, `${source} ${method} ${path} ${salt}`);
    taken.add(unique);
    return unique;
  });
}

/**
 * `text` as a name of `[a-zA-Z0-9_-]`, at most `max` long: each run of other characters one `_` (`issues/list-for-repo`
 * as `issues_list-for-repo`); a longer one, or one with nothing left, cut and ended with an 8-character hash of the
 * whole text, so two long texts alike at the start stay apart.
 */
export function fitted(text: string, max: number): string {
  const plain = text.replace(/[^a-zA-Z0-9_-]+/g, "_").replace(/^_+|_+$/g, "");
  if (plain === "") return suffixed("op", text, max);
  return plain.length <= max ? plain : suffixed(plain, text, max);
}

function suffixed(name: string, source: string, max = MAX_NAME): string {
  const suffix = hash(source);
  return `${name.slice(0, max - suffix.length - 1).replace(/_+$/, "")}_${suffix}`;
}

/** FNV-1a of the text's UTF-16 units, 32 bits as 8 hex digits: stable across runs and platforms. */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value.toString(16).padStart(8, "0");
}

/** The names of `names` closest to `name` (fewest edits, case aside, a third of it at most), up to three. */
export function closestNames(name: string, names: Iterable<string>): string[] {
  return closestOf(name, names, Math.max(2, Math.floor(name.length / 3)));
}
