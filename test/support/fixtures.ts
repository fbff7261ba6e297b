// The real descriptions under test/fixtures/openapi/, parsed.
import { readFileSync } from "node:fs";

/** `test/fixtures/openapi/<name>/<name>.json`, parsed. */
export function description(name: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(new URL(`../fixtures/openapi/${name}/${name}.json`, import.meta.url), "utf8"),
  ) as Record<string, unknown>;
}
