// Packs the built package, installs the tarball in a temporary project, and loads it
// the two ways users do: CommonJS require() and ES module import.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = resolve(__dirname, "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
let project: string;

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

const SCRIPT = `
  const { endpoint, RequestBuilder, EndpointError } = LOAD;
  const viaEndpoint = endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "endpoint.js", state: "open" });
  const viaBuilder = new RequestBuilder().route("GET /repos/{owner}/{repo}/issues").params({ owner: "octokit", repo: "endpoint.js", state: "open" }).build();
  let code;
  try { endpoint("GET /x/{"); } catch (error) { code = error instanceof EndpointError && error.code; }
  console.log(JSON.stringify({ viaEndpoint, same: JSON.stringify(viaEndpoint) === JSON.stringify(viaBuilder), code }));
`;

describe("the packed package", () => {
  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), "fluent-endpoint-pack-"));
    // The build npm test made: prepack would empty dist/ under the suites that read it.
    const packed = JSON.parse(run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", project], root));
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true }));
    run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", join(project, packed[0].filename)], project);
  }, 180_000);

  afterAll(() => {
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it("is built before it is packed, so a fresh clone packs its dist/ (prepack)", () => {
    expect(pkg.scripts.prepack).toBe("npm run build");
  });

  it("ships dist, LICENSE, README and the docs and examples the README links to", () => {
    const installed = join(project, "node_modules", "fluent-endpoint");
    const files = JSON.parse(run("npm", ["pack", "--dry-run", "--ignore-scripts", "--json"], root))[0].files.map(
      (f: { path: string }) => f.path,
    );
    expect(files).toEqual(
      expect.arrayContaining([
        "LICENSE",
        "README.md",
        "package.json",
        "dist/index.js",
        "dist/index.cjs",
        "dist/index.d.ts",
        "dist/index.d.cts",
        "dist/octokit.js",
        "dist/octokit.cjs",
        "dist/octokit.d.ts",
        "dist/octokit.d.cts",
      ]),
    );
    expect(files).toEqual(
      expect.arrayContaining(["docs/guide.md", "docs/cli.md", "examples/descriptions/petstore.yaml"]),
    );
    // The generated API reference (docs/api/, not committed) and nothing else of the checkout.
    expect(
      files.filter(
        (path: string) => !/^(dist\/|docs\/[\w-]+\.md$|examples\/|LICENSE$|README\.md$|package\.json$)/.test(path),
      ),
    ).toEqual([]);
    expect(JSON.parse(readFileSync(join(installed, "package.json"), "utf8")).version).toBe(pkg.version);
  });

  it("resolves every link of the installed README and docs: each file there, each #anchor a heading of it", () => {
    const installed = join(project, "node_modules", "fluent-endpoint");
    const pages = ["README.md", ...readdirSync(join(installed, "docs")).map((name) => `docs/${name}`)];
    const broken: string[] = [];
    for (const page of pages) {
      const text = readFileSync(join(installed, page), "utf8");
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue; // a web address
        const [path, anchor] = target!.split("#") as [string, string | undefined];
        const file = path === "" ? join(installed, page) : resolve(dirname(join(installed, page)), path);
        if (!existsSync(file)) broken.push(`${page}: ${target}`);
        else if (anchor !== undefined && !anchorsOf(readFileSync(file, "utf8")).has(anchor))
          broken.push(`${page}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("works with require()", () => {
    const output = run("node", ["-e", SCRIPT.replace("LOAD", 'require("fluent-endpoint")')], project);
    const result = JSON.parse(output);
    expect(result.viaEndpoint).toEqual({
      method: "get",
      url: "https://api.github.com/repos/octokit/endpoint.js/issues?state=open",
      headers: { accept: "application/vnd.github.v3+json", "user-agent": `fluent-endpoint.js/${pkg.version}` },
    });
    expect(result.same).toBe(true);
    expect(result.code).toBe("ERR_INVALID_TEMPLATE");
  });

  it("works with import", () => {
    writeFileSync(
      join(project, "check.mjs"),
      `import * as loaded from "fluent-endpoint";\n${SCRIPT.replace("LOAD", "loaded")}`,
    );
    const result = JSON.parse(run("node", ["check.mjs"], project));
    expect(result.viaEndpoint.url).toBe("https://api.github.com/repos/octokit/endpoint.js/issues?state=open");
    expect(result.viaEndpoint.headers["user-agent"]).toBe(`fluent-endpoint.js/${pkg.version}`);
    expect(result.same).toBe(true);
    expect(result.code).toBe("ERR_INVALID_TEMPLATE");
  });

  it("recognises an EndpointError from the other build with instanceof, and refuses a builder that crosses builds", () => {
    writeFileSync(
      join(project, "both.mjs"),
      `import { createRequire } from "node:module";
      import * as esm from "fluent-endpoint";
      const cjs = createRequire(import.meta.url)("fluent-endpoint");
      const caught = (run) => { try { run(); } catch (error) { return error; } };
      const fromCjs = caught(() => cjs.endpoint("GET /x/{"));
      const fromEsm = caught(() => esm.endpoint("GET /x/{"));
      const crossed = caught(() => esm.RequestBuilder.prototype.build.call(new cjs.RequestBuilder().route("GET /x")));
      console.log(JSON.stringify({
        distinctClasses: esm.EndpointError !== cjs.EndpointError,
        cjsInEsm: fromCjs instanceof esm.EndpointError,
        esmInCjs: fromEsm instanceof cjs.EndpointError,
        typeError: fromCjs instanceof TypeError,
        crossed: [crossed.code, crossed.message],
      }));`,
    );
    expect(JSON.parse(run("node", ["both.mjs"], project))).toEqual({
      distinctClasses: true,
      cjsInEsm: true,
      esmInCjs: true,
      typeError: true,
      crossed: [
        "ERR_INVALID_OPTIONS",
        "a RequestBuilder method was called on a RequestBuilder, not on a builder of this copy of fluent-endpoint; call it as builder.method(…)",
      ],
    });
  });

  it("serves fluent-endpoint/octokit to require() and import, over the same EndpointError class", () => {
    writeFileSync(
      join(project, "octokit.mjs"),
      `import { createRequire } from "node:module";
      import { endpoint } from "fluent-endpoint/octokit";
      import { EndpointError } from "fluent-endpoint";
      const cjs = createRequire(import.meta.url)("fluent-endpoint/octokit");
      const options = { method: "patch", url: "/repos/{owner}/{repo}", owner: "o", repo: "r", name: "n" };
      let error;
      try { endpoint("GET /x/{"); } catch (caught) { error = caught; }
      console.log(JSON.stringify({
        esm: endpoint(options, options).method,
        cjs: cjs.endpoint(options).method,
        sameClass: error instanceof EndpointError && error.constructor === EndpointError,
      }));`,
    );
    expect(JSON.parse(run("node", ["octokit.mjs"], project))).toEqual({ esm: "PATCH", cjs: "PATCH", sameClass: true });
  });

  it("serves fluent-endpoint/response to require() and import, over the same EndpointError class, and not from the main entry", () => {
    writeFileSync(
      join(project, "response.mjs"),
      `import { createRequire } from "node:module";
      import { readResponse } from "fluent-endpoint/response";
      import * as main from "fluent-endpoint";
      const cjs = createRequire(import.meta.url)("fluent-endpoint/response");
      const request = main.endpoint("GET /zen");
      const json = (text) => new Response(text, { status: 502, headers: { "content-type": "application/json" } });
      let error;
      try { await cjs.readResponse(request, json("<html>")); } catch (caught) { error = caught; }
      console.log(JSON.stringify({
        esm: (await readResponse(request, json('{"a":1}'))).error,
        code: error.code,
        sameClass: error instanceof main.EndpointError,
        inMain: "readResponse" in main,
      }));`,
    );
    expect(JSON.parse(run("node", ["response.mjs"], project))).toEqual({
      esm: { a: 1 },
      code: "ERR_INVALID_RESPONSE",
      sameClass: true,
      inMain: false,
    });
  });

  it("serves fluent-endpoint/openapi/check to require() and import, and openAPIEndpoint() alone loads no validator", () => {
    writeFileSync(
      join(project, "check.mjs"),
      `import { createRequire } from "node:module";
      import { openAPIEndpoint } from "fluent-endpoint/openapi";
      import { check } from "fluent-endpoint/openapi/check";
      const cjs = createRequire(import.meta.url)("fluent-endpoint/openapi/check");
      const description = { openapi: "3.1.0", paths: { "/x": { get: {
        parameters: [
          { name: "n", in: "query", schema: { type: "integer" } },
          { name: "p", in: "query", schema: { type: "string", pattern: "^(a+)+$" } },
        ],
      } } } };
      const refused = (api, args) => { try { api("GET /x", args); return "built"; } catch (error) { return error.problems?.[0]?.keyword ?? error.code; } };
      const hostile = "a".repeat(50000) + "!";
      console.log(JSON.stringify({
        esm: refused(openAPIEndpoint(description, { check }), { n: "many" }),
        cjs: refused(openAPIEndpoint(description, { check: cjs.check }), { n: "many" }),
        esmPattern: refused(openAPIEndpoint(description, { check }), { p: hostile }),
        cjsPattern: refused(openAPIEndpoint(description, { check: cjs.check }), { p: hostile }),
        unchecked: refused(openAPIEndpoint(description), { n: "many" }),
      }));`,
    );
    expect(JSON.parse(run("node", ["check.mjs"], project))).toEqual({
      esm: "type",
      cjs: "type",
      esmPattern: "pattern",
      cjsPattern: "pattern",
      unchecked: "built",
    });
    // The validator is reached from the entries that check (the checks' and the tools', which check a model's calls)
    // and from no other: each entry's static imports followed through the chunks.
    const reaches = (file: string, seen = new Set<string>()): Set<string> => {
      seen.add(file);
      const code = readFileSync(join(root, "dist", file), "utf8");
      for (const [, next] of code.matchAll(/from ['"]\.\/([^'"]+)['"]/g)) if (!seen.has(next!)) reaches(next!, seen);
      return seen;
    };
    const loads = (module: string) => (entry: string) =>
      [...reaches(entry)].some((file) =>
        new RegExp(`from ['"]${module}['"]`).test(readFileSync(join(root, "dist", file), "utf8")),
      );
    const entries = ["index.js", "octokit.js", "openapi.js", "openapi-check.js", "openapi-tools.js", "response.js"];
    expect(entries.filter(loads("@cfworker/json-schema"))).toEqual(["openapi-check.js", "openapi-tools.js"]);
    // So is RE2, which the checks run patterns on.
    expect(entries.filter(loads("re2js"))).toEqual(["openapi-check.js", "openapi-tools.js"]);
  });

  it("carries url-template's licence notice in the CommonJS build, which bundles it", () => {
    const code = readFileSync(join(root, "dist/index.cjs"), "utf8");
    expect(code.startsWith("/*!")).toBe(true);
    expect(code).toContain(" * Copyright (c) 2012-2014, Bram Stein");
    expect(code).toContain(" * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS");
  });

  it("builds the CLI with the entries: it imports their code (EndpointError, the option names) rather than a copy", () => {
    const cli = readFileSync(join(root, "dist/cli.js"), "utf8");
    expect(cli.startsWith("#!/usr/bin/env node\n")).toBe(true);
    expect(cli).toMatch(/import \{[^}]*\bEndpointError\b[^}]*\} from '\.\/shared-[\w-]+\.js'/);
    expect(cli).not.toMatch(/class EndpointError|OPTION_NAMES = /);
    // Only the CLI's file starts with a shebang.
    for (const file of readdirSync(join(root, "dist")).filter((name) => /\.c?js$/.test(name) && name !== "cli.js")) {
      expect(readFileSync(join(root, "dist", file), "utf8").startsWith("#!")).toBe(false);
    }
  });

  it("builds for browsers: no Node built-ins and no process in either bundle", () => {
    const files = readdirSync(join(root, "dist")).filter((file) => /\.c?js$/.test(file) && file !== "cli.js");
    expect(files).toEqual(expect.arrayContaining(["index.js", "index.cjs", "octokit.js", "octokit.cjs"]));
    for (const file of files.map((name) => `dist/${name}`)) {
      const code = readFileSync(join(root, file), "utf8");
      expect(code).not.toMatch(/require\(["']node:|from ["']node:|\bprocess\./);
      expect(code).not.toContain("__FLUENT_ENDPOINT_VERSION__");
    }
  });
});

describe("the companion package fluent-endpoint-octokit", () => {
  const companion = join(root, "packages", "octokit-endpoint");
  const manifest = JSON.parse(readFileSync(join(companion, "package.json"), "utf8"));

  it("has the main package's version and depends on exactly that version", () => {
    expect(manifest.name).toBe("fluent-endpoint-octokit");
    expect(manifest.version).toBe(pkg.version);
    expect(manifest.dependencies).toEqual({ "fluent-endpoint": pkg.version });
  });

  it("holds no code: each of its entry files re-exports fluent-endpoint/octokit", () => {
    const files = JSON.parse(run("npm", ["pack", "--dry-run", "--json"], companion))[0].files.map(
      (f: { path: string }) => f.path,
    );
    expect(files.sort()).toEqual(
      ["LICENSE", "README.md", "index.cjs", "index.d.cts", "index.d.ts", "index.js", "package.json"].sort(),
    );
    for (const file of ["index.js", "index.d.ts", "index.d.cts"]) {
      expect(readFileSync(join(companion, file), "utf8")).toBe('export * from "fluent-endpoint/octokit";\n');
    }
    expect(readFileSync(join(companion, "index.cjs"), "utf8")).toContain(
      'module.exports = require("fluent-endpoint/octokit");',
    );
    expect(readFileSync(join(companion, "LICENSE"), "utf8")).toBe(readFileSync(join(root, "LICENSE"), "utf8"));
  });
});

/**
 * What an application bundle holds when it imports `names` from the built ESM entry:
 * rollup (as Vite and most bundlers use it) with node-resolve, so immer and url-template
 * are bundled too and dropped when nothing reaches them (both say `sideEffects: false`).
 */
async function bundleOf(names: string): Promise<{ code: string; packages: string[] }> {
  const { rollup } = await import("rollup");
  const { default: nodeResolve } = await import("@rollup/plugin-node-resolve");
  const entry = "\0app";
  const bundle = await rollup({
    input: entry,
    plugins: [
      {
        name: "app",
        resolveId: (id) => (id === entry ? id : null),
        load: (id) =>
          id === entry ? `export { ${names} } from ${JSON.stringify(join(root, "dist/index.js"))};` : null,
      },
      nodeResolve(),
    ],
  });
  const { output } = await bundle.generate({ format: "es" });
  await bundle.close();
  // The dependencies whose code the bundle holds, by package name.
  const packages = Object.entries(output[0].modules)
    .filter(([, module]) => module.renderedLength > 0)
    .flatMap(([id]) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1] ?? [])
    .filter((name, index, all) => all.indexOf(name) === index);
  return { code: output[0].code, packages };
}

describe("tree-shaking (package.json says sideEffects: false)", () => {
  // Markers of our own parts: the url engine, the builder, toFetch.
  const MARKERS = ["function expandTemplate", "class RequestBuilder", "function toFetch"];

  it("an app importing everything gets every part, immer and url-template (so the checks below mean something)", async () => {
    const { code, packages } = await bundleOf("endpoint, RequestBuilder, toFetch");
    for (const marker of MARKERS) expect(code).toContain(marker);
    expect(packages.sort()).toEqual(["immer", "url-template"]);
  });

  it("an app importing only toFetch gets neither immer, url-template, the url engine nor the builder", async () => {
    const { code, packages } = await bundleOf("toFetch");
    expect(code).toContain("function toFetch");
    for (const marker of MARKERS.slice(0, 2)) expect(code).not.toContain(marker);
    expect(packages).toEqual([]);
  });

  it("an app importing only EndpointError and ErrorCodes gets those alone", async () => {
    const { code, packages } = await bundleOf("EndpointError, ErrorCodes");
    expect(code).toContain("class EndpointError");
    for (const marker of MARKERS) expect(code).not.toContain(marker);
    expect(packages).toEqual([]);
    expect(code.length).toBeLessThan(4000);
  });

  it("keeps ErrorCodes frozen in an app's bundle (its freeze is no statement a bundler may drop)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fluent-endpoint-codes-"));
    try {
      const file = join(dir, "app.mjs");
      writeFileSync(file, (await bundleOf("ErrorCodes")).code);
      const { ErrorCodes } = await import(pathToFileURL(file).href);
      expect(ErrorCodes.MISSING_URL).toBe("ERR_MISSING_URL");
      expect(Object.isFrozen(ErrorCodes)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The anchors of a Markdown page's headings, as GitHub makes them: lower case, punctuation dropped, spaces as "-". */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading] of markdown.matchAll(/^#{1,6} (.+)$/gm)) {
    anchors.add(
      heading!
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, "")
        .replaceAll(" ", "-"),
    );
  }
  return anchors;
}
