// argumentSchema() and the build agree on every operation of the fixture descriptions: for a call made from the
// schema and for each of its mutations, what the schema takes (a validator run on it, the oracle) the build takes and
// the checks pass, and what it refuses the checks refuse.
import { readFileSync } from "node:fs";
import { Validator, type Schema } from "@cfworker/json-schema";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { argumentSchema, openAPIEndpoint, openAPIRoutes } from "../src/openapi.js";
import { check } from "../src/openapi-check.js";
import { mutations, outcome, unbuildable, validCall } from "./support/calls.js";
import { description } from "./support/fixtures.js";

type Node = Record<string, unknown>;

const FIXTURES: [name: string, load: () => Node][] = [
  ...["petstore-expanded", "notes", "requests"].map(
    (name) =>
      [name, () => parse(readFileSync(new URL(`fixtures/openapi/${name}.yaml`, import.meta.url), "utf8")) as Node] as [
        string,
        () => Node,
      ],
  ),
  ...["matrix", "uber", "overseerr", "libregraph", "oas-3.2-examples", "twilio", "stripe", "box", "digitalocean"].map(
    (name) => [name, () => description(name)] as [string, () => Node],
  ),
];

describe("argumentSchema() accepts exactly what the build takes, on every operation of the fixture descriptions", () => {
  // The calls with a key their operation does not declare that the schema takes (the query or the body takes any
  // name) and that it refuses, over every fixture.
  const strays = { taken: 0, refused: 0 };
  for (const [name, load] of FIXTURES) {
    it(name, () => {
      const routes = openAPIRoutes(load());
      const checked = openAPIEndpoint(routes, { check }) as unknown as (route: string, options: Node) => unknown;
      const unchecked = openAPIEndpoint(routes) as unknown as (route: string, options: Node) => unknown;
      let operations = 0;
      let validCalls = 0;
      let disagreements: string[] = [];
      for (const route of Object.keys(routes)) {
        const schema = argumentSchema(routes, route);
        operations++;
        if (unbuildable(unchecked, route)) continue;
        const oracle = new Validator(structuredClone(schema) as Schema, "2020-12", false);
        const call = validCall(schema);
        const cases: [string, Node][] = [["a valid call", call], ...mutations(schema, call)];
        for (const [what, each] of cases) {
          const valid = oracle.validate(each).valid;
          if (what === "a valid call" && valid) validCalls++;
          if (what.endsWith("which it does not declare")) strays[valid ? "taken" : "refused"]++;
          const built = outcome(unchecked, route, each);
          const got = outcome(checked, route, each);
          // What the schema takes, the build takes and the checks pass; what it refuses, the checks refuse.
          if (valid && (built !== "built" || got !== "built"))
            disagreements.push(`${route}, ${what}: the schema takes it, the build says ${built}, the checks ${got}`);
          if (!valid && got !== "ERR_INVALID_ARGUMENTS")
            disagreements.push(`${route}, ${what}: the schema refuses it, the checks say ${got}`);
        }
      }
      disagreements = disagreements.slice(0, 10);
      expect(disagreements).toEqual([]);
      expect(operations).toBe(Object.keys(routes).length);
      // Some calls made from the schemas are valid, so the agreement is also one on valid calls.
      expect(validCalls).toBeGreaterThan(0);
    });
  }

  it("has calls with a key their operation does not declare both taken and refused", () => {
    expect(strays.taken).toBeGreaterThan(0);
    expect(strays.refused).toBeGreaterThan(0);
  });
});
