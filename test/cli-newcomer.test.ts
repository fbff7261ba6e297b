// The command line as a newcomer meets it: every failure a one-line message with exit code 2, calls by a description
// checked on request, routes and arguments it lacks refused with the closest, left-out operations named whole.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";

const root = resolve(__dirname, "..");
const CLI = join(root, "dist", "cli.js");
const directory = mkdtempSync(join(tmpdir(), "cli-newcomer-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const HINT = "usage: fluent-endpoint [METHOD] URL [name=value ...] [options]; see --help";
const LONG = `/very/long/path/${"segment/".repeat(12)}{id}`;

function write(name: string, description: unknown): string {
  writeFileSync(join(directory, name), stringify(description));
  return name;
}

const PETS = write("pets.yaml", {
  openapi: "3.0.3",
  info: { title: "pets", version: "1" },
  servers: [{ url: "https://pets.example/v1" }],
  paths: {
    "/pets": {
      get: {
        operationId: "listPets",
        parameters: [{ name: "limit", in: "query", schema: { type: "integer", maximum: 10 } }],
        responses: { "200": { description: "ok" } },
      },
    },
    [LONG]: { get: { operationId: "flawed", parameters: [{ in: "query" }], responses: {} } },
  },
});
const NO_SERVER = write("no-server.yaml", {
  openapi: "3.0.3",
  info: { title: "pets", version: "1" },
  paths: { "/pets": { get: { operationId: "listPets", responses: {} } } },
});
const RELATIVE = write("relative.yaml", {
  openapi: "3.0.3",
  info: { title: "pets", version: "1" },
  servers: [{ url: "./v1" }],
  paths: { "/pets": { get: { operationId: "listPets", responses: {} } } },
});

function cli(args: string[]) {
  const { status, stdout, stderr } = spawnSync(process.execPath, [CLI, ...args], { cwd: directory, encoding: "utf8" });
  return { status, stdout, stderr };
}

function refused(message: string) {
  return { status: 2, stdout: "", stderr: `fluent-endpoint: ${message}\n${HINT}\n` };
}

describe("fluent-endpoint --openapi, calls of a description", () => {
  it("checks a call's parameters with --check: a problem is an error naming it", () => {
    expect(cli(["--openapi", PETS, "listPets", "limit=three", "--check"])).toEqual(
      refused('GET /pets: query parameter "limit": "three" is not an integer'),
    );
    expect(cli(["--openapi", PETS, "listPets", "limit=3", "--check"]).stdout).toContain(
      '"url": "https://pets.example/v1/pets?limit=3"',
    );
    // Without --check the description's mistakes are the server's to find.
    expect(cli(["--openapi", PETS, "listPets", "limit=three"]).status).toBe(0);
    expect(cli(["GET", "/pets", "--check"])).toEqual(refused("--check checks the operations of --openapi FILE"));
  });

  it("refuses a route the description lacks, naming the closest", () => {
    expect(cli(["--openapi", PETS, "GET /pet"])).toEqual(
      refused(`"${PETS}" has no operation "GET /pet"; the closest: "GET /pets"`),
    );
    expect(cli(["--openapi", PETS, "POST", "/pets"])).toEqual(
      refused(`"${PETS}" has no operation "POST /pets"; the closest: "GET /pets"`),
    );
  });

  it("says what is missing when given a description alone, and refuses arguments --list does not take", () => {
    expect(cli(["--openapi", PETS])).toEqual(
      refused(`missing an operation of "${PETS}": its operationId or "METHOD /path" (--list lists them)`),
    );
    expect(cli(["--openapi", PETS, "--list", "listPets"])).toEqual(
      refused('--list takes no operation or parameter, got "listPets"'),
    );
  });

  it("lists the operations left out, with their whole route and why", () => {
    const { status, stdout } = cli(["--openapi", PETS, "--list"]);
    expect(status).toBe(0);
    expect(stdout.split("\n")[0]).toBe("listPets  GET /pets");
    expect(stdout.split("\n")[1]).toBe(
      `flawed  GET ${LONG}  [left out: OpenAPI description: GET ${LONG} has parameter 0 without a name or location]`,
    );
  });

  it("says what a url is relative to when the description names no server, or a relative one", () => {
    const bare = cli(["--openapi", NO_SERVER, "listPets"]);
    expect(bare.status).toBe(0);
    expect(bare.stderr).toBe(
      "fluent-endpoint: warning: the description names no server, so the url is a path on the host that serves it: pass --base-url\n",
    );
    expect(cli(["--openapi", RELATIVE, "listPets"]).stderr).toBe(
      'fluent-endpoint: warning: the description\'s server "./v1" is relative, so the url is relative to where the description is served: pass --base-url\n',
    );
    expect(cli(["--openapi", NO_SERVER, "listPets", "--base-url", "https://pets.example"]).stderr).toBe("");
  });

  it("names every form of a call in --help's usage lines", () => {
    const usage = cli(["--help"]).stdout.split("\n").slice(0, 4);
    expect(usage).toEqual([
      "Usage: fluent-endpoint [METHOD] URL [name=value ...] [options]",
      "       fluent-endpoint --openapi FILE OPERATION [name=value ...] [--check] [options]",
      "       fluent-endpoint --openapi FILE --list",
      "       fluent-endpoint openapi DESCRIPTION [-o FILE] [--no-types] [--strict] [--check]",
    ]);
  });
});

describe("fluent-endpoint openapi, writing a module", () => {
  const USAGE = "Usage: fluent-endpoint openapi DESCRIPTION [-o FILE] [--no-types] [--strict] [--check]";

  it("ends a file it cannot write in its one-line message, exit code 2, no stack trace", () => {
    expect(cli(["openapi", NO_SERVER, "-o", "nodir/routes.ts", "--no-types"])).toEqual({
      status: 2,
      stdout: "",
      stderr: `fluent-endpoint openapi: cannot write "nodir/routes.ts": its folder does not exist\n${USAGE}\n`,
    });
  });

  it("warns of a left-out operation by its whole route, however long", () => {
    const { status, stderr } = cli(["openapi", PETS, "-o", "pets.mjs"]);
    expect(status).toBe(0);
    expect(stderr).toBe(
      `fluent-endpoint: warning: GET ${LONG} is left out, a call of it throws: OpenAPI description: GET ${LONG} has parameter 0 without a name or location\n`,
    );
  });
});
