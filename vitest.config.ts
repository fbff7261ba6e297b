import { readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));

export default defineConfig({
  define: { __FLUENT_ENDPOINT_VERSION__: JSON.stringify(version) },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    // Removing a temporary app's node_modules, or writing a string the engine's longest, takes seconds on a loaded
    // machine: time bounds are for hangs, not for speed.
    hookTimeout: 120_000,
    // test/octokit-request.test.ts and test/octokit-hooks.test.ts swap the Octokit packages' own
    // @octokit/endpoint for ours: a mock reaches a dependency's imports only when vite transforms it.
    server: { deps: { inline: [/@octokit\//] } },
    // Type tests pin the public types; they need a tsconfig that includes them (the root one covers src/ only).
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./test/tsconfig.types.json" },
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      // The CLI is tested end to end (test/cli.test.ts runs dist/cli.js in a child process), out of v8's sight.
      exclude: ["src/cli/**"],
      reporter: ["text-summary", "text"],
      thresholds: { lines: 95, branches: 90, functions: 95, statements: 95 },
    },
  },
});
