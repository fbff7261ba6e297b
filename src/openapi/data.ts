// JSON data read from a description or a table as it is, once, into fresh objects.
import { isPlainObject, setOwn } from "../core/values.js";

/** JSON data (an `enum`'s values, a `default`), copied; anything else left out. */
export function copyData(value: unknown): unknown {
  // Iterative, so a deep `default` needs no deep stack.
  const root: { value?: unknown } = {};
  const pending: [from: unknown, into: Record<string, unknown> | unknown[], key: string | number][] = [
    [value, root as Record<string, unknown>, "value"],
  ];
  while (pending.length > 0) {
    const [from, into, key] = pending.pop()!;
    let copy: unknown;
    if (Array.isArray(from)) {
      const list: unknown[] = new Array(from.length).fill(null);
      for (let index = from.length - 1; index >= 0; index--) pending.push([from[index], list, index]);
      copy = list;
    } else if (isPlainObject(from)) {
      const object: Record<string, unknown> = {};
      // Last first, so the copy's keys come out in the order of the original's.
      const names = Object.keys(from);
      for (let index = names.length - 1; index >= 0; index--)
        pending.push([from[names[index]!], object, names[index]!]);
      copy = object;
    } else if (from === null || ["string", "boolean"].includes(typeof from) || Number.isFinite(from)) {
      copy = from;
    } else {
      continue;
    }
    if (Array.isArray(into)) into[key as number] = copy;
    else setOwn(into, key as string, copy);
  }
  return root.value;
}
