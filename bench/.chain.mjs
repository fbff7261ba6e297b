import { RequestBuilder } from "../dist/index.js";
for (const n of [1250, 2500, 5000, 10000, 20000]) {
  const t = performance.now();
  let b = new RequestBuilder().route("GET /x");
  for (let i = 0; i < n; i++) b = b.param(`p${i}`, i);
  const t2 = performance.now();
  const r = b.build();
  const t3 = performance.now();
  b.build();
  const t4 = performance.now();
  console.log(n, (t2 - t).toFixed(1), "ms chain;", (t3 - t2).toFixed(2), "ms first build;", (t4 - t3).toFixed(2), "ms second build", r.url.length);
}
