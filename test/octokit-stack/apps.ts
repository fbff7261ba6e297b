// The two Octokit apps of test/octokit-stack.test.ts: their installation (cached under
// node_modules/.cache/octokit-stack) and their runs against a fake GitHub.
//
// Both have the same pinned Octokit packages from the registry. "reference" overrides
// @octokit/endpoint with 11.0.5; "fluent" overrides it with the packed companion
// (packages/octokit-endpoint), and the companion's fluent-endpoint with the packed one:
// the documented way to run an Octokit app on fluent-endpoint before either is published. An app directory is reused while its
// package.json is unchanged; the fluent app's two tarballs are packed and reinstalled on
// every run, since dist/ changes.
import { execFile, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startFakeGitHub, type ServerKind, type WireEvent } from "./fake-github.js";

const execFileAsync = promisify(execFile);

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const CACHE = join(ROOT, "node_modules/.cache/octokit-stack");
const APP_SCRIPT = fileURLToPath(new URL("app.mjs", import.meta.url));

export const APP_NAMES = ["reference", "fluent"] as const;
export type AppName = (typeof APP_NAMES)[number];

/** The Octokit packages both apps pin (bottleneck at the version plugin-throttling has, for the app's limiter groups). */
export const PINNED: Readonly<Record<string, string>> = {
  "@octokit/rest": "22.0.1",
  "@octokit/core": "7.0.8",
  "@octokit/request": "10.0.16",
  "@octokit/graphql": "9.0.5",
  "@octokit/auth-token": "6.0.0",
  "@octokit/plugin-retry": "8.1.1",
  "@octokit/plugin-throttling": "11.0.5",
  bottleneck: "2.19.5",
};
export const REFERENCE_ENDPOINT = "11.0.5";

const NPM_INSTALL = ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts"];
/** Written after a successful install: the package.json it installed. */
const INSTALLED_STAMP = ".installed-package.json";

/** Whether `npm ping` reaches the configured registry; the reason when it does not. */
export function probeRegistry(): { reachable: boolean; reason: string } {
  const ping = spawnSync("npm", ["ping", "--fetch-retries=0", "--fetch-timeout=15000"], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 30_000,
  });
  if (ping.status === 0) return { reachable: true, reason: "" };
  // npm's error lines, the one that says which request failed and why first.
  const said = `${ping.stderr ?? ""}`
    .split("\n")
    .filter((line) => /^npm (error|ERR!) \S/.test(line))
    .map((line) => line.replace(/^npm (error|ERR!)\s*/, "").trim())
    .sort((a, b) => Number(/failed|reason/.test(b)) - Number(/failed|reason/.test(a)))[0];
  const why = said || (ping.error ? `no answer within 30 s (${ping.error.message})` : `exit ${ping.status}`);
  return { reachable: false, reason: `the npm registry cannot be reached (npm ping: ${why})` };
}

async function npm(args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await execFileAsync("npm", args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    throw new Error(`npm ${args.join(" ")} failed in ${cwd}:\n${stderr || message}`);
  }
}

/** `npm pack` of the package in `dir` into `destination`; the tarball's path. */
async function pack(dir: string, destination: string): Promise<string> {
  const output = await npm(["pack", "--ignore-scripts", "--json", "--pack-destination", destination], dir);
  const [packed] = JSON.parse(output) as { filename: string }[];
  if (!packed) throw new Error(`npm pack printed no tarball in ${dir}`);
  return join(destination, packed.filename);
}

function manifest(name: AppName, dependencies: Record<string, string>, overrides: Record<string, string>): string {
  return `${JSON.stringify(
    { name: `octokit-stack-${name}`, private: true, dependencies: { ...PINNED, ...dependencies }, overrides },
    null,
    2,
  )}\n`;
}

/**
 * Drops the packages installed from `file:` tarballs from the app's lockfiles and
 * node_modules, so that `npm install` installs them again from the fresh tarballs (with
 * them in place it would keep them: it does not look into a tarball it has installed).
 */
function forgetTarballPackages(dir: string): void {
  for (const file of ["package-lock.json", "node_modules/.package-lock.json"]) {
    const path = join(dir, file);
    const lock = JSON.parse(readFileSync(path, "utf8")) as { packages: Record<string, { resolved?: string }> };
    for (const [location, entry] of Object.entries(lock.packages)) {
      if (!location || !entry.resolved?.startsWith("file:")) continue;
      delete lock.packages[location];
      rmSync(join(dir, location), { recursive: true, force: true });
    }
    writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
  }
}

async function install(dir: string, packageJson: string, hasTarballs: boolean): Promise<void> {
  const stamp = join(dir, INSTALLED_STAMP);
  const reusable =
    existsSync(stamp) &&
    readFileSync(stamp, "utf8") === packageJson &&
    existsSync(join(dir, "package-lock.json")) &&
    existsSync(join(dir, "node_modules/.package-lock.json"));
  if (reusable && !hasTarballs) return;
  if (reusable) {
    forgetTarballPackages(dir);
  } else {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "package.json"), packageJson);
  }
  await npm(NPM_INSTALL, dir);
  writeFileSync(stamp, packageJson);
}

/** Packs the project and its companion, and installs (or refreshes) both apps; their directories. */
export async function prepareApps(): Promise<Record<AppName, string>> {
  for (const file of ["dist/index.js", "dist/octokit.js", "dist/octokit.cjs"]) {
    if (!existsSync(join(ROOT, file))) throw new Error(`${file} is missing: run npm run build first`);
  }
  const tarballs = join(CACHE, "tarballs");
  rmSync(tarballs, { recursive: true, force: true });
  mkdirSync(tarballs, { recursive: true });
  const [main, companion] = await Promise.all([
    pack(ROOT, tarballs),
    pack(join(ROOT, "packages/octokit-endpoint"), tarballs),
  ]);
  const dirs = { reference: join(CACHE, "reference"), fluent: join(CACHE, "fluent") };
  await Promise.all([
    install(dirs.reference, manifest("reference", {}, { "@octokit/endpoint": REFERENCE_ENDPOINT }), false),
    install(
      dirs.fluent,
      manifest("fluent", {}, { "@octokit/endpoint": `file:${companion}`, "fluent-endpoint": `file:${main}` }),
      true,
    ),
  ]);
  return dirs;
}

/** Every installed copy of the package `name` in the app: its directory, relative to the app's, and version. */
export function installedCopies(dir: string, name: string): { at: string; name: string; version: string }[] {
  const found: { at: string; name: string; version: string }[] = [];
  const walk = (modules: string) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith(".")) continue;
      const packages = entry.startsWith("@")
        ? readdirSync(join(modules, entry)).map((scoped) => join(modules, entry, scoped))
        : [join(modules, entry)];
      for (const path of packages) {
        if (relative(modules, path).split(/[\\/]/).join("/") === name) {
          const { name: realName, version } = JSON.parse(readFileSync(join(path, "package.json"), "utf8"));
          found.push({ at: relative(dir, path).split(/[\\/]/).join("/"), name: realName, version });
        }
        walk(join(path, "node_modules"));
      }
    }
  };
  walk(join(dir, "node_modules"));
  return found;
}

/** One call of the app, as the app saw it. */
export interface CallRecord {
  id: string;
  /** What the reference app is meant to get: "ok", an error status, or an error class. */
  expected: "ok" | number | string;
  /** The plugin-throttling limiter groups its requests went through, in order. */
  limiters: string[];
  /** The rate-limit handlers it triggered, with the options they got. */
  handlers: unknown[];
  /** What the app's own hooks observed. */
  hooks: unknown[];
  /** The app's log warnings. */
  warnings: string[];
  outcome: { status: number; data: unknown } | { value: unknown } | { error: Record<string, unknown> };
}

/** A run of an app behind one fake GitHub, its port written as PORT throughout. */
export interface AppRun {
  app: AppName;
  server: ServerKind;
  calls: CallRecord[];
  /** Rejections nothing handled while the app ran, with the call under way. */
  unhandled: { call?: string; reason: string }[];
  events: WireEvent[];
}

/** Runs the app script in the app `dir` (so that its imports are that app's) against a new fake GitHub of `kind`. */
export async function runApp(app: AppName, dir: string, kind: ServerKind): Promise<AppRun> {
  copyFileSync(APP_SCRIPT, join(dir, "app.mjs"));
  const resultFile = join(dir, `result-${kind}.json`);
  rmSync(resultFile, { force: true });
  const server = await startFakeGitHub(kind);
  try {
    await execFileAsync(process.execPath, ["app.mjs"], {
      cwd: dir,
      env: { ...process.env, FAKE_GITHUB_ORIGIN: server.origin, RESULT_FILE: resultFile },
      timeout: 120_000,
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stderr?: string; message: string }) => {
      throw new Error(`the ${app} app failed behind the ${kind} server:\n${error.stderr || error.message}`);
    });
  } finally {
    await server.close();
  }
  const port = new URL(server.origin).port;
  const normalise = (text: string) => JSON.parse(text.replaceAll(`127.0.0.1:${port}`, "127.0.0.1:PORT"));
  const { calls, unhandled } = normalise(readFileSync(resultFile, "utf8")) as Pick<AppRun, "calls" | "unhandled">;
  return { app, server: kind, calls, unhandled, events: normalise(JSON.stringify(server.events)) };
}
