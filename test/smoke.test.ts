import { describe, expect, it } from "vitest";
import { endpoint } from "../src/index.js";

describe("smoke", () => {
  it("builds a GET with a path placeholder and a query parameter", () => {
    expect(endpoint("GET /orgs/{org}/repos", { org: "octokit", type: "private" }).url).toBe(
      "https://api.github.com/orgs/octokit/repos?type=private",
    );
  });
});
