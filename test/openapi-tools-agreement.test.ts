// Tools against the description itself, on the small fixture descriptions: the tool's schema and toolCall() accept
// exactly the arguments an independent validator (Ajv) takes on the description's own parameter and body schemas, and
// toolCall() builds the request the description's serialization rules prescribe. bench/tools-agreement.mjs is the
// judge (and measures the large descriptions for docs/performance.md); it reads dist/, which `npm test` builds first.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

type Row = { sets: number; valid: number; schemaAgree: number; callAgree: number; requests: number; oursEqual: number };

function measured(file: string): { row: Row; examples: Record<string, string[]> } {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const out = execFileSync(process.execPath, ["bench/tools-agreement.mjs", "--json", `--file=${file}`], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const { rows, examples } = JSON.parse(out) as { rows: Record<string, Row>; examples: Record<string, string[]> };
  return { row: rows[file]!, examples };
}

describe("tools accept what the description allows and build the request it prescribes", () => {
  for (const name of ["petstore-expanded", "notes", "requests"]) {
    it(name, { timeout: 60_000 }, () => {
      const { row, examples } = measured(`test/fixtures/openapi/${name}.yaml`);
      expect(examples.unmade).toEqual([]);
      expect(examples.falseRefusals).toEqual([]);
      expect(examples.missed).toEqual([]);
      expect(examples.oursUnequal).toEqual([]);
      expect(row.valid).toBeGreaterThan(0);
      expect(row.schemaAgree).toBe(row.sets);
      expect(row.callAgree).toBe(row.sets);
      expect(row.oursEqual).toBe(row.requests);
    });
  }
});
