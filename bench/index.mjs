// fluent-endpoint vs @octokit/endpoint, interleaved in one process.
// Usage: node bench/index.mjs   (env: BENCH_ROUNDS=7, BENCH_TIME=1 scales every budget)
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { endpoint as reference } from "@octokit/endpoint";
import * as openapiFetch from "openapi-fetch";
import { endpoint as ours, RequestBuilder, VERSION } from "../dist/index.js";
import { openAPIEndpoint, openAPIRoutes } from "../dist/openapi.js";
import { runAdversarial } from "./adversarial.mjs";
import {
  chainOfDepth,
  ENDPOINT_CASES,
  floorGetQuery,
  getQueryOptions,
  makeBuilderCase,
  makeBuilderReference,
  makeChainCall,
  makeCheckedTableCalls,
  checkedEndpoint,
  makeOpenAPICall,
  makeOpenAPIFloor,
  makeTableCallByName,
  makeFloorCase,
  makeOpenAPIOurs,
  makeOpenAPITheirs,
  makeTableCall,
  OPENAPI_FETCH_CASES,
  VALUES,
} from "./cases.mjs";
import { fixed, geomean, interleaved, machine, ns, ROUNDS, range, TIME_SCALE, table, warmUp } from "./harness.mjs";

// The package does not export its package.json; read it from where npm put it.
const versionOf = (name) =>
  JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url), "utf8")).version;
const referenceVersion = versionOf("@octokit/endpoint");
const progress = (text) => process.stderr.write(`  … ${text}\n`);

console.log(`fluent-endpoint ${VERSION} vs @octokit/endpoint ${referenceVersion}`);
console.log(`${machine()}; ${ROUNDS} rounds, BENCH_TIME=${TIME_SCALE}`);

const DEPTHS = [1, 10, 100];
checkInputs();
checkOpenAPIFetch();
const checkedApis = new Map();
for (const c of OPENAPI_FETCH_CASES) checkedApis.set(c.name, await checkedEndpoint(openAPIEndpoint, c.description));

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
  // The same route by its operationId ("reference" is the route call here).
  {
    name: "table-by-name",
    ours: ENDPOINT_CASES[0].make(makeTableCallByName(ours, openAPIRoutes)),
    reference: ENDPOINT_CASES[0].make(makeTableCall(ours, openAPIRoutes)),
  },
  // The same route with argument checks ("reference" is the unchecked call here).
  {
    name: "table-checked",
    ours: ENDPOINT_CASES[0].make((await makeCheckedTableCalls(openAPIEndpoint)).checked),
    reference: ENDPOINT_CASES[0].make((await makeCheckedTableCalls(openAPIEndpoint)).unchecked),
  },
  ...DEPTHS.map((depth) => ({ name: `depth-${depth}`, ours: makeChainCall(chainOfDepth(ours, depth)) })),
  // For information: one key per level, so the request itself grows with depth.
  ...DEPTHS.map((depth) => ({ name: `grow-${depth}`, ours: makeChainCall(chainOfDepth(ours, depth, depth)) })),
  // A table's route against openapi-fetch's serializers for the same request ("reference" is openapi-fetch here).
  ...OPENAPI_FETCH_CASES.map((c) => ({
    name: `openapi-fetch ${c.name}`,
    ours: makeOpenAPIOurs(c, ours, openAPIRoutes),
    reference: makeOpenAPITheirs(c, openapiFetch),
  })),
  // The same routes with argument checks ("reference" is the unchecked call here), and each by hand.
  ...OPENAPI_FETCH_CASES.map((c) => ({
    name: `openapi-fetch-checked ${c.name}`,
    ours: makeOpenAPICall(c, checkedApis.get(c.name)),
    reference: makeOpenAPIOurs(c, ours, openAPIRoutes),
  })),
  ...OPENAPI_FETCH_CASES.map((c) => ({ name: `openapi-fetch-floor ${c.name}`, ours: makeOpenAPIFloor(c) })),
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

const byName = t.get("table-by-name");
table(
  "Operations by name (api.operation(operationId, options)), get-query's request",
  ["case", "ours (by name)", "ours (by route)", "by name / by route", "per-round range"],
  [
    [
      "get-query by operationId",
      ns(byName.ours),
      ns(byName.reference),
      fixed(byName.ours / byName.reference),
      range(byName.ratioRange.map((ratio) => 1 / ratio).reverse()),
    ],
  ],
);

const checked = t.get("table-checked");
table(
  "Argument checks (openAPIEndpoint(description, { check })), get-query's request",
  ["case", "ours (checked)", "ours (unchecked)", "checked / unchecked", "per-round range"],
  [
    [
      "get-query, checked",
      ns(checked.ours),
      ns(checked.reference),
      fixed(checked.ours / checked.reference),
      range(checked.ratioRange.map((ratio) => 1 / ratio).reverse()),
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

const openapiFetchRatios = OPENAPI_FETCH_CASES.map((c) => {
  const { ours: o, reference: r, ratioRange } = t.get(`openapi-fetch ${c.name}`);
  return { name: c.name, label: c.label, ours: o, theirs: r, ratio: r / o, ratioRange };
});
table(
  `A table's route (withRoutes(openAPIRoutes(…))) vs openapi-fetch ${versionOf("openapi-fetch")}'s serializers, url + body, no Request; ratio = openapi-fetch / ours`,
  ["case", "", "ours", "openapi-fetch", "ratio", "per-round range"],
  openapiFetchRatios.map((r) => [r.name, r.label, ns(r.ours), ns(r.theirs), fixed(r.ratio), range(r.ratioRange)]),
);
const openapiFetchMean = geomean(openapiFetchRatios.map((r) => r.ratio));
const checkedRatios = OPENAPI_FETCH_CASES.map((c) => {
  const { ours: o, reference: r, ratioRange } = t.get(`openapi-fetch-checked ${c.name}`);
  return { name: c.name, checked: o, unchecked: r, ratio: o / r, ratioRange: ratioRange.map((x) => 1 / x).reverse() };
});
table(
  "The same routes with argument checks (openAPIEndpoint(description, { check })) and by hand (the floor)",
  ["case", "checked", "unchecked", "checked / unchecked", "per-round range", "floor", "floor / unchecked"],
  checkedRatios.map((r) => {
    const floorTime = t.get(`openapi-fetch-floor ${r.name}`).ours;
    return [
      r.name,
      ns(r.checked),
      ns(r.unchecked),
      fixed(r.ratio),
      range(r.ratioRange),
      ns(floorTime),
      fixed(floorTime / r.unchecked),
    ];
  }),
);
const dearestCheck = checkedRatios.reduce((a, b) => (b.ratio > a.ratio ? b : a));
const openapiFetchSlowest = openapiFetchRatios.reduce((a, b) => (b.ratio < a.ratio ? b : a));
console.log(
  `geometric mean of ratios ${fixed(openapiFetchMean)}; slowest case ${openapiFetchSlowest.name} ${fixed(openapiFetchSlowest.ratio)}`,
);

// --- Growth section: adversarial and large inputs.
await runAdversarial(ours, reference, (text) => progress(text));

console.log(
  `\nSUMMARY-OPENAPI-FETCH geomean=${fixed(openapiFetchMean)} slowest=${openapiFetchSlowest.name} ${fixed(openapiFetchSlowest.ratio)} ` +
    openapiFetchRatios.map((r) => `${r.name}=${fixed(r.ratio)}`).join(" ") +
    ` checked-max=${dearestCheck.name} ${fixed(dearestCheck.ratio)}`,
);
console.log(
  `SUMMARY geomean(endpoint ratios)=${fixed(mean)} slowest=${slowest.name} ${fixed(slowest.ratio)} ` +
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

/**
 * Before timing: for every value set, our table route and openapi-fetch's serializers must give the same url and
 * body. Text that differs only in how equivalent characters are encoded (`[` or `%5B`, a space as `+` or `%20` in
 * a form body) is printed as a note; anything else stops the benchmark, since timing different requests is moot.
 */
function checkOpenAPIFetch() {
  const notes = [];
  for (const c of OPENAPI_FETCH_CASES) {
    const seen = { ours: [], theirs: [] };
    const runOurs = makeOpenAPIOurs(c, ours, openAPIRoutes, (result) => seen.ours.push(result));
    const runTheirs = makeOpenAPITheirs(c, openapiFetch, (result) => seen.theirs.push(result));
    // The floor writes our whole request by hand: method, url, headers and body text, equal as they are.
    const api = ours.withRoutes(openAPIRoutes(c.description));
    for (const v of VALUES) {
      const request = api(c.route, c.ours(v));
      if (typeof request.body === "object") request.body = JSON.stringify(request.body);
      const difference = firstDifference(request, c.floor(v));
      if (difference) throw new Error(`openapi-fetch ${c.name}: the floor differs from ours: ${difference}`);
    }
    let noted = false;
    for (let i = 0; i < VALUES.length; i++) {
      runOurs();
      runTheirs();
      const [o, r] = [seen.ours[i], seen.theirs[i]];
      for (const [field, decode] of [
        ["url", decodedUrl],
        ["body", decodedForm],
      ]) {
        if (o[field] === r[field]) continue;
        if (o[field] === undefined || r[field] === undefined || decode(o[field]) !== decode(r[field])) {
          throw new Error(
            `openapi-fetch ${c.name}: ${field} ${o[field]} (ours) vs ${r[field]} (openapi-fetch), value set ${i}`,
          );
        }
        if (!noted)
          notes.push(
            `${c.name}: ${field} ${o[field]} (ours) vs ${r[field]} (openapi-fetch), equal decoded${c.known ? ` — ${c.known}` : ""}`,
          );
        noted = true;
      }
    }
  }
  console.log(
    `\nInput check, ours vs openapi-fetch: the same url and body for all ${VALUES.length} value sets of every case` +
      notes.map((n) => `\n  note: ${n}`).join(""),
  );
}

/** A url as a server reads it: origin, decoded path segments, decoded query pairs. */
function decodedUrl(text) {
  const url = new URL(text);
  return JSON.stringify([url.origin, url.pathname.split("/").map(decodeURIComponent), [...url.searchParams]]);
}

/** A body as a server reads an application/x-www-form-urlencoded one (JSON text, which has no `=` pairs, as it is). */
function decodedForm(text) {
  return text.startsWith("{") ? text : JSON.stringify([...new URLSearchParams(text)]);
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
