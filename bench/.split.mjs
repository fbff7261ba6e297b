import { endpoint as reference } from "@octokit/endpoint";
import { endpoint as ours, RequestBuilder } from "../dist/index.js";
import { produce, Immer } from "immer";
const time = (f, n) => { const t = process.hrtime.bigint(); for (let i = 0; i < n; i++) f(i); return Number(process.hrtime.bigint() - t) / n; };
const best = (f) => { let o = Infinity; for (let k = 0; k < 20; k++) o = Math.min(o, time(f, 5000)); return Math.round(o); };
const shared = new RequestBuilder().route("GET /repos/{owner}/{repo}/issues");
const owners = Array.from({length:64},(_, i)=>"own"+i);
let sink;
const p1 = shared.params({ owner: "a", repo: "b" });
const p2 = p1.param("state", "open");
const im = new Immer({ autoFreeze: false });
const base = Object.freeze({a:1,b:2,c:3,d:4,e:5,f:6,g:7,h:8});
const cases = {
  ref: (i) => sink = reference("GET /repos/{owner}/{repo}/issues", { owner: owners[i&63], repo: "r", state: "open" }),
  ours: (i) => sink = ours("GET /repos/{owner}/{repo}/issues", { owner: owners[i&63], repo: "r", state: "open" }),
  params: (i) => sink = shared.params({ owner: owners[i&63], repo: "r" }),
  param: (i) => sink = p1.param("state", owners[i&63]),
  build: (i) => sink = p2.build(),
  full: (i) => sink = shared.params({ owner: owners[i&63], repo: "r" }).param("state", "open").build(),
  produce1: (i) => sink = Object.freeze(im.produce(base, d => { d.f = i; })),
  produceRet: (i) => sink = Object.freeze(im.produce(base, d => ({...base, f: i}))),
  spread: (i) => sink = Object.freeze({...base, f: i}),
};
const only = process.argv[2];
for (const [n, f] of Object.entries(cases)) if (!only || only.split(",").includes(n)) console.log(n.padEnd(12), best(f));
const im2 = new Immer({ autoFreeze: false, useStrictIteration: false });
console.log("produce-nonstrict", best((i) => sink = Object.freeze(im2.produce(base, d => { d.f = i; }))));
const im3 = new Immer({ autoFreeze: true, useStrictIteration: false });
console.log("produce-af-nonstrict", best((i) => sink = im3.produce(base, d => { d.f = i; })));
console.log("createDraft", best((i) => { const d = im2.createDraft(base); d.f = i; sink = Object.freeze(im2.finishDraft(d)); }));
