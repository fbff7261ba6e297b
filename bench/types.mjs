// Type-checking cost of typed routes: the same 100 calls on real GitHub routes, typed
// (a) by endpoint.withRoutes<Endpoints>(), (b) by inference from the route and
// (c) by @octokit/endpoint's own typing; and one call through OpenAPIRoutes<paths> of each
// large description in test/fixtures/openapi/, against a program that only names its
// paths. Each program is checked by `tsc --extendedDiagnostics`. Instantiations are exact;
// check time is the median of BENCH_ROUNDS runs (default 5), interleaved so the host's
// load hits every program alike.
// Usage: npm run bench:types   (builds first: the programs import dist/index.d.ts)
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
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
    const { instantiations, check } = runTsc(name);
    results[name].instantiations = instantiations;
    results[name].checks.push(check);
  }
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
const largeOne = Math.max(...Object.keys(LARGE_MAPS).map((name) => results[`${name}-one`].instantiations));
console.log(
  `SUMMARY-TYPES a=${fixed(ratio("a", "instantiations"))}x/${fixed(ratio("a", "check"))}x b=${fixed(ratio("b", "instantiations"))}x/${fixed(ratio("b", "check"))}x one-call=${results["a-one"].instantiations} openapi-one-call=${largeOne}`,
);

/** Runs tsc on one program; any error (every call must compile) stops the benchmark. */
function runTsc(name) {
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
    throw new Error(`tsc failed on ${name}.ts:\n${error.stdout}`);
  }
  const read = (label) => Number(new RegExp(`^${label}:\\s+([\\d.]+)`, "m").exec(output)?.[1]);
  return { instantiations: read("Instantiations"), check: read("Check time") };
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
