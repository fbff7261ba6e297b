export * from "fluent-endpoint/octokit";
