// The one set of guards every walk of a caller's value keeps: holes, depth, cycles and shared objects.
import { EndpointError, quote } from "./errors.js";

/** docs/decisions.md, "Nesting depth". */
export const MAX_DEPTH = 1000;

/** docs/decisions.md, "Shared objects": how often, in all, one walk may come back to an object it has walked. */
export const MAX_REVISITS = 10_000;

/**
 * One walk of a caller's value, entering each object on the way down and leaving it on the way up.
 * A walk that writes each occurrence of an object (a query, a form, JSON text) may come back to one it
 * has walked, up to `MAX_REVISITS` times in all, so a small graph of shared objects never costs an
 * exponential walk; a walk that copies keeps one copy per object instead.
 */
export class Walk {
  readonly #open: object[] = [];
  #walked: Set<object> | undefined;
  #revisits = 0;

  /**
   * @param name the parameter's or field's name ("" for none), which messages quote after `kind`
   * @param kind what is walked, as messages name it: `parameter`, `multipart field`, `the JSON body …`
   * @param code the code of its errors
   */
  constructor(
    readonly name: string,
    readonly kind = "parameter",
    readonly code: "ERR_INVALID_PARAMETER" | "ERR_INVALID_OPTIONS" = "ERR_INVALID_PARAMETER",
  ) {}

  /** Enters `value`; `parent`, for a walk that is told only where it is (JSON's replacer), leaves what it is not in. */
  enter(value: object, parent?: object): void {
    const open = this.#open;
    if (parent !== undefined) while (open.length > 0 && open[open.length - 1] !== parent) open.pop();
    if (open.includes(value)) throw this.fail("contains a cycle");
    if (open.length === MAX_DEPTH) throw this.fail(`is nested more than ${MAX_DEPTH} levels deep`);
    const walked = (this.#walked ??= new Set());
    if (walked.has(value)) {
      if (++this.#revisits > MAX_REVISITS)
        throw this.fail(`holds shared objects written more than ${MAX_REVISITS} times over`);
    } else {
      walked.add(value);
    }
    open.push(value);
  }

  leave(): void {
    this.#open.pop();
  }

  /** Item `index` of `list`: a hole refused where it is met, so no walk is longer than the items (docs/decisions.md, "Sparse arrays"). */
  item(list: readonly unknown[], index: number): unknown {
    const item = list[index];
    if (item === undefined && !(index in list)) throw this.fail(`contains a sparse array (a hole at index ${index})`);
    return item;
  }

  /** The keys of a list (its indexes, a hole refused) or of an object. */
  keys(value: object): string[] {
    if (!Array.isArray(value)) return Object.keys(value);
    const keys: string[] = [];
    for (let i = 0; i < value.length; i++) {
      this.item(value, i);
      keys.push(String(i));
    }
    return keys;
  }

  /** The error for `problem` (what the value does, as "contains a cycle"), naming the walk's subject. */
  fail(problem: string): EndpointError {
    // The subject is written only here: a walk that succeeds quotes nothing.
    const subject = this.name === "" ? this.kind : `${this.kind} ${quote(this.name)}`;
    return new EndpointError(this.code, `${subject} ${problem}`);
  }
}
