// Lint rules: ESLint's and typescript-eslint's recommended sets, for the sources, tests, benchmark and examples.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "coverage/", "docs/api/", "node_modules/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `_`-prefixed names are deliberately unused (destructuring a key away).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      // Typed routes use `{}` on purpose: the empty route map, and "any value but null or undefined".
      "@typescript-eslint/no-empty-object-type": "off",
    },
  },
  {
    // The companion package's CommonJS entry re-exports with require(), as CommonJS does.
    files: ["packages/*/index.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // Tests go through the public entries (src/index.ts, src/octokit.ts, src/openapi.ts, src/openapi-check.ts, the CLI
    // as dist/cli.js);
    // only test/internal/ reads a module for a rule with no public effect.
    files: ["test/**/*.ts"],
    ignores: ["test/internal/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)src/[^/]+/",
              message:
                "Test through src/index.ts, src/octokit.ts, src/openapi.ts, src/openapi-check.ts or dist/cli.js, or move the test to test/internal/.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests drive both libraries through untyped calls on purpose.
    files: ["test/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
