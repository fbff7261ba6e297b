// The Octokit swap of docs/octokit-differences.md, run as written: its "From packed tarballs" block, in the shell, in
// two apps on @octokit/rest — one with a lockfile and a direct dependency on an older @octokit/endpoint (so npm has
// nested Octokit's own copy under @octokit/request), one with neither. Afterwards `npm ls --all` finds nothing amiss,
// every @octokit/endpoint in the tree is the companion, a second `npm install` and `npm ci` still work, and an
// EndpointError reaches callers of @octokit/request (thrown) and of Octokit (a rejection) as the docs say.
// Needs `npm run build` first (npm test does it) and the npm registry (npm's cache first: prefer-offline).
import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installedCopies, PINNED, probeRegistry } from "./octokit-stack/apps.js";
import { VERSION as version } from "./support/defaults.js";
import { skipNotice } from "./support/skip.js";

const execFileAsync = promisify(execFile);
const root = resolve(__dirname, "..");
const REGISTRY = probeRegistry();
const SKIPPED = skipNotice("test/octokit-swap.test.ts", REGISTRY.reachable, REGISTRY.reason);
// The npm commands of the block read these as if given as flags: the local cache first, no audit.
const NPM_ENV = {
  ...process.env,
  npm_config_prefer_offline: "true",
  npm_config_audit: "false",
  npm_config_fund: "false",
};

/** The shell block of docs/octokit-differences.md that swaps in the packed tarballs. */
const RECIPE = (() => {
  const docs = readFileSync(join(root, "docs/octokit-differences.md"), "utf8");
  const section = docs.slice(docs.indexOf("**From packed tarballs**"));
  return /^```sh\n([\s\S]*?)^```$/m.exec(section)?.[1] ?? "";
})();

const APPS = {
  "with a lockfile and its own @octokit/endpoint 10": {
    "@octokit/rest": PINNED["@octokit/rest"],
    "@octokit/endpoint": "^10.1.0",
  },
  "without a lockfile": { "@octokit/rest": PINNED["@octokit/rest"] },
} as const;
type AppName = keyof typeof APPS;

// Where fluent-endpoint refuses what @octokit/endpoint takes (an object in the query): how each caller meets it.
const ERRORS_SCRIPT = `
import { request } from "@octokit/request";
import { Octokit } from "@octokit/core";
const route = "GET /repos/{owner}/{repo}/issues";
const options = { owner: "o", repo: "r", labels: { a: 1 } };
const seen = (error) => \`\${error.name} \${error.code}: \${error.message}\`;
let request_;
try {
  const promise = request(route, options);
  promise.catch(() => {});
  request_ = "returned a promise";
} catch (error) {
  request_ = "threw " + seen(error);
}
const octokit = await new Octokit().request(route, options).then(() => "resolved", (error) => "rejected " + seen(error));
console.log(JSON.stringify({ request: request_, octokit }));
`;

async function sh(script: string, cwd: string): Promise<string> {
  try {
    const { stdout } = await execFileAsync("sh", ["-e", "-c", script], { cwd, env: NPM_ENV, encoding: "utf8" });
    return stdout;
  } catch (error) {
    const { stdout, stderr, message } = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`\`${script}\` failed in ${cwd}:\n${stdout ?? ""}${stderr || message}`);
  }
}

describe.skipIf(!REGISTRY.reachable)(`the Octokit swap as docs/octokit-differences.md writes it${SKIPPED}`, () => {
  const scratch = mkdtempSync(join(tmpdir(), "fluent-endpoint-swap-"));
  const dirs = {} as Record<AppName, string>;
  const before = {} as Record<AppName, ReturnType<typeof installedCopies>>;
  const after = {} as Record<AppName, { ls: string; again: string; ci: string; ls2: string; errors: unknown }>;

  beforeAll(async () => {
    // The build npm test made: prepack would empty dist/ under the suites that read it.
    const tarballs = await Promise.all(
      [root, join(root, "packages/octokit-endpoint")].map(async (dir) => {
        const [packed] = JSON.parse(await sh(`npm pack --ignore-scripts --json --pack-destination '${scratch}'`, dir));
        return packed.filename as string;
      }),
    );
    await Promise.all(
      (Object.keys(APPS) as AppName[]).map(async (name, index) => {
        const dir = (dirs[name] = join(scratch, `app-${index}`));
        await sh(`mkdir -p '${dir}'`, scratch);
        writeFileSync(
          join(dir, "package.json"),
          JSON.stringify({ name: `app-${index}`, private: true, dependencies: APPS[name] }, null, 2),
        );
        if ("@octokit/endpoint" in APPS[name]) await sh("npm install", dir);
        before[name] = installedCopies(dir, "@octokit/endpoint");
        for (const tarball of tarballs) copyFileSync(join(scratch, tarball), join(dir, tarball));
        await sh(RECIPE, dir);
        const ls = await sh("npm ls --all", dir);
        const again = await sh("npm install", dir);
        const ci = await sh("npm ci", dir);
        const ls2 = await sh("npm ls --all", dir);
        writeFileSync(join(dir, "errors.mjs"), ERRORS_SCRIPT);
        const errors = JSON.parse(await sh("node errors.mjs", dir));
        after[name] = { ls, again, ci, ls2, errors };
      }),
    );
  }, 300_000);

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("runs the block the docs show: both names on the tarballs by absolute path, the overrides by $name, a fresh install", () => {
    expect(RECIPE).toContain('npm pkg set "dependencies.fluent-endpoint=file:$PWD/fluent-endpoint-0.1.0.tgz"');
    expect(RECIPE).toContain("'overrides.@octokit/endpoint=$@octokit/endpoint'");
    expect(RECIPE).toContain("rm -rf node_modules package-lock.json\nnpm install\n");
  });

  it("the app with a lockfile starts as the docs say: its @octokit/endpoint 10, and Octokit's 11 nested under @octokit/request", () => {
    expect(
      before["with a lockfile and its own @octokit/endpoint 10"].map(({ at, version }) => [at, version.split(".")[0]]),
    ).toEqual([
      ["node_modules/@octokit/endpoint", "10"],
      ["node_modules/@octokit/request/node_modules/@octokit/endpoint", "11"],
    ]);
  });

  it.each(Object.keys(APPS) as AppName[])(
    "%s: every @octokit/endpoint of the tree is the companion, on one fluent-endpoint",
    (name) => {
      expect(installedCopies(dirs[name], "@octokit/endpoint")).toEqual([
        { at: "node_modules/@octokit/endpoint", name: "fluent-endpoint-octokit", version },
      ]);
      expect(installedCopies(dirs[name], "fluent-endpoint")).toEqual([
        { at: "node_modules/fluent-endpoint", name: "fluent-endpoint", version },
      ]);
      const manifest = JSON.parse(readFileSync(join(dirs[name], "package.json"), "utf8"));
      expect(manifest.overrides).toEqual({
        "fluent-endpoint": "$fluent-endpoint",
        "@octokit/endpoint": "$@octokit/endpoint",
      });
    },
  );

  it.each(Object.keys(APPS) as AppName[])(
    "%s: npm ls finds nothing amiss, before and after npm install and npm ci again",
    (name) => {
      const { ls, ls2 } = after[name];
      expect(ls).toContain("@octokit/endpoint@npm:fluent-endpoint-octokit@");
      expect(ls).not.toMatch(/invalid|missing|extraneous/);
      expect(ls2).toBe(ls);
    },
  );

  it.each(Object.keys(APPS) as AppName[])(
    "%s: an EndpointError is thrown by @octokit/request's request() and is a rejection of Octokit's",
    (name) => {
      const message =
        'EndpointError ERR_INVALID_PARAMETER: parameter "labels" is an object, which has no query string form; put it in the url template or send a body';
      expect(after[name].errors).toEqual({ request: `threw ${message}`, octokit: `rejected ${message}` });
    },
  );
});
