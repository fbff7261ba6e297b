// Uploads: a body of your own in `data`, and the query parameters in the template.
import assert from "node:assert/strict";
import { endpoint, toFetch } from "fluent-endpoint";

// The loopback server test/recipes.test.ts starts; yours is "https://uploads.github.com".
const origin = process.env.API_ORIGIN;
const headers = { authorization: "token secret123", "content-type": "application/octet-stream" };
const bytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff]); // readFileSync("dist.zip") in real life

// GitHub's release has its upload_url as a url template: pass it as the url.
const release = { upload_url: `${origin}/repos/octokit/endpoint.js/releases/1/assets{?name,label}` };
const upload = endpoint({
  method: "POST",
  url: release.upload_url,
  name: "dist.zip",
  label: "Build (zip)",
  data: bytes,
  headers,
});
assert.equal(upload.url, `${origin}/repos/octokit/endpoint.js/releases/1/assets?name=dist.zip&label=Build%20%28zip%29`);
assert.equal(upload.body, bytes); // passed by identity

// Or the route written out, with the upload host as baseUrl.
const same = endpoint("POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}", {
  baseUrl: origin,
  owner: "octokit",
  repo: "endpoint.js",
  release_id: 1,
  name: "dist.zip",
  label: "Build (zip)",
  data: bytes,
  headers,
});
assert.deepEqual(same, upload);

// What the server receives.
const received = await (await fetch(...toFetch(upload))).json();
assert.equal(received.method, "POST");
assert.equal(received.path, "/repos/octokit/endpoint.js/releases/1/assets?name=dist.zip&label=Build%20%28zip%29");
assert.equal(received.headers["content-type"], "application/octet-stream");
assert.deepEqual(Buffer.from(received.base64, "base64"), bytes);
