// Realistic calls on Stripe's API (test/fixtures/openapi/stripe/), typed by OpenAPIRoutes: each wrong
// call is marked, and must stay an error. Checked by tsc (vitest typecheck), never run.
import { describe, it } from "vitest";
import { endpoint, type OpenAPIRoutes } from "../../src/index.js";
import type { paths } from "../fixtures/openapi/stripe/stripe.js";

const stripe = endpoint
  .defaults({ baseUrl: "https://api.stripe.com", headers: { authorization: "Bearer sk_test_x" } })
  .withRoutes<OpenAPIRoutes<paths>>();

describe("Stripe", () => {
  it("creates and updates a customer from a form body's fields, nested objects too", () => {
    stripe("POST /v1/customers", { email: "jenny@example.com", metadata: { order_id: "6735" } });
    stripe("POST /v1/customers", { name: "Jenny", address: { city: "Berlin", country: "DE" }, expand: ["tax"] });
    stripe("POST /v1/customers/{customer}", { customer: "cus_1", metadata: { plan: "pro" }, balance: -500 });
    // @ts-expect-error metadata maps to strings
    stripe("POST /v1/customers", { metadata: { order_id: 6735 } });
    // @ts-expect-error customer is required
    stripe("POST /v1/customers/{customer}", { metadata: {} });
    // @ts-expect-error balance is a number
    stripe("POST /v1/customers/{customer}", { customer: "cus_1", balance: "-500" });
  });

  it("lists customers with deepObject query parameters", () => {
    stripe("GET /v1/customers", { limit: 10, created: { gte: 1700000000 }, expand: ["data.default_source"] });
    stripe("GET /v1/customers", { created: 1700000000 });
    // @ts-expect-error created is a timestamp or a range
    stripe("GET /v1/customers", { created: { after: 1 } });
    // @ts-expect-error limit is a number
    stripe("GET /v1/customers", { limit: "10" });
    // @ts-expect-error a GET takes no body (Stripe declares an empty form)
    stripe("GET /v1/customers", { data: "limit=10" });
  });

  it("uploads a file as multipart fields or the caller's FormData", () => {
    stripe("POST /v1/files", { file: new Blob(["%PDF-1.7"]), purpose: "dispute_evidence" });
    stripe("POST /v1/files", { file: new Uint8Array([37, 80, 68, 70]), purpose: "identity_document" });
    stripe("POST /v1/files", { data: new FormData() });
    // @ts-expect-error purpose is required
    stripe("POST /v1/files", { file: new Blob([]) });
    // @ts-expect-error purpose is one of Stripe's
    stripe("POST /v1/files", { file: new Blob([]), purpose: "selfie" });
  });

  it("deletes a customer", () => {
    stripe("DELETE /v1/customers/{customer}", { customer: "cus_1" });
    // @ts-expect-error customer is required
    stripe("DELETE /v1/customers/{customer}");
  });
});
