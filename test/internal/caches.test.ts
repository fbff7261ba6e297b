// Internal: the bounded template and route caches are memos whose only effects are speed and memory, which no public
// call can observe (the heap bound is tested through endpoint() in adversarial.test.ts), so they are read here directly.
import { describe, expect, it } from "vitest";
import { endpoint, RequestBuilder } from "../../src/index.js";
import { parseRoute } from "../../src/http/route.js";
import { parseUrlTemplate } from "../../src/template/template.js";

describe("template cache (parseUrlTemplate)", () => {
  it("returns the cached analysis for a repeated template", () => {
    const first = parseUrlTemplate("/cache/repeat/{x}");
    expect(parseUrlTemplate("/cache/repeat/{x}")).toBe(first);
  });

  it("holds the last 512 templates, and no more", () => {
    const analyses = Array.from({ length: 513 }, (_, i) => parseUrlTemplate(`/cache/bound/${i}/{x}`));
    // The newest 512 are still cached (asking does not change the order)…
    for (let i = 512; i >= 1; i--) expect(parseUrlTemplate(`/cache/bound/${i}/{x}`)).toBe(analyses[i]);
    // …and the oldest was evicted for them.
    expect(parseUrlTemplate("/cache/bound/0/{x}")).not.toBe(analyses[0]);
  });

  it("evicts the oldest template first", () => {
    const oldest = parseUrlTemplate("/cache/fifo/oldest");
    for (let i = 0; i < 512; i++) parseUrlTemplate(`/cache/fifo/${i}`);
    const newest = parseUrlTemplate("/cache/fifo/511");
    expect(parseUrlTemplate("/cache/fifo/511")).toBe(newest);
    expect(parseUrlTemplate("/cache/fifo/oldest")).not.toBe(oldest);
  });

  it("caches a template of exactly 2048 characters", () => {
    const template = `/${"a".repeat(2047)}`;
    expect(template.length).toBe(2048);
    expect(parseUrlTemplate(template)).toBe(parseUrlTemplate(template));
  });

  it("does not cache a template longer than 2048 characters", () => {
    const template = `/${"a".repeat(2048)}`;
    expect(template.length).toBe(2049);
    const first = parseUrlTemplate(template);
    expect(parseUrlTemplate(template)).not.toBe(first);
    expect(parseUrlTemplate(template).parts).toEqual(first.parts);
  });

  it("holds the last 512 templates after 10 times as many distinct urls, from every call path", () => {
    const fn = endpoint.defaults({ url: "/defaults/{x}" });
    for (let i = 0; i < 10 * 512; i++) {
      endpoint(`GET /bound/${i}/{x}`, { x: i });
      fn.defaults({ url: `/chain/${i}` });
      new RequestBuilder().url(`/builder/${i}`).build();
    }
    // The last 512 templates (three per round) are all cached: had one been evicted, asking for it would evict another.
    const last = Array.from({ length: 171 }, (_, k) => 10 * 512 - 171 + k)
      .flatMap((i) => [`/bound/${i}/{x}`, `/chain/${i}`, `/builder/${i}`])
      .slice(-512);
    const cached = last.map((template) => parseUrlTemplate(template));
    for (const [k, template] of last.entries()) expect(parseUrlTemplate(template)).toBe(cached[k]);
  }, 20_000);

  it("never lets a template longer than 2 048 characters (a 1 MB url) in, so nothing is evicted for it", () => {
    const known = Array.from({ length: 512 }, (_, i) => `/known/${i}`);
    for (const template of known) endpoint({ method: "GET", url: template });
    const oldest = parseUrlTemplate(known[0]!);
    endpoint({ method: "GET", url: `/${"a".repeat(1_000_000)}` });
    endpoint({ method: "GET", url: `/${"b".repeat(2_048)}` });
    expect(parseUrlTemplate(known[0]!)).toBe(oldest);
  }, 20_000);
});

describe("route cache (parseRoute)", () => {
  it("returns the same frozen parse for a repeated route", () => {
    const first = parseRoute("POST /route-cache/{x}");
    expect(first).toEqual({ method: "POST", url: "/route-cache/{x}" });
    expect(Object.isFrozen(first)).toBe(true);
    expect(parseRoute("POST /route-cache/{x}")).toBe(first);
  });

  it("holds the last 512 routes, and no more", () => {
    const parsed = Array.from({ length: 513 }, (_, i) => parseRoute(`GET /route-cache/bound/${i}`));
    for (let i = 512; i >= 1; i--) expect(parseRoute(`GET /route-cache/bound/${i}`)).toBe(parsed[i]);
    expect(parseRoute("GET /route-cache/bound/0")).not.toBe(parsed[0]);
  });

  it("does not cache a route longer than 2048 characters, and still parses it", () => {
    const route = `GET /${"r".repeat(2100)}`;
    const first = parseRoute(route);
    expect(parseRoute(route)).not.toBe(first);
    expect(parseRoute(route)).toEqual(first);
  });
});
