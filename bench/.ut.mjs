import { parseTemplate } from "url-template";
import { VALUES } from "./cases.mjs";
const a = parseTemplate("{+upload_url}{owner,repo,id}{?name,label}");
const b = parseTemplate("{owner,repo,id}{?name,label}");
const time = (f, n) => { const t = process.hrtime.bigint(); for (let i = 0; i < n; i++) f(i); return Number(process.hrtime.bigint() - t) / n; };
const best = (f) => { let o = Infinity; for (let k = 0; k < 20; k++) o = Math.min(o, time(f, 5000)); return Math.round(o); };
let sink;
const ctx = (v) => ({ upload_url: "https://uploads.github.com", owner: v.owner, repo: v.repo, id: String(v.id), name: v.name, label: v.label });
for (let r = 0; r < 3; r++) {
console.log("withLeading", best((i) => sink = a.expand(ctx(VALUES[i & 63]))));
console.log("engine", best((i) => sink = b.expand(ctx(VALUES[i & 63]))));
}
