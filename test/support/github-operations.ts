// GitHub's operations by operationId, read from @octokit/openapi-types' `paths` (each method is written
// `get: operations["issues/list-for-repo"];`): the names map `fluent-endpoint openapi` would write for its
// description, which the package does not ship.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/** `{ "issues/list-for-repo": "GET /repos/{owner}/{repo}/issues", … }`, as the text of a TypeScript type. */
export function githubOperationRoutes(): string {
  const file = createRequire(import.meta.url).resolve("@octokit/openapi-types/types.d.ts");
  const text = readFileSync(file, "utf8");
  const start = text.indexOf("export interface paths {");
  const block = text.slice(start, text.indexOf("\n}\n", start));
  const lines: string[] = [];
  let path = "";
  for (const line of block.split("\n")) {
    const key = /^ {2}"(\/[^"]*)": \{$/.exec(line);
    if (key !== null) path = key[1]!;
    const method = /^ {4}(get|put|post|delete|options|head|patch|trace): operations\["([^"]+)"\];$/.exec(line);
    if (method !== null) lines.push(`  ${JSON.stringify(method[2])}: "${method[1]!.toUpperCase()} ${path}";`);
  }
  return `{\n${lines.join("\n")}\n}`;
}
