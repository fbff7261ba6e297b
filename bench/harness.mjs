// Measurement and reporting helpers shared by the benchmark sections.
import os from "node:os";
import v8 from "node:v8";
import vm from "node:vm";
import { measure } from "mitata";

/** Rounds of the interleaved sections (BENCH_ROUNDS, default 7). */
export const ROUNDS = positiveInt(process.env.BENCH_ROUNDS, 7);

/** Scale of every measurement's time budget (BENCH_TIME, default 1 = about 80 ms per measurement). */
export const TIME_SCALE = positiveNumber(process.env.BENCH_TIME, 1);

/** Minimum CPU time per measurement of the interleaved sections, in ns. */
export const MIN_CPU_TIME = 80e6 * TIME_SCALE;

// Without --expose-gc mitata "collects" by allocating 1 GB, which is slow and can
// swap a small machine; V8 can expose its real gc() to a fresh context instead.
export const gc = (() => {
  if (typeof globalThis.gc === "function") return globalThis.gc;
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc");
})();

/**
 * Time per call of `fn`, in ns (the p50 over mitata's samples). Fast functions are
 * timed in batches of 512 calls, so a sample is about a millisecond and one
 * measurement yields dozens of samples.
 */
export async function nsPerOp(fn, options = {}) {
  const stats = await measure(fn, {
    gc,
    min_cpu_time: MIN_CPU_TIME,
    batch_samples: 512,
    ...options,
  });
  return stats.p50;
}

/** Options for one measurement of a fast operation with a budget of `ms` milliseconds (scaled by BENCH_TIME). */
export function fast(ms) {
  return { min_cpu_time: ms * 1e6 * TIME_SCALE };
}

/**
 * Options for one measurement of a slow operation (ms to s per call): a handful of
 * samples, no batching, a budget of `ms` milliseconds (scaled by BENCH_TIME).
 */
export function slow(ms = 60, minSamples = 3) {
  return { min_cpu_time: ms * 1e6 * TIME_SCALE, min_samples: minSamples, warmup_samples: 0, batch_threshold: 0 };
}

/**
 * Measures every entry of `pairs` ({ name, ours, reference? }) over `rounds`
 * rounds, interleaved: each round visits every pair and times both functions back
 * to back, alternating which goes first, so drift of the machine hits both sides
 * alike. Returns, per name, the median over rounds of each side's ns/op, the
 * range of the per-round ratios reference / ours, and the per-round times.
 */
export async function interleaved(pairs, { rounds = ROUNDS, options = {}, onRound } = {}) {
  const samples = new Map(pairs.map(({ name }) => [name, { ours: [], reference: [] }]));
  for (let round = 0; round < rounds; round++) {
    // Odd rounds visit the pairs backwards too, so one-sided rows (depth 1 vs 100) alternate as well.
    for (const pair of round % 2 ? [...pairs].reverse() : pairs) {
      const sides = pair.reference ? ["ours", "reference"] : ["ours"];
      if (round % 2 === 1) sides.reverse();
      for (const side of sides) {
        samples.get(pair.name)[side].push(await nsPerOp(pair[side], pair.options ?? options));
      }
    }
    onRound?.(round + 1, rounds);
  }
  const result = new Map();
  for (const [name, { ours, reference }] of samples) {
    // The per-round ratios show how far one round can stray from the median.
    const ratios = reference.map((time, round) => time / ours[round]);
    result.set(name, {
      ours: median(ours),
      reference: reference.length ? median(reference) : undefined,
      ratioRange: ratios.length ? [Math.min(...ratios), Math.max(...ratios)] : undefined,
      rounds: { ours, reference },
    });
  }
  return result;
}

/** Runs every function a little, untimed, so the first round does not time the JIT. */
export async function warmUp(functions) {
  for (const fn of functions) await nsPerOp(fn, { min_cpu_time: 20e6 * TIME_SCALE });
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function geomean(values) {
  return Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length);
}

/** ns/op as a plain number, for the tables of fast operations. */
export function ns(value) {
  return value === undefined ? "—" : value < 100 ? value.toFixed(1) : Math.round(value).toLocaleString("en-US");
}

/** A duration in ns with a readable unit, for the growth tables. */
export function duration(value) {
  if (value === undefined) return "—";
  if (value < 1e3) return `${value.toFixed(0)} ns`;
  if (value < 1e6) return `${(value / 1e3).toFixed(1)} µs`;
  if (value < 1e9) return `${(value / 1e6).toFixed(2)} ms`;
  return `${(value / 1e9).toFixed(2)} s`;
}

/** "min–max" of a ratio range. */
export function range(pair) {
  return pair ? `${fixed(pair[0])}–${fixed(pair[1])}` : "—";
}

export function fixed(value, digits = 2) {
  return value === undefined || !Number.isFinite(value) ? "—" : value.toFixed(digits);
}

/** Prints rows (arrays of strings) under a title, columns padded; the first column left-aligned. */
export function table(title, header, rows) {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => String(row[column]).length)));
  const line = (row) =>
    row
      .map((cell, column) =>
        column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]),
      )
      .join("  ");
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
}

/** One line describing the machine and the settings, for the record. */
export function machine() {
  const cpus = os.cpus();
  return `${cpus[0]?.model ?? "unknown CPU"} × ${cpus.length}, ${os.platform()} ${os.arch()}, Node.js ${process.version}`;
}

function positiveInt(text, fallback) {
  const value = Number.parseInt(text ?? "", 10);
  return value > 0 ? value : fallback;
}

function positiveNumber(text, fallback) {
  const value = Number.parseFloat(text ?? "");
  return value > 0 ? value : fallback;
}
