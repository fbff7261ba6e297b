// An API as Anthropic tools: the definitions for `tools`, and a `tool_use` block answered with a `tool_result`.
import assert from "node:assert/strict";
import { openAPIRoutes } from "fluent-endpoint/openapi";
import { toolCall, toolDefinitions } from "fluent-endpoint/openapi/tools";

const description = {
  openapi: "3.0.3",
  info: { title: "Slack-like chat", version: "1" },
  servers: [{ url: "https://chat.example/api" }],
  paths: {
    "/chat.postMessage": {
      post: {
        operationId: "chat.postMessage",
        summary: "Sends a message to a channel.",
        requestBody: {
          content: {
            "application/x-www-form-urlencoded": {
              schema: {
                type: "object",
                required: ["token", "channel"],
                properties: { token: { type: "string" }, channel: { type: "string" }, text: { type: "string" } },
              },
            },
          },
        },
      },
    },
  },
};

// A table: built once, used for the definitions and for every call. The app's token is bound, never the model's.
const routes = openAPIRoutes(description);
const options = { format: "anthropic", bind: { token: "xoxb-secret" } };
const { tools } = toolDefinitions(routes, options);
assert.deepEqual(tools, [
  {
    name: "chat_postMessage",
    description: "Sends a message to a channel.",
    input_schema: {
      type: "object",
      properties: {
        data: {
          type: "object",
          required: ["channel"],
          properties: { channel: { type: "string" }, text: { type: "string" } },
        },
      },
      additionalProperties: false,
    },
  },
]);
assert.ok(!JSON.stringify(tools).includes("token"));

// The model's `tool_use` block: its input is an object.
const use = {
  type: "tool_use",
  id: "toolu_01",
  name: "chat_postMessage",
  input: { data: { channel: "C1", text: "hi" } },
};
const { request } = toolCall(routes, use.name, use.input, options);
assert.equal(request.url, "https://chat.example/api/chat.postMessage");
assert.equal(request.body, "channel=C1&text=hi&token=xoxb-secret");

// A mistake: a `tool_result` with is_error, whose text the model acts on (the closest tool's name included).
const wrong = toolCall(routes, "chat_postMesage", { data: {} }, options);
const reply = {
  type: "tool_result",
  tool_use_id: use.id,
  is_error: true,
  content: wrong.problems.map((problem) => problem.message).join("\n"),
};
assert.equal(reply.content, 'no tool is named "chat_postMesage"; did you mean "chat_postMessage"?');
