// An API as tool definitions: each operation's argument schema is the JSON Schema a function-calling model fills.
import assert from "node:assert/strict";
import { argumentSchema, openAPIEndpoint, openAPIRoutes, tableOperations } from "fluent-endpoint/openapi";
import { check } from "fluent-endpoint/openapi/check";

const description = {
  openapi: "3.1.0",
  info: { title: "Pets", version: "1" },
  servers: [{ url: "https://pets.example" }],
  paths: {
    "/pets": {
      get: {
        operationId: "listPets",
        summary: "List pets",
        parameters: [
          { name: "kind", in: "query", description: "Only pets of this kind", schema: { enum: ["cat", "dog"] } },
          { name: "limit", in: "query", schema: { type: "integer", maximum: 100 } },
        ],
      },
    },
    "/pets/{id}": {
      get: {
        operationId: "getPet",
        summary: "One pet",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
      },
    },
  },
};

// One table for both: the tools' schemas and the checked calls that run them, each operation by its name.
const routes = openAPIRoutes(description);
const tools = tableOperations(routes).map(({ operationId: name }) => {
  const { description: text, ...parameters } = argumentSchema(routes, name);
  return { name, description: text, parameters };
});
assert.deepEqual(tools[1], {
  name: "getPet",
  description: "One pet",
  parameters: {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: "GET /pets/{id}",
    type: "object",
    properties: { id: { type: "integer" } },
    required: ["id"],
    // A key it does not declare is refused: a GET's would go to the query, which takes no other name here.
    additionalProperties: false,
  },
});

// A model's call, arguments as it wrote them: checked against the same schema, then built.
const api = openAPIEndpoint(routes, { check });
assert.equal(api.operation("listPets", { kind: "cat", limit: 10 }).url, "https://pets.example/pets?kind=cat&limit=10");
// A wrong argument is told back to the model in words it can act on.
assert.throws(() => api.operation("listPets", { kind: "cow" }), {
  code: "ERR_INVALID_ARGUMENTS",
  message: 'GET /pets: query parameter "kind": "cow" is not one of "cat", "dog"',
});
// So is a misspelt name, with the closest one the operation declares.
assert.throws(() => api.operation("listPets", { kind: "cat", limt: 10 }), {
  code: "ERR_INVALID_ARGUMENTS",
  message: 'GET /pets: query parameter "limt" is not declared by the operation; did you mean "limit"?',
});
