// The response types passed to axios', got's and ky's own generics, as docs/clients.md shows them: the request options
// carry what comes back, so no route is named twice. Checked by tsc (vitest typecheck), never run.
import axios, { isAxiosError } from "axios";
import got, { type Method } from "got";
import ky, { HTTPError } from "ky";
import { describe, expectTypeOf, it } from "vitest";
import { endpoint, type OpenAPIRoutes, type ResponseData, type ResponseError, toFetch } from "../src/index.js";
import type { components, paths } from "./fixtures/openapi/responses.js";

type Pet = components["schemas"]["Pet"];
type Routes = OpenAPIRoutes<paths, { getPet: "GET /pets/{id}" }>;
const request = endpoint.withRoutes<Routes>().operation("getPet", { id: 7 });
type Data = ResponseData<typeof request>;
type Failure = ResponseError<typeof request>;
const [url, { method, headers, body, signal }] = toFetch(request);

describe("the same types, each client's generic", () => {
  it("axios: the success body as its data, the error body through isAxiosError", async () => {
    try {
      const { data } = await axios<Data>({ url, method, headers, data: body, signal });
      expectTypeOf(data).toEqualTypeOf<Pet>();
    } catch (error) {
      if (isAxiosError<Failure>(error)) expectTypeOf(error.response?.data).toEqualTypeOf<Failure | undefined>();
    }
  });

  it("got: the success body as json<T>()", async () => {
    const data = await got(url, { method: method as Method, headers, body, signal }).json<Data>();
    expectTypeOf(data).toEqualTypeOf<Pet>();
  });

  it("ky: the success body as json<T>(), the error body through HTTPError<T>", async () => {
    try {
      const data = await ky(url, { method, headers, body, signal }).json<Data>();
      expectTypeOf(data).toEqualTypeOf<Pet>();
    } catch (error) {
      if (error instanceof HTTPError) {
        const failure = await (error as HTTPError<Failure>).response.json();
        expectTypeOf(failure).toEqualTypeOf<Failure>();
      }
    }
  });
});
