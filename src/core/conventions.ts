import type { TableCode } from "./route-table.js";

/** Where the octokit entry follows `@octokit/endpoint` (docs/octokit-differences.md); its code stays out of the main bundle. */
export interface Conventions {
  /** The result's `method` upper case (`@octokit/request` and its plugins compare it with `"GET"`), else lower case. */
  readonly upperCaseMethod: boolean;
  /** The leftover query parameter whose `+` stays raw (GitHub's search `q`, where it is a space between terms); undefined for none. */
  readonly rawPlusIn: string | undefined;
  /** How `mediaType.previews` are read, merged and sent; undefined where only an empty list is accepted. */
  readonly previews: Previews | undefined;
  /** The routes built as a route table says (`withRoutes(routes)`); undefined for none. */
  readonly table: TableCode | undefined;
}

/** API previews, as `@octokit/endpoint` reads, merges and sends them. */
export interface Previews {
  /** The names of a non-empty `mediaType.previews` list, checked. */
  read(previews: readonly unknown[]): readonly string[];
  /** The previews a merge leaves, given the earlier ones, the new ones (undefined: none given) and the url it leaves. */
  merge(
    below: readonly string[] | undefined,
    above: readonly string[] | undefined,
    url: string | undefined,
  ): readonly string[] | undefined;
  /** `accept` for a request to the expanded `url` asking for `previews` (and `format`, "" for none). */
  accept(accept: string | undefined, previews: readonly string[], format: string, url: string): string | undefined;
}

/** The main entry's conventions: none of the above. */
export const PLAIN: Conventions = {
  upperCaseMethod: false,
  rawPlusIn: undefined,
  previews: undefined,
  table: undefined,
};
