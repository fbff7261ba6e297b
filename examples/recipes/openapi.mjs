// An API from its OpenAPI description: each route built as the description says, then sent.
import assert from "node:assert/strict";
import { toFetch } from "fluent-endpoint";
import { openAPIEndpoint } from "fluent-endpoint/openapi";

// The loopback server test/recipes.test.ts starts; a real description names the API's own server.
const origin = process.env.API_ORIGIN;

// A description, parsed (JSON.parse, or the yaml package for YAML): a payments API in a few lines.
const description = {
  openapi: "3.0.3",
  info: { title: "Payments", version: "1" },
  servers: [{ url: origin }],
  components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
  security: [{ bearer: [] }],
  paths: {
    "/v1/customers": {
      get: {
        operationId: "GetCustomers",
        parameters: [
          { name: "limit", in: "query", schema: { type: "integer" } },
          { name: "expand", in: "query", style: "deepObject", explode: true, schema: { type: "array" } },
          { name: "created", in: "query", style: "deepObject", explode: true, schema: { type: "object" } },
        ],
        responses: { 200: { content: { "application/json": {} } } },
      },
      post: {
        operationId: "PostCustomers",
        parameters: [{ name: "Idempotency-Key", in: "header", schema: { type: "string" } }],
        requestBody: {
          content: {
            "application/x-www-form-urlencoded": {
              schema: { type: "object", properties: { email: {}, metadata: {}, url: {} } },
              encoding: { metadata: { style: "deepObject", explode: true } },
            },
          },
        },
      },
    },
  },
};

// The description's server, `accept` from its responses, the token sent as its security scheme says (only to that
// server, or to a baseUrl you configure). The description, or `routes` from
// `fluent-endpoint openapi payments.yaml -o routes.ts`.
const payments = openAPIEndpoint(description, { credentials: { bearer: "sk_test" } });

// Query styles as declared: a list and an object written as deepObject (`expand[0]=…`, `created[gte]=…`).
const list = payments("GET /v1/customers", { limit: 3, expand: ["data.tax"], created: { gte: 1700000000 } });
assert.equal(list.url, `${origin}/v1/customers?limit=3&expand%5B0%5D=data.tax&created%5Bgte%5D=1700000000`);
assert.equal(list.headers.accept, "application/json");
assert.equal(list.headers.authorization, "Bearer sk_test");

// By operationId, as the description writes it: the request its route builds (builder.operation() too).
assert.deepEqual(payments.operation("GetCustomers", { limit: 3 }), payments("GET /v1/customers", { limit: 3 }));
assert.equal(
  payments.builder().operation("PostCustomers").param("email", "a@example.com").build().body,
  "email=a%40example.com",
);

// A header parameter by its name, a form body with metadata as its `encoding` says, and a body field named `url`
// (declared by the operation, so a parameter, never the url option).
const create = payments("POST /v1/customers", {
  "Idempotency-Key": "k-1",
  email: "jenny@example.com",
  metadata: { order: "6735" },
  url: "https://example.com/jenny",
});
assert.equal(create.url, `${origin}/v1/customers`);
assert.equal(create.headers["idempotency-key"], "k-1");
assert.equal(create.headers["content-type"], "application/x-www-form-urlencoded");
assert.equal(create.body, "email=jenny%40example.com&metadata%5Border%5D=6735&url=https%3A%2F%2Fexample.com%2Fjenny");

// What the server receives.
const received = await (await fetch(...toFetch(create))).json();
assert.equal(received.path, "/v1/customers");
assert.equal(received.headers["idempotency-key"], "k-1");
assert.deepEqual(Object.fromEntries(new URLSearchParams(received.body)), {
  email: "jenny@example.com",
  "metadata[order]": "6735",
  url: "https://example.com/jenny",
});
