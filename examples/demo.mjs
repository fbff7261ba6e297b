// The main job in a few lines: routes plus parameters in, request options out.
// Run with `npm run demo` (it builds the package first).
import { endpoint, EndpointError, RequestBuilder } from "fluent-endpoint";

const show = (title, value) => console.log(`\n# ${title}\n${JSON.stringify(value, null, 2)}`);

show(
  'endpoint("GET /orgs/{org}/repos", { org: "octokit", type: "private" })',
  endpoint("GET /orgs/{org}/repos", { org: "octokit", type: "private" }),
);

show(
  "POST with a JSON body and an authorization header",
  endpoint("POST /repos/{owner}/{repo}/issues", {
    owner: "octokit",
    repo: "endpoint.js",
    title: "Found a bug",
    labels: ["bug"],
    headers: { authorization: "token secret123" },
  }),
);

show(
  "Upload: a raw body plus query parameters declared in the template",
  endpoint("POST {upload_url}/repos/{owner}/{repo}/releases/{id}/assets{?name,label}", {
    upload_url: "https://uploads.github.com",
    owner: "octokit",
    repo: "endpoint.js",
    id: 123,
    name: "example.zip",
    label: "Example archive",
    data: "<binary data>",
    headers: { "content-type": "application/zip", "content-length": 13 },
  }),
);

// A shared, frozen, partially built builder: every call derives a new one.
const issues = new RequestBuilder()
  .header("authorization", "token secret123")
  .route("GET /repos/{owner}/{repo}/issues")
  .params({ owner: "octokit", repo: "endpoint.js" });
show(
  'issues.param("state", "open").mediaType({ format: "raw" }).build()',
  issues.param("state", "open").mediaType({ format: "raw" }).build(),
);

try {
  endpoint("GET /repos/{owner/issues");
} catch (error) {
  if (!(error instanceof EndpointError)) throw error;
  show("A malformed template is reported, not guessed at", { code: error.code, message: error.message });
}
