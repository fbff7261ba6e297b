// The public uritemplate-test suite (RFC 6570), every case through the public endpoint().
// Fixtures: test/fixtures/uritemplate-test (Apache-2.0, see the README there).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { endpoint, EndpointError } from "../src/index.js";

interface Suite {
  variables: Record<string, unknown>;
  testcases: [string, string | string[] | false][];
}

const FILES = ["spec-examples.json", "extended-tests.json", "negative-tests.json"];
const suites = FILES.map(
  (file) =>
    [file, JSON.parse(readFileSync(join(__dirname, "fixtures/uritemplate-test", file), "utf8"))] as [
      string,
      Record<string, Suite>,
    ],
);

/** The variables a template names: the text of each {…}, split at ",", without operator and modifier. */
function namedVariables(template: string, variables: Record<string, unknown>): Record<string, unknown> {
  const named: Record<string, unknown> = {};
  for (const [, body] of template.matchAll(/\{([^{}]*)\}?/g)) {
    for (const spec of body!.replace(/^[+#./;?&=,!@|]/, "").split(",")) {
      const name = spec.replace(/(:\d*|\*)$/, "");
      if (Object.hasOwn(variables, name)) named[name] = variables[name];
    }
  }
  return named;
}

function expandThroughEndpoint(template: string, variables: Record<string, unknown>): string {
  return endpoint({ method: "GET", baseUrl: "", url: template, ...namedVariables(template, variables) }).url;
}

/**
 * Negative cases of the suite that fluent-endpoint expands on purpose, with what it
 * gives. RFC 6570's grammar has no "-" in a variable name, but GitHub's routes use one
 * (`/enterprises/{enterprise}/teams/{enterprise-team}/memberships/add`), and
 * `@octokit/endpoint` expands them: real routes win (docs/octokit-differences.md).
 */
const DEVIATIONS: Record<string, string> = {
  "/{default-graph-uri}": "/http%3A%2F%2Fwww.example%2Fbook%2F,http%3A%2F%2Fwww.example%2Fpapers%2F",
  "/sparql{?query,default-graph-uri}":
    "/sparql?query=PREFIX%20dc%3A%20%3Chttp%3A%2F%2Fpurl.org%2Fdc%2Felements%2F1.1%2F%3E%20SELECT%20%3Fbook%20%3Fwho%20WHERE%20%7B%20%3Fbook%20dc%3Acreator%20%3Fwho%20%7D&default-graph-uri=http%3A%2F%2Fwww.example%2Fbook%2F,http%3A%2F%2Fwww.example%2Fpapers%2F",
};

let total = 0;
let deviations = 0;
for (const [file, groups] of suites) {
  describe(`uritemplate-test ${file}`, () => {
    for (const [group, suite] of Object.entries(groups)) {
      describe(group, () => {
        for (const [template, expected] of suite.testcases) {
          total++;
          const deviation = DEVIATIONS[template];
          if (expected === false && deviation !== undefined) {
            deviations++;
            it(`expands ${JSON.stringify(template)}, a deliberate deviation: "-" in a variable name, as GitHub's routes use it`, () => {
              expect(expandThroughEndpoint(template, suite.variables)).toBe(deviation);
            });
          } else if (expected === false) {
            it(`rejects ${JSON.stringify(template)} with ERR_INVALID_TEMPLATE`, () => {
              let caught: unknown;
              try {
                expandThroughEndpoint(template, suite.variables);
              } catch (error) {
                caught = error;
              }
              expect(caught).toBeInstanceOf(EndpointError);
              expect((caught as EndpointError).code).toBe("ERR_INVALID_TEMPLATE");
            });
          } else {
            it(`expands ${JSON.stringify(template)}`, () => {
              const url = expandThroughEndpoint(template, suite.variables);
              if (Array.isArray(expected)) expect(expected).toContain(url);
              else expect(url).toBe(expected);
            });
          }
        }
      });
    }
  });
}

describe("uritemplate-test coverage", () => {
  it("runs all 153 cases of the suite, two of them listed deviations", () => {
    expect(total).toBe(153);
    expect(deviations).toBe(Object.keys(DEVIATIONS).length);
  });
});
