// What comes back, typed (docs/typed-routes.md, "Responses"): by route, by operationId and from the mark request
// options carry, for a description's map and for @octokit/types' Endpoints. Checked by tsc (vitest typecheck), never
// run; readResponse() itself runs in response.test.ts.
import type { Endpoints } from "@octokit/types";
import { describe, expectTypeOf, it } from "vitest";
import {
  endpoint,
  type OpenAPIRoutes,
  type ResponseData,
  type ResponseError,
  type ResponseResult,
  type RouteResponse,
  type RouteTable,
} from "../src/index.js";
import { routeTable } from "../src/openapi.js";
import { readResponse, type ResponseLike } from "../src/response.js";
import type { components, paths } from "./fixtures/openapi/responses.js";

type Pet = components["schemas"]["Pet"];
type Created = components["schemas"]["Created"];
type NotFound = components["schemas"]["NotFound"];
type Problem = components["schemas"]["Problem"];

/** The description's operations by operationId, as `fluent-endpoint openapi` writes them. */
type operationRoutes = {
  getPet: "GET /pets/{id}";
  deletePet: "DELETE /pets/{id}";
  replacePet: "PUT /pets/{id}";
  listPets: "GET /pets";
  addPet: "POST /pets";
};
type Routes = OpenAPIRoutes<paths, operationRoutes>;
const api = endpoint.withRoutes<Routes>();
declare const response: ResponseLike;
/** The success body the request options carry the mark of. */
declare function dataOf<Request>(request: Request): ResponseData<Request>;

describe("the success body", () => {
  it("is a route's 2XX body, by route, by operationId, and from the request itself", () => {
    expectTypeOf<ResponseData<Routes, "GET /pets/{id}">>().toEqualTypeOf<Pet>();
    expectTypeOf<ResponseData<Routes, "getPet">>().toEqualTypeOf<Pet>();
    expectTypeOf(dataOf(api("GET /pets/{id}", { id: 1 }))).toEqualTypeOf<Pet>();
    expectTypeOf(dataOf(api.operation("getPet", { id: 1 }))).toEqualTypeOf<Pet>();
    expectTypeOf(dataOf(api.builder().operation("getPet").param("id", 1).build())).toEqualTypeOf<Pet>();
    expectTypeOf(dataOf(api.defaults({ id: 1 })("GET /pets/{id}"))).toEqualTypeOf<Pet>();
  });

  it("reads a route table's map, as the module fluent-endpoint openapi writes types it", () => {
    const routes = routeTable<Routes>({});
    expectTypeOf(routes).toExtend<RouteTable<Routes>>();
    expectTypeOf<ResponseData<typeof routes, "getPet">>().toEqualTypeOf<Pet>();
  });

  it("is every 2XX status's body, `undefined` for a status without one (204, 205)", () => {
    expectTypeOf<ResponseData<Routes, "deletePet">>().toEqualTypeOf<undefined>();
    expectTypeOf<ResponseData<Routes, "replacePet">>().toEqualTypeOf<Pet | Created | undefined>();
  });

  it("is a 2XX range's body, and default's where no 2XX status is listed", () => {
    expectTypeOf<ResponseData<Routes, "listPets">>().toEqualTypeOf<Pet[]>();
    expectTypeOf<ResponseData<Routes, "addPet">>().toEqualTypeOf<Pet>();
  });

  it("is never for an operation that lists no success (a redirect only)", () => {
    expectTypeOf<ResponseData<Routes, "GET /archive">>().toEqualTypeOf<never>();
  });

  it("reads JSON by default (a vendor +json too), the media type picked, text, bytes, and unknown for a range", () => {
    expectTypeOf<ResponseData<Routes, "GET /pets", "text/csv">>().toEqualTypeOf<string>();
    expectTypeOf<ResponseData<Routes, "GET /pets/{id}/note">>().toEqualTypeOf<string>();
    expectTypeOf<ResponseData<Routes, "GET /pets/{id}/photo">>().toEqualTypeOf<ArrayBuffer>();
    expectTypeOf<ResponseData<Routes, "GET /pets/{id}/raw">>().toEqualTypeOf<unknown>();
  });

  it("is unknown where nothing describes it: a plain route, a route the map lacks", () => {
    expectTypeOf<ResponseData<ReturnType<typeof endpoint<"GET /user">>>>().toEqualTypeOf<unknown>();
    expectTypeOf<ResponseData<Routes, "GET /nowhere">>().toEqualTypeOf<unknown>();
  });
});

describe("the error body", () => {
  it("is every 4XX and 5XX status's, codes and ranges, and default's", () => {
    expectTypeOf<ResponseError<Routes, "getPet">>().toEqualTypeOf<NotFound | Problem>();
    expectTypeOf<ResponseError<Routes, "deletePet">>().toEqualTypeOf<NotFound | Problem>();
    expectTypeOf<ResponseError<Routes, "replacePet">>().toEqualTypeOf<Problem>();
    expectTypeOf<ResponseError<Routes, "addPet">>().toEqualTypeOf<Pet>();
  });
});

describe("the whole response", () => {
  it("is one member per status, told apart by status, with its declared headers in lower case as text", () => {
    const whole = {} as RouteResponse<Routes, "getPet">;
    if (whole.status === 200) {
      expectTypeOf(whole.data).toEqualTypeOf<Pet>();
      expectTypeOf(whole.headers["x-rate-limit"]).toEqualTypeOf<string>();
      expectTypeOf(whole.headers.link).toEqualTypeOf<string | undefined>();
    }
    if (whole.status === 404) expectTypeOf(whole.data).toEqualTypeOf<NotFound>();
    if (whole.status === 503) expectTypeOf(whole.data).toEqualTypeOf<Problem>();
    if (whole.status === 304) expectTypeOf(whole.data).toEqualTypeOf<undefined>();
  });

  it("gives a range the codes its operation does not list (a code wins over its range), and default any number", () => {
    const deleted = {} as RouteResponse<Routes, "deletePet">;
    if (deleted.status === 410) expectTypeOf(deleted.data).toEqualTypeOf<NotFound>();
    if (deleted.status === 404) expectTypeOf(deleted.data).toEqualTypeOf<Problem>();
    expectTypeOf<Extract<RouteResponse<Routes, "replacePet">, { ok: false }>["status"]>().toEqualTypeOf<number>();
  });
});

describe("readResponse()", () => {
  it("returns data for a 2XX status and error for any other, typed by the request's mark", async () => {
    const result = await readResponse(api.operation("getPet", { id: 1 }), response);
    expectTypeOf(result).toEqualTypeOf<ResponseResult<Routes, "getPet">>();
    if (result.ok) expectTypeOf(result.data).toEqualTypeOf<Pet>();
    else expectTypeOf(result.error).toEqualTypeOf<NotFound | Problem | undefined>();
    if (result.status === 200) expectTypeOf(result.data.name).toEqualTypeOf<string>();
    if (result.status === 404) expectTypeOf(result.error.message).toEqualTypeOf<string>();
  });

  it("refuses a field the response lacks, and an error body read as data before narrowing", async () => {
    const result = await readResponse(api("GET /pets/{id}", { id: 1 }), response);
    // @ts-expect-error data is undefined unless the status is 200
    void result.data.name;
    if (result.ok) {
      // @ts-expect-error a pet has no color
      void result.data.color;
    }
    if (result.status === 404) {
      // @ts-expect-error a 404 has no data, its body is the error
      void result.data.message;
    }
  });

  it("reads @octokit/types' Endpoints: its data at its status, unknown otherwise", async () => {
    const github = endpoint.withRoutes<Endpoints>();
    const result = await readResponse(github("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }), response);
    if (result.ok) {
      expectTypeOf(result.data).toEqualTypeOf<Endpoints["GET /repos/{owner}/{repo}"]["response"]["data"]>();
      expectTypeOf(result.status).toEqualTypeOf<200>();
    } else expectTypeOf(result.error).toEqualTypeOf<unknown>();
    expectTypeOf(dataOf(github.defaults({ owner: "o" })("GET /repos/{owner}/{repo}", { repo: "r" }))).toEqualTypeOf<
      Endpoints["GET /repos/{owner}/{repo}"]["response"]["data"]
    >();
    expectTypeOf<ResponseError<Endpoints, "GET /repos/{owner}/{repo}">>().toEqualTypeOf<unknown>();
  });

  it("types every route of @octokit/types' Endpoints with its response's data", () => {
    type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
    type Differing = {
      [Route in keyof Endpoints]: Same<
        ResponseData<Endpoints, Route>,
        Endpoints[Route]["response"]["data"]
      > extends true
        ? never
        : Route;
    }[keyof Endpoints];
    expectTypeOf<Differing>().toBeNever();
  });

  it("reads unknown for a request no map describes", async () => {
    const result = await readResponse(endpoint("GET /zen"), response);
    if (result.ok) expectTypeOf(result.data).toEqualTypeOf<unknown>();
    else expectTypeOf(result.error).toEqualTypeOf<unknown>();
    expectTypeOf(result.status).toEqualTypeOf<number>();
  });
});
