// docs/recipes.md shows each file under examples/recipes/ whole; here the doc is checked
// against the files, and every recipe runs as users run it (node, importing the build)
// against a loopback server. Nothing but 127.0.0.1 is ever contacted.
import { execFile } from "node:child_process";
import { once } from "node:events";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, relative, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = resolve(__dirname, "..");
const RECIPES = join(root, "examples", "recipes");
const DOC = join(root, "docs", "recipes.md");

/** Every .mjs file under examples/recipes/, as a path from the root ("examples/recipes/x.mjs"). */
function recipeFiles(directory = RECIPES): string[] {
  return readdirSync(directory, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) return recipeFiles(path);
      return entry.name.endsWith(".mjs") ? [relative(root, path)] : [];
    })
    .sort();
}

/** The recipes to run: the files directly in examples/recipes/ (subfolders hold the modules they import). */
const RUNNABLE = recipeFiles().filter((file) => !relative(RECIPES, join(root, file)).includes("/"));

/** The ```js blocks of docs/recipes.md, each with the file its caption line links to. */
function documentedBlocks(): { file: string | undefined; code: string }[] {
  const doc = readFileSync(DOC, "utf8");
  const blocks: { file: string | undefined; code: string }[] = [];
  for (const match of doc.matchAll(/^```js\n([\s\S]*?)^```$/gm)) {
    const before = doc.slice(0, match.index).trimEnd();
    const caption = before.slice(before.lastIndexOf("\n") + 1);
    const file = /^\[`(examples\/recipes\/[\w/.-]+\.mjs)`\]\(\.\.\/(examples\/recipes\/[\w/.-]+\.mjs)\):?$/.exec(
      caption,
    );
    blocks.push({ file: file !== null && file[1] === file[2] ? file[1] : undefined, code: match[1] as string });
  }
  return blocks;
}

/** Issues for the pagination recipe: five, on pages whose Link header points at the next one. */
const ISSUES = [1, 2, 3, 4, 5].map((number) => ({ number, title: `Issue ${number}` }));

let server: Server;
let origin: string;

beforeAll(async () => {
  if (!existsSync(join(root, "dist", "index.js"))) {
    throw new Error("dist/index.js is missing: run `npx rollup -c` first (`npm test` builds it before vitest)");
  }
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      const url = new URL(path, origin);
      if (url.pathname === "/slow") {
        // Answers late, or never: the client gives up first.
        const timer = setTimeout(() => response.writeHead(204).end(), 10_000);
        response.on("close", () => clearTimeout(timer));
      } else if (request.method === "GET" && url.pathname.endsWith("/issues")) {
        const perPage = Number(url.searchParams.get("per_page") ?? 30);
        const page = Number(url.searchParams.get("page") ?? 1);
        const last = Math.ceil(ISSUES.length / perPage);
        const link = (n: number, rel: string) =>
          `<${origin}/repositories/42/issues?per_page=${perPage}&page=${n}>; rel="${rel}"`;
        const links =
          page < last ? [link(page + 1, "next"), link(last, "last")] : [link(1, "first"), link(page - 1, "prev")];
        response.writeHead(200, { "content-type": "application/json", link: links.join(", ") });
        response.end(JSON.stringify(ISSUES.slice((page - 1) * perPage, page * perPage)));
      } else {
        // Everything else: what arrived, for the recipe to check.
        const body = Buffer.concat(chunks);
        const received = {
          method: request.method,
          path,
          headers: request.headers,
          body: body.toString("utf8"),
          base64: body.toString("base64"),
        };
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(received));
      }
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (!server) return;
  // Clients keep connections alive; close them so that close() does not wait for their timeouts.
  server.closeAllConnections();
  server.close();
  await once(server, "close");
});

/** Runs node with `args` (a recipe file) as a child process; asynchronously, since the server answers from this process. */
function runNode(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const env = { ...process.env, API_ORIGIN: origin };
    execFile(process.execPath, args, { cwd: root, env, encoding: "utf8", timeout: 30_000 }, (error, stdout, stderr) => {
      done({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stdout, stderr });
    });
  });
}

describe("docs/recipes.md", () => {
  it("shows every file under examples/recipes/ once, each exactly as it is", () => {
    const blocks = documentedBlocks();
    expect(blocks.map(({ file }) => file).sort()).toEqual(recipeFiles());
    for (const { file, code } of blocks) {
      expect({ [file as string]: code }).toEqual({
        [file as string]: readFileSync(join(root, file as string), "utf8"),
      });
    }
  });

  it("has a recipe for each thing it names", () => {
    expect(RUNNABLE.map((file) => file.slice("examples/recipes/".length))).toEqual([
      "abort-and-timeout.mjs",
      "authentication.mjs",
      "check-arguments.mjs",
      "http-clients.mjs",
      "openapi.mjs",
      "other-api.mjs",
      "pagination.mjs",
      "parameters-not-options.mjs",
      "shared-builder.mjs",
      "swagger.mjs",
      "tool-definitions.mjs",
      "tools-anthropic.mjs",
      "tools-mcp.mjs",
      "tools-openai.mjs",
      "upload.mjs",
    ]);
  });
});

describe("each recipe", () => {
  it.each(RUNNABLE)("%s runs to its end with every check passing", async (file) => {
    expect(await runNode([file])).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("would fail on a failed check: node:assert exits with 1 (so a passing run means something)", async () => {
    const failing = await runNode([
      "--input-type=module",
      "-e",
      'import assert from "node:assert/strict"; assert.equal(1, 2);',
    ]);
    expect(failing.code).toBe(1);
    expect(failing.stderr).toContain("AssertionError");
  });
});
