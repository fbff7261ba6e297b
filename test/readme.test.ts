// The README's own examples run: each ```js block is a module importing the build, in
// which a line `expression; // value` asserts that the expression deep-equals the value.
// fetch is a stub that answers as GitHub does, 401 to the README's placeholder token and
// 200 otherwise, so the examples send nothing anywhere and show what a reader would see.
// The ```ts block of typed routes is compiled: each `// @ts-expect-error <text>` line
// must stand above an error whose message holds <text>, and nothing else may fail.
import ts from "typescript";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = resolve(__dirname, "..");
const README = readFileSync(join(root, "README.md"), "utf8");
const BUILD = pathToFileURL(join(root, "dist", "index.js")).href;
const OPENAPI_BUILD = pathToFileURL(join(root, "dist", "openapi.js")).href;
const CHECK_BUILD = pathToFileURL(join(root, "dist", "openapi-check.js")).href;
const scratch = mkdtempSync(join(tmpdir(), "fluent-endpoint-readme-"));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The ```js blocks of the README. */
const blocks = [...README.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((match) => match[1] as string);

/** `code` as a module: the package import pointed at the build, each `expression; // value` line an assertion. */
function asModule(code: string): { source: string; assertions: number } {
  let assertions = 0;
  const lines = code.split("\n").map((line) => {
    const match = /^(?<expression>[^/].*?);\s*\/\/ (?<value>.+)$/.exec(line);
    if (match === null || /^(const|let|var|import|export)\b/.test(match.groups!.expression!)) return line;
    try {
      new Function(`return (${match.groups!.value});`);
    } catch {
      return line; // a comment, not a value
    }
    assertions++;
    return `assert.deepStrictEqual(${match.groups!.expression}, ${match.groups!.value});`;
  });
  // A block without an import continues the one before it: it gets the package's exports.
  const imports = code.includes('from "fluent-endpoint"')
    ? ""
    : `import { endpoint, EndpointError, ErrorCodes, RequestBuilder, toFetch, VERSION } from "fluent-endpoint";\n`;
  const body = (imports + lines.join("\n"))
    .replaceAll('from "fluent-endpoint"', `from ${JSON.stringify(BUILD)}`)
    .replaceAll('from "fluent-endpoint/openapi"', `from ${JSON.stringify(OPENAPI_BUILD)}`)
    .replaceAll('from "fluent-endpoint/openapi/check"', `from ${JSON.stringify(CHECK_BUILD)}`);
  const source = `import assert from "node:assert/strict";\n${body}`;
  return { source, assertions };
}

describe("README.md", () => {
  it("has examples to run, within its size budget", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    // Every error code, command and flag, and a typed read of a response, in a page a reader takes in at once.
    expect(Buffer.byteLength(README)).toBeLessThanOrEqual(10_000);
  });

  it.each(blocks.map((code, index) => [index + 1, code] as const))(
    "block %i runs, and every value it shows is right",
    async (index, code) => {
      if (!existsSync(join(root, "dist", "index.js")))
        throw new Error("dist/index.js is missing: run `npm run build` first");
      const { source, assertions } = asModule(code);
      expect(assertions).toBeGreaterThan(0);
      const file = join(scratch, `block-${index}.mjs`);
      writeFileSync(file, source);
      const sent: string[] = [];
      const realFetch = globalThis.fetch;
      globalThis.fetch = (async (url: string, init: { method: string; headers: Record<string, string> }) => {
        sent.push(`${init.method} ${url}`);
        if (init.headers.authorization === "token secret123") {
          return new Response('{"message":"Bad credentials","status":"401"}', { status: 401 });
        }
        return new Response("{}", { status: 200 });
      }) as typeof fetch;
      try {
        await import(pathToFileURL(file).href);
      } finally {
        globalThis.fetch = realFetch;
      }
      if (code.includes("fetch(")) expect(sent.length).toBeGreaterThan(0);
    },
  );

  it("has a typed-routes block in which exactly the marked lines fail to compile, with the errors they name", () => {
    const code = /^```ts\n([\s\S]*?)^```$/m.exec(README)?.[1];
    expect(code).toBeDefined();
    // The package and the OpenAPI types from the sources and the repo's fixture.
    const lines = code!
      .replace('from "fluent-endpoint"', `from ${JSON.stringify(join(root, "src/index.js"))}`)
      .replace('from "./routes.js"', `from ${JSON.stringify(join(root, "test/fixtures/openapi/petstore-expanded.js"))}`)
      .replace('from "fluent-endpoint/response"', `from ${JSON.stringify(join(root, "src/response.js"))}`)
      .split("\n");
    // Each marker, and the line of code under it once the markers are taken out.
    const expected: { line: number; text: string }[] = [];
    const source: string[] = [];
    for (const line of lines) {
      const marker = /^\/\/ @ts-expect-error (.+)$/.exec(line);
      if (marker) expected.push({ line: source.length, text: marker[1]! });
      else source.push(line);
    }
    expect(expected.length).toBeGreaterThanOrEqual(3);
    const file = join(root, "test", "readme-typed-routes.ts");
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      exactOptionalPropertyTypes: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      types: [],
    };
    const host = ts.createCompilerHost(options);
    const { getSourceFile, fileExists } = host;
    host.getSourceFile = (name, version, ...rest) =>
      name === file ? ts.createSourceFile(name, source.join("\n"), version) : getSourceFile(name, version, ...rest);
    host.fileExists = (name) => name === file || fileExists(name);
    const program = ts.createProgram([file], options, host);
    const found = program.getSemanticDiagnostics(program.getSourceFile(file)).map((diagnostic) => ({
      line: diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start!).line,
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
    }));
    expect(found.map((d) => d.line).sort()).toEqual(expected.map((e) => e.line).sort());
    for (const { line, text } of expected) {
      expect(
        found
          .filter((d) => d.line === line)
          .map((d) => d.message)
          .join("\n"),
      ).toContain(text);
    }
  });
});
