// docs/decisions.md, "Shared objects": a value that holds one object in many places (a small graph with
// no cycle) is copied once per object, and written once per place up to a bounded total, never walked
// exponentially. `dag(24)` is 25 objects that a tree walk meets 2 ** 25 - 1 times.
import { describe, expect, it } from "vitest";
import { endpoint, RequestBuilder, toFetch } from "../src/index.js";
import { routeTable } from "../src/openapi.js";
import { thrown } from "./support/errors.js";

type Node = { l?: Node; r?: Node };

function dag(depth: number): Node {
  let node: Node = {};
  for (let i = 0; i < depth; i++) node = { l: node, r: node };
  return node;
}

const SHARED = "holds shared objects written more than 10000 times over";

describe("a stored or copied value keeps one copy per object", () => {
  it("copies a 25-object graph into a JSON body once per object, sharing as the caller's value does", () => {
    const d = dag(24);
    const { body } = endpoint("POST /x", { f: d }) as { body: { f: Node } };
    // Not `expect(body.f).not.toBe(d)`: on objects that differ, vitest also walks both for deep equality, 2²⁴ steps here.
    expect(body.f === d).toBe(false);
    expect(body.f.l).toBe(body.f.r);
    expect(body.f.l!.l).toBe(body.f.r!.r);
  });

  it("stores it in defaults() and a builder the same way, frozen", () => {
    const d = dag(24);
    const stored = endpoint.defaults({ f: d }).DEFAULTS.f as Node;
    expect(stored.l).toBe(stored.r);
    expect(Object.isFrozen(stored.l)).toBe(true);
    expect(Object.isFrozen(d)).toBe(false);
    const { body } = new RequestBuilder().route("POST /x").param("f", d).build() as { body: { f: Node } };
    expect(body.f.l).toBe(body.f.r);
  });

  it("still refuses a cycle, which no copy can end", () => {
    const a: Record<string, unknown> = {};
    a.self = { back: a };
    expect(thrown(() => endpoint("POST /x", { a })).message).toBe('parameter "a" contains a cycle');
  });
});

describe("a value written once per place stops at 10 000 repeated objects", () => {
  it("writes each place of a shared object while the repeats are few", () => {
    const shared = { x: 1 };
    const api = endpoint.withRoutes(
      routeTable({ "GET /q": { url: "/q", parameters: { f: { style: "deepObject", explode: true } } } }),
    );
    expect(api("GET /q", { f: { a: shared, b: shared } }).url).toBe(
      "https://api.github.com/q?f%5Ba%5D%5Bx%5D=1&f%5Bb%5D%5Bx%5D=1",
    );
  });

  it("refuses a 25-object graph in a deepObject query parameter", () => {
    const api = endpoint.withRoutes(
      routeTable({ "GET /q": { url: "/q", parameters: { f: { style: "deepObject", explode: true } } } }),
    );
    const error = thrown(() => api("GET /q", { f: dag(24) }));
    expect(error.code).toBe("ERR_INVALID_PARAMETER");
    expect(error.message).toBe(`GET /q: parameter "f" ${SHARED}`);
  });

  it("refuses it in a form body of a table route", () => {
    const api = endpoint.withRoutes(
      routeTable({
        "POST /f": {
          url: "/f",
          parameters: { f: "body", j: "body" },
          body: { type: "application/x-www-form-urlencoded", encoding: { f: { style: "deepObject", explode: true } } },
        },
      }),
    );
    expect(thrown(() => api("POST /f", { f: dag(24) })).message).toBe(`POST /f: parameter "f" ${SHARED}`);
    // A field with no encoding is JSON text, whose one walk refuses it too.
    expect(thrown(() => api("POST /f", { j: dag(24) })).message).toBe(
      `POST /f: parameter "j" cannot be serialised: it ${SHARED}`,
    );
  });

  it("refuses it in a form body toFetch writes", () => {
    const options = endpoint("POST /f", {
      f: dag(24),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(thrown(() => toFetch(options)).message).toBe(`parameter "f" ${SHARED}`);
  });

  it("refuses it in a JSON body toFetch writes", () => {
    const error = thrown(() => toFetch(endpoint("POST /x", { f: dag(24) })));
    expect(error.code).toBe("ERR_INVALID_PARAMETER");
    expect(error.message).toBe(`the JSON body cannot be serialised: it ${SHARED}`);
  });

  it("writes a JSON body that repeats a shared object within the bound", () => {
    const [, init] = toFetch(endpoint("POST /x", { f: dag(10) }));
    expect((init.body as string).length).toBe(JSON.stringify({ f: dag(10) }).length);
  });
});
