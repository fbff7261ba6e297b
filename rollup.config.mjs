// Builds dist/index.js (ESM), dist/index.cjs (CommonJS) and bundled type declarations.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import nodeResolve from "@rollup/plugin-node-resolve";
import replace from "@rollup/plugin-replace";
import typescript from "@rollup/plugin-typescript";
import { dts } from "rollup-plugin-dts";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));

// The CommonJS build bundles url-template, whose BSD-3-Clause licence asks for its notice in copies.
const urlTemplateLicense = readFileSync(new URL("./node_modules/url-template/LICENSE", import.meta.url), "utf8");
const cjsBanner = `/*!\n * fluent-endpoint ${version} (MIT). Bundles url-template, under this licence:\n *\n${urlTemplateLicense
  .trimEnd()
  .split(/\r?\n/)
  .map((line) => ` *${line === "" ? "" : ` ${line}`}`)
  .join("\n")}\n */`;

const libraryEntry = fileURLToPath(new URL("./src/index", import.meta.url));
const isLibraryEntry = (id) => id === "../index.js" || id.replace(/\.[jt]s$/, "") === libraryEntry;

const plugins = () => [
  replace({ preventAssignment: true, values: { __FLUENT_ENDPOINT_VERSION__: JSON.stringify(version) } }),
  nodeResolve(),
  // typescript@6 is pinned: 7.x ships no JavaScript compiler API, which this plugin needs.
  typescript({ tsconfig: "./tsconfig.json", declaration: false, include: ["src/**/*.ts"] }),
];

export default [
  {
    // ESM: immer and url-template stay imports, so bundlers share them with the application.
    input: "src/index.ts",
    external: ["immer", "url-template"],
    output: { file: "dist/index.js", format: "es", sourcemap: true },
    plugins: plugins(),
  },
  {
    // The CLI imports the published entry (./index.js) instead of bundling the library twice.
    input: "src/cli/main.ts",
    external: (id) => isLibraryEntry(id) || id.startsWith("node:"),
    output: {
      file: "dist/cli.js",
      format: "es",
      banner: "#!/usr/bin/env node",
      paths: (id) => (isLibraryEntry(id) ? "./index.js" : id),
    },
    plugins: plugins(),
  },
  {
    // CommonJS: url-template 3 is ESM-only, and require() of ESM fails on older Node, so it is bundled here.
    input: "src/index.ts",
    external: ["immer"],
    output: { file: "dist/index.cjs", format: "cjs", sourcemap: true, exports: "named", banner: cjsBanner },
    plugins: plugins(),
  },
  {
    input: "src/index.ts",
    output: [{ file: "dist/index.d.ts" }, { file: "dist/index.d.cts" }],
    plugins: [dts()],
  },
];
