// Builds the entries, `fluent-endpoint` (dist/index.*), `fluent-endpoint/octokit` (dist/octokit.*),
// `fluent-endpoint/openapi` (dist/openapi.*), `fluent-endpoint/openapi/check` (dist/openapi-check.*),
// `fluent-endpoint/openapi/tools` (dist/openapi-tools.*) and `fluent-endpoint/response` (dist/response.*), as ESM and
// CommonJS over shared chunks, and their bundled type declarations.
import { readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import nodeResolve from "@rollup/plugin-node-resolve";
import replace from "@rollup/plugin-replace";
import typescript from "@rollup/plugin-typescript";
import { dts } from "rollup-plugin-dts";

// Chunk names carry a hash: a build starts from an empty dist/, so no stale chunk is packed.
rmSync(new URL("./dist", import.meta.url), { recursive: true, force: true });

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));

// The CommonJS build bundles url-template, whose BSD-3-Clause licence asks for its notice in copies.
const urlTemplateLicense = readFileSync(new URL("./node_modules/url-template/LICENSE", import.meta.url), "utf8");
const cjsBanner = `/*!\n * fluent-endpoint ${version} (MIT). Bundles url-template, under this licence:\n *\n${comment(urlTemplateLicense)}\n */`;

/** A licence's text as the lines of a block comment. */
function comment(text) {
  return text
    .trimEnd()
    .split(/\r?\n/)
    .map((line) => ` *${line === "" ? "" : ` ${line}`}`)
    .join("\n");
}

// fluent-endpoint/openapi and the CLI bundle @scalar/openapi-upgrader (Swagger 2.0 to 3.0), whose MIT licence asks for its notice in copies.
const scalarLicense = readFileSync(new URL("./node_modules/@scalar/openapi-upgrader/LICENSE", import.meta.url), "utf8");
const scalarNotice = `/*!\n * Bundles @scalar/openapi-upgrader, under this licence:\n *\n${comment(scalarLicense)}\n */`;
/** The notice of each bundled library a chunk holds, above what the build puts there anyway. */
const noticesFor = (first) => (chunk) =>
  [
    chunk.name === "cli" && chunk.isEntry ? "#!/usr/bin/env node" : first,
    chunk.moduleIds.some((id) => id.includes("/node_modules/@scalar/")) ? scalarNotice : "",
  ]
    .filter(Boolean)
    .join("\n");

const plugins = () => [
  replace({ preventAssignment: true, values: { __FLUENT_ENDPOINT_VERSION__: JSON.stringify(version) } }),
  nodeResolve(),
  // typescript@6 is pinned: 7.x ships no JavaScript compiler API, which this plugin needs.
  typescript({ tsconfig: "./tsconfig.json", declaration: false, include: ["src/**/*.ts"] }),
];

// The brands of route tables and maps (src/core/brands.ts): declared once, as CommonJS, which both formats may import.
const brandsSource = fileURLToPath(new URL("./src/core/brands.ts", import.meta.url));
const isBrands = (id, importer, resolved) => resolved && id === brandsSource;
const brandsPath = (id) => (id === brandsSource ? "./brands.cjs" : id);

// `fluent-endpoint/openapi/check` is an entry of its own, so only an app that checks its calls loads the validator.
const entries = {
  index: "src/index.ts",
  octokit: "src/octokit.ts",
  openapi: "src/openapi.ts",
  "openapi-tools": "src/openapi-tools.ts",
  response: "src/response.ts",
  "openapi-check": "src/openapi-check.ts",
};
// One chunk for the code both entries share, so both hold the same EndpointError class.
// hoistTransitiveImports off: an entry imports immer and url-template only through the chunk that uses them.
// The converter gets a chunk of its own, so an application that imports only `routeTable` (as a module written by
// `fluent-endpoint openapi` does) leaves it out (the package has no side effects).
const chunks = {
  dir: "dist",
  sourcemap: true,
  hoistTransitiveImports: false,
  manualChunks: (id) => (id.includes("/node_modules/@scalar/") ? "swagger" : undefined),
};

export default [
  {
    // ESM: immer and url-template stay imports, so bundlers share them with the application. The CLI is built
    // with the entries, so it imports what it shares with them (the option names, the template scanner,
    // EndpointError) from their chunks instead of carrying a second copy.
    input: { ...entries, cli: "src/cli/main.ts" },
    external: (id) =>
      [
        "immer",
        "url-template",
        "yaml",
        "openapi-typescript",
        "@apidevtools/json-schema-ref-parser",
        "@cfworker/json-schema",
        "re2js",
      ].includes(id) || id.startsWith("node:"),
    output: {
      ...chunks,
      format: "es",
      entryFileNames: "[name].js",
      chunkFileNames: "shared-[hash].js",
      banner: noticesFor(""),
    },
    plugins: plugins(),
  },
  {
    // CommonJS: url-template 3 is ESM-only, and require() of ESM fails on older Node, so it is bundled here.
    input: entries,
    external: ["immer", "@cfworker/json-schema", "re2js"],
    output: {
      ...chunks,
      format: "cjs",
      entryFileNames: "[name].cjs",
      chunkFileNames: "shared-[hash].cjs",
      exports: "named",
      banner: noticesFor(cjsBanner),
    },
    plugins: plugins(),
  },
  {
    input: entries,
    // Both declaration builds import the one dist/brands.d.cts: a unique symbol declared in each would be two types.
    external: isBrands,
    output: [
      { dir: "dist", entryFileNames: "[name].d.ts", chunkFileNames: "shared-[hash].d.ts", paths: brandsPath },
      { dir: "dist", entryFileNames: "[name].d.cts", chunkFileNames: "shared-[hash].d.cts", paths: brandsPath },
    ],
    plugins: [dts()],
  },
  {
    input: { brands: brandsSource },
    output: { dir: "dist", entryFileNames: "[name].d.cts" },
    plugins: [dts()],
  },
];
