// The packed package in applications on today's toolchains: TypeScript 6 and 7 (whose npm package has no JavaScript
// compiler API, which openapi-typescript needs). The CLI brings openapi-typescript and the TypeScript it needs as its own
// dependencies, so a module it writes is typed in both, and each application's tsc refuses a wrong call.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";

const root = resolve(__dirname, "..");
const TS6 = (
  JSON.parse(readFileSync(join(root, "node_modules", "typescript", "package.json"), "utf8")) as {
    version: string;
  }
).version;
const VERSIONS = [TS6, "7.0.2"];
const PETS = {
  openapi: "3.0.3",
  info: { title: "pets", version: "1" },
  servers: [{ url: "https://pets.example/v1" }],
  paths: {
    "/pets/{petId}": {
      get: {
        operationId: "getPet",
        parameters: [{ name: "petId", in: "path", required: true, schema: { type: "integer" } }],
        responses: { "200": { description: "ok" } },
      },
    },
  },
};
const APP = `import { endpoint } from "fluent-endpoint";
import { routes } from "./routes.js";
const api = endpoint.withRoutes(routes);
export const byRoute = api("GET /pets/{petId}", { petId: 7 }).url;
export const byName = api.operation("getPet", { petId: 7 }).url;
`;
const WRONG = `import { endpoint } from "fluent-endpoint";
import { routes } from "./routes.js";
export const wrong = endpoint.withRoutes(routes)("GET /pets/{petId}", { petid: 7 }).url;
`;

let base: string;
let tarball: string;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "fluent-endpoint-toolchain-"));
  // The build npm test made: prepack would empty dist/ under the suites that read it.
  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", base], {
      cwd: root,
      encoding: "utf8",
    }),
  ) as { filename: string }[];
  tarball = join(base, packed[0]!.filename);
}, 120_000);
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe.each(VERSIONS)("an application with TypeScript %s", (version) => {
  let app: string;
  const run = (command: string, args: string[]) =>
    spawnSync(command, args, { cwd: app, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const tsc = (file: string) => {
    writeFileSync(
      join(app, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: "nodenext",
          moduleResolution: "nodenext",
          noEmit: true,
          skipLibCheck: true,
        },
        files: [file],
      }),
    );
    return run("npx", ["--no-install", "tsc", "-p", "."]);
  };

  beforeAll(() => {
    app = join(base, `ts-${version}`);
    mkdirSync(app);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
    writeFileSync(join(app, "pets.yaml"), stringify(PETS));
    const installed = run("npm", [
      "install",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      `typescript@${version}`,
      tarball,
    ]);
    expect(installed.status, installed.stderr).toBe(0);
  }, 240_000);

  it("installs the package beside it without a conflict, and the CLI writes a typed module", () => {
    expect(run("npx", ["--no-install", "tsc", "--version"]).stdout).toContain(`Version ${version}`);
    const written = run("npx", ["--no-install", "fluent-endpoint", "openapi", "pets.yaml", "-o", "routes.ts"]);
    expect({ status: written.status, stderr: written.stderr }).toEqual({ status: 0, stderr: "" });
    expect(readFileSync(join(app, "routes.ts"), "utf8")).toContain("export interface paths {");
  }, 120_000);

  it("type-checks right calls, and refuses a wrong one naming the parameter", () => {
    writeFileSync(join(app, "app.ts"), APP);
    writeFileSync(join(app, "wrong.ts"), WRONG);
    const right = tsc("app.ts");
    expect({ status: right.status, stdout: right.stdout }).toEqual({ status: 0, stdout: "" });
    const wrong = tsc("wrong.ts");
    expect(wrong.status).not.toBe(0);
    expect(wrong.stdout).toMatch(
      /wrong\.ts\(3,\d+\): error TS2561: .*'petid' does not exist.*Did you mean to write 'petId'\?/,
    );
  }, 120_000);
});
