// Real Swagger 2.0 descriptions (test/fixtures/openapi/uber, test/fixtures/openapi/azure-attestation, the second
// spread over four files): every operation is called with every parameter it declares, and a few calls are checked
// against what the description says, exactly.
import { $RefParser } from "@apidevtools/json-schema-ref-parser";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { endpoint, type RequestOptions } from "../src/index.js";
import { openAPIRoutes } from "../src/openapi.js";

type Node = Record<string, any>;

const root = resolve(__dirname, "..");
const FIXTURES = join(root, "test", "fixtures", "openapi");
const UBER = join(FIXTURES, "uber", "uber.json");
const ATTESTATION = join(
  FIXTURES,
  "azure-attestation/specification/attestation/resource-manager/Microsoft.Attestation/Attestation/stable/2020-10-01/attestation.json",
);
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch"];
const directory = mkdtempSync(join(tmpdir(), "swagger-fixtures-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** Follows `$ref`s inside the document. */
function follow(document: Node, node: Node): Node {
  while (typeof node?.$ref === "string") {
    node = node.$ref
      .slice(2)
      .split("/")
      .reduce(
        (at: Node, key: string) => at[decodeURIComponent(key).replaceAll("~1", "/").replaceAll("~0", "~")],
        document,
      );
  }
  return node;
}

/** A value of a 2.0 parameter's type, text with characters a url must encode. */
function sample(parameter: Node): unknown {
  switch (parameter.type) {
    case "number":
      return 37.5;
    case "integer":
      return 3;
    case "boolean":
      return true;
    case "array":
      return ["a b", "c"];
    default:
      return `${parameter.name} x/y`;
  }
}

/**
 * Calls every operation of a 2.0 description with a value for each parameter it declares (a body's fields from its
 * schema), and checks that each path and query value is in the url and each body field in the body.
 */
function callEveryOperation(document: Node, routes: ReturnType<typeof openAPIRoutes>): number {
  const call = endpoint.withRoutes(routes);
  let operations = 0;
  for (const [path, item] of Object.entries<Node>(document.paths)) {
    for (const method of METHODS.filter((m) => item[m] !== undefined)) {
      operations++;
      const route = `${method.toUpperCase()} ${path}`;
      const declared = [...(item.parameters ?? []), ...(item[method].parameters ?? [])].map((p: Node) =>
        follow(document, p),
      );
      const values: Record<string, unknown> = {};
      const body: Record<string, unknown> = {};
      for (const parameter of declared) {
        if (parameter.in === "body") {
          const schema = follow(document, parameter.schema);
          for (const field of Object.keys(schema.properties ?? {})) body[field] = `${field} value`;
        } else {
          values[parameter.name] = sample(parameter);
        }
      }
      let request: RequestOptions;
      try {
        request = call(route, { ...values, ...body });
      } catch (error) {
        throw new Error(`${route}: ${(error as Error).message}`);
      }
      const url = new URL(request.url);
      for (const parameter of declared) {
        const value = values[parameter.name];
        if (parameter.in === "path")
          expect({ route, path: url.pathname }).toMatchObject({
            path: expect.stringContaining(encodeURIComponent(String(value))),
          });
        if (parameter.in === "query")
          expect({ route, [parameter.name]: url.searchParams.get(parameter.name) }).toEqual({
            route,
            [parameter.name]: String(value),
          });
      }
      if (Object.keys(body).length > 0) expect({ route, body: request.body }).toEqual({ route, body });
    }
  }
  return operations;
}

describe("the Uber API (Swagger 2.0, one file)", () => {
  const document = JSON.parse(readFileSync(UBER, "utf8")) as Node;
  const routes = openAPIRoutes(document);

  it("calls all 5 operations with every parameter", () => {
    expect(callEveryOperation(document, routes)).toBe(5);
  });

  it("builds the price estimate's query as the description lists it, sent to its host, basePath and scheme", () => {
    const request = endpoint.withRoutes(routes)("GET /estimates/price", {
      start_latitude: 37.625732,
      start_longitude: -122.377807,
      end_latitude: 37.785114,
      end_longitude: -122.406677,
    });
    expect(request.url).toBe(
      "https://api.uber.com/v1/estimates/price?start_latitude=37.625732&start_longitude=-122.377807&end_latitude=37.785114&end_longitude=-122.406677",
    );
  });
});

describe("Azure's attestation API (Swagger 2.0, four files across folders, bundled by the CLI)", () => {
  const written = join(directory, "attestation.mjs");
  mkdirSync(join(directory, "node_modules"));
  symlinkSync(root, join(directory, "node_modules", "fluent-endpoint"), "dir");

  it("writes the table of the bundled description, and calls all 13 operations with every parameter", async () => {
    execFileSync(process.execPath, [join(root, "dist", "cli.js"), "openapi", ATTESTATION, "-o", written], {
      cwd: directory,
    });
    const { routes } = (await import(pathToFileURL(written).href)) as { routes: ReturnType<typeof openAPIRoutes> };
    const bundled = (await new $RefParser().bundle(ATTESTATION)) as Node;
    expect(routes).toEqual(openAPIRoutes(bundled));
    expect(callEveryOperation(bundled, routes)).toBe(13);
  }, 60_000);

  it("puts a provider as the description says: its host, path, api-version and the body's fields", async () => {
    const bundled = (await new $RefParser().bundle(ATTESTATION)) as Node;
    const azure = endpoint.withRoutes(openAPIRoutes(bundled));
    const request = azure(
      "PUT /subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.Attestation/attestationProviders/{providerName}",
      {
        subscriptionId: "00000000-0000-0000-0000-000000000000",
        resourceGroupName: "my rg",
        providerName: "myattestation",
        "api-version": "2020-10-01",
        location: "westus",
        tags: { env: "test" },
        properties: {},
      },
    );
    expect(request).toMatchObject({
      method: "put",
      url: "https://management.azure.com/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/my%20rg/providers/Microsoft.Attestation/attestationProviders/myattestation?api-version=2020-10-01",
      headers: { "content-type": "application/json; charset=utf-8" },
      body: { location: "westus", tags: { env: "test" }, properties: {} },
    });
    // The private endpoint connection's body schema is in another file, itself built on a third (types.json).
    const connection = azure(
      "PUT /subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Microsoft.Attestation/attestationProviders/{providerName}/privateEndpointConnections/{privateEndpointConnectionName}",
      {
        subscriptionId: "s",
        resourceGroupName: "g",
        providerName: "p",
        privateEndpointConnectionName: "c",
        "api-version": "2020-10-01",
        properties: { privateLinkServiceConnectionState: { status: "Approved" } },
      },
    );
    expect(connection.body).toEqual({ properties: { privateLinkServiceConnectionState: { status: "Approved" } } });
  });
});
