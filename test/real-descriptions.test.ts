// A sweep over the real descriptions under test/fixtures/openapi/real/ (one folder per API, each with its README and
// LICENSE): every operation compiles and builds a request whose path holds the description's literal text, or, left
// out for a flaw of its own, throws naming itself.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { endpoint, EndpointError } from "../src/index.js";
import { openAPIRoutes, skippedOperations } from "../src/openapi.js";
import { callUnchecked } from "./support/errors.js";

const REAL = resolve(__dirname, "fixtures", "openapi", "real");
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"];
// A value for a path parameter with no example: characters a path value must encode, and one of each kind.
const STRESS = "a b/é'(x)?#%";

type Node = Record<string, unknown>;

// The whole descriptions other tests use, each in its own folder with its README and LICENSE: OData's `$`-names
// (LibreGraph), `+json` types (Box), form bodies (Twilio), deepObject (Stripe), many servers (Datadog).
const WHOLE = [
  "box/box.json",
  "datadog/datadog.json",
  "digitalocean/digitalocean.json",
  "libregraph/libregraph.json",
  "matrix/matrix.json",
  "overseerr/overseerr.json",
  "stripe/stripe.json",
  "twilio/twilio.json",
  "uber/uber.json",
];

/** Every description file of every folder under `real/`, whoever added it, and the whole descriptions above. */
function descriptions(): [name: string, file: string][] {
  const found: [string, string][] = WHOLE.map((name) => [name, resolve(REAL, "..", name)]);
  for (const folder of readdirSync(REAL, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    for (const file of readdirSync(join(REAL, folder.name))) {
      if (/\.(json|ya?ml)$/i.test(file)) found.push([`${folder.name}/${file}`, join(REAL, folder.name, file)]);
    }
  }
  return found.sort(([a], [b]) => a.localeCompare(b));
}

function read(file: string): Node {
  const text = readFileSync(file, "utf8");
  return (file.endsWith(".json") ? JSON.parse(text) : parse(text, { merge: true })) as Node;
}

/** The operations a description declares, by route as the table names them (`GET /pets`). */
function operations(description: Node): { route: string; path: string; item: Node; operation: Node }[] {
  const found: { route: string; path: string; item: Node; operation: Node }[] = [];
  const paths = (description.paths ?? {}) as Node;
  for (const path of Object.keys(paths)) {
    if (path.startsWith("x-")) continue;
    const item = paths[path] as Node;
    if (typeof item !== "object" || item === null) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (typeof operation === "object" && operation !== null) {
        found.push({ route: `${method.toUpperCase()} ${path}`, path, item, operation: operation as Node });
      }
    }
  }
  return found;
}

/** A value for each `{name}` of the path: its parameter's example where the description gives one. */
function pathValues(description: Node, path: string, item: Node, operation: Node): Record<string, unknown> {
  const declared = new Map<string, unknown>();
  for (const list of [item.parameters, operation.parameters]) {
    for (const entry of (Array.isArray(list) ? list : []) as Node[]) {
      const parameter = resolveRef(description, entry);
      const schema = resolveRef(description, (parameter.schema ?? {}) as Node);
      const example = parameter.example ?? schema.example ?? parameter["x-example"];
      if (parameter.in === "path" && typeof parameter.name === "string") declared.set(parameter.name, example);
    }
  }
  const values: Record<string, unknown> = {};
  for (const [, name] of path.split("#")[0]!.matchAll(/\{([^{}]*)\}/g)) {
    const example = declared.get(name!);
    values[name!] = typeof example === "string" || typeof example === "number" ? example : STRESS;
  }
  return values;
}

function resolveRef(description: Node, node: Node): Node {
  const ref = node.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/")) return node;
  let target: unknown = description;
  for (const token of ref.slice(2).split("/")) {
    target = (target as Node)[token.replaceAll("~1", "/").replaceAll("~0", "~")];
  }
  return target as Node;
}

/** The literal text between the path's placeholders, as a url carries it (characters no URI holds encoded). */
function literals(path: string): string[] {
  return path
    .split("#")[0]!
    .split(/\{[^{}]*\}/)
    .filter((text) => text !== "")
    .map((text) => encodeURI(text));
}

describe("every operation of every real description (OAS 3.1.1 Paths Object: the path's literal text is sent as written)", () => {
  const all = descriptions();

  it("finds the descriptions of every folder", () => {
    expect(all.length).toBeGreaterThanOrEqual(3);
  });

  it.each(all)(
    "%s: each operation builds a request whose path holds the literal text, or throws naming itself",
    (_, file) => {
      const description = read(file);
      const routes = openAPIRoutes(description);
      const skipped = new Map(skippedOperations(routes).map(({ route, message }) => [route, message]));
      const api = endpoint.withRoutes(routes).defaults({ baseUrl: "https://api.example" });
      let built = 0;
      for (const { route, path, item, operation } of operations(description)) {
        const left = skipped.get(route) ?? skipped.get(path);
        let url: string;
        try {
          url = (callUnchecked(api, route, pathValues(description, path, item, operation)) as { url: string }).url;
        } catch (error) {
          // Only an operation the table left out may throw, and then its own message, which names it.
          expect(error).toBeInstanceOf(EndpointError);
          expect({ route, message: (error as Error).message }).toEqual({ route, message: left });
          continue;
        }
        expect({ route, left }).toEqual({ route, left: undefined });
        const pathPart = new URL(url).pathname;
        let from = 0;
        for (const text of literals(path)) {
          const at = pathPart.indexOf(text, from);
          expect({ route, text, found: at !== -1 }).toEqual({ route, text, found: true });
          from = at + text.length;
        }
        built++;
      }
      expect(built + skipped.size).toBeGreaterThan(0);
    },
  );
});
