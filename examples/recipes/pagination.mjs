// Pagination: the next page by number, or by following the Link header's rel="next".
import assert from "node:assert/strict";
import { endpoint, toFetch } from "fluent-endpoint";

// The loopback server test/recipes.test.ts starts; yours is "https://api.github.com".
const origin = process.env.API_ORIGIN;
const github = endpoint.defaults({ baseUrl: origin, headers: { authorization: "token secret123" } });

// By number: the same route with the next page.
const issues = { owner: "octokit", repo: "endpoint.js", per_page: 2 };
assert.equal(
  github("GET /repos/{owner}/{repo}/issues", { ...issues, page: 2 }).url,
  `${origin}/repos/octokit/endpoint.js/issues?per_page=2&page=2`,
);

/** The url of rel="next" in a Link header, or undefined on the last page. */
function nextUrl(link) {
  const next = link?.split(",").find((part) => part.includes('rel="next"'));
  return next?.slice(next.indexOf("<") + 1, next.indexOf(">"));
}

// By Link: the next url is a finished URL, not a template; {+next} keeps it as it is.
// (As the url option it would be read as a template: a ":name" segment in it would be
// replaced, a "{...}" expanded.) Parameters set in defaults would be added to its query.
const urls = [];
const titles = [];
let options = github("GET /repos/{owner}/{repo}/issues", issues);
while (options !== undefined) {
  urls.push(options.url);
  const response = await fetch(...toFetch(options));
  titles.push(...(await response.json()).map((issue) => issue.title));
  const next = nextUrl(response.headers.get("link"));
  options = next === undefined ? undefined : github("GET {+next}", { next });
}
assert.deepEqual(urls, [
  `${origin}/repos/octokit/endpoint.js/issues?per_page=2`,
  `${origin}/repositories/42/issues?per_page=2&page=2`,
  `${origin}/repositories/42/issues?per_page=2&page=3`,
]);
assert.deepEqual(titles, ["Issue 1", "Issue 2", "Issue 3", "Issue 4", "Issue 5"]);
