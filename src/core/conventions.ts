/**
 * Where the `fluent-endpoint/octokit` entry follows `@octokit/endpoint` instead of the
 * specification: rules that Octokit and its plugins depend on. Every other rule is
 * the same in both entries (see docs/octokit-differences.md).
 */
export interface Conventions {
  /** The result's `method` upper case (`@octokit/request` and its plugins compare it with `"GET"`), else lower case. */
  readonly upperCaseMethod: boolean;
  /** `mediaType.previews` accepted and turned into `accept` for a `/graphql` url, else only an empty list is. */
  readonly previews: boolean;
  /** A `+` in a leftover query parameter named `q` kept raw (a space between GitHub search terms), else `%2B`. */
  readonly rawPlusInQ: boolean;
}

/** The main entry's: the specification's rules. */
export const SPEC: Conventions = { upperCaseMethod: false, previews: false, rawPlusInQ: false };

/** The `fluent-endpoint/octokit` entry's. */
export const OCTOKIT: Conventions = { upperCaseMethod: true, previews: true, rawPlusInQ: true };
