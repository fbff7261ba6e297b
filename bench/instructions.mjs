// Instructions per call, ours against @octokit/endpoint, counted by valgrind: a figure
// the shared machine's noise cannot move, as a complement to `npm run bench` (time).
// Usage: node bench/instructions.mjs   (needs valgrind: apt-get install valgrind)
//        node bench/instructions.mjs openapi-fetch   (a table's route against openapi-fetch's serializers)
//
// Each case and side runs in its own `node --predictable` process under
// `valgrind --tool=cachegrind --cache-sim=no`, which counts executed instructions,
// the JIT's code included. A run makes N calls; the count per call is the difference
// between a run of LONG and one of SHORT calls, divided by LONG - SHORT, so start-up,
// module loading, warm-up and JIT compilation cancel out. Instructions are not time
// (cache misses and branch mispredictions cost time, not instructions), so the timed
// benchmark stays the measure of the targets; this one tells a change of 2 % from noise.
import { execFile } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";

// V8's predictable mode: one thread, fixed seeds, and a garbage collector that does not
// decide by the clock. Without it, counts move by several per cent with the host's load.
const NODE_FLAGS = ["--predictable", "--predictable-gc-schedule"];
const SHORT = Number(process.env.INSTRUCTIONS_SHORT ?? 20_000);
const LONG = Number(process.env.INSTRUCTIONS_LONG ?? 60_000);

if (process.argv[2] === "--child") {
  await child(process.argv[3], process.argv[4], Number(process.argv[5]));
} else if (process.argv[2] === "openapi-fetch") {
  await peers();
} else if (process.argv[2] === undefined) {
  await main();
} else {
  console.error(`unknown mode ${process.argv[2]}: none (against @octokit/endpoint) or openapi-fetch`);
  process.exit(1);
}

/** In the measured process: `calls` calls of one case's timed function. */
async function child(name, side, calls) {
  if (name.startsWith("openapi-fetch-")) {
    const run = await peerCase(name.slice("openapi-fetch-".length), side);
    for (let i = 0; i < calls; i++) run();
    return;
  }
  const { endpoint: reference } = await import("@octokit/endpoint");
  const { endpoint: ours, RequestBuilder } = await import("../dist/index.js");
  const cases = await import("./cases.mjs");
  let run;
  if (name === "builder")
    run = side === "ours" ? cases.makeBuilderCase(RequestBuilder) : cases.makeBuilderReference(reference);
  else if (name === "floor") run = cases.makeFloorCase();
  else if (name.startsWith("depth-")) run = cases.makeChainCall(cases.chainOfDepth(ours, Number(name.slice(6))));
  else run = cases.ENDPOINT_CASES.find((c) => c.name === name).make(side === "ours" ? ours : reference);
  for (let i = 0; i < calls; i++) run();
}

/** The timed function of one openapi-fetch case: ours, ours with argument checks, openapi-fetch's, or the floor. */
async function peerCase(name, side) {
  const cases = await import("./cases.mjs");
  const c = cases.OPENAPI_FETCH_CASES.find((each) => each.name === name);
  if (side === "theirs") return cases.makeOpenAPITheirs(c, await import("openapi-fetch"));
  if (side === "floor") return cases.makeOpenAPIFloor(c);
  const { endpoint } = await import("../dist/index.js");
  const openapi = await import("../dist/openapi.js");
  if (side === "ours") return cases.makeOpenAPIOurs(c, endpoint, openapi.openAPIRoutes);
  return cases.makeOpenAPICall(c, await cases.checkedEndpoint(openapi.openAPIEndpoint, c.description));
}

/** Instructions the whole child process executes for `calls` calls. */
function count(name, side, calls) {
  const script = fileURLToPath(import.meta.url);
  const args = ["--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"];
  args.push(process.execPath, ...NODE_FLAGS, script, "--child", name, side, String(calls));
  return new Promise((resolve, reject) => {
    execFile("valgrind", args, { maxBuffer: 16 << 20 }, (error, _stdout, stderr) => {
      const match = /I\s+refs:\s+([\d,]+)/.exec(stderr);
      if (error || !match)
        reject(new Error(`valgrind ${name} ${side} ${calls}: ${error?.message ?? stderr.slice(-500)}`));
      else resolve(Number(match[1].replaceAll(",", "")));
    });
  });
}

/** Runs `jobs` (functions returning promises) with at most `limit` at a time, results in order. */
async function pool(jobs, limit) {
  const results = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const k = next++;
      results[k] = await jobs[k]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

/** Counts every job (a `[name, side]`), SHORT and LONG calls each, on every core; the per-call count by job. */
async function countAll(measured) {
  const jobs = measured.flatMap(([name, side]) => [SHORT, LONG].map((calls) => () => count(name, side, calls)));
  let done = 0;
  const counts = await pool(
    jobs.map((job) => async () => {
      const result = await job();
      process.stderr.write(`  … ${++done}/${jobs.length}\n`);
      return result;
    }),
    Math.max(1, os.availableParallelism()),
  );
  const perCall = new Map();
  measured.forEach(([name, side], k) => {
    perCall.set(`${name} ${side}`, (counts[2 * k + 1] - counts[2 * k]) / (LONG - SHORT));
  });
  return (name, side) => perCall.get(`${name} ${side}`);
}

async function assertValgrind() {
  try {
    await new Promise((resolve, reject) => execFile("valgrind", ["--version"], (e) => (e ? reject(e) : resolve())));
  } catch {
    console.error("valgrind not found: install it (apt-get install valgrind) to count instructions");
    process.exit(1);
  }
}

/**
 * The peer mode: each openapi-fetch case of `npm run bench` (a table's route against openapi-fetch 0.17's
 * serializers), with our checked call and the hand-written floor beside it. The sides of a case are queued one
 * after another, so both run on the machine in the same minute.
 */
async function peers() {
  const { OPENAPI_FETCH_CASES } = await import("./cases.mjs");
  const { fixed, geomean, machine, table } = await import("./harness.mjs");
  await assertValgrind();
  const sides = ["ours", "theirs", "checked", "floor"];
  const measured = OPENAPI_FETCH_CASES.flatMap((c) => sides.map((side) => [`openapi-fetch-${c.name}`, side]));
  console.log(
    `a table's route vs openapi-fetch's serializers: instructions per call (valgrind cachegrind, ${SHORT} and ${LONG} calls)`,
  );
  console.log(machine());
  const get = await countAll(measured);
  const n = (value) => Math.round(value).toLocaleString("en-US");
  const rows = OPENAPI_FETCH_CASES.map((c) => {
    const [ours, theirs, checked, floor] = sides.map((side) => get(`openapi-fetch-${c.name}`, side));
    return { name: c.name, ours, theirs, checked, floor, ratio: theirs / ours, checkedRatio: checked / ours };
  });
  table(
    "instructions per call; ratio = openapi-fetch / ours; checked ÷ unchecked; floor: the same request by hand",
    ["case", "ours", "openapi-fetch", "ratio", "checked", "checked ÷ ours", "floor", "floor ÷ ours"],
    rows.map((r) => [
      r.name,
      n(r.ours),
      n(r.theirs),
      fixed(r.ratio),
      n(r.checked),
      fixed(r.checkedRatio),
      n(r.floor),
      fixed(r.floor / r.ours),
    ]),
  );
  const slowest = rows.reduce((a, b) => (b.ratio < a.ratio ? b : a));
  const dearest = rows.reduce((a, b) => (b.checkedRatio > a.checkedRatio ? b : a));
  console.log(
    `\nSUMMARY-INSTRUCTIONS-OPENAPI-FETCH geomean=${fixed(geomean(rows.map((r) => r.ratio)))} slowest=${slowest.name} ${fixed(slowest.ratio)} ` +
      `${rows.map((r) => `${r.name}=${fixed(r.ratio)}`).join(" ")} checked-max=${dearest.name} ${fixed(dearest.checkedRatio)}`,
  );
}

async function main() {
  const { ENDPOINT_CASES } = await import("./cases.mjs");
  const { fixed, geomean, machine, table } = await import("./harness.mjs");
  await assertValgrind();
  const measured = [
    ...ENDPOINT_CASES.flatMap((c) => [
      [c.name, "ours"],
      [c.name, "reference"],
    ]),
    ["builder", "ours"],
    ["builder", "reference"],
    ["floor", "ours"],
    ["depth-1", "ours"],
    ["depth-100", "ours"],
  ];
  console.log(
    `fluent-endpoint vs @octokit/endpoint: instructions per call (valgrind cachegrind, ${SHORT} and ${LONG} calls)`,
  );
  console.log(machine());
  const get = await countAll(measured);
  const n = (value) => Math.round(value).toLocaleString("en-US");

  const ratios = ENDPOINT_CASES.map((c) => ({ name: c.name, ratio: get(c.name, "reference") / get(c.name, "ours") }));
  table(
    "endpoint(): instructions per call; ratio = reference / ours",
    ["case", "ours", "reference", "ratio"],
    ENDPOINT_CASES.map((c, k) => [c.name, n(get(c.name, "ours")), n(get(c.name, "reference")), fixed(ratios[k].ratio)]),
  );
  const builderRatio = get("builder", "reference") / get("builder", "ours");
  table(
    "RequestBuilder reuse path against the reference's endpoint() for the same request",
    ["case", "ours (builder)", "reference (endpoint)", "ratio"],
    [["builder", n(get("builder", "ours")), n(get("builder", "reference")), fixed(builderRatio)]],
  );
  table(
    "Floor: case get-query by hand",
    ["case", "instructions", "ours / floor"],
    [["floor get-query", n(get("floor", "ours")), fixed(get("get-query", "ours") / get("floor", "ours"))]],
  );
  const depthRatio = get("depth-100", "ours") / get("depth-1", "ours");
  table(
    "defaults() depth, ours: get-query's call on chains holding the same 100 headers/parameters",
    ["chain", "instructions", "÷ depth 1"],
    [1, 100].map((depth) => [
      `depth ${depth}`,
      n(get(`depth-${depth}`, "ours")),
      fixed(get(`depth-${depth}`, "ours") / get("depth-1", "ours")),
    ]),
  );
  const slowest = ratios.reduce((a, b) => (b.ratio < a.ratio ? b : a));
  console.log(
    `\nSUMMARY-INSTRUCTIONS geomean(endpoint ratios)=${fixed(geomean(ratios.map((r) => r.ratio)))} slowest=${slowest.name} ${fixed(slowest.ratio)} builder=${fixed(builderRatio)} depth100/depth1=${fixed(depthRatio)}`,
  );
}
