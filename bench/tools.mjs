// Tools for an agent, side by side with @samchon/openapi (HttpLlm.application) on the same descriptions: operations
// converted, names every provider takes, the strict variant valid by OpenAI's rules (the checker the tests use,
// test/support/strict-mode.ts), bytes of the definitions and conversion time. Run: npm run build && node bench/tools.mjs
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { HttpLlm } from "@samchon/openapi";
import { build } from "esbuild";
import { DESCRIPTIONS } from "./tool-descriptions.mjs";
import { openAPIRoutes, tableOperations } from "../dist/openapi.js";
import { toolDefinitions } from "../dist/openapi-tools.js";

const root = new URL("..", import.meta.url);

// The checker of OpenAI's strict-mode rules, a TypeScript test helper, compiled for this script.
const out = mkdtempSync(join(tmpdir(), "tools-bench-"));
await build({
  entryPoints: [new URL("test/support/strict-mode.ts", root).pathname],
  outdir: out,
  format: "esm",
  outExtension: { ".js": ".mjs" },
});
const { strictModeProblems } = await import(pathToFileURL(join(out, "strict-mode.mjs")).href);
rmSync(out, { recursive: true, force: true });

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const asSent = (schema) => JSON.parse(JSON.stringify(schema));
const percent = (part, whole) => (whole === 0 ? "—" : `${((100 * part) / whole).toFixed(1)} %`);
const kb = (value) => `${(JSON.stringify(value).length / 1000).toFixed(0)} KB`;

function timed(run) {
  const start = performance.now();
  const value = run();
  return [value, performance.now() - start];
}

function namesValid(names) {
  return names.filter((name) => NAME.test(name)).length - (names.length - new Set(names).size);
}

const rows = [];
for (const [name, load] of DESCRIPTIONS) {
  const description = load();
  const operations = tableOperations(openAPIRoutes(description)).length + 0;
  const declared = Object.values(description.paths ?? {}).reduce(
    (sum, item) =>
      sum +
      Object.keys(item ?? {}).filter((key) =>
        ["get", "put", "post", "delete", "patch", "head", "options", "trace"].includes(key),
      ).length,
    0,
  );
  const [ours, oursTime] = timed(() =>
    toolDefinitions(openAPIRoutes(description), { format: "openai", deprecated: true }),
  );
  const [oursStrict, oursStrictTime] = timed(() =>
    toolDefinitions(openAPIRoutes(description), { format: "openai", deprecated: true, strict: true }),
  );
  const oursValid = oursStrict.tools.filter(
    (tool) => strictModeProblems(asSent(tool.function.parameters)).length === 0,
  ).length;
  let theirs, theirsTime, theirsStrict, theirsStrictTime;
  try {
    [theirs, theirsTime] = timed(() => HttpLlm.application({ document: structuredClone(description) }));
  } catch (error) {
    theirs = { functions: [], errors: [String(error)] };
  }
  try {
    [theirsStrict, theirsStrictTime] = timed(() =>
      HttpLlm.application({ document: structuredClone(description), config: { strict: true } }),
    );
  } catch (error) {
    theirsStrict = { functions: [], errors: [String(error)] };
  }
  // As sent: JSON text (their schemas hold keys whose value is undefined, which JSON leaves out).
  const theirsValid = theirsStrict.functions.filter(
    (fn) => strictModeProblems(asSent(fn.parameters)).length === 0,
  ).length;
  rows.push([
    name,
    `${declared}`,
    `${ours.tools.length} (${percent(ours.tools.length, declared)})`,
    `${theirs.functions.length} (${percent(theirs.functions.length, declared)})`,
    percent(namesValid(ours.tools.map((tool) => tool.function.name)), ours.tools.length),
    percent(namesValid(theirs.functions.map((fn) => fn.name)), theirs.functions.length),
    `${percent(oursValid, declared)}`,
    `${theirsStrict.functions.length} converted, ${percent(theirsValid, declared)} valid`,
    `${kb(ours.tools)} / ${kb(theirs.functions.map(({ name: n, description: d, parameters }) => ({ name: n, description: d, parameters })))}`,
    `${oursTime.toFixed(0)} (${oursStrictTime.toFixed(0)} strict) / ${theirsTime === undefined ? "—" : theirsTime.toFixed(0)} (${theirsStrictTime === undefined ? "—" : theirsStrictTime.toFixed(0)} strict)`,
  ]);
  void operations;
}

const header = [
  "description",
  "operations",
  "converted: ours",
  "converted: @samchon/openapi",
  "names valid and unique: ours",
  "theirs",
  "strict valid: ours",
  "theirs (strict)",
  "bytes: ours / theirs",
  "ms: ours / theirs",
];
console.log(`| ${header.join(" | ")} |`);
console.log(`|${header.map(() => "---").join("|")}|`);
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
