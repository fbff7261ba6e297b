// What tsc tells the user about typed routes: the text of its errors, the names it
// suggests, and how much it instantiates for one call through a large route map.
// Each test compiles small snippets (kept in memory, beside this file) with the
// TypeScript compiler API against the sources.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { githubOperationRoutes } from "./support/github-operations.js";

const directory = fileURLToPath(new URL(".", import.meta.url));
const HEADER = [
  `import { endpoint, RequestBuilder, type OpenAPIRoutes } from "../src/index.js";`,
  `import type { Endpoints } from "@octokit/types";`,
  `import type { paths as RequestPaths } from "./fixtures/openapi/requests.js";`,
  `const requests = endpoint.withRoutes<OpenAPIRoutes<RequestPaths>>();`,
  `export {};\n`,
].join("\n");
const DANGEROUS = `"DELETE /droplets/{droplet_id}/destroy_with_associated_resources/dangerous"`;
const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
  types: [],
};

/** A host that serves `snippets` (file name → code, the header prepended) beside this file, and the disk otherwise. */
function hostFor(snippets: Record<string, string>): { host: ts.CompilerHost; paths: string[] } {
  const texts = new Map(Object.entries(snippets).map(([name, code]) => [join(directory, `${name}.ts`), HEADER + code]));
  const host = ts.createCompilerHost(OPTIONS);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const text = texts.get(fileName);
    return text === undefined
      ? getSourceFile(fileName, languageVersion, ...rest)
      : ts.createSourceFile(fileName, text, languageVersion);
  };
  host.fileExists = (fileName) => texts.has(fileName) || fileExists(fileName);
  host.readFile = (fileName) => texts.get(fileName) ?? readFile(fileName);
  return { host, paths: [...texts.keys()] };
}

/** tsc's messages for each snippet, flattened to one string each. */
function messagesOf(snippets: Record<string, string>): Record<string, string[]> {
  const { host, paths } = hostFor(snippets);
  const program = ts.createProgram(paths, OPTIONS, host);
  return Object.fromEntries(
    Object.keys(snippets).map((name, i) => [
      name,
      program
        .getSemanticDiagnostics(program.getSourceFile(paths[i]!))
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")),
    ]),
  );
}

describe("the compile error of a builder's build()", () => {
  const messages = messagesOf({
    one: `new RequestBuilder().route("GET /repos/{owner}/{repo}").param("owner", "octokit").build();`,
    two: `new RequestBuilder().route("GET /repos/{owner}/{repo}").build();`,
    mapped: `new RequestBuilder().withRoutes<Endpoints>().route("POST /repos/{owner}/{repo}/issues").params({ owner: "o", repo: "r" }).build();`,
    complete: `new RequestBuilder().route("GET /repos/{owner}/{repo}").params({ owner: "o", repo: "r" }).build();`,
    header: `requests.builder().route(${DANGEROUS}).param("droplet_id", 1).build();`,
    multipart: `requests.builder().route("POST /uploads").param("file", "x").build();`,
  });

  it("names the missing parameter", () => {
    expect(messages.one).toEqual([
      `The 'this' context of type 'RequestBuilder<"GET", "/repos/{owner}/{repo}", "owner", {}>' is not assignable to method's 'this' of type '"missing parameter: repo"'.`,
    ]);
  });

  it("names every missing parameter", () => {
    expect(messages.two).toHaveLength(1);
    expect(messages.two![0]).toContain(`"missing parameter: owner"`);
    expect(messages.two![0]).toContain(`"missing parameter: repo"`);
  });

  it("names a parameter the route map requires", () => {
    expect(messages.mapped).toHaveLength(1);
    expect(messages.mapped![0]).toContain(`of type '"missing parameter: title"'`);
  });

  it("is absent once every parameter is given", () => {
    expect(messages.complete).toEqual([]);
  });

  it("names a header parameter by the name the description gives it", () => {
    expect(messages.header).toEqual([
      `The 'this' context of type 'RequestBuilder<"DELETE", "/droplets/{droplet_id}/destroy_with_associated_resources/dangerous", "droplet_id", OpenAPIRoutes<paths>>' is not assignable to method's 'this' of type '"missing parameter: X-Dangerous"'.`,
    ]);
  });

  it("names what each form of a multipart body lacks: its fields, or data", () => {
    expect(messages.multipart).toHaveLength(1);
    expect(messages.multipart![0]).toContain(`of type '"missing parameter: data" | "missing parameter: name"'`);
  });
});

describe("the compile errors of endpoint()", () => {
  const messages = messagesOf({
    missing: `endpoint("GET /repos/{owner}/{repo}", { owner: "octokit" });`,
    nullValue: `endpoint("GET /repos/{owner}", { owner: null });`,
    optionsForm: `endpoint({ method: "GET", url: "/users/{username}" });`,
    misspelled: `endpoint.withRoutes<Endpoints>()("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "opne" });`,
    required: `endpoint.withRoutes<Endpoints>()("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });`,
    held: `endpoint.withRoutes<Endpoints>().defaults({ owner: "o", repo: "r" })("POST /repos/{owner}/{repo}/issues", {});`,
    header: `requests(${DANGEROUS}, { droplet_id: 1, headers: { authorization: "token x" } });`,
  });

  it("name the missing parameter (one call signature: no other form's error instead)", () => {
    expect(messages.missing).toHaveLength(1);
    expect(messages.missing![0]).toContain("Property 'repo' is missing");
    expect(messages.optionsForm![0]).toContain("Property 'username' is missing");
    expect(messages.required![0]).toContain("Property 'title' is missing");
  });

  it("show the fields against defaults, not Omit, Partial or Pick", () => {
    expect(messages.held).toHaveLength(1);
    expect(messages.held![0]).toMatch(
      /^Argument of type '\{\}' is not assignable to parameter of type '\{ title: string \| number; /,
    );
    expect(messages.held![0]).toContain("Property 'title' is missing");
    expect(messages.held![0]).not.toMatch(/Omit|Partial|Pick/);
  });

  it("name a missing header parameter by the name the description gives it", () => {
    expect(messages.header).toHaveLength(1);
    expect(messages.header![0]).toContain(
      `Property '"X-Dangerous"' is missing in type '{ droplet_id: number; headers: { authorization: string; }; }' but required in type '{ "X-Dangerous": boolean; }'.`,
    );
  });

  it("name a value of the wrong type", () => {
    expect(messages.nullValue![0]).toContain("Type 'null' is not assignable to type '{}'");
    expect(messages.misspelled![0]).toContain(`Type '"opne"' is not assignable to type '"open" | "closed" | "all"`);
  });
});

describe("the compile errors of a route a description lacks", () => {
  const messages = messagesOf({
    path: `requests("GET /acount", { session: "s" });`,
    method: `requests("PATCH /files/{file_id}/content", { file_id: "f" });`,
    methods: `requests("/account", { session: "s" });`,
    github: [
      `import type { paths as GitHub } from "@octokit/openapi-types";`,
      `const github = endpoint.withRoutes<OpenAPIRoutes<GitHub>>();`,
      `github("GET /repos/{owner}/{repo}/isues/{issue_number}", { owner: "o", repo: "r", issue_number: 1 });`,
      `github("GET /repos/{owner}/{repo}/pulls/{number}", { owner: "o", repo: "r", number: 1 });`,
      `github("GET /repos/{owner}/{repo}/issue", { owner: "o", repo: "r" });`,
      `github("POST /user/repo", { name: "r" });`,
    ].join("\n"),
    builder: `requests.builder().route("GET /acount");`,
    excess: `requests("GET /account", { session: "s", them: "dark" });`,
  });

  it("types a misspelt path as the closest operation, which tsc names", () => {
    expect(messages.path).toEqual([
      `Argument of type '"GET /acount"' is not assignable to parameter of type '"GET /account"'.`,
    ]);
    expect(messages.builder).toEqual([
      `Argument of type '"GET /acount"' is not assignable to parameter of type '"GET /account"'.`,
    ]);
  });

  it("names the closest of GitHub's 1 200 operations: a letter off, a placeholder renamed, a letter short", () => {
    expect(messages.github).toEqual([
      `Argument of type '"GET /repos/{owner}/{repo}/isues/{issue_number}"' is not assignable to parameter of type '"GET /repos/{owner}/{repo}/issues/{issue_number}"'.`,
      `Argument of type '"GET /repos/{owner}/{repo}/pulls/{number}"' is not assignable to parameter of type '"GET /repos/{owner}/{repo}/pulls/{pull_number}"'.`,
      `Argument of type '"GET /repos/{owner}/{repo}/issue"' is not assignable to parameter of type '"GET /repos/{owner}/{repo}/issues"'.`,
      `Argument of type '"POST /user/repo"' is not assignable to parameter of type '"POST /user/repos"'.`,
    ]);
  });

  it("names the operations of a path that lacks the method, or of a url alone", () => {
    expect(messages.method).toEqual([
      `Argument of type '"PATCH /files/{file_id}/content"' is not assignable to parameter of type '"PUT /files/{file_id}/content"'.`,
    ]);
    expect(messages.methods).toEqual([
      `Argument of type '"/account"' is not assignable to parameter of type '"GET /account"'.`,
    ]);
  });

  it("refuses a misspelt parameter as an excess property, suggesting the declared name", () => {
    expect(messages.excess).toHaveLength(1);
    expect(messages.excess![0]).toContain("'them' does not exist in type");
    expect(messages.excess![0]).toContain("Did you mean to write 'theme'?");
  });
});

describe("suggestions", () => {
  const code = {
    route: `endpoint.withRoutes<Endpoints>()("GET /repos/{owner}/{repo}/iss`,
    builderRoute: `new RequestBuilder().withRoutes<Endpoints>().route("GET /repos/{owner}/{repo}/iss`,
    param: `new RequestBuilder().route("GET /repos/{owner}/{repo}/issues{?state}").param("`,
    operation: `requests("`,
    heldOperation: `requests.defaults({ droplet_id: 1 })("`,
    builderOperation: `requests.builder().route("`,
  };
  const { host } = hostFor(code);
  const files = Object.keys(code).map((name) => join(directory, `${name}.ts`));
  const service = ts.createLanguageService({
    getScriptFileNames: () => files,
    getScriptVersion: () => "1",
    getScriptSnapshot: (fileName) => {
      const text = host.readFile(fileName);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => directory,
    getCompilationSettings: () => OPTIONS,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: host.fileExists,
    readFile: host.readFile,
  });
  const completions = (name: keyof typeof code) =>
    service
      .getCompletionsAtPosition(join(directory, `${name}.ts`), HEADER.length + code[name].length, {})
      ?.entries.map((e) => e.name) ?? [];

  it("offers the routes of the map", () => {
    expect(completions("route")).toContain("GET /repos/{owner}/{repo}/issues");
    expect(completions("builderRoute")).toContain("POST /repos/{owner}/{repo}/issues");
  });

  it("offers the operations of an OpenAPIRoutes map, not every method with every path", () => {
    const operations = [
      "DELETE /droplets/{droplet_id}/destroy_with_associated_resources/dangerous",
      "GET /account",
      "GET /events",
      "GET /reports",
      "GET /search",
      "PATCH /settings",
      "POST /batches",
      "POST /customers",
      "POST /exports",
      "POST /feeds",
      "POST /imports",
      "POST /notes",
      "POST /uploads",
      "POST /web_links",
      "PUT /archives/{archive_id}",
      "PUT /avatar",
      "PUT /files/{file_id}/content",
      "PUT /files/{file_id}/thumbnail",
      "PUT /labels",
    ];
    // "" is the text typed so far, which tsc offers too.
    expect(completions("operation").filter(Boolean).sort()).toEqual(operations);
    expect(completions("heldOperation").filter(Boolean).sort()).toEqual(operations);
    expect(completions("builderOperation").filter(Boolean).sort()).toEqual(operations);
  });

  it("offers the route's placeholders to param()", () => {
    expect(completions("param")).toEqual(expect.arrayContaining(["owner", "repo", "state"]));
  });
});

describe("the compile error of a call by operationId", () => {
  const PETS = [
    `import type { paths as PetPaths } from "./fixtures/openapi/petstore-expanded.js";`,
    `type operationRoutes = { findPets: "GET /pets"; addPet: "POST /pets"; "find pet by id": "GET /pets/{id}"; deletePet: "DELETE /pets/{id}" };`,
    `const petstore = endpoint.withRoutes<OpenAPIRoutes<PetPaths, operationRoutes>>();\n`,
  ].join("\n");
  const messages = messagesOf({
    misspelt: `${PETS}petstore.operation("findPetz");`,
    builder: `${PETS}petstore.builder().operation("deletePets");`,
    parameter: `${PETS}petstore.operation("find pet by id", { id: "7" });`,
  });

  it("names the closest operationId", () => {
    expect(messages.misspelt).toEqual([
      `Argument of type '"findPetz"' is not assignable to parameter of type '"findPets"'.`,
    ]);
    expect(messages.builder).toEqual([
      `Argument of type '"deletePets"' is not assignable to parameter of type '"deletePet"'.`,
    ]);
  });

  it("names a parameter of the wrong type as the route call does", () => {
    expect(messages.parameter).toEqual([`Type 'string' is not assignable to type 'number'.`]);
  });
});

describe("type-checking cost", () => {
  it("stays small for one call through @octokit/types' 1 200 routes (evaluating the whole map took 234 000 instantiations)", () => {
    const { host, paths } = hostFor({
      oneCall: `endpoint.withRoutes<Endpoints>()("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open" });`,
    });
    const program = ts.createProgram(paths, OPTIONS, host);
    expect(program.getSemanticDiagnostics(program.getSourceFile(paths[0]!))).toEqual([]);
    expect(program.getInstantiationCount()).toBeLessThan(20_000);
  });

  it("stays small for one call through an OpenAPIRoutes map of 659 operations (listing them cost 41 000, 17 500 at best)", () => {
    const { host, paths } = hostFor({
      openAPICall: [
        `import type { paths as DigitalOcean } from "./fixtures/openapi/digitalocean/digitalocean.js";`,
        `endpoint.withRoutes<OpenAPIRoutes<DigitalOcean>>()("GET /v2/droplets/{droplet_id}", { droplet_id: 1 });`,
      ].join("\n"),
    });
    const program = ts.createProgram(paths, OPTIONS, host);
    expect(program.getSemanticDiagnostics(program.getSourceFile(paths[0]!))).toEqual([]);
    expect(program.getInstantiationCount()).toBeLessThan(5_000);
  });

  it("stays small for a misspelt route through GitHub's description of 1 223 operations", () => {
    const { host, paths } = hostFor({
      misspelt: [
        `import type { paths as GitHub } from "@octokit/openapi-types";`,
        `endpoint.withRoutes<OpenAPIRoutes<GitHub>>()("GET /repos/{owner}/{repo}/isues", { owner: "o", repo: "r" });`,
      ].join("\n"),
    });
    const program = ts.createProgram(paths, OPTIONS, host);
    const messages = program.getSemanticDiagnostics(program.getSourceFile(paths[0]!));
    expect(messages.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([
      `Argument of type '"GET /repos/{owner}/{repo}/isues"' is not assignable to parameter of type '"GET /repos/{owner}/{repo}/issues"'.`,
    ]);
    expect(program.getInstantiationCount()).toBeLessThan(2_000);
  });

  it("stays small for a call by name through GitHub's description whose response is read (a mark, looked up when read)", () => {
    const { host, paths } = hostFor({
      read: [
        `import { readResponse } from "../src/response.js";`,
        `import type { paths as GitHub } from "@octokit/openapi-types";`,
        `type operationRoutes = ${githubOperationRoutes()};`,
        `declare const response: Response;`,
        `const github = endpoint.withRoutes<OpenAPIRoutes<GitHub, operationRoutes>>();`,
        `const result = await readResponse(github.operation("repos/get", { owner: "o", repo: "r" }), response);`,
        `if (result.ok) void result.data.full_name;`,
        `else void result.error?.message;`,
      ].join("\n"),
    });
    const program = ts.createProgram(paths, OPTIONS, host);
    expect(program.getSemanticDiagnostics(program.getSourceFile(paths[0]!))).toEqual([]);
    expect(program.getInstantiationCount()).toBeLessThan(2_500);
  });

  it("stays small for a misspelt operationId through GitHub's description of 1 223 operations, naming the closest", () => {
    const { host, paths } = hostFor({
      misspeltName: [
        `import type { paths as GitHub } from "@octokit/openapi-types";`,
        `type operationRoutes = ${githubOperationRoutes()};`,
        `endpoint.withRoutes<OpenAPIRoutes<GitHub, operationRoutes>>().operation("issues/list-for-rep", { owner: "o", repo: "r" });`,
      ].join("\n"),
    });
    const program = ts.createProgram(paths, OPTIONS, host);
    const messages = program.getSemanticDiagnostics(program.getSourceFile(paths[0]!));
    expect(messages.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([
      `Argument of type '"issues/list-for-rep"' is not assignable to parameter of type '"issues/list-for-repo"'.`,
    ]);
    expect(program.getInstantiationCount()).toBeLessThan(2_000);
  });

  it("reaches no depth or complexity limit on long routes", () => {
    const twenty = `GET /${Array.from({ length: 20 }, (_, i) => `{p${i}}`).join("/")}`;
    // 1 000 characters: 100 names in 140-odd segments, and 184 `:name` placeholders.
    const long = `GET /${Array.from({ length: 100 }, (_, i) => `s/{v${i}}`).join("/")}`.padEnd(1000, "/x");
    const colons = `GET ${Array.from({ length: 184 }, (_, i) => `/:c${i}`).join("")}`.padEnd(1000, "x");
    const messages = messagesOf({
      twenty: `endpoint(${JSON.stringify(twenty)}, {} as never);\nnew RequestBuilder().route(${JSON.stringify(twenty)}).build();`,
      long: `endpoint(${JSON.stringify(long)}, {});`,
      colons: `endpoint(${JSON.stringify(colons)}, {});`,
    });
    const all = Object.values(messages).flat();
    expect(all.filter((m) => /excessively deep|too complex/.test(m))).toEqual([]);
    // The errors name the last placeholders: the routes were parsed to their end.
    expect(messages.twenty!.join("\n")).toContain(`"missing parameter: p19"`);
    expect(long).toHaveLength(1000);
    expect(colons).toHaveLength(1000);
    expect(messages.long!.join("\n")).toContain("v99: {}");
    expect(messages.colons!.join("\n")).toMatch(/c183x*: \{\}; \}/);
  });
});
