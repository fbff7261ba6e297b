// Check arguments before sending: a call that breaks its operation fails before anything is built or sent.
import assert from "node:assert/strict";
import { EndpointError } from "fluent-endpoint";
import { openAPIEndpoint } from "fluent-endpoint/openapi";
import { check } from "fluent-endpoint/openapi/check";

const description = {
  openapi: "3.0.3",
  info: { title: "Issues", version: "1" },
  servers: [{ url: "https://issues.example" }],
  paths: {
    "/repos/{owner}/{repo}/issues": {
      post: {
        operationId: "createIssue",
        parameters: [
          { name: "owner", in: "path", required: true, schema: { type: "string" } },
          { name: "repo", in: "path", required: true, schema: { type: "string" } },
          { name: "dry_run", in: "query", schema: { type: "boolean" } },
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
                  state: { type: "string", enum: ["open", "closed"] },
                  milestone: { type: "integer", nullable: true },
                },
              },
            },
          },
        },
      },
    },
  },
};

// Off unless asked (descriptions often lag their API), and an import of their own: only a checking app loads them.
const issues = openAPIEndpoint(description, { check });

// Values from a form or a url are text: "true" for a boolean parameter is a boolean.
const ok = issues("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", dry_run: "true", title: "Bug" });
assert.equal(ok.url, "https://issues.example/repos/o/r/issues?dry_run=true");

// Every problem at once, each in the description's words.
try {
  issues("POST /repos/{owner}/{repo}/issues", { owner: "o", state: "opne", milestone: "3" });
  assert.fail("the call is refused");
} catch (error) {
  assert.ok(error instanceof EndpointError);
  assert.equal(error.code, "ERR_INVALID_ARGUMENTS");
  assert.deepEqual(
    error.problems.map(({ in: where, name, keyword }) => `${where} ${name} ${keyword}`),
    ["path repo required", "body /title required", "body /state enum", "body /milestone type"],
  );
  assert.equal(
    error.message,
    'POST /repos/{owner}/{repo}/issues: 4 problems: path parameter "repo" is required; body field /title is required; ' +
      'body field /state: "opne" is not one of "open", "closed"; body field /milestone: "3" is not an integer or null',
  );
}
