// An API behind a Model Context Protocol server: its `tools/list` and `tools/call` requests answered, each call sent.
import assert from "node:assert/strict";
import { toFetch } from "fluent-endpoint";
import { openAPIEndpoint } from "fluent-endpoint/openapi";
import { toolCall, toolDefinitions } from "fluent-endpoint/openapi/tools";

// The loopback server test/recipes.test.ts starts, which answers with what it received: a real API's server instead.
const origin = process.env.API_ORIGIN;
const description = {
  openapi: "3.1.0",
  info: { title: "Pets", version: "1" },
  servers: [{ url: origin }],
  components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Api-Key" } } },
  security: [{ key: [] }],
  paths: {
    "/pets": {
      get: {
        operationId: "listPets",
        summary: "List pets",
        parameters: [{ name: "kind", in: "query", schema: { enum: ["cat", "dog"] } }],
      },
    },
    "/pets/{id}": {
      get: {
        summary: "One pet",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
      },
      delete: {
        operationId: "deletePet",
        deprecated: true,
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
      },
    },
  },
};
const api = openAPIEndpoint(description, { credentials: { key: "secret-key" } });

/** The server's handler of one JSON-RPC request (a transport, stdio or HTTP, hands them over). */
async function handle({ id, method, params }) {
  if (method === "tools/list") return { jsonrpc: "2.0", id, result: { tools: toolDefinitions(api).tools } };
  if (method === "tools/call") {
    const outcome = toolCall(api, params.name, params.arguments);
    if ("problems" in outcome) {
      const text = outcome.problems.map((problem) => problem.message).join("\n");
      return { jsonrpc: "2.0", id, result: { content: [{ type: "text", text }], isError: true } };
    }
    const response = await fetch(...toFetch(outcome.request));
    return {
      jsonrpc: "2.0",
      id,
      result: { content: [{ type: "text", text: await response.text() }], isError: !response.ok },
    };
  }
  return { jsonrpc: "2.0", id, error: { code: -32601, message: `no method ${method}` } };
}

// tools/list: every operation but the deprecated one; no tool asks for the key.
const list = await handle({ jsonrpc: "2.0", id: 1, method: "tools/list" });
assert.deepEqual(list.result.tools, [
  {
    name: "listPets",
    description: "List pets",
    inputSchema: { type: "object", properties: { kind: { enum: ["cat", "dog"] } }, additionalProperties: false },
  },
  {
    name: "get_pets_id",
    description: "One pet",
    inputSchema: {
      type: "object",
      properties: { id: { type: "integer" } },
      required: ["id"],
      additionalProperties: false,
    },
  },
]);

// tools/call: the request sent, the key placed by the endpoint; the server's answer is the tool's result.
const call = await handle({
  jsonrpc: "2.0",
  id: 2,
  method: "tools/call",
  params: { name: "get_pets_id", arguments: { id: 7 } },
});
const received = JSON.parse(call.result.content[0].text);
assert.equal(received.path, "/pets/7");
assert.equal(received.headers["x-api-key"], "secret-key");
assert.equal(call.result.isError, false);

// A refused call is a result with isError, never a failed server.
const refused = await handle({
  jsonrpc: "2.0",
  id: 3,
  method: "tools/call",
  params: { name: "listPets", arguments: { kind: "cow" } },
});
assert.deepEqual(refused.result, {
  content: [{ type: "text", text: 'query parameter "kind": "cow" is not one of "cat", "dog"' }],
  isError: true,
});
