// Every kind of project a newcomer starts from, from the packed tarball: in a new app on TypeScript 6, the lines of
// docs/typed-routes.md write a typed table (openapi-typescript comes with the package), then `fluent-endpoint openapi` writes one description's
// table as .ts, .mts, .cts, .js, .mjs and .cjs modules, in an ES module package and in a CommonJS one. Importers
// written as .ts, .mts and .cts call each table through `endpoint.withRoutes(routes)`; one `tsc --strict` program per
// moduleResolution (nodenext, bundler) compiles both packages, where a typed table's wrong call must fail (marked
// with ts-expect-error), and each importer runs: the nodenext program's output under Node, the sources bundled by
// esbuild for bundler. A CommonJS importer of an ES module table is left out under nodenext: require() of an ES
// module needs Node.js 20.19 or 22.12, and the package supports 18.
// Needs `npm run build` first (npm test does it) and the npm registry (the installs use the local cache first).
import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probeRegistry } from "./octokit-stack/apps.js";
import { skipNotice } from "./support/skip.js";

const execFileAsync = promisify(execFile);
const root = resolve(__dirname, "..");
const REGISTRY = probeRegistry();
const SKIPPED = skipNotice("test/project-shapes.test.ts", REGISTRY.reachable, REGISTRY.reason);
const TYPESCRIPT = JSON.parse(readFileSync(join(root, "node_modules/typescript/package.json"), "utf8")).version;
const NPM_FLAGS = ["--prefer-offline", "--no-audit", "--no-fund"];
// npm commands run from the docs read these as if given as flags: the local cache first, no audit.
const NPM_ENV = {
  ...process.env,
  npm_config_prefer_offline: "true",
  npm_config_audit: "false",
  npm_config_fund: "false",
};
const DEV_DEPENDENCIES = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).devDependencies;
const README = readFileSync(join(root, "README.md"), "utf8");
/** The README's code blocks of a language. */
const readmeBlocks = (language: string) =>
  [...README.matchAll(new RegExp(`^\`\`\`${language}\n([\\s\\S]*?)^\`\`\`$`, "gm"))].map((match) => match[1]!);
/** The README's command-line examples, which run in an app where the package is installed. */
const README_COMMANDS = readmeBlocks("sh")
  .flatMap((block) => block.split("\n"))
  .filter((line) => line.startsWith("npx fluent-endpoint "));
// The README's quick start sends a request: a stub of fetch answers as GitHub does (401 to its placeholder token).
const FETCH_STUB = `globalThis.fetch = async (url, init) =>
  new Response("{}", { status: init.headers.authorization === "token secret123" ? 401 : 200 });
`;

const PACKAGES = ["module", "commonjs"] as const;
type PackageType = (typeof PACKAGES)[number];
const RESOLUTIONS = ["nodenext", "bundler"] as const;
type Resolution = (typeof RESOLUTIONS)[number];
const IMPORTERS = ["ts", "mts", "cts"] as const;
const TABLES = ["ts", "mts", "cts", "js", "mjs", "cjs"] as const;
type Extension = (typeof IMPORTERS)[number] | (typeof TABLES)[number];

/** The extension a relative import names for a file of `extension` (TypeScript's own: `.ts` is imported as `.js`). */
const IMPORTED_AS: Record<Extension, string> = { ts: "js", mts: "mjs", cts: "cjs", js: "js", mjs: "mjs", cjs: "cjs" };

/** Whether Node reads a file of `extension` in a package of `type` as an ES module. */
const isModule = (extension: Extension, type: PackageType) =>
  extension.startsWith("m") || (extension.length === 2 && type === "module");

const DESCRIPTION = `openapi: 3.1.0
info: { title: Pets, version: "1" }
servers:
  - { url: "https://pets.example/v1" }
paths:
  /pets/{petId}:
    get:
      operationId: getPet
      parameters:
        - { name: petId, in: path, required: true, schema: { type: integer } }
        - { name: tags, in: query, schema: { type: array, items: { type: string } } }
      responses:
        "200": { description: a pet }
`;
/** What every importer prints: the table's url, on the description's server (tags exploded, as its `form` style says). */
const EXPECTED_URL = "https://pets.example/v1/pets/7?tags=a&tags=b";

/** The lines of docs/typed-routes.md that write a typed table on TypeScript 6 or 7. */
const DOCS_LINES = (() => {
  const docs = readFileSync(join(root, "docs/typed-routes.md"), "utf8");
  const section = docs.slice(docs.indexOf("### TypeScript 6 and 7"));
  const block = /^```sh\n([\s\S]*?)^```$/m.exec(section)?.[1] ?? "";
  return block.split("\n").filter((line) => line.trim() !== "");
})();

const importerName = (importer: Extension, table: Extension) => `${importer}-imports-${table}`;

/** An importer: calls the table's route, prints its url; a typed table's wrong call must not compile. */
function importer(table: Extension): string {
  const typed = table.endsWith("ts");
  return [
    'import { endpoint } from "fluent-endpoint";',
    `import { routes } from "./tables/routes-${table}.${IMPORTED_AS[table]}";`,
    "",
    "const pets = endpoint.withRoutes(routes);",
    'const url: string = pets("GET /pets/{petId}", { petId: 7, tags: ["a", "b"] }).url;',
    ...(typed
      ? [
          "export const wrong = () =>",
          "  // @ts-expect-error petId is an integer",
          '  pets("GET /pets/{petId}", { petId: "seven" });',
        ]
      : []),
    "console.log(JSON.stringify({ url }));",
    "",
  ].join("\n");
}

/** Either build's `withRoutes()` takes a table typed by the other build (TypeScript 5.3's resolution-mode attribute). */
function crossBuild(other: "import" | "require"): string {
  return [
    'import { endpoint } from "fluent-endpoint";',
    `import type { OpenAPIRoutes, RouteTable } from "fluent-endpoint" with { "resolution-mode": "${other}" };`,
    'import type { paths } from "./tables/routes-ts.js";',
    "",
    "export const otherBuilds = (routes: RouteTable<OpenAPIRoutes<paths>>) => {",
    "  const pets = endpoint.withRoutes(routes);",
    "  // @ts-expect-error petId is an integer",
    '  pets("GET /pets/{petId}", { petId: "seven" });',
    '  return pets("GET /pets/{petId}", { petId: 7 }).url;',
    "};",
    "",
  ].join("\n");
}

function tsconfig(resolution: Resolution): string {
  const compilerOptions = {
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    target: "es2022",
    lib: ["es2022", "dom"],
    types: [],
    allowJs: true,
    // As `tsc --init` writes it: the declarations of @octokit/types alone would take most of the time.
    skipLibCheck: true,
    ...(resolution === "nodenext"
      ? { module: "nodenext", moduleResolution: "nodenext", outDir: "out", rootDir: "." }
      : { module: "preserve", moduleResolution: "bundler", noEmit: true }),
  };
  const include = PACKAGES.flatMap((type) => ["*.ts", "*.mts", "*.cts", "tables/*"].map((files) => `${type}/${files}`));
  return JSON.stringify({ compilerOptions, include }, null, 2);
}

async function run(command: string, args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await execFileAsync(command, args, {
      cwd,
      env: NPM_ENV,
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const { stdout, stderr, message } = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${stdout ?? ""}${stderr || message}`);
  }
}

/** The importers of a package that run under `resolution`. */
function runnable(type: PackageType, resolution: Resolution): [Extension, Extension][] {
  return IMPORTERS.flatMap((from) =>
    TABLES.filter((table) => resolution === "bundler" || isModule(from, type) || !isModule(table, type)).map(
      (table): [Extension, Extension] => [from, table],
    ),
  );
}

describe.skipIf(!REGISTRY.reachable)(`every kind of project, from the packed tarball${SKIPPED}`, () => {
  const app = mkdtempSync(join(tmpdir(), "fluent-endpoint-shapes-"));
  const tsc: Record<string, { error?: string }> = {};
  const printed: Record<string, string> = {};
  let npmLs = "";
  let readmeRuns: Record<string, string> = {};

  beforeAll(async () => {
    if (!existsSync(join(root, "dist/cli.js"))) throw new Error("dist/ is missing: run npm run build first");
    // The build npm test made: prepack would empty dist/ under the suites that read it.
    const [packed] = JSON.parse(
      await run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", app], root),
    );
    const manifest = {
      name: "shapes",
      private: true,
      dependencies: { "fluent-endpoint": `file:${join(app, packed.filename)}` },
      devDependencies: { typescript: `^${TYPESCRIPT}`, "@octokit/types": DEV_DEPENDENCIES["@octokit/types"] },
    };
    writeFileSync(join(app, "package.json"), JSON.stringify(manifest, null, 2));
    await run("npm", ["install", ...NPM_FLAGS], app);
    writeFileSync(join(app, "petstore.yaml"), DESCRIPTION);
    // The documented lines, in the shell, as a reader pastes them.
    for (const line of DOCS_LINES) {
      await run("sh", ["-c", line], app).catch((error: Error) => {
        throw new Error(`docs/typed-routes.md: \`${line}\` failed:\n${error.message}`);
      });
    }
    npmLs = await run("npm", ["ls", "--all"], app);

    // The README's blocks, each on its own: the JavaScript ones run as modules; the TypeScript one joins the ES
    // module package's programs, with the petstore types its comment's command writes; its command lines run.
    const readme: Promise<[string, string]>[] = [];
    readmeBlocks("js").forEach((block, index) => {
      writeFileSync(join(app, `readme-${index + 1}.mjs`), block);
      readme.push(
        run(process.execPath, ["--import", "./fetch-stub.mjs", `readme-${index + 1}.mjs`], app).then(
          (output) => [`js ${index + 1}`, output],
          (error: Error) => [`js ${index + 1}`, error.message],
        ),
      );
    });
    writeFileSync(join(app, "fetch-stub.mjs"), FETCH_STUB);
    for (const command of README_COMMANDS) {
      readme.push(
        run("sh", ["-c", command], app).then(
          (output) => [command, output.length > 0 ? "printed" : "printed nothing"],
          (error: Error) => [command, error.message],
        ),
      );
    }
    readmeRuns = Object.fromEntries(await Promise.all(readme));

    const cli = join(app, "node_modules/.bin/fluent-endpoint");
    for (const type of PACKAGES) {
      for (const dir of [type, `out/${type}`]) {
        mkdirSync(join(app, dir, "tables"), { recursive: true });
        writeFileSync(join(app, dir, "package.json"), JSON.stringify({ name: `shapes-${type}`, type }));
      }
      for (const from of IMPORTERS) {
        for (const table of TABLES) {
          writeFileSync(join(app, type, `${importerName(from, table)}.${from}`), importer(table));
        }
      }
      writeFileSync(join(app, type, "cross-build.mts"), crossBuild("require"));
      writeFileSync(join(app, type, "cross-build.cts"), crossBuild("import"));
    }
    const typedBlock = readmeBlocks("ts")[0] ?? "";
    const petstoreCommand = /\/\/ (npx fluent-endpoint openapi .*)$/m.exec(typedBlock)?.[1] ?? "";
    copyFileSync(join(root, "test/fixtures/openapi/petstore-expanded.yaml"), join(app, "module/petstore.yaml"));
    await run("sh", ["-c", petstoreCommand], join(app, "module"));
    writeFileSync(join(app, "module/readme-typed-routes.ts"), typedBlock);
    // A TypeScript table's text is the same in either package (TypeScript compiles it to the package's format), and
    // writing its types takes a while: each is written once, in the ES module package, and copied.
    await Promise.all(
      PACKAGES.flatMap((type) =>
        TABLES.filter((table) => type === "module" || !table.endsWith("ts")).map((table) =>
          run(cli, ["openapi", "../petstore.yaml", "-o", `tables/routes-${table}.${table}`], join(app, type)),
        ),
      ),
    );
    for (const table of TABLES.filter((extension) => extension.endsWith("ts"))) {
      copyFileSync(
        join(app, "module/tables", `routes-${table}.${table}`),
        join(app, "commonjs/tables", `routes-${table}.${table}`),
      );
    }

    // One tsc program per moduleResolution over both packages: a file's format comes from its package's type.
    const tscBin = join(app, "node_modules/typescript/bin/tsc");
    await Promise.all(
      RESOLUTIONS.map(async (resolution) => {
        writeFileSync(join(app, `tsconfig.${resolution}.json`), tsconfig(resolution));
        tsc[resolution] = await run(process.execPath, [tscBin, "-p", `tsconfig.${resolution}.json`], app)
          .then(() => ({}))
          .catch((error: Error) => ({ error: error.message }));
      }),
    );
    // What a bundler makes of the sources: one esbuild run over every importer.
    const { build } = await import("esbuild");
    const bundled = PACKAGES.flatMap((type) =>
      runnable(type, "bundler").map(([from, table]) => `${type}/${importerName(from, table)}.${from}`),
    );
    await build({
      absWorkingDir: app,
      entryPoints: bundled,
      bundle: true,
      platform: "node",
      format: "esm",
      outdir: "bundled",
      outbase: ".",
      outExtension: { ".js": ".mjs" },
      logLevel: "silent",
    });
    const outputs = PACKAGES.flatMap((type) => [
      ...runnable(type, "nodenext").map(([from, table]) => ({
        key: `${type} nodenext ${importerName(from, table)}.${from}`,
        file: `out/${type}/${importerName(from, table)}.${IMPORTED_AS[from]}`,
      })),
      ...runnable(type, "bundler").map(([from, table]) => ({
        key: `${type} bundler ${importerName(from, table)}.${from}`,
        file: `bundled/${type}/${importerName(from, table)}.mjs`,
      })),
    ]);
    await Promise.all(
      outputs.map(async ({ key, file }) => {
        printed[key] = await run(process.execPath, [file], app).catch((error: Error) => error.message);
      }),
    );
  }, 300_000);

  afterAll(() => rmSync(app, { recursive: true, force: true }));

  describe("typed tables on TypeScript 6 (docs/typed-routes.md)", () => {
    it("the documented line needs nothing installed or overridden next to typescript 6, and npm ls finds nothing amiss", () => {
      expect(DOCS_LINES).toEqual(["npx fluent-endpoint openapi petstore.yaml -o routes.ts"]);
      const manifest = JSON.parse(readFileSync(join(app, "package.json"), "utf8"));
      expect(manifest.devDependencies.typescript).toMatch(/^\^?6\./);
      expect(manifest.overrides).toBeUndefined();
      expect(npmLs).not.toMatch(/invalid|missing|ERR/);
    });

    it("the table written with them carries the description's types", () => {
      const routes = readFileSync(join(app, "routes.ts"), "utf8");
      expect(routes).toContain("export interface paths {");
      expect(routes).toContain("export const routes = routeTable<OpenAPIRoutes<paths, operationRoutes>>({");
    });
  });

  it.each(RESOLUTIONS)(
    "tsc --strict (moduleResolution %s) compiles every importer of every table in both packages, either build's table in either build's withRoutes()",
    (resolution) => {
      expect(tsc[resolution]).toEqual({});
    },
  );

  describe("the README's code blocks, each on its own in the app", () => {
    it("has JavaScript blocks, a TypeScript block and command lines to run", () => {
      expect(readmeBlocks("js").length).toBeGreaterThanOrEqual(3);
      expect(readmeBlocks("ts")).toHaveLength(1);
      expect(README_COMMANDS.length).toBeGreaterThanOrEqual(2);
    });

    it.each(readmeBlocks("js").map((_, index) => index + 1))(
      "JavaScript block %i runs as a module of its own",
      (index) => {
        expect(readmeRuns[`js ${index}`]).toBe("");
      },
    );

    it.each(README_COMMANDS)("%s runs and prints the request", (command) => {
      expect(readmeRuns[command]).toBe("printed");
    });

    it("the typed-routes block compiles under tsc --strict in the ES module package (moduleResolution nodenext), each marked line an error", () => {
      expect(existsSync(join(app, "module/routes.ts"))).toBe(true);
      expect(readFileSync(join(app, "module/readme-typed-routes.ts"), "utf8")).toContain("// @ts-expect-error");
      expect(tsc.nodenext).toEqual({});
    });
  });

  describe.each(PACKAGES)('a "type": "%s" package', (type) => {
    it("the CLI writes each table in the format Node reads it as", () => {
      const table = (extension: Extension) =>
        readFileSync(join(app, type, "tables", `routes-${extension}.${extension}`), "utf8");
      for (const extension of TABLES) {
        const text = table(extension);
        if (extension.endsWith("ts"))
          expect(text).toContain("export const routes = routeTable<OpenAPIRoutes<paths, operationRoutes>>(");
        else if (isModule(extension, type)) expect(text).toContain("export const routes = routeTable(");
        else expect(text).toContain("exports.routes = routeTable(");
      }
    });

    it.each(
      RESOLUTIONS.flatMap((resolution) =>
        runnable(type, resolution).map(([from, table]) => [resolution, `${importerName(from, table)}.${from}`]),
      ),
    )("under %s, %s runs and builds the table's url", (resolution, file) => {
      expect(printed[`${type} ${resolution} ${file}`]).toBe(`${JSON.stringify({ url: EXPECTED_URL })}\n`);
    });
  });
});
