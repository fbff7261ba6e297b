// The scaling checks, each timed at growing sizes so the printed ratios between
// consecutive sizes show how time grows (≈ 2 is linear, ≈ 4 quadratic). Hostile
// inputs themselves (ReDoS advisories, megabyte values, memory) are tests:
// test/adversarial.test.ts.
import { do_not_optimize } from "mitata";
import { openAPIRoutes } from "../dist/openapi.js";
import { duration, fast, fixed, interleaved, median, slow, table } from "./harness.mjs";

const GROWTH_ROUNDS = Math.max(1, Math.min(3, Number.parseInt(process.env.BENCH_ROUNDS ?? "", 10) || 3));
const doubling = (largest) => [largest / 8, largest / 4, largest / 2, largest];

/** Calls `endpoint(...args)`; a throw is caught and kept, so a rejected input is timed too. */
function call(endpoint, args) {
  return () => {
    try {
      do_not_optimize(endpoint(...args));
    } catch (error) {
      do_not_optimize(error);
    }
  };
}

/** A headers object of `pairs` names each removed and then set again (`x0: null, X0: "v"`): once quadratic. */
function removedThenSet(pairs) {
  const headers = {};
  for (let i = 0; i < pairs; i++) {
    headers[`x${i}`] = null;
    headers[`X${i}`] = "v";
  }
  return headers;
}

// The scaling check: through a call, merge() + parse() and defaults(), a headers object 16
// times as large may cost at most 1.5 times the growth of a baseline that only reads the
// caller's object three times (keys, lowercased, set into a new object), timed in the same
// run: V8's own Object.keys grows faster than linearly on such dictionary-mode objects.
const PAIRS = [1_000, 16_000];
const PAIRS_BOUND = 1.5;

/** The least any implementation does with a headers object: read its keys, lowercase them, set them into a new object. */
function readHeaders(headers) {
  const read = {};
  for (const key of Object.keys(headers)) read[key.toLowerCase()] = headers[key];
  return read;
}

/** Prints one growth table; `times` holds { ours, reference } per size. */
function growthTable(title, sizes, times, notes) {
  const rows = sizes.map((size, k) => {
    const { ours, reference } = times[k];
    const previous = times[k - 1];
    return [
      size.toLocaleString("en-US"),
      duration(ours),
      previous ? fixed(ours / previous.ours) : "—",
      duration(reference),
      previous && reference !== undefined ? fixed(reference / previous.reference) : "—",
      reference !== undefined ? fixed(reference / ours) : "—",
    ];
  });
  table(title, ["n", "ours", "×prev", "reference", "×prev", "ref/ours"], rows);
  for (const note of notes) console.log(`  ${note}`);
}

/** A `defaults()` chain of `depth` levels, each setting the same two keys to new values. */
function sameKeyChain(endpoint, depth) {
  let fn = endpoint;
  for (let i = 0; i < depth; i++) fn = fn.defaults(i & 1 ? { per_page: i } : { headers: { "x-depth": String(i) } });
  return fn;
}

/** A chain of `depth` levels, each adding a new parameter: the state grows with depth. */
function distinctKeyChain(endpoint, depth) {
  let fn = endpoint;
  for (let i = 0; i < depth; i++) fn = fn.defaults({ [`p${i}`]: i });
  return fn;
}

export async function runAdversarial(ours, reference, progress) {
  console.log(`\n== Scaling checks: growth over n, 2n, 4n, 8n (median of ${GROWTH_ROUNDS} interleaved rounds) ==`);
  console.log("×prev = time at this size / time at the previous size (≈1 constant, ≈2 linear, ≈4 quadratic)");

  progress("headers removed and set again");
  const pairTimes = await interleaved(
    PAIRS.map((n) => {
      const headers = removedThenSet(n);
      return {
        name: n,
        ours: () => {
          do_not_optimize(ours("GET /x", { headers }));
          do_not_optimize(ours.parse(ours.merge("GET /x", { headers })));
          do_not_optimize(ours.defaults({ headers }));
        },
        // The baseline, in the reference's slot so that it is interleaved with ours.
        reference: () => {
          do_not_optimize(readHeaders(headers));
          do_not_optimize(readHeaders(headers));
          do_not_optimize(readHeaders(headers));
        },
        options: slow(),
      };
    }),
    { rounds: GROWTH_ROUNDS },
  );
  const pairRatio = pairTimes.get(PAIRS[1]).ours / pairTimes.get(PAIRS[0]).ours;
  const baselineRatio = pairTimes.get(PAIRS[1]).reference / pairTimes.get(PAIRS[0]).reference;
  table(
    "headers object of n names each removed and set again: endpoint(), parse(merge()) and defaults() (scaling check)",
    ["n", "ours", "baseline (read the keys)"],
    PAIRS.map((n) => [
      n.toLocaleString("en-US"),
      duration(pairTimes.get(n).ours),
      duration(pairTimes.get(n).reference),
    ]),
  );
  const growth = pairRatio / baselineRatio;
  console.log(
    `  cost ratio ${PAIRS[1].toLocaleString("en-US")} / ${PAIRS[0].toLocaleString("en-US")}: ours ${fixed(pairRatio)}, baseline ${fixed(baselineRatio)}; ours ÷ baseline ${fixed(growth)} (bound ${PAIRS_BOUND}): ${growth <= PAIRS_BOUND ? "PASS" : "FAIL"}`,
  );

  // defaults() chains. Same keys per level: cost per level is constant, so the
  // build is linear in depth and a call at the end costs what a shallow one does.
  progress("defaults() chain, same keys per level");
  const depths = doubling(10_000);
  const builds = await interleaved(
    depths.map((depth) => ({
      name: depth,
      ours: () => do_not_optimize(sameKeyChain(ours, depth)),
      reference: () => do_not_optimize(sameKeyChain(reference, depth)),
      options: slow(),
    })),
    { rounds: GROWTH_ROUNDS },
  );
  growthTable(
    "defaults() chain of n levels, each setting the same 2 keys anew: time to build the chain",
    depths,
    depths.map((d) => builds.get(d)),
    [],
  );

  const calls = await interleaved(
    depths.map((depth) => {
      const args = ["GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "endpoint.js" }];
      return {
        name: depth,
        ours: call(sameKeyChain(ours, depth), args),
        reference: call(sameKeyChain(reference, depth), args),
        options: fast(40),
      };
    }),
    { rounds: GROWTH_ROUNDS },
  );
  growthTable(
    "the same chains: time per call at the end of the chain (ideal ×prev ≈ 1)",
    depths,
    depths.map((d) => calls.get(d)),
    [],
  );

  // A new key per level: the state grows with depth, so a library that copies it on
  // every level builds the chain in quadratic time. A side is skipped at the next
  // size once a build took over 1 s (≈4 s or more to come), and timed once per size.
  progress("defaults() chain, a new key per level");
  const distinctDepths = doubling(10_000);
  const distinctBuilds = { ours: [], reference: [] };
  const distinctCalls = { ours: [], reference: [] };
  const skipped = [];
  for (const depth of distinctDepths) {
    for (const [side, endpoint] of [
      ["ours", ours],
      ["reference", reference],
    ]) {
      const last = distinctBuilds[side].at(-1);
      if (distinctBuilds[side].length > 0 && (last === undefined || last > 1e9)) {
        distinctBuilds[side].push(undefined);
        distinctCalls[side].push(undefined);
        if (!skipped.includes(side)) skipped.push(side);
        continue;
      }
      let chain;
      distinctBuilds[side].push(once(() => (chain = distinctKeyChain(endpoint, depth))));
      distinctCalls[side].push(median([0, 1, 2, 3, 4].map(() => once(() => chain("GET /search/items")))));
    }
  }
  const pick = (times, k) => ({ ours: times.ours[k], reference: times.reference[k] });
  growthTable(
    "defaults() chain of n levels, each adding a new parameter: time to build the chain (one run per size)",
    distinctDepths,
    distinctDepths.map((_, k) => pick(distinctBuilds, k)),
    skipped.map((side) => `${side}: larger sizes skipped after a build over 1 s`),
  );
  growthTable(
    "the same chains: time of a call at the end (median of 5; the query holds all n parameters, so ≈2 is expected)",
    distinctDepths,
    distinctDepths.map((_, k) => pick(distinctCalls, k)),
    [],
  );

  runRouteTableGrowth(progress);
}

/** A description of `paths` (OpenAPI 3.1) with `components`. */
function description(paths, components = {}) {
  return { openapi: "3.1.0", info: { title: "growth", version: "1" }, paths, components };
}

/** n operations on the head of one chain of n parameter `$ref`s, each link counting the reads of its `$ref`. */
function refChain(n) {
  const counter = { reads: 0 };
  const parameters = { P0: { name: "q", in: "query" } };
  for (let i = 1; i <= n; i++) {
    const target = `#/components/parameters/P${i - 1}`;
    parameters[`P${i}`] = {
      get $ref() {
        counter.reads++;
        return target;
      },
    };
  }
  const paths = {};
  for (let i = 0; i < n; i++) paths[`/x${i}`] = { get: { parameters: [{ $ref: `#/components/parameters/P${n}` }] } };
  return { document: description(paths, { parameters }), counter };
}

/** One body schema of n/2 properties, `$ref`-ed by n/2 operations. */
function sharedSchema(n) {
  const properties = {};
  for (let i = 0; i < n / 2; i++) properties[`f${i}`] = {};
  const body = { requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/S" } } } } };
  const paths = {};
  for (let i = 0; i < n / 2; i++) paths[`/x${i}`] = { post: body };
  return description(paths, { schemas: { S: { properties } } });
}

/** One path with n declared parameters, in the path or in the query. */
function manyParameters(n, location) {
  const names = Array.from({ length: n }, (_, i) => `p${i}`);
  const path = location === "path" ? `/x/${names.map((name) => `{${name}}`).join("/")}` : "/x";
  return description({ [path]: { get: { parameters: names.map((name) => ({ name, in: location })) } } });
}

// The growth rows of hostile descriptions, checked by counts where a count says it (each $ref read once, a shared
// schema's fields stored once) and by a ratio against a baseline of the same size (path against query parameters).
function runRouteTableGrowth(progress) {
  const sizes = [1_000, 10_000, 100_000];
  progress("openAPIRoutes(): a chain of $refs, a shared schema, many path parameters");
  const rows = [];
  for (const n of sizes) {
    const { document, counter } = refChain(n);
    const refTime = once(() => openAPIRoutes(document));
    const routes = (() => {
      const shared = sharedSchema(n);
      let table;
      const time = once(() => (table = openAPIRoutes(shared)));
      return { table, time };
    })();
    const stored = new Set(Object.values(routes.table).map((entry) => entry.parameters));
    const fields = [...stored].reduce((sum, parameters) => sum + Object.keys(parameters).length, 0);
    const path = once(() => openAPIRoutes(manyParameters(n, "path")));
    const query = once(() => openAPIRoutes(manyParameters(n, "query")));
    rows.push([
      n.toLocaleString("en-US"),
      `${counter.reads.toLocaleString("en-US")} (${fixed(counter.reads / n)}/link)`,
      duration(refTime),
      `${fields.toLocaleString("en-US")} (${fixed(fields / (n / 2))}/field)`,
      duration(routes.time),
      `${duration(path)} / ${duration(query)} = ${fixed(path / query)}`,
    ]);
  }
  table(
    "openAPIRoutes() growth (one run per size): n operations on a chain of n $refs; n/2 operations sharing a schema of n/2 fields; n path vs n query parameters",
    ["n", "$ref reads", "time", "fields stored", "time", "path / query parameters"],
    rows,
  );
  console.log(
    "  linear: one $ref read per link, each shared field stored once, path parameters cost what query ones do",
  );
}

/** One timed run, for operations too slow to repeat. */
function once(fn) {
  const start = process.hrtime.bigint();
  do_not_optimize(fn());
  return Number(process.hrtime.bigint() - start);
}
