// The types of `openAPIEndpoint()`: typed by the route map given, or by the one its table carries.
import { describe, expectTypeOf, it } from "vitest";
import type { OpenAPIRoutes } from "../src/index.js";
import { openAPIEndpoint, routeTable } from "../src/openapi.js";
import type { paths as PetPaths } from "./fixtures/openapi/petstore-expanded.js";

declare const description: unknown;

describe("openAPIEndpoint()", () => {
  it("types calls by the route map given with the description", () => {
    const petstore = openAPIEndpoint<OpenAPIRoutes<PetPaths>>(description, { credentials: { key: "k" } });
    expectTypeOf(petstore("GET /pets/{id}", { id: 42 }).url).toEqualTypeOf<string>();
    // @ts-expect-error id is an integer
    petstore("GET /pets/{id}", { id: "42" });
  });

  it("types calls by the map a table carries", () => {
    const routes = routeTable<OpenAPIRoutes<PetPaths>>({});
    const petstore = openAPIEndpoint(routes, { serverVariables: { region: "eu" } });
    petstore("POST /pets", { name: "Rex" });
    // @ts-expect-error name is required
    petstore("POST /pets", { tag: "dog" });
  });

  it("takes credentials as strings, or { username, password } for HTTP basic", () => {
    openAPIEndpoint(description, { credentials: { basic: { username: "u", password: "p" }, bearer: "t" } });
    // @ts-expect-error a credential is no number
    openAPIEndpoint(description, { credentials: { bearer: 1 } });
  });
});
