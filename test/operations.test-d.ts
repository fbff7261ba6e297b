// Operations by name, typed: a call by operationId takes what the call by its route takes (docs/typed-routes.md,
// "Operations by name"), by the names a description's map carries (`OpenAPIRoutes<paths, operationRoutes>`, as
// `fluent-endpoint openapi` writes it). Checked by tsc (vitest typecheck), never run. The text of a misspelt
// name's error is checked in typed-routes-diagnostics.test.ts.
import { describe, expectTypeOf, it } from "vitest";
import { endpoint, type OpenAPIRoutes, type OperationResponseMark, type RequestOptions } from "../src/index.js";
import { routeTable } from "../src/openapi.js";
import type { paths as PetPaths } from "./fixtures/openapi/petstore-expanded.js";

/** The petstore's operations by operationId, as `fluent-endpoint openapi` writes them. */
type operationRoutes = {
  findPets: "GET /pets";
  addPet: "POST /pets";
  "find pet by id": "GET /pets/{id}";
  deletePet: "DELETE /pets/{id}";
};
type PetRoutes = OpenAPIRoutes<PetPaths, operationRoutes>;
const petstore = endpoint.withRoutes<PetRoutes>();

describe("api.operation(operationId, options)", () => {
  it("takes the route's parameters and body, typed as the route call", () => {
    petstore.operation("find pet by id", { id: 7 });
    petstore("GET /pets/{id}", { id: 7 });
    // @ts-expect-error id is a number
    petstore.operation("find pet by id", { id: "7" });
    // @ts-expect-error id is required
    petstore.operation("find pet by id", {});
    // @ts-expect-error options are required when a parameter is
    petstore.operation("find pet by id");
    petstore.operation("addPet", { name: "Rex", tag: "dog" });
    // @ts-expect-error name is required by the body's schema
    petstore.operation("addPet", { tag: "dog" });
    petstore.operation("findPets");
    petstore.operation("findPets", { tags: ["dog"], limit: 10 });
    // @ts-expect-error a GET takes no body
    petstore.operation("findPets", { data: "x" });
  });

  it("refuses a misspelt name", () => {
    // @ts-expect-error no such operation: tsc names "find pet by id"
    petstore.operation("find pet by ID", { id: 7 });
    // @ts-expect-error no such operation: tsc names "findPets"
    petstore.operation("findPetz");
  });

  it("returns the route's method, and its responses as the mark", () => {
    expectTypeOf(petstore.operation("deletePet", { id: 1 })).toEqualTypeOf<
      RequestOptions<"delete", OperationResponseMark<PetPaths, "DELETE /pets/{id}">>
    >();
  });

  it("takes a name typed string unchecked", () => {
    const name: string = "findPets";
    expectTypeOf(petstore.operation(name, { anything: 1 })).toEqualTypeOf<
      RequestOptions<string, OperationResponseMark<PetPaths, string>>
    >();
  });

  it("no longer requires what defaults hold", () => {
    const defaulted = petstore.defaults({ id: 7 });
    defaulted.operation("find pet by id");
    defaulted.operation("find pet by id", { id: 8 });
  });

  it("takes any name where the map names no operations", () => {
    const untyped = endpoint.withRoutes<OpenAPIRoutes<PetPaths>>();
    untyped.operation("anything", { id: 7 });
    endpoint.withRoutes(routeTable({})).operation("anything", { id: 7 });
  });

  it("reads the names a table written by the CLI carries", () => {
    const routes = routeTable<PetRoutes>({ "GET /pets/{id}": { url: "/pets/{id}", parameters: { id: "path" } } });
    const api = endpoint.withRoutes(routes);
    api.operation("find pet by id", { id: 1 });
    // @ts-expect-error id is a number
    api.operation("find pet by id", { id: true });
  });
});

describe("builder.operation(operationId)", () => {
  it("sets the route, so build() asks for its parameters", () => {
    petstore.builder().operation("find pet by id").param("id", 7).build();
    // @ts-expect-error missing parameter: id
    petstore.builder().operation("find pet by id").build();
    // @ts-expect-error id is a number
    petstore.builder().operation("find pet by id").param("id", "7");
    expectTypeOf(petstore.builder().operation("deletePet").params({ id: 1 }).build()).toEqualTypeOf<
      RequestOptions<"delete", OperationResponseMark<PetPaths, "DELETE /pets/{id}">>
    >();
  });

  it("refuses a misspelt name", () => {
    // @ts-expect-error no such operation
    petstore.builder().operation("deletePets");
  });
});
