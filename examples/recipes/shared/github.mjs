// A module the rest of an app imports: builders that hold what its requests share.
import { RequestBuilder } from "fluent-endpoint";

/** Every request: the host and the token. */
export const github = new RequestBuilder()
  .baseUrl("https://ghe.example.com/api/v3")
  .header("authorization", "token secret123");

/** Requests about one repository: only routes that name {owner} and {repo}. */
export const repository = github.params({ owner: "octokit", repo: "endpoint.js" });
