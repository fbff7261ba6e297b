// An API as OpenAI tools: the definitions for `tools`, strict mode included, and a tool call answered.
import assert from "node:assert/strict";
import { openAPIEndpoint } from "fluent-endpoint/openapi";
import { toolCall, toolDefinitions } from "fluent-endpoint/openapi/tools";

const description = {
  openapi: "3.1.0",
  info: { title: "Issues", version: "1" },
  servers: [{ url: "https://issues.example" }],
  paths: {
    "/repos/{owner}/{repo}/issues": {
      post: {
        operationId: "issues/create",
        summary: "Create an issue",
        parameters: [
          { name: "owner", in: "path", required: true, schema: { type: "string" } },
          { name: "repo", in: "path", required: true, schema: { type: "string" } },
        ],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["title"],
                properties: {
                  title: { type: "string", maxLength: 256 },
                  labels: { type: "array", items: { type: "string" } },
                },
              },
            },
          },
        },
      },
    },
  },
};

// The endpoint the calls are built by: its credentials stay the app's. `owner` is the app's too: bound, not asked for.
const api = openAPIEndpoint(description, { credentials: {} });
const options = { format: "openai", strict: true, bind: { owner: "octokit" } };
const { tools } = toolDefinitions(api, options);
assert.deepEqual(tools, [
  {
    type: "function",
    function: {
      name: "issues_create",
      description: "Create an issue",
      parameters: {
        type: "object",
        properties: {
          repo: { type: "string", description: "minLength: 1" },
          data: {
            type: "object",
            properties: {
              title: { type: "string", description: "maxLength: 256" },
              labels: { type: ["array", "null"], items: { type: "string" } },
            },
            required: ["title", "labels"],
            additionalProperties: false,
          },
        },
        required: ["repo", "data"],
        additionalProperties: false,
      },
      strict: true,
    },
  },
]);

// The model's tool call, as the Chat Completions API hands it over: its arguments are JSON text.
const call = {
  name: "issues_create",
  arguments: '{"repo":"endpoint.js","data":{"title":"Found a bug","labels":null}}',
};
const result = toolCall(api, call.name, call.arguments, options);
// Exactly the call by operationId, `owner` added; `labels: null` (strict mode's "not given") dropped.
assert.deepEqual(
  result.request,
  api.operation("issues/create", { owner: "octokit", repo: "endpoint.js", data: { title: "Found a bug" } }),
);
assert.equal(result.request.url, "https://issues.example/repos/octokit/endpoint.js/issues");

// A mistake comes back as problems: the text of the `tool` message the model reads next.
const wrong = toolCall(api, "issues_create", '{"repo":"endpoint.js","data":{"labels":null}}', options);
assert.deepEqual(
  wrong.problems.map(({ message }) => message),
  ["body field /title is required"],
);
