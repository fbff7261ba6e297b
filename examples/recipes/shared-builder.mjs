// Sharing a partial builder across modules: it is frozen, and each call derives a new one.
import assert from "node:assert/strict";
import { github, repository } from "./shared/github.mjs";

const openIssues = repository.route("GET /repos/{owner}/{repo}/issues").param("state", "open");
assert.equal(openIssues.build().url, "https://ghe.example.com/api/v3/repos/octokit/endpoint.js/issues?state=open");
assert.equal(
  openIssues.param("page", 2).build().url,
  "https://ghe.example.com/api/v3/repos/octokit/endpoint.js/issues?state=open&page=2",
);

const newIssue = repository.route("POST /repos/{owner}/{repo}/issues").param("title", "Found a bug").build();
assert.deepEqual(newIssue.body, { title: "Found a bug" });

// Nothing a module does changes what another module imported.
assert.ok(Object.isFrozen(repository));
assert.throws(() => {
  repository.route = () => "changed";
}, TypeError);
assert.equal(
  repository.route("GET /repos/{owner}/{repo}").build().url,
  "https://ghe.example.com/api/v3/repos/octokit/endpoint.js",
);

// Parameters a route does not name go to its query or body, even shared ones:
// keep them off the builder routes without {owner} and {repo} start from.
assert.equal(
  repository.route("GET /user").build().url,
  "https://ghe.example.com/api/v3/user?owner=octokit&repo=endpoint.js",
);
assert.equal(github.route("GET /user").build().url, "https://ghe.example.com/api/v3/user");
