// body, json, searchParams: parameters here, not options as in ky, axios or got.
import assert from "node:assert/strict";
import { endpoint } from "fluent-endpoint";

// GitHub's comment endpoints take a `body` parameter: it is a key of the JSON body.
const comment = endpoint("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
  owner: "octokit",
  repo: "endpoint.js",
  issue_number: 1,
  body: "Thanks!",
});
assert.deepEqual(comment.body, { body: "Thanks!" });

// ky's json: the parameters themselves are the JSON body.
assert.deepEqual(endpoint("PATCH /user", { bio: "Hello", hireable: true }).body, { bio: "Hello", hireable: true });

// ky's searchParams, axios's params: with GET and HEAD, parameters go to the query string...
assert.equal(
  endpoint("GET /search/issues", { q: "is:open", per_page: 100 }).url,
  "https://api.github.com/search/issues?q=is%3Aopen&per_page=100",
);
// ...and a key named like their options is one more parameter.
assert.equal(endpoint("GET /items", { searchParams: "x" }).url, "https://api.github.com/items?searchParams=x");

// With a body, query parameters are declared in the template.
assert.equal(
  endpoint("POST /markdown{?mode}", { mode: "gfm", text: "**hi**" }).url,
  "https://api.github.com/markdown?mode=gfm",
);

// A body of your own (text, bytes, a stream, FormData) is `data`.
assert.equal(
  endpoint("POST /markdown/raw", { data: "**hi**", headers: { "content-type": "text/plain" } }).body,
  "**hi**",
);
