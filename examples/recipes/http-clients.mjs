// Sending with fetch, undici, axios, got and ky: toFetch gives the arguments all of them take.
import assert from "node:assert/strict";
import axios from "axios";
import got from "got";
import ky from "ky";
import { request } from "undici";
import { endpoint, toFetch } from "fluent-endpoint";

// The loopback server test/recipes.test.ts starts; yours is "https://api.github.com".
const origin = process.env.API_ORIGIN;
const options = endpoint("POST /repos/{owner}/{repo}/issues", {
  baseUrl: origin,
  headers: { authorization: "token secret123" },
  owner: "octokit",
  repo: "endpoint.js",
  title: "Found a bug",
  labels: ["bug"],
});
const [url, { method, headers, body, signal }] = toFetch(options);
assert.equal(method, "POST");
assert.equal(body, '{"title":"Found a bug","labels":["bug"]}');

const sent = {
  fetch: async () => (await fetch(url, { method, headers, body, signal })).json(),
  undici: async () => (await request(url, { method, headers, body, signal })).body.json(),
  // axios: `"content-type": false` only without a body (axios would add a form content type).
  axios: async () =>
    (
      await axios({
        url,
        method,
        headers: body === undefined ? { "content-type": false, ...headers } : headers,
        data: body,
        signal,
      })
    ).data,
  got: () => got(url, { method, headers, body, signal }).json(),
  ky: () => ky(url, { method, headers, body, signal }).json(),
};

for (const [client, send] of Object.entries(sent)) {
  const received = await send();
  assert.equal(received.method, "POST", client);
  assert.equal(received.path, "/repos/octokit/endpoint.js/issues", client);
  assert.equal(received.headers.authorization, "token secret123", client);
  assert.equal(received.headers["content-type"], "application/json; charset=utf-8", client);
  assert.deepEqual(JSON.parse(received.body), { title: "Found a bug", labels: ["bug"] }, client);
}
