// The `fluent-endpoint` command, run as users run it: the built
// dist/cli.js in a child node process, checked by its stdout, stderr and exit code.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_TYPE } from "./support/defaults.js";

const root = resolve(__dirname, "..");
const CLI = join(root, "dist", "cli.js");
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
const DEFAULT_HEADERS = { accept: "application/vnd.github.v3+json", "user-agent": `fluent-endpoint.js/${version}` };
const USAGE_HINT = "usage: fluent-endpoint [METHOD] URL [name=value ...] [options]; see --help";
let directory: string;

/** Runs the CLI in `directory` with `args` (and `input` on stdin). */
function cli(args: string[], input?: string) {
  const { status, stdout, stderr } = spawnSync(process.execPath, [CLI, ...args], {
    cwd: directory,
    encoding: "utf8",
    input,
  });
  return { status, stdout, stderr };
}

/** The CLI's stdout as JSON, failing the test unless it exited with 0 and printed nothing to stderr. */
function json(args: string[], input?: string): unknown {
  const { status, stdout, stderr } = cli(args, input);
  expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
  return JSON.parse(stdout);
}

/** What the CLI prints to stderr for bad input: the message, then the usage line. */
function failure(message: string) {
  return { status: 2, stdout: "", stderr: `fluent-endpoint: ${message}\n${USAGE_HINT}\n` };
}

/** The words the shell makes of a printed curl command, by running it with `curl` as a function that lists its arguments. */
function shellWords(command: string): string[] {
  const script = `curl() { for word do printf '%s\\0' "$word"; done; }; ${command}`;
  return execFileSync("sh", ["-c", script], { cwd: directory, encoding: "utf8" }).split("\0").slice(0, -1);
}

beforeAll(() => {
  // `npm test` builds first; a lone `vitest run test/cli.test.ts` on a fresh checkout builds here.
  if (!existsSync(CLI)) execFileSync("npx", ["rollup", "-c"], { cwd: root, stdio: "ignore" });
  directory = mkdtempSync(join(tmpdir(), "fluent-endpoint-cli-"));
}, 180_000);

afterAll(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
});

describe("request options as JSON", () => {
  it("prints the README example as pretty JSON", () => {
    const { status, stdout, stderr } = cli([
      "GET /repos/{owner}/{repo}/issues",
      "owner=octokit",
      "repo=endpoint.js",
      "state=open",
      "labels=bug,ui",
      "-H",
      "authorization: token secret123",
    ]);
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    expect(stdout).toBe(
      `${JSON.stringify(
        {
          method: "get",
          url: "https://api.github.com/repos/octokit/endpoint.js/issues?state=open&labels=bug%2Cui",
          headers: { ...DEFAULT_HEADERS, authorization: "token secret123" },
        },
        null,
        2,
      )}\n`,
    );
  });

  it("keeps name=value a string, commas and digits included", () => {
    expect(json(["POST /items", "labels=bug,ui", "count=3", "flag=true"])).toEqual({
      method: "post",
      url: "https://api.github.com/items",
      headers: { ...DEFAULT_HEADERS, "content-type": JSON_TYPE },
      body: { labels: "bug,ui", count: "3", flag: "true" },
    });
  });

  it("parses name:=json as JSON: numbers, booleans, null, arrays, objects", () => {
    expect(
      json([
        "POST /items",
        "count:=3",
        "draft:=true",
        "milestone:=null",
        'labels:=["bug","ui"]',
        'meta:={"a":{"b":1}}',
      ]),
    ).toEqual({
      method: "post",
      url: "https://api.github.com/items",
      headers: { ...DEFAULT_HEADERS, "content-type": JSON_TYPE },
      body: { count: 3, draft: true, milestone: null, labels: ["bug", "ui"], meta: { a: { b: 1 } } },
    });
  });

  it("splits a parameter at the first '=' only", () => {
    expect(json(["GET /search", "q=a=b"])).toMatchObject({ url: "https://api.github.com/search?q=a%3Db" });
  });

  it("expands a JSON array in the query like {?name}", () => {
    expect(json(["GET /issues", 'labels:=["bug","ui"]', "per_page:=100"])).toMatchObject({
      url: "https://api.github.com/issues?labels=bug%2Cui&per_page=100",
    });
  });

  it("--base-url replaces the default base URL", () => {
    expect(json(["GET /orgs/{org}", "org=acme", "--base-url", "https://ghe.example.com/api/v3"])).toMatchObject({
      url: "https://ghe.example.com/api/v3/orgs/acme",
    });
    expect(json(["GET /user", "--base-url=http://127.0.0.1:8080"])).toMatchObject({
      url: "http://127.0.0.1:8080/user",
    });
  });

  it("-H and --header add headers: names lowercased, values trimmed, defaults overridden, the last one wins", () => {
    expect(
      json([
        "GET /user",
        "-H",
        "Authorization:   token a  ",
        "--header",
        "accept: text/html",
        "-H",
        "x-n: 1",
        "-H",
        "X-N: 2",
      ]),
    ).toEqual({
      method: "get",
      url: "https://api.github.com/user",
      headers: {
        accept: "text/html",
        "user-agent": DEFAULT_HEADERS["user-agent"],
        authorization: "token a",
        "x-n": "2",
      },
    });
  });

  it("--data @file sends the file's text as the body (relative to the working directory)", () => {
    writeFileSync(join(directory, "note.md"), "# Release\n\nIt's ready — ünïcode.\n");
    expect(json(["POST /markdown/raw", "--data", "@note.md", "-H", "content-type: text/plain"])).toEqual({
      method: "post",
      url: "https://api.github.com/markdown/raw",
      headers: { ...DEFAULT_HEADERS, "content-type": "text/plain" },
      body: "# Release\n\nIt's ready — ünïcode.\n",
    });
  });

  it("--data text is the body as written; --data - reads standard input", () => {
    expect(json(["PUT /x", "--data", "hello"])).toMatchObject({ body: "hello" });
    expect(json(["PUT /x", "--data", "-"], "from stdin\n")).toMatchObject({ body: "from stdin\n" });
  });

  it("warns on stderr of each parameter --data leaves unsent, and prints the options", () => {
    const { status, stdout, stderr } = cli(["POST /x{?t}", "a=1", "t=2", "--data", '{"b":2}', "c:=[3]"]);
    expect({ status, stderr }).toEqual({
      status: 0,
      stderr:
        'fluent-endpoint: warning: parameter "a" is not sent: --data is the whole body, and the url does not use it\n' +
        'fluent-endpoint: warning: parameter "c" is not sent: --data is the whole body, and the url does not use it\n',
    });
    expect(JSON.parse(stdout)).toMatchObject({ url: "https://api.github.com/x?t=2", body: '{"b":2}' });
  });

  it("--data with parameters sends the data and routes template parameters to the url", () => {
    expect(json(["POST /upload{?name}", "name=a b.txt", "--data", "abc"])).toEqual({
      method: "post",
      url: "https://api.github.com/upload?name=a%20b.txt",
      headers: { ...DEFAULT_HEADERS, "content-type": JSON_TYPE },
      body: "abc",
    });
  });
});

describe("the route as one or two arguments", () => {
  const options = (method: string, path: string) => ({
    method,
    url: `https://api.github.com${path}`,
    headers: DEFAULT_HEADERS,
  });

  it("reads METHOD URL as two arguments like the quoted route", () => {
    expect(json(["GET", "/users/octocat"])).toEqual(options("get", "/users/octocat"));
    expect(json(["GET", "/users/octocat"])).toEqual(json(["GET /users/octocat"]));
    expect(json(["POST", "/repos/{owner}/{repo}/issues", "owner=o", "repo=r", "title=Hi"])).toEqual({
      method: "post",
      url: "https://api.github.com/repos/o/r/issues",
      headers: { ...DEFAULT_HEADERS, "content-type": JSON_TYPE },
      body: { title: "Hi" },
    });
  });

  it("takes any HTTP method token, in any case", () => {
    // docs/decisions.md, "Method case": every method lower case, an extension one too.
    expect(json(["PROPFIND", "/x"])).toEqual(options("propfind", "/x"));
    expect(json(["get", "/x"])).toEqual(options("get", "/x"));
  });

  it("reads a URL with a query as the URL: a '/' comes before its '='", () => {
    expect(json(["GET", "/search?q=x", "page=2"])).toEqual(options("get", "/search?q=x&page=2"));
    expect(json(["GET", "http://127.0.0.1:8080/x?a=b"])).toMatchObject({
      method: "get",
      url: "http://127.0.0.1:8080/x?a=b",
    });
  });

  it("keeps a single argument the whole route: a URL alone is a GET", () => {
    expect(json(["/user"])).toEqual(options("get", "/user"));
    expect(json(["/user", "page=2"])).toEqual(options("get", "/user?page=2"));
    expect(json(["user", "page=2", "per_page:=10"])).toEqual(options("get", "/user?page=2&per_page=10"));
  });

  it("reads every argument after -- as the route or a parameter, even one that starts with '-'", () => {
    expect(json(["GET", "/x", "--", "-n=1", "--weird=2"])).toEqual(options("get", "/x?-n=1&--weird=2"));
    expect(json(["--", "GET", "/x"])).toEqual(options("get", "/x"));
    expect(cli(["GET", "/x", "--", "--weird"])).toEqual(failure('parameter "--weird" is not name=value or name:=json'));
  });

  it("keeps options anywhere on the line", () => {
    expect(json(["--base-url", "http://127.0.0.1:8080", "DELETE", "-H", "x-a: 1", "/x"])).toEqual({
      method: "delete",
      url: "http://127.0.0.1:8080/x",
      headers: { ...DEFAULT_HEADERS, "x-a": "1" },
    });
  });

  it.each([
    ["a method alone", ["GET"], 'route "GET" has no URL; write "<METHOD> <URL>" or "<URL>"'],
    [
      "a method followed by a parameter",
      ["GET", "page=2"],
      'route "GET" has no URL; write "<METHOD> <URL>" or "<URL>"',
    ],
    ["a lowercase method alone", ["get"], 'route "get" has no URL; write "<METHOD> <URL>" or "<URL>"'],
    ["a URL after a quoted route", ["GET /x", "/y"], 'parameter "/y" is not name=value or name:=json'],
    ["a first argument that is no token", ["/x", "/y"], 'parameter "/y" is not name=value or name:=json'],
    [
      "a URL with a space",
      ["GET", "/a b"],
      'route "GET /a b" is not "<METHOD> <URL>" (one space, no spaces in the URL)',
    ],
  ])("refuses %s with exit code 2", (_, args, message) => {
    expect(cli(args)).toEqual(failure(message));
  });
});

describe("--version", () => {
  it.each(["--version", "-v"])("%s prints the package version and exits with 0", (flag) => {
    expect(cli([flag])).toEqual({ status: 0, stdout: `${version}\n`, stderr: "" });
  });

  it("wins over a route, as --help does; --help wins over it", () => {
    expect(cli(["GET /x/{", "-v"])).toEqual({ status: 0, stdout: `${version}\n`, stderr: "" });
    expect(cli(["--version", "--help"]).stdout).toMatch(/^Usage: /);
  });

  it("refuses an unknown flag next to it with exit code 2", () => {
    expect(cli(["--version", "--verbose"])).toEqual(failure("Unknown option '--verbose'"));
  });
});

describe("--curl", () => {
  it("prints an equivalent curl command, every value single-quoted", () => {
    const { status, stdout, stderr } = cli([
      "POST /repos/{owner}/{repo}/issues",
      "owner=octokit",
      "repo=endpoint.js",
      "title=Found a bug",
      'labels:=["bug"]',
      "-H",
      "authorization: token secret123",
      "--curl",
    ]);
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    expect(stdout).toBe(
      "curl --globoff -X 'POST' --url 'https://api.github.com/repos/octokit/endpoint.js/issues'" +
        " -H 'accept: application/vnd.github.v3+json'" +
        ` -H 'user-agent: fluent-endpoint.js/${version}'` +
        " -H 'authorization: token secret123'" +
        " -H 'content-type: application/json; charset=utf-8'" +
        ` --data-binary '{"title":"Found a bug","labels":["bug"]}'\n`,
    );
  });

  it("prints a GET without a body", () => {
    expect(cli(["GET /users/{user}", "user=octocat", "--curl"]).stdout).toBe(
      "curl --globoff -X 'GET' --url 'https://api.github.com/users/octocat'" +
        " -H 'accept: application/vnd.github.v3+json'" +
        ` -H 'user-agent: fluent-endpoint.js/${version}'\n`,
    );
  });

  it("writes an embedded quote as '\\''", () => {
    expect(cli(["PUT /x", "--data", "it's", "--curl"]).stdout).toMatch(/ --data-binary 'it'\\''s'\n$/);
  });

  it("is safe against quotes and shell syntax: the shell hands curl exactly the values", () => {
    const body = `'"; rm -rf / $(touch pwned) \`touch pwned\` $HOME \\ '\n' !`;
    writeFileSync(join(directory, "body.txt"), body);
    const { stdout } = cli([
      "POST /q/{name}",
      "name=a'b",
      "--data",
      "@body.txt",
      "-H",
      "x-note: it's $(touch pwned)",
      "--curl",
    ]);
    expect(shellWords(stdout)).toEqual([
      "--globoff",
      "-X",
      "POST",
      "--url",
      "https://api.github.com/q/a%27b",
      "-H",
      "accept: application/vnd.github.v3+json",
      "-H",
      `user-agent: fluent-endpoint.js/${version}`,
      "-H",
      "x-note: it's $(touch pwned)",
      "-H",
      "content-type: application/json; charset=utf-8",
      "--data-binary",
      body,
    ]);
    expect(existsSync(join(directory, "pwned"))).toBe(false);
  });

  it("quotes a method that holds shell characters (tchar allows ' $ & | `)", () => {
    expect(shellWords(cli(["it's$X /x", "--curl"]).stdout).slice(0, 5)).toEqual([
      "--globoff",
      "-X",
      "IT'S$X",
      "--url",
      "https://api.github.com/x",
    ]);
  });

  it("uses --head for HEAD, which -X HEAD would leave waiting for a body", () => {
    expect(cli(["HEAD /x", "--curl"]).stdout).toMatch(
      /^curl --globoff --head --url 'https:\/\/api\.github\.com\/x' -H /,
    );
  });

  it("hands curl a Latin-1 header value's bytes as fetch sends them (one byte per character), not their UTF-8", () => {
    const { stdout } = cli(["GET /x", "-H", "x-note: café 50% \\ it's ÿ", "--curl"]);
    expect(stdout).toContain(`-H "$(printf 'x-note: caf\\351 50%% \\\\ it'\\''s \\377')"`);
    // The words as bytes: what sh passes to curl.
    const script = `curl() { for word do printf '%s\\0' "$word"; done; }; ${stdout}`;
    const words = execFileSync("sh", ["-c", script], { cwd: directory }).toString("latin1").split("\0");
    expect(words).toContain("x-note: caf\u00e9 50% \\ it's \u00ff");
    expect(
      Buffer.from(
        words.find((word) => word.startsWith("x-note"))!,
        "latin1",
      ),
    ).toEqual(Buffer.from("x-note: caf\u00e9 50% \\ it's \u00ff", "latin1"));
  });

  it("sends an empty header value as 'name;' (curl drops 'name:')", () => {
    expect(cli(["GET /x", "-H", "x-empty:", "--curl"]).stdout).toMatch(/ -H 'x-empty;'\n$/);
  });

  it("turns curl's URL globbing off, so [1-3] or {a,b} in a url is one request to that url", () => {
    const words = shellWords(cli(["GET /search/[1-3]{+p}", "p={a,b}", "--curl"]).stdout);
    expect(words.slice(0, 5)).toEqual([
      "--globoff",
      "-X",
      "GET",
      "--url",
      "https://api.github.com/search/[1-3]%7Ba,b%7D",
    ]);
  });

  it("passes a url starting with '-' (from an empty base URL) as --url, never as an option", () => {
    const words = shellWords(cli(["GET {+u}", "u=-V", "--base-url=", "--curl"]).stdout);
    expect(words.slice(0, 5)).toEqual(["--globoff", "-X", "GET", "--url", "-V"]);
  });

  it("refuses a body with a NUL byte, which a command line cannot carry, with exit code 2", () => {
    writeFileSync(join(directory, "nul.bin"), "x\0y");
    expect(cli(["POST /x", "--data", "@nul.bin", "--curl"])).toEqual(
      failure(
        "--curl: the body holds a NUL byte, which no command-line argument can carry; use --fetch, or curl --data-binary @FILE",
      ),
    );
    expect(JSON.parse(cli(["POST /x", "--data", "@nul.bin"]).stdout).body).toBe("x\0y");
  });

  it("uses --data-raw for a body starting with '@', which --data-binary would read as a file name", () => {
    expect(cli(["POST /x", "--data", "-", "--curl"], "@/etc/passwd").stdout).toMatch(/ --data-raw '@\/etc\/passwd'\n$/);
  });
});

describe("--fetch", () => {
  it("prints the arguments of fetch(...toFetch(options)): method uppercased, JSON body serialised", () => {
    const { status, stdout, stderr } = cli([
      "PATCH /user",
      "bio=Hello",
      "hireable:=true",
      "-H",
      "authorization: token t",
      "--fetch",
    ]);
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    expect(JSON.parse(stdout)).toEqual([
      "https://api.github.com/user",
      {
        method: "PATCH",
        headers: { ...DEFAULT_HEADERS, authorization: "token t", "content-type": JSON_TYPE },
        body: '{"bio":"Hello","hireable":true}',
      },
    ]);
  });

  it("passes a text body through and leaves a GET without one", () => {
    expect(json(["POST /x", "--data", "plain", "--fetch"])).toMatchObject([
      "https://api.github.com/x",
      { method: "POST", body: "plain" },
    ]);
    expect(json(["GET /x", "--fetch"])).toEqual([
      "https://api.github.com/x",
      { method: "GET", headers: DEFAULT_HEADERS },
    ]);
  });
});

describe("bad input: the message on stderr, exit code 2", () => {
  it.each([
    [
      "a malformed template",
      ["GET /repos/{owner/issues"],
      `url template "/repos/{owner/issues": expected ',' or '}' but found "/" in expression at position 13`,
    ],
    ["an invalid route", ["GET /a b"], `route "GET /a b" is not "<METHOD> <URL>" (one space, no spaces in the URL)`],
    ["a -H without a colon", ["GET /x", "-H", "authorization"], `header "authorization" is not "name: value"`],
    ["a -H with an empty name", ["GET /x", "-H", ": v"], `header ": v" is not "name: value"`],
    [
      "a header name that is not a token",
      ["GET /x", "-H", "bad name: v"],
      `header name "bad name" is not an HTTP token (U+0020 at position 3)`,
    ],
    ["an unknown flag", ["GET /x", "--verbose"], "Unknown option '--verbose'"],
    ["a flag without its value", ["GET /x", "--base-url"], "Option '--base-url <value>' argument missing"],
    [
      "a --data value starting with '-'",
      ["POST /x", "--data", "-x"],
      `Option '--data' argument is ambiguous (for a value starting with "-", write --data=VALUE)`,
    ],
    [
      "a -H value starting with '-'",
      ["POST /x", "-H", "-x: 1"],
      `Option '-H' argument is ambiguous (for a value starting with "-", write -HVALUE)`,
    ],
    ["a parameter without '='", ["GET /x", "owner"], `parameter "owner" is not name=value or name:=json`],
    ["a parameter without a name", ["GET /x", ":=1"], `parameter ":=1" is not name=value or name:=json`],
    ["a name:= value that is not JSON", ["GET /x", "n:=nope"], `parameter "n": "nope" is not valid JSON`],
    [
      "a name:= number too large to be finite, in a body as in a query",
      ["POST /x", "a:=1e400"],
      `parameter "a": "1e400" holds Infinity, not a finite number`,
    ],
    [
      "a name:= list holding one",
      ["GET /x", "a:=[1,-1e400]"],
      `parameter "a": "[1,-1e400]" holds -Infinity, not a finite number`,
    ],
    ["no route", [], 'missing route such as "GET /user"'],
    ["--curl with --fetch", ["GET /x", "--curl", "--fetch"], "--curl and --fetch cannot be combined"],
    ["--data with GET", ["GET /x", "--data", "x"], "data cannot be sent with a GET request, which has no body"],
    [
      "a missing --data file",
      ["POST /x", "--data", "@missing.txt"],
      "--data @missing.txt: ENOENT: no such file or directory, open 'missing.txt'",
    ],
    [
      "a --base-url that URL parsers read as a scheme",
      ["GET /x", "--base-url", "localhost:3000"],
      `baseUrl "localhost:3000" must be "", a path starting with "/", "./" or "../", or an absolute url (scheme://…), without a query, fragment, control character or lone surrogate`,
    ],
    [
      "a dot-segment value",
      ["GET /files/{name}", "name=.."],
      `parameter "name" ({name} at position 7) made the path segment "..", which URL parsers resolve away`,
    ],
  ])("%s", (_, args, message) => {
    expect(cli(args)).toEqual(failure(message));
  });

  it("reads at most 64 MiB of a --data file or standard input, and says so past it", () => {
    const limit = "more than 64 MiB, the most --data reads; send a larger body from code";
    if (existsSync("/dev/zero"))
      expect(cli(["POST /x", "--data", "@/dev/zero"])).toEqual(failure(`--data @/dev/zero: ${limit}`));
    const justOver = "x".repeat(64 * 1024 * 1024 + 1);
    expect(cli(["POST /x", "--data", "-"], justOver)).toEqual(failure(`--data -: ${limit}`));
    writeFileSync(join(directory, "limit.txt"), justOver.slice(1));
    const atLimit = spawnSync(process.execPath, [CLI, "PUT /x", "--data", "@limit.txt", "--fetch"], {
      cwd: directory,
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
    });
    expect({ status: atLimit.status, stderr: atLimit.stderr }).toEqual({ status: 0, stderr: "" });
    expect((JSON.parse(atLimit.stdout) as [string, { body: string }])[1].body.length).toBe(64 * 1024 * 1024);
  });

  it("refuses a --data file that is not UTF-8 instead of replacing its bytes", () => {
    writeFileSync(join(directory, "binary.dat"), Buffer.from([0x78, 0xff, 0xfe]));
    expect(cli(["POST /x", "--data", "@binary.dat"])).toEqual(
      failure("--data @binary.dat: not UTF-8 text; send binary bytes from code, or with curl --data-binary @FILE"),
    );
  });

  it("reports bad input under --curl and --fetch the same way", () => {
    expect(cli(["GET /x/{", "--curl"]).status).toBe(2);
    expect(cli(["GET /x/{", "--fetch"]).status).toBe(2);
  });
});

describe("repeated arguments", () => {
  it("keep the last name=value, --data and --base-url, and every -H", () => {
    const result = json([
      "POST /x{?a}",
      "a=1",
      "a=2",
      "--data",
      "one",
      "--data",
      "two",
      "--base-url",
      "https://a.example",
      "--base-url",
      "https://b.example",
      "-H",
      "x-a: 1",
      "-H",
      "x-b: 2",
    ]);
    expect(result).toMatchObject({ url: "https://b.example/x?a=2", body: "two", headers: { "x-a": "1", "x-b": "2" } });
    expect((json(["GET /x", "a=1", "a=2"]) as { url: string }).url).toBe("https://api.github.com/x?a=2");
  });
});

describe("--help", () => {
  it("prints the usage to stdout and exits with 0", () => {
    for (const flag of ["--help", "-h"]) {
      const { status, stdout, stderr } = cli([flag]);
      expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
      expect(stdout).toMatch(/^Usage: fluent-endpoint \[METHOD\] URL \[name=value \.\.\.\] \[options\]\n/);
      for (const option of [
        "name:=json",
        "--header",
        "--base-url",
        "--data",
        "64 MiB",
        "--curl",
        "--fetch",
        "--version",
        "--  ",
        "code 2",
      ]) {
        expect(stdout).toContain(option);
      }
    }
  });

  it("wins over everything else on the line", () => {
    expect(cli(["GET /x/{", "--help"]).status).toBe(0);
  });
});

describe("option names given as parameters", () => {
  it("exits 2 with a message in command-line terms", () => {
    expect(cli(["GET /x", "method=POST"])).toEqual(
      failure('"method" is an option, not a parameter: put the method in the route; use --base-url, -H or --data'),
    );
  });
});
