// Type-checking cost of typed routes: the same 100 calls on real GitHub routes, typed
// (a) by endpoint.withRoutes<Endpoints>(), (b) by inference from the route and
// (c) by @octokit/endpoint's own typing; one call through OpenAPIRoutes<paths> of each
// large description in test/fixtures/openapi/, against a program that only names its
// paths; and 20 realistic calls over GitHub's own description (@octokit/openapi-types),
// through OpenAPIRoutes<paths> and through openapi-fetch, with one misspelt route through
// OpenAPIRoutes<paths>, and the same 20 with their responses read (readResponse(), openapi-fetch's result). Each program is checked by `tsc --extendedDiagnostics`. Instantiations are exact;
// check time is the median of BENCH_ROUNDS runs (default 5), interleaved so the host's
// load hits every program alike.
// Usage: npm run bench:types   (builds first: the programs import dist/index.d.ts)
//        npm run bench:types -- github-20-by-name github-20-by-name-read   (only the programs named; their figures)
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import ts from "typescript";
import { fixed, machine, median, table } from "./harness.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CALLS = 100;
const root = new URL("../", import.meta.url);
const dir = new URL("tmp/bench-types/", root);
const tsc = createRequire(import.meta.url).resolve("typescript/lib/tsc.js");

// What a strict application's tsconfig would say.
const COMPILER_OPTIONS = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  target: "ES2022",
  module: "ESNext",
  moduleResolution: "Bundler",
  lib: ["ES2022"],
  types: [],
};

// Targets: (a) and (b) against (c), as multiples of its instantiations and check time.
const TARGETS = { a: { instantiations: 5, check: 2.5 }, b: { instantiations: 4, check: 1.2 } };

// One realistic call per large description; `operations` as test/fixtures/openapi/SURVEY.md counts them.
const LARGE_MAPS = {
  stripe: { operations: 468, call: `"GET /v1/customers/{customer}", { customer: "cus_1", expand: ["tax"] }` },
  digitalocean: { operations: 659, call: `"GET /v2/droplets/{droplet_id}", { droplet_id: 3164444 }` },
  box: { operations: 296, call: `"GET /files/{file_id}", { file_id: "12345", fields: ["name"] }` },
  twilio: { operations: 197, call: `"GET /2010-04-01/Accounts/{Sid}.json", { Sid: "AC1" }` },
};

// 20 realistic calls over GitHub's description, by place: written once, as each client takes them.
const GITHUB_CALLS = [
  ["GET /repos/{owner}/{repo}", { path: { owner: "octokit", repo: "endpoint.js" } }],
  [
    "GET /repos/{owner}/{repo}/issues",
    { path: { owner: "octokit", repo: "endpoint.js" }, query: { state: "open", labels: "bug", per_page: 100 } },
  ],
  [
    "POST /repos/{owner}/{repo}/issues",
    { path: { owner: "octokit", repo: "endpoint.js" }, body: { title: "Found a bug", body: "Steps", labels: ["bug"] } },
  ],
  [
    "PATCH /repos/{owner}/{repo}/issues/{issue_number}",
    { path: { owner: "octokit", repo: "endpoint.js", issue_number: 1 }, body: { state: "closed" } },
  ],
  [
    "POST /repos/{owner}/{repo}/issues/{issue_number}/comments",
    { path: { owner: "octokit", repo: "endpoint.js", issue_number: 1 }, body: { body: "Thanks" } },
  ],
  ["GET /user", {}],
  ["GET /users/{username}", { path: { username: "octocat" } }],
  [
    "GET /repos/{owner}/{repo}/pulls",
    { path: { owner: "octokit", repo: "endpoint.js" }, query: { state: "open", sort: "updated" } },
  ],
  [
    "POST /repos/{owner}/{repo}/pulls",
    { path: { owner: "octokit", repo: "endpoint.js" }, body: { title: "Fix", head: "fix", base: "main" } },
  ],
  [
    "PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge",
    { path: { owner: "octokit", repo: "endpoint.js", pull_number: 2 }, body: { merge_method: "squash" } },
  ],
  [
    "GET /repos/{owner}/{repo}/contents/{path}",
    { path: { owner: "octokit", repo: "endpoint.js", path: "README.md" }, query: { ref: "main" } },
  ],
  [
    "PUT /repos/{owner}/{repo}/contents/{path}",
    {
      path: { owner: "octokit", repo: "endpoint.js", path: "a.txt" },
      body: { message: "Add a.txt", content: "aGVsbG8=" },
    },
  ],
  [
    "GET /repos/{owner}/{repo}/commits",
    { path: { owner: "octokit", repo: "endpoint.js" }, query: { sha: "main", per_page: 10 } },
  ],
  ["GET /repos/{owner}/{repo}/commits/{ref}", { path: { owner: "octokit", repo: "endpoint.js", ref: "main" } }],
  [
    "POST /repos/{owner}/{repo}/releases",
    { path: { owner: "octokit", repo: "endpoint.js" }, body: { tag_name: "v1.0.0", name: "v1.0.0", draft: false } },
  ],
  [
    "POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches",
    {
      path: { owner: "octokit", repo: "endpoint.js", workflow_id: "ci.yml" },
      body: { ref: "main", inputs: { debug: "true" } },
    },
  ],
  [
    "POST /repos/{owner}/{repo}/issues/{issue_number}/labels",
    { path: { owner: "octokit", repo: "endpoint.js", issue_number: 1 }, body: { labels: ["bug"] } },
  ],
  ["GET /search/repositories", { query: { q: "endpoint language:typescript", sort: "stars", order: "desc" } }],
  [
    "POST /repos/{owner}/{repo}/git/refs",
    {
      path: { owner: "octokit", repo: "endpoint.js" },
      body: { ref: "refs/heads/fix", sha: "aa218f56b14c9653891f9e74264a383fa43fefbd" },
    },
  ],
  [
    "DELETE /repos/{owner}/{repo}/git/refs/{ref}",
    { path: { owner: "octokit", repo: "endpoint.js", ref: "heads/fix" } },
  ],
];
const GITHUB_PATHS = `import type { paths } from "@octokit/openapi-types";`;
// One letter left out of a route (`isues`): tsc must name the closest operation in its error.
const MISSPELT = `"GET /repos/{owner}/{repo}/isues", { owner: "octokit", repo: "endpoint.js", state: "open" }`;

// The same 20 calls by operationId, through the names map `fluent-endpoint openapi` would write for the description.
const GITHUB_NAMES = githubOperationRoutes();
const GITHUB_NAMES_TYPE = `type operationRoutes = {\n${[...GITHUB_NAMES].map(([name, route]) => `  ${JSON.stringify(name)}: ${JSON.stringify(route)};`).join("\n")}\n};`;
const nameOf = (route) => [...GITHUB_NAMES].find(([, each]) => each === route)[0];
// One letter left out of a name (`list-for-rep`): tsc must name the closest operationId in its error.
const MISSPELT_NAME = `"issues/list-for-rep", { owner: "octokit", repo: "endpoint.js", state: "open" }`;

rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const calls = pickCalls();
const callsOf = (fn) =>
  calls.map(({ route, fields }, i) => `export const c${i} = ${fn}(${JSON.stringify(route)}, { ${fields} });`);
const programs = {
  a: [
    `import { endpoint } from "fluent-endpoint";`,
    `import type { Endpoints } from "@octokit/types";`,
    `const github = endpoint.withRoutes<Endpoints>();`,
    ...callsOf("github"),
  ],
  b: [`import { endpoint } from "fluent-endpoint";`, ...callsOf("endpoint")],
  c: [`import { endpoint } from "@octokit/endpoint";`, ...callsOf("endpoint")],
  // One call through the route map: tsc evaluating every route of the map (a regression
  // measured at 234 000 instantiations) shows here first.
  "a-one": [
    `import { endpoint } from "fluent-endpoint";`,
    `import type { Endpoints } from "@octokit/types";`,
    `export const one = endpoint.withRoutes<Endpoints>()(${JSON.stringify(calls[0].route)}, { ${calls[0].fields} });`,
  ],
  // Routes far longer than any real one: 20 placeholders, and 1 000 characters.
  long: [`import { endpoint, RequestBuilder } from "fluent-endpoint";`, ...longRouteCalls()],
  // GitHub's description: naming its paths alone, 20 calls through OpenAPIRoutes<paths> and through openapi-fetch,
  // and a misspelt route (the one program expected to fail).
  "github-paths": [
    `import { endpoint } from "fluent-endpoint";`,
    GITHUB_PATHS,
    `export type Paths = paths;`,
    `export const e = endpoint;`,
  ],
  "github-20": [
    `import { endpoint, type OpenAPIRoutes } from "fluent-endpoint";`,
    GITHUB_PATHS,
    `const github = endpoint.withRoutes<OpenAPIRoutes<paths>>();`,
    ...GITHUB_CALLS.map(([route, { path, query, body }], i) => {
      const options = { ...path, ...query, ...body };
      return `export const c${i} = github(${JSON.stringify(route)}${Object.keys(options).length === 0 ? "" : `, ${JSON.stringify(options)}`});`;
    }),
  ],
  "github-20-openapi-fetch": [
    `import createClient from "openapi-fetch";`,
    GITHUB_PATHS,
    `const client = createClient<paths>();`,
    ...GITHUB_CALLS.map(([route, { path, query, body }], i) => {
      const [method, url] = route.split(" ");
      const params = { ...(path && { path }), ...(query && { query }) };
      const init = { ...(Object.keys(params).length > 0 && { params }), ...(body && { body }) };
      return `export const c${i} = client.${method}(${JSON.stringify(url)}${Object.keys(init).length === 0 ? "" : `, ${JSON.stringify(init)}`});`;
    }),
  ],
  "github-names": [
    `import { endpoint, type OpenAPIRoutes } from "fluent-endpoint";`,
    GITHUB_PATHS,
    GITHUB_NAMES_TYPE,
    `export type Routes = OpenAPIRoutes<paths, operationRoutes>;`,
    `export const e = endpoint;`,
  ],
  "github-20-by-name": [
    `import { endpoint, type OpenAPIRoutes } from "fluent-endpoint";`,
    GITHUB_PATHS,
    GITHUB_NAMES_TYPE,
    `const github = endpoint.withRoutes<OpenAPIRoutes<paths, operationRoutes>>();`,
    ...GITHUB_CALLS.map(([route, { path, query, body }], i) => {
      const options = { ...path, ...query, ...body };
      return `export const c${i} = github.operation(${JSON.stringify(nameOf(route))}${Object.keys(options).length === 0 ? "" : `, ${JSON.stringify(options)}`});`;
    }),
  ],
  // The same 20 calls by name, each response read by readResponse(), its data and error reached.
  "github-20-by-name-read": [
    `import { endpoint, type OpenAPIRoutes } from "fluent-endpoint";`,
    `import { readResponse, type ResponseLike } from "fluent-endpoint/response";`,
    GITHUB_PATHS,
    GITHUB_NAMES_TYPE,
    `const github = endpoint.withRoutes<OpenAPIRoutes<paths, operationRoutes>>();`,
    `declare const response: ResponseLike;`,
    ...GITHUB_CALLS.map(([route, { path, query, body }], i) => {
      const options = { ...path, ...query, ...body };
      return `const c${i} = github.operation(${JSON.stringify(nameOf(route))}${Object.keys(options).length === 0 ? "" : `, ${JSON.stringify(options)}`});`;
    }),
    `export async function read() {`,
    ...GITHUB_CALLS.map(
      (_, i) => `  const r${i} = await readResponse(c${i}, response);\n  void [r${i}.data, r${i}.error];`,
    ),
    `}`,
  ],
  // openapi-fetch's 20 calls, each response's data and error reached.
  "github-20-openapi-fetch-read": [
    `import createClient from "openapi-fetch";`,
    GITHUB_PATHS,
    `const client = createClient<paths>();`,
    `export async function read() {`,
    ...GITHUB_CALLS.map(([route, { path, query, body }], i) => {
      const [method, url] = route.split(" ");
      const params = { ...(path && { path }), ...(query && { query }) };
      const init = { ...(Object.keys(params).length > 0 && { params }), ...(body && { body }) };
      return `  const r${i} = await client.${method}(${JSON.stringify(url)}${Object.keys(init).length === 0 ? "" : `, ${JSON.stringify(init)}`});\n  void [r${i}.data, r${i}.error];`;
    }),
    `}`,
  ],
  "github-misspelt-name": [
    `import { endpoint, type OpenAPIRoutes } from "fluent-endpoint";`,
    GITHUB_PATHS,
    GITHUB_NAMES_TYPE,
    `export const one = endpoint.withRoutes<OpenAPIRoutes<paths, operationRoutes>>().operation(${MISSPELT_NAME});`,
  ],
  "github-misspelt": [
    `import { endpoint, type OpenAPIRoutes } from "fluent-endpoint";`,
    GITHUB_PATHS,
    `export const one = endpoint.withRoutes<OpenAPIRoutes<paths>>()(${MISSPELT});`,
  ],
  // A large OpenAPI map: naming its paths alone, then one call through OpenAPIRoutes<paths>
  // (listing its operations before the first call cost 12 900 to 42 500 instantiations).
  ...Object.fromEntries(
    Object.entries(LARGE_MAPS).flatMap(([name, { call }]) => {
      const paths = `import type { paths } from "../../test/fixtures/openapi/${name}/${name}.js";`;
      return [
        [
          `${name}-paths`,
          [
            `import { endpoint } from "fluent-endpoint";`,
            paths,
            `export type Paths = paths;`,
            `export const e = endpoint;`,
          ],
        ],
        [
          `${name}-one`,
          [
            `import { endpoint, type OpenAPIRoutes } from "fluent-endpoint";`,
            paths,
            `export const one = endpoint.withRoutes<OpenAPIRoutes<paths>>()(${call});`,
          ],
        ],
      ];
    }),
  ),
};
// Program names on the command line: only those, their instantiations and check times, then stop.
const only = process.argv.slice(2);
const unknown = only.filter((name) => !(name in programs));
if (unknown.length > 0)
  throw new Error(`no program ${unknown.join(", ")}; there are ${Object.keys(programs).join(", ")}`);
if (only.length > 0) for (const name of Object.keys(programs)) if (!only.includes(name)) delete programs[name];
for (const [name, lines] of Object.entries(programs)) {
  writeFileSync(new URL(`${name}.ts`, dir), `${lines.join("\n")}\n`);
  writeFileSync(
    new URL(`tsconfig.${name}.json`, dir),
    JSON.stringify({ compilerOptions: COMPILER_OPTIONS, files: [`${name}.ts`] }),
  );
}

console.log(`Type-checking cost of typed routes: ${CALLS} calls on GitHub routes (@octokit/types Endpoints)`);
console.log(`${machine()}; TypeScript ${ts.version}; ${ROUNDS} rounds`);
const results = Object.fromEntries(Object.keys(programs).map((name) => [name, { instantiations: 0, checks: [] }]));
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? Object.keys(programs) : Object.keys(programs).reverse();
  for (const name of order) {
    const { instantiations, check, errors } = runTsc(name, name.startsWith("github-misspelt"));
    results[name].instantiations = instantiations;
    results[name].checks.push(check);
    results[name].errors = errors;
  }
}

if (only.length > 0) {
  for (const name of only) {
    console.log(`${name}: ${results[name].instantiations} instantiations, ${fixed(median(results[name].checks))} s`);
  }
  if (only.includes("github-20-by-name") && only.includes("github-20-by-name-read")) {
    const ratio = results["github-20-by-name-read"].instantiations / results["github-20-by-name"].instantiations;
    console.log(`reading the responses: ${fixed(ratio)}× the calls by name alone`);
  }
  process.exit(0);
}

const reference = results.c;
const ratio = (name, field) =>
  field === "check"
    ? median(results[name].checks) / median(reference.checks)
    : results[name].instantiations / reference.instantiations;
const rows = [
  ["(a) endpoint.withRoutes<Endpoints>()", "a"],
  ["(b) inferred from the route", "b"],
  ["(c) @octokit/endpoint's typing", "c"],
].map(([label, name]) => {
  const target = TARGETS[name];
  const met = target && ratio(name, "instantiations") <= target.instantiations && ratio(name, "check") <= target.check;
  return [
    label,
    results[name].instantiations,
    name === "c" ? "" : `${fixed(ratio(name, "instantiations"))}×`,
    `${fixed(median(results[name].checks))} s`,
    `${fixed(Math.min(...results[name].checks))}–${fixed(Math.max(...results[name].checks))}`,
    name === "c" ? "" : `${fixed(ratio(name, "check"))}×`,
    target ? `≤ ${target.instantiations}× / ≤ ${target.check}× ${met ? "met" : "NOT MET"}` : "",
  ];
});
table(
  `${CALLS} calls, one tsc run per program and round`,
  ["typing", "instantiations", "÷ (c)", "check time", "range", "÷ (c)", "target"],
  rows,
);
console.log(`\none call through withRoutes<Endpoints>(): ${results["a-one"].instantiations} instantiations`);
console.log(
  `20 placeholders and a 1 000-character route: ${results.long.instantiations} instantiations, no depth or complexity error`,
);
table(
  "One call through endpoint.withRoutes<OpenAPIRoutes<paths>>(), against a program that only names the paths",
  ["description", "operations", "instantiations", "check time", "range", "paths alone", "the call adds"],
  Object.entries(LARGE_MAPS).map(([name, { operations }]) => {
    const one = results[`${name}-one`];
    const alone = results[`${name}-paths`];
    return [
      name,
      operations,
      one.instantiations,
      `${fixed(median(one.checks))} s`,
      `${fixed(Math.min(...one.checks))}–${fixed(Math.max(...one.checks))}`,
      `${alone.instantiations} / ${fixed(median(alone.checks))} s`,
      `${one.instantiations - alone.instantiations} / ${fixed(median(one.checks) - median(alone.checks))} s`,
    ];
  }),
);
const github = (name) => [
  results[name].instantiations,
  `${fixed(median(results[name].checks))} s`,
  `${fixed(Math.min(...results[name].checks))}–${fixed(Math.max(...results[name].checks))}`,
];
table(
  "GitHub's description (@octokit/openapi-types, 1 223 operations): 20 calls, and one misspelt route",
  ["program", "instantiations", "check time", "range"],
  [
    ["naming the paths alone", ...github("github-paths")],
    ["20 calls, endpoint.withRoutes<OpenAPIRoutes<paths>>()", ...github("github-20")],
    ["20 calls, openapi-fetch createClient<paths>()", ...github("github-20-openapi-fetch")],
    ["a misspelt route, endpoint.withRoutes<OpenAPIRoutes<paths>>()", ...github("github-misspelt")],
    ["naming the paths and the operations by name alone", ...github("github-names")],
    [
      "20 calls by operationId, .operation() over OpenAPIRoutes<paths, operationRoutes>",
      ...github("github-20-by-name"),
    ],
    ["a misspelt operationId, .operation()", ...github("github-misspelt-name")],
    [
      "the 20 calls by operationId, each response read by readResponse(), its data and error",
      ...github("github-20-by-name-read"),
    ],
    ["the 20 openapi-fetch calls, each response's data and error", ...github("github-20-openapi-fetch-read")],
  ],
);
// What reading costs against the calls alone (target ≤ 1.25×), and against openapi-fetch reading the same (target < 0.1).
const read = results["github-20-by-name-read"].instantiations;
console.log(
  `reading the responses: ${fixed(read / results["github-20-by-name"].instantiations)}× the calls by name alone, ${fixed(read / results["github-20-openapi-fetch-read"].instantiations)}× openapi-fetch's reading them`,
);
console.log(`the misspelt route's error: ${results["github-misspelt"].errors.join("\n")}`);
console.log(`the misspelt operationId's error: ${results["github-misspelt-name"].errors.join("\n")}`);
const largeOne = Math.max(...Object.keys(LARGE_MAPS).map((name) => results[`${name}-one`].instantiations));
console.log(
  `SUMMARY-TYPES a=${fixed(ratio("a", "instantiations"))}x/${fixed(ratio("a", "check"))}x b=${fixed(ratio("b", "instantiations"))}x/${fixed(ratio("b", "check"))}x one-call=${results["a-one"].instantiations} openapi-one-call=${largeOne} github-20=${results["github-20"].instantiations} github-misspelt=${results["github-misspelt"].instantiations} github-20-by-name=${results["github-20-by-name"].instantiations} github-misspelt-name=${results["github-misspelt-name"].instantiations} github-20-by-name-read=${read} github-20-openapi-fetch-read=${results["github-20-openapi-fetch-read"].instantiations}`,
);

/**
 * GitHub's operations by operationId, each one's route, read from @octokit/openapi-types' `paths` (a method is
 * written `get: operations["issues/list-for-repo"];`): what `fluent-endpoint openapi` writes for its description.
 */
function githubOperationRoutes() {
  const text = readFileSync(createRequire(import.meta.url).resolve("@octokit/openapi-types/types.d.ts"), "utf8");
  const start = text.indexOf("export interface paths {");
  const names = new Map();
  let path = "";
  for (const line of text.slice(start, text.indexOf("\n}\n", start)).split("\n")) {
    const key = /^ {2}"(\/[^"]*)": \{$/.exec(line);
    if (key !== null) path = key[1];
    const method = /^ {4}(get|put|post|delete|options|head|patch|trace): operations\["([^"]+)"\];$/.exec(line);
    if (method !== null) names.set(method[2], `${method[1].toUpperCase()} ${path}`);
  }
  return names;
}

/**
 * Runs tsc on one program; any error (every call must compile) stops the benchmark, but for a program that
 * `fails` on purpose, which must fail with exactly one error.
 */
function runTsc(name, fails = false) {
  let output;
  try {
    output = execFileSync(
      process.execPath,
      [tsc, "-p", new URL(`tsconfig.${name}.json`, dir).pathname, "--extendedDiagnostics"],
      {
        encoding: "utf8",
      },
    );
  } catch (error) {
    output = error.stdout;
    if (!fails) throw new Error(`tsc failed on ${name}.ts:\n${output}`);
  }
  const errors = output.split("\n").filter((line) => line.includes(": error TS"));
  if (fails && errors.length !== 1) throw new Error(`tsc should fail once on ${name}.ts:\n${output}`);
  const read = (label) => Number(new RegExp(`^${label}:\\s+([\\d.]+)`, "m").exec(output)?.[1]);
  return { instantiations: read("Instantiations"), check: read("Check time"), errors };
}

/**
 * 100 routes of `Endpoints`, evenly spread over its sorted keys, among those whose
 * required parameters all have a simple type (a string, a number, a boolean, a
 * literal or an array of one), each with a value of that type: a call every typing
 * accepts.
 */
function pickCalls() {
  const probe = new URL("probe.ts", dir).pathname;
  writeFileSync(
    probe,
    `import type { Endpoints } from "@octokit/types";\nexport declare const endpoints: Endpoints;\n`,
  );
  const { options } = ts.convertCompilerOptionsFromJson(COMPILER_OPTIONS, dir.pathname);
  const program = ts.createProgram([probe], options);
  const checker = program.getTypeChecker();
  const declaration = program.getSourceFile(probe).statements[1].declarationList.declarations[0];
  const endpoints = checker.getTypeAtLocation(declaration.name);
  const usable = [];
  for (const property of checker.getPropertiesOfType(endpoints).sort((x, y) => (x.name < y.name ? -1 : 1))) {
    const parameters = checker.getTypeOfSymbol(checker.getTypeOfSymbol(property).getProperty("parameters"));
    if (parameters.isUnion()) continue; // one of several bodies: no single object fits every typing
    const fields = [];
    for (const parameter of checker.getPropertiesOfType(parameters)) {
      if (parameter.flags & ts.SymbolFlags.Optional) continue;
      const value = valueOf(checker, checker.getTypeOfSymbol(parameter));
      if (value === undefined) break;
      fields.push(
        `${/^[A-Za-z_$][\w$]*$/.test(parameter.name) ? parameter.name : JSON.stringify(parameter.name)}: ${value}`,
      );
    }
    if (
      fields.length ===
      checker.getPropertiesOfType(parameters).filter((p) => !(p.flags & ts.SymbolFlags.Optional)).length
    ) {
      usable.push({ route: property.name, fields: fields.join(", ") });
    }
  }
  return Array.from({ length: CALLS }, (_, i) => usable[Math.floor((i * usable.length) / CALLS)]);
}

/** Source text of a value of `type`, or undefined when it is not simple. */
function valueOf(checker, type) {
  type = checker.getNonNullableType(type);
  const parts = type.isUnion() ? type.types : [type];
  const literal = parts.find((part) => part.isStringLiteral() || part.isNumberLiteral());
  if (literal !== undefined) return JSON.stringify(literal.value);
  if (parts.some((part) => part.flags & ts.TypeFlags.String)) return `"x"`;
  if (parts.some((part) => part.flags & ts.TypeFlags.Number)) return "1";
  if (parts.every((part) => part.flags & ts.TypeFlags.BooleanLiteral)) return "true";
  if (parts.length === 1 && checker.isArrayType(type)) {
    const item = valueOf(checker, checker.getTypeArguments(type)[0]);
    return item === undefined ? undefined : `[${item}]`;
  }
  return undefined;
}

/** Calls on a route with 20 placeholders and on 1 000-character routes (three shapes), through endpoint() and the builder. */
function longRouteCalls() {
  const names = Array.from({ length: 20 }, (_, i) => `p${i}`);
  const twenty = `GET /${names.map((name) => `{${name}}`).join("/")}`;
  const values = names.map((name) => `${name}: 1`).join(", ");
  // A route of `head` and as many pieces as fit in 1 000 characters, padded with literal text to exactly 1 000.
  const long = (head, piece) => {
    let route = head;
    for (let i = 0; route.length + piece(i).length <= 1000; i++) route += piece(i);
    return route + "x".repeat(1000 - route.length);
  };
  const longLiteral = long("GET /a/{owner}/", () => "segment/");
  const manyNames = long("GET ", (i) => `/{v${i}}`);
  const manyColons = long("GET ", (i) => `/:c${i}`);
  return [
    `export const twenty = endpoint(${JSON.stringify(twenty)}, { ${values} });`,
    `export const twentyBuilt = new RequestBuilder().route(${JSON.stringify(twenty)}).params({ ${values} }).build();`,
    `export const longLiteral = endpoint(${JSON.stringify(longLiteral)}, { owner: "o" });`,
    // No values: what is measured is reading the route, and `never` fits any options type.
    `export const manyNames = endpoint(${JSON.stringify(manyNames)}, {} as never);`,
    `export const manyColons = endpoint(${JSON.stringify(manyColons)}, {} as never);`,
  ];
}
