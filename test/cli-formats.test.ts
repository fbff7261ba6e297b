// The command line as a newcomer meets it in any project: `fluent-endpoint openapi` writes the module format Node
// reads the file as (.cjs, .mjs, or a .js by the nearest package.json's "type"), counts its routes in words, and the
// request command warns of a url placeholder that has no value, as it warns of a parameter it does not send.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = resolve(__dirname, "..");
const CLI = join(root, "dist", "cli.js");
// An application's folder, where `fluent-endpoint` resolves to this package (node_modules/fluent-endpoint → root).
const directory = mkdtempSync(join(tmpdir(), "cli-formats-"));
const ONE_ROUTE = JSON.stringify({
  openapi: "3.1.0",
  info: { title: "Pets", version: "1" },
  servers: [{ url: "https://pets.example" }],
  paths: {
    "/pets/{petId}": {
      get: {
        parameters: [
          { name: "petId", in: "path", required: true, schema: { type: "integer" } },
          { name: "tags", in: "query", schema: { type: "array", items: { type: "string" } } },
        ],
        responses: { "200": { description: "a pet" } },
      },
    },
  },
});

function cli(args: string[], cwd = directory) {
  const { status, stdout, stderr } = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: "utf8" });
  return { status, stdout, stderr };
}

beforeAll(() => {
  if (!existsSync(CLI)) execFileSync("npx", ["rollup", "-c"], { cwd: root, stdio: "ignore" });
  mkdirSync(join(directory, "node_modules"));
  symlinkSync(root, join(directory, "node_modules", "fluent-endpoint"), "dir");
  writeFileSync(join(directory, "pets.json"), ONE_ROUTE);
  for (const [folder, type] of [
    ["commonjs", "commonjs"],
    ["module", "module"],
    ["untyped", undefined],
  ] as const) {
    mkdirSync(join(directory, folder, "deeper"), { recursive: true });
    writeFileSync(join(directory, folder, "package.json"), JSON.stringify({ name: folder, type }));
  }
}, 180_000);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The table a written module exports, loaded as Node loads it: by require() for CommonJS, by import otherwise. */
async function load(file: string, commonJS: boolean): Promise<unknown> {
  const path = join(directory, file);
  if (commonJS) return (createRequire(path)(path) as { routes: unknown }).routes;
  return ((await import(pathToFileURL(path).href)) as { routes: unknown }).routes;
}

describe("fluent-endpoint openapi writes the module format Node reads the file as", () => {
  it.each([
    ["routes.cjs", true],
    ["routes.mjs", false],
    ["commonjs/routes.js", true],
    ["commonjs/deeper/routes.js", true],
    ["untyped/routes.js", true],
    ["module/routes.js", false],
    ["module/deeper/routes.js", false],
    ["module/routes.cjs", true],
    ["commonjs/routes.mjs", false],
  ])("%s: CommonJS %s", async (file, commonJS) => {
    const { status, stdout, stderr } = cli(["openapi", "pets.json", "-o", file]);
    expect({ status, stdout, stderr }).toEqual({ status: 0, stdout: `wrote 1 route to ${file}\n`, stderr: "" });
    const module = readFileSync(join(directory, file), "utf8");
    expect(module).toContain(
      commonJS
        ? 'const { routeTable } = require("fluent-endpoint/openapi");\n\nexports.routes = routeTable({'
        : 'import { routeTable } from "fluent-endpoint/openapi";\n\nexport const routes = routeTable({',
    );
    const { endpoint } = await import("../src/index.js");
    const pets = endpoint.withRoutes((await load(file, commonJS)) as never);
    expect(pets("GET /pets/{petId}", { petId: 7, tags: ["a", "b"] }).url).toBe(
      "https://pets.example/pets/7?tags=a&tags=b",
    );
  });

  it("writes .cts and .mts modules with TypeScript's import and export, which compile to either format", () => {
    for (const file of ["routes.cts", "routes.mts", "commonjs/routes.ts"]) {
      const { status, stdout } = cli(["openapi", "pets.json", "-o", file, "--no-types"]);
      expect({ status, stdout }).toEqual({ status: 0, stdout: `wrote 1 route to ${file}\n` });
      expect(readFileSync(join(directory, file), "utf8")).toContain(
        'import { routeTable } from "fluent-endpoint/openapi";\n\nexport const routes = routeTable({',
      );
    }
  });

  it("counts several routes in the plural", () => {
    const two = JSON.parse(ONE_ROUTE);
    two.paths["/pets"] = { get: { responses: { "200": { description: "pets" } } } };
    writeFileSync(join(directory, "two.json"), JSON.stringify(two));
    expect(cli(["openapi", "two.json", "-o", "two.mjs"]).stdout).toBe("wrote 2 routes to two.mjs\n");
  });

  it("names a package.json it cannot read", () => {
    mkdirSync(join(directory, "broken"));
    writeFileSync(join(directory, "broken", "package.json"), "{");
    const { status, stderr } = cli(["openapi", "pets.json", "-o", "broken/routes.js"]);
    expect(status).toBe(2);
    expect(stderr).toMatch(/^fluent-endpoint openapi: cannot read ".*broken\/package\.json": /);
  });
});

describe("fluent-endpoint warns of a url placeholder that has no value", () => {
  const warning = (placeholder: string, name: string) =>
    `fluent-endpoint: warning: placeholder ${placeholder} has no value, so the url leaves it out: pass ${name}=…\n`;

  it("a trailing {repo} without repo: the url it prints lacks it, and stderr says so", () => {
    const { status, stdout, stderr } = cli(["DELETE", "/repos/{owner}/{repo}", "owner=octokit"]);
    expect(status).toBe(0);
    expect(JSON.parse(stdout).url).toBe("https://api.github.com/repos/octokit");
    expect(stderr).toBe(warning("{repo}", "repo"));
  });

  it("each name of an empty placeholder, :name and {+path} ones too; null and an empty list are no value", () => {
    const named = cli(["GET", "/repos/{owner}/:repo", "owner=o"]);
    expect({ status: named.status, stderr: named.stderr }).toEqual({ status: 0, stderr: warning(":repo", "repo") });
    const { status, stderr } = cli(["GET", "/files{+path}{name,path}", "path:=[]", "name:=null"]);
    expect(status).toBe(0);
    expect(stderr).toBe(warning("{+path}", "path") + warning("{name,path}", "name") + warning("{name,path}", "path"));
  });

  it("says nothing of optional expressions ({?page}, {/path}) or of placeholders that have a value", () => {
    expect(cli(["GET", "/repos/{owner}/{repo}{/path}{?page}", "owner=o", "repo=r"]).stderr).toBe("");
    expect(cli(["GET", "/repos/{owner}/{repo}", "owner=o", "repo="]).stderr).toBe("");
  });
});
