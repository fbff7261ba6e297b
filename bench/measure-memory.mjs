// Bounded memory: expands 1 000 000 distinct url templates through endpoint() and
// checks that the heap, measured after a full gc, grows by less than a fixed bound.
// Every template is new, so an unbounded template cache would keep them all (well
// over 100 MB); a bounded one keeps the heap flat.
// Usage: node --expose-gc bench/measure-memory.mjs   (env: MEMORY_URLS=1000000)
import { readFileSync } from "node:fs";
import v8 from "node:v8";
import vm from "node:vm";
import { endpoint } from "../dist/index.js";

const URLS = Number.parseInt(process.env.MEMORY_URLS ?? "", 10) || 1_000_000;
const BOUND_MB = 32;
const CHECKPOINTS = 10;

// --expose-gc is the documented way; V8 can also hand gc() to a fresh context.
const gc = globalThis.gc ?? (v8.setFlagsFromString("--expose-gc"), vm.runInNewContext("gc"));
const heapMB = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

// The cache bound is internal (not exported); read it from the build being measured.
const built = readFileSync(new URL("../dist/index.js", import.meta.url), "utf8");
const cacheLimit = /const CACHE_LIMIT = (\d+)/.exec(built)?.[1] ?? "unknown";
const cacheableLength = /const CACHEABLE_LENGTH = (\d+)/.exec(built)?.[1] ?? "unknown";
const routeCacheLimit = /const ROUTE_CACHE_LIMIT = (\d+)/.exec(built)?.[1] ?? "unknown";

// Warm the code paths first, so the baseline includes compiled code, not templates.
for (let i = 0; i < 1000; i++) endpoint(`GET /warm/${i}/{id}`, { id: i });

const before = heapMB();
console.log(
  `template cache bound: ${cacheLimit} templates (templates longer than ${cacheableLength} chars are not cached)`,
);
console.log(`route cache bound: ${routeCacheLimit} routes (every call here is a new route too)`);
console.log(`expanding ${URLS.toLocaleString("en-US")} distinct url templates; heap used after gc:`);
console.log(`${"calls".padStart(10)}  ${"heap MB".padStart(8)}  ${"growth MB".padStart(9)}`);
console.log(`${"0".padStart(10)}  ${before.toFixed(2).padStart(8)}  ${"0.00".padStart(9)}`);

let maxGrowth = 0;
let checksum = 0; // keeps the results observable, so no call can be optimised away
const step = Math.ceil(URLS / CHECKPOINTS);
for (let i = 0; i < URLS;) {
  for (const end = Math.min(URLS, i + step); i < end; i++) {
    // A different literal path each time: each template string is new to the cache.
    checksum += endpoint(`GET /items/${i}/{id}`, { id: i & 1023 }).url.length;
  }
  const now = heapMB();
  maxGrowth = Math.max(maxGrowth, now - before);
  console.log(
    `${i.toLocaleString("en-US").padStart(10)}  ${now.toFixed(2).padStart(8)}  ${(now - before).toFixed(2).padStart(9)}`,
  );
}

const after = heapMB();
console.log(`heap used before ${before.toFixed(2)} MB, after ${after.toFixed(2)} MB (checksum ${checksum})`);
const ok = maxGrowth < BOUND_MB;
console.log(
  `${ok ? "PASS" : "FAIL"}: largest heap growth ${maxGrowth.toFixed(2)} MB ${ok ? "<" : ">="} bound ${BOUND_MB} MB`,
);
process.exit(ok ? 0 : 1);
