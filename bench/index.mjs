// fluent-endpoint vs @octokit/endpoint, interleaved in one process.
// Usage: node bench/index.mjs   (env: BENCH_ROUNDS=7, BENCH_TIME=1 scales every budget)
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { endpoint as reference } from "@octokit/endpoint";
import { endpoint as ours, RequestBuilder, VERSION } from "../dist/index.js";
import { openAPIRoutes } from "../dist/openapi.js";
import { runAdversarial } from "./adversarial.mjs";
import {
  chainOfDepth,
  ENDPOINT_CASES,
  floorGetQuery,
  getQueryOptions,
  makeBuilderCase,
  makeBuilderReference,
  makeChainCall,
  makeFloorCase,
  makeTableCall,
} from "./cases.mjs";
import { fixed, geomean, interleaved, machine, ns, ROUNDS, range, TIME_SCALE, table, warmUp } from "./harness.mjs";

// The package does not export its package.json; read it from where npm put it.
const referenceVersion = JSON.parse(
  readFileSync(new URL("../node_modules/@octokit/endpoint/package.json", import.meta.url), "utf8"),
).version;
const progress = (text) => process.stderr.write(`  … ${text}\n`);

console.log(`fluent-endpoint ${VERSION} vs @octokit/endpoint ${referenceVersion}`);
console.log(`${machine()}; ${ROUNDS} rounds, BENCH_TIME=${TIME_SCALE}`);

const DEPTHS = [1, 10, 100];
checkInputs();

// --- Per-call sections: every timed function of these tables runs in the same rounds.
const pairs = [
  ...ENDPOINT_CASES.map((c) => ({ name: c.name, ours: c.make(ours), reference: c.make(reference) })),
  { name: "builder", ours: makeBuilderCase(RequestBuilder), reference: makeBuilderReference(reference) },
  { name: "floor", ours: makeFloorCase() },
  // A route a table holds: get-query's request, built as its (small) OpenAPI description says.
  {
    name: "table",
    ours: ENDPOINT_CASES[0].make(makeTableCall(ours, openAPIRoutes)),
    reference: ENDPOINT_CASES[0].make(reference),
  },
  ...DEPTHS.map((depth) => ({ name: `depth-${depth}`, ours: makeChainCall(chainOfDepth(ours, depth)) })),
  // For information: one key per level, so the request itself grows with depth.
  ...DEPTHS.map((depth) => ({ name: `grow-${depth}`, ours: makeChainCall(chainOfDepth(ours, depth, depth)) })),
];

progress("warming up");
await warmUp(pairs.flatMap((p) => (p.reference ? [p.ours, p.reference] : [p.ours])));
const t = await interleaved(pairs, { onRound: (round, rounds) => progress(`round ${round}/${rounds}`) });

console.log(
  `\n== Per call: median over ${ROUNDS} rounds of each measurement's p50, ns/op; ratio = reference / ours ==`,
);

const endpointRatios = ENDPOINT_CASES.map((c) => ({
  name: c.name,
  ratio: t.get(c.name).reference / t.get(c.name).ours,
}));
table(
  "endpoint()",
  ["case", "", "ours", "reference", "ratio", "per-round range"],
  ENDPOINT_CASES.map((c, k) => {
    const { ours: o, reference: r, ratioRange } = t.get(c.name);
    return [c.name, c.label, ns(o), ns(r), fixed(endpointRatios[k].ratio), range(ratioRange)];
  }),
);
const mean = geomean(endpointRatios.map((r) => r.ratio));
const slowest = endpointRatios.reduce((a, b) => (b.ratio < a.ratio ? b : a));
console.log(`geometric mean of ratios ${fixed(mean)}; slowest case ${slowest.name} ${fixed(slowest.ratio)}`);

const builder = t.get("builder");
table(
  "RequestBuilder reuse path",
  ["case", "ours (builder)", "reference (endpoint)", "ratio", "per-round range"],
  [
    [
      'shared.params({ owner, repo }).param("state", …).build()',
      ns(builder.ours),
      ns(builder.reference),
      fixed(builder.reference / builder.ours),
      range(builder.ratioRange),
    ],
  ],
);

const tableCall = t.get("table");
table(
  "A route from a route table (withRoutes(openAPIRoutes(…))), get-query's request",
  ["case", "ours (table)", "reference (endpoint)", "ratio", "ours (table) / ours (get-query)"],
  [
    [
      "get-query through a table",
      ns(tableCall.ours),
      ns(tableCall.reference),
      fixed(tableCall.reference / tableCall.ours),
      fixed(tableCall.ours / t.get("get-query").ours),
    ],
  ],
);

const floor = t.get("floor").ours;
table(
  "Floor: case get-query by hand (string concatenation + encodeURIComponent)",
  ["case", "ns/op", "ours / floor", "reference / floor"],
  [["floor get-query", ns(floor), fixed(t.get("get-query").ours / floor), fixed(t.get("get-query").reference / floor)]],
);

// Depth rows compare ours with ours, round by round, like the ratios above.
const depthRow = (prefix, depth) => {
  const { ours: value, rounds } = t.get(`${prefix}-${depth}`);
  const base = t.get(`${prefix}-1`);
  const ratios = rounds.ours.map((time, round) => time / base.rounds.ours[round]);
  return [`depth ${depth}`, ns(value), fixed(value / base.ours), range([Math.min(...ratios), Math.max(...ratios)])];
};
table(
  "defaults() chain depth, ours: get-query's call on a chain holding 100 distinct headers/parameters spread over its levels (the same request at every depth)",
  ["chain", "ns/op", "vs depth 1", "per-round range"],
  DEPTHS.map((depth) => depthRow("depth", depth)),
);
table(
  "For information: one new header or parameter per level (the request grows with depth)",
  ["chain", "ns/op", "vs depth 1", "per-round range"],
  DEPTHS.map((depth) => depthRow("grow", depth)),
);
const depthRatio = t.get("depth-100").ours / t.get("depth-1").ours;

// --- Growth section: adversarial and large inputs.
await runAdversarial(ours, reference, (text) => progress(text));

console.log(
  `\nSUMMARY geomean(endpoint ratios)=${fixed(mean)} slowest=${slowest.name} ${fixed(slowest.ratio)} ` +
    `builder=${fixed(builder.reference / builder.ours)} depth100/depth1=${fixed(depthRatio)}`,
);

/**
 * Before timing anything: both libraries must build the same request from the same
 * inputs (method case and user-agent aside), the floor must equal ours, and the
 * depth chains must agree. A difference is printed, not fatal: it is context for
 * the ratios, and the reference has documented differences of its own.
 */
function checkInputs() {
  const notes = [];
  for (const c of ENDPOINT_CASES) {
    const seen = { ours: [], reference: [] };
    const runOurs = c.make(spy(ours, seen.ours));
    const runReference = c.make(spy(reference, seen.reference));
    for (let i = 0; i < 64; i++) {
      runOurs();
      runReference();
    }
    for (let i = 0; i < 64; i++) {
      const difference = firstDifference(comparable(seen.ours[i]), comparable(seen.reference[i]));
      if (difference) {
        notes.push(`${c.name}: ${difference} (value set ${i})${c.known ? ` — expected: ${c.known}` : ""}`);
        break;
      }
    }
  }
  for (let i = 0; i < 64; i++) {
    const difference = firstDifference(
      floorGetQuery(getQueryOptions(i)),
      ours("GET /repos/{owner}/{repo}/issues", getQueryOptions(i)),
    );
    if (difference) {
      notes.push(`floor vs ours: ${difference} (value set ${i})`);
      break;
    }
  }
  const [one, ...deeper] = DEPTHS.map((depth) =>
    chainOfDepth(ours, depth)("GET /repos/{owner}/{repo}/issues", getQueryOptions(0)),
  );
  for (const result of deeper) {
    const difference = firstDifference(one, result);
    if (difference) notes.push(`depth chains: ${difference}`);
  }
  console.log(
    notes.length
      ? `\nInput check (method case, user-agent and body prototype aside):\n${notes.map((n) => `  note: ${n}`).join("\n")}`
      : "\nInput check: both libraries build the same requests",
  );
}

/** A result as plain JSON data, without what legitimately differs (method case, user-agent). */
function comparable({ method, headers: { "user-agent": _, ...headers }, ...rest }) {
  return JSON.parse(JSON.stringify({ ...rest, method: method.toLowerCase(), headers }));
}

/** The first top-level field in which two results differ, in words, or undefined. */
function firstDifference(a, b) {
  const show = (value) => {
    const text = JSON.stringify(value) ?? "undefined";
    return text.length > 120 ? `${text.slice(0, 120)}…` : text;
  };
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (!isDeepStrictEqual(a[key], b[key])) return `${key} ${show(a[key])} vs ${show(b[key])}`;
  }
  return undefined;
}

/** An endpoint function (and the ones its defaults() make) that records every result. */
function spy(endpoint, results) {
  const fn = (...args) => {
    const result = endpoint(...args);
    results.push(result);
    return result;
  };
  fn.defaults = (options) => spy(endpoint.defaults(options), results);
  return fn;
}
