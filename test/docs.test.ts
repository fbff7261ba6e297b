// The code blocks of docs/ run as written, against the built package as an application resolves it (the README's
// are test/readme.test.ts's, the recipes' test/recipes.test.ts's):
// - a ```js block is a module; `expression; // value` (or the value in a comment line right below) asserts that the
//   expression deep-equals it, and `expression; // ERR_CODE …` that it throws an EndpointError of that code;
// - a ```ts block is compiled: each `// @ts-expect-error <text>` stands above an error whose message holds <text>,
//   and nothing else may fail;
// - a ```console block of docs/cli.md is a terminal: each `$ command` runs (in examples/descriptions/ for a command
//   with a description there), and what it prints is the lines below it (a line marked "abridged" is not compared).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = resolve(__dirname, "..");
const DOCS = join(root, "docs");
const DESCRIPTIONS = join(root, "examples", "descriptions");
/** Pages whose blocks other tests run (recipes.md) and pages without code. */
const OWN_TESTS = new Set(["recipes.md"]);
const app = mkdtempSync(join(tmpdir(), "fluent-endpoint-docs-"));

const PAGES = readdirSync(DOCS)
  .filter((name) => name.endsWith(".md") && !OWN_TESTS.has(name))
  .map((name) => ({ name, text: readFileSync(join(DOCS, name), "utf8") }));

interface Block {
  readonly page: string;
  readonly line: number;
  readonly language: string;
  readonly code: string;
}

const BLOCKS: Block[] = PAGES.flatMap(({ name, text }) =>
  [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((match) => ({
    page: name,
    line: text.slice(0, match.index).split("\n").length,
    language: match[1]!,
    code: match[2]!,
  })),
);

/** A loopback server answering every request 200 with `{}`: the API of the blocks that send with other clients. */
let server: Server;
let origin = "";

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on("end", () => response.writeHead(200, { "content-type": "application/json" }).end("{}"));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

beforeAll(() => {
  if (!existsSync(join(root, "dist", "cli.js"))) throw new Error("dist/ is missing: run npm run build first");
  // An application whose node_modules hold the package (the checkout, as its exports resolve) and its peers'.
  mkdirSync(join(app, "node_modules", "@octokit"), { recursive: true });
  symlinkSync(root, join(app, "node_modules", "fluent-endpoint"), "dir");
  for (const name of ["@octokit/types", "@octokit/openapi-types", "undici", "got", "ky", "axios"]) {
    symlinkSync(join(root, "node_modules", name), join(app, "node_modules", name), "dir");
  }
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "docs", private: true, type: "module" }));
  // The modules the blocks' comments say to write: the petstore's, and GitHub's.
  const github = join(root, "node_modules", "@octokit", "openapi", "generated", "api.github.com.json");
  execFileSync(process.execPath, [join(root, "dist", "cli.js"), "openapi", github, "-o", "github.ts"], { cwd: app });
  execFileSync(
    process.execPath,
    [join(root, "dist", "cli.js"), "openapi", join(DESCRIPTIONS, "petstore.yaml"), "-o", "routes.ts"],
    {
      cwd: app,
    },
  );
  writeFileSync(join(app, "fetch-stub.mjs"), FETCH_STUB);
  cpSync(DESCRIPTIONS, join(app, "descriptions"), { recursive: true });
}, 120_000);
afterAll(() => rmSync(app, { recursive: true, force: true }));

/** fetch answering 200 with `{}`: a block sends nothing anywhere. */
const FETCH_STUB = `globalThis.fetch = async () => new Response("{}", { status: 200, headers: { "content-type": "application/json" } });\n`;

const IMPORTS =
  'import { endpoint, EndpointError, ErrorCodes, RequestBuilder, toFetch, VERSION } from "fluent-endpoint";\n';

/** A ```js block as a module of assertions (see the top of this file). */
function asModule(code: string): { source: string; assertions: number } {
  let assertions = 0;
  const lines = code.split("\n");
  const out: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const same = /^(?<expression>[^/\s].*?);?\s*\/\/ (?<comment>.+)$/.exec(line);
    const below = /^(?<expression>[^/\s].*);\s*$/.exec(line) && /^\/\/ (?<comment>.+)$/.exec(lines[index + 1] ?? "");
    const expression = same?.groups!.expression ?? (below ? line.replace(/;\s*$/, "") : undefined);
    const comment = same?.groups!.comment ?? below?.groups!.comment;
    if (expression === undefined || comment === undefined || /^(const|let|var|import|export)\b/.test(expression)) {
      out.push(line);
      continue;
    }
    const error = /^(ERR_[A-Z_]+)\b/.exec(comment)?.[1] ?? /:\s*(ERR_[A-Z_]+)$/.exec(comment)?.[1];
    if (error !== undefined) {
      assertions++;
      out.push(`assert.throws(() => { ${expression}; }, (error) => error.code === ${JSON.stringify(error)});`);
      continue;
    }
    try {
      new Function(`return (${comment});`);
    } catch {
      out.push(line); // a comment, not a value
      continue;
    }
    assertions++;
    out.push(`assert.deepStrictEqual(${expression}, ${comment});`);
    if (below) index++;
  }
  const imports = code.includes('from "fluent-endpoint"') ? "" : IMPORTS;
  return { source: `import assert from "node:assert/strict";\n${imports}${out.join("\n")}`, assertions };
}

const js = BLOCKS.filter((block) => block.language === "js");
const typed = BLOCKS.filter((block) => block.language === "ts");
const terminal = BLOCKS.filter((block) => block.language === "console");

describe("the ```js blocks of docs/", () => {
  it.each(js.map((block) => [`${block.page}:${block.line}`, block] as const))(
    "%s runs, and every value it shows is right",
    async (_where, block) => {
      const { source, assertions } = asModule(block.code);
      expect(assertions).toBeGreaterThan(0);
      const file = join(app, `${block.page}-${block.line}.mjs`);
      writeFileSync(file, source);
      // Run beside this process, whose loopback server the block may call.
      const child = spawn(process.execPath, ["--import", "./fetch-stub.mjs", file], {
        cwd: app,
        env: { ...process.env, API_ORIGIN: origin },
      });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const status = await new Promise<number | null>((done) => child.on("close", done));
      expect(stderr).toBe("");
      expect(status).toBe(0);
    },
  );
});

describe("the ```ts blocks of docs/", () => {
  it.each(typed.map((block) => [`${block.page}:${block.line}`, block] as const))(
    "%s compiles but where it marks an error, which names what it says",
    (_where, block) => {
      const expected: { line: number; text: string }[] = [];
      const source: string[] = [];
      for (const line of block.code.split("\n")) {
        const marker = /^\s*\/\/ @ts-expect-error (.+)$/.exec(line);
        if (marker) expected.push({ line: source.length, text: marker[1]! });
        else source.push(line);
      }
      const file = join(app, `${block.page}-${block.line}.ts`);
      writeFileSync(file, source.join("\n"));
      const options: ts.CompilerOptions = {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        exactOptionalPropertyTypes: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
        types: [],
      };
      const program = ts.createProgram([file], options);
      const found = ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((diagnostic) => ({
        line: diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start!).line,
        message: ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
      }));
      expect(
        found
          .map(({ line, message }) => `${line + 1}: ${message}`)
          .filter((_, i) => !expected.some((e) => e.line === found[i]!.line)),
      ).toEqual([]);
      for (const { line, text } of expected) {
        const messages = found.filter((each) => each.line === line).map((each) => each.message);
        expect(messages.join("\n"), `line ${line + 1}`).toContain(text);
      }
    },
  );
});

describe("the ```console blocks of docs/cli.md", () => {
  it.each(terminal.map((block) => [`${block.page}:${block.line}`, block] as const))(
    "%s prints what it shows",
    (_where, block) => {
      for (const { command, shown } of sessions(block.code)) {
        // A command naming a description runs where the descriptions are (a copy: it may write a module), as the docs say.
        const cwd = /\b\w+\.yaml\b/.test(command) ? join(app, "descriptions") : app;
        const shell = command
          .replace(/^fluent-endpoint\b/, `node ${join(root, "dist", "cli.js")}`)
          .replace(/\s+# [^"']*$/, ""); // a comment to the reader
        const run = spawnSync("sh", ["-c", `{ ${shell}; } 2>&1`], { cwd, encoding: "utf8" });
        const printed = run.stdout.trimEnd().split("\n");
        // Output the block abridges: each string it shows is printed.
        if (/abridged/.test(command)) {
          for (const [text] of shown.join("\n").matchAll(/"(?:[^"\\]|\\.)*"/g)) expect(run.stdout).toContain(text);
          continue;
        }
        expect(printed, command).toEqual(shown);
      }
    },
  );
});

/** A terminal block's commands (joined across `\` line ends) and the lines each printed. */
function sessions(code: string): { command: string; shown: string[] }[] {
  const found: { command: string; shown: string[] }[] = [];
  let continued = false;
  for (const line of code.trimEnd().split("\n")) {
    if (line.startsWith("$ ")) {
      found.push({ command: line.slice(2), shown: [] });
      continued = line.endsWith("\\");
    } else if (continued) {
      const last = found[found.length - 1]!;
      last.command = `${last.command.slice(0, -1)} ${line.trim()}`;
      continued = line.endsWith("\\");
    } else {
      found[found.length - 1]!.shown.push(line);
    }
  }
  return found;
}
