// The descriptions the tools' benchmarks run on (bench/tools.mjs, bench/tools-agreement.mjs): GitHub's from
// @octokit/openapi, the others from test/fixtures/openapi/, each loaded when asked for.
import { readFileSync } from "node:fs";
import { parse } from "yaml";

const root = new URL("..", import.meta.url);
const fixture = (name) => JSON.parse(readFileSync(new URL(`test/fixtures/openapi/${name}/${name}.json`, root), "utf8"));

/** `[name, load]` pairs, in the order the tables list them. */
export const DESCRIPTIONS = [
  [
    "GitHub",
    () =>
      JSON.parse(readFileSync(new URL("node_modules/@octokit/openapi/generated/api.github.com.json", root), "utf8")),
  ],
  ["Stripe", () => fixture("stripe")],
  ["Kubernetes", () => fixture("kubernetes")],
  ["Jira", () => fixture("jira")],
  ["Slack", () => fixture("slack")],
  ["DigitalOcean", () => fixture("digitalocean")],
  ["Box", () => fixture("box")],
  ["Twilio", () => fixture("twilio")],
  [
    "petstore-expanded",
    () => parse(readFileSync(new URL("test/fixtures/openapi/petstore-expanded.yaml", root), "utf8")),
  ],
];
