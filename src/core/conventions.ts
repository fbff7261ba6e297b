/**
 * Where the `fluent-endpoint/octokit` entry follows `@octokit/endpoint` instead of the
 * specification: rules that Octokit and its plugins depend on. Every other rule is the
 * same in both entries (see docs/octokit-differences.md). The octokit entry brings its
 * own code for previews, so the main entry's bundle never holds it.
 */
export interface Conventions {
  /** The result's `method` upper case (`@octokit/request` and its plugins compare it with `"GET"`), else lower case. */
  readonly upperCaseMethod: boolean;
  /** A `+` in a leftover query parameter named `q` kept raw (a space between GitHub search terms), else `%2B`. */
  readonly rawPlusInQ: boolean;
  /** How `mediaType.previews` are read and sent; undefined where only an empty list is accepted. */
  readonly previews: Previews | undefined;
}

/** GitHub API previews, as `@octokit/endpoint` reads and sends them. */
export interface Previews {
  /** The names of a non-empty `mediaType.previews` list, checked. */
  read(previews: readonly unknown[]): readonly string[];
  /** The previews of a call to `/graphql` laid over the earlier ones. */
  join(below: readonly string[] | undefined, above: readonly string[] | undefined): readonly string[];
  /** `accept` for a `/graphql` url asking for `previews` (and `format`, "" for none). */
  accept(accept: string | undefined, previews: readonly string[], format: string): string | undefined;
}

/** The main entry's: the specification's rules. */
export const SPEC: Conventions = { upperCaseMethod: false, rawPlusInQ: false, previews: undefined };
