// Type-checks files of a temporary application against the built package, as a user's `tsc -p .` would.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect } from "vitest";

const TSC = resolve(__dirname, "..", "..", "node_modules", "typescript", "bin", "tsc");

/** Writes `directory`'s tsconfig.json (strict, Node's module resolution) for `files`, and expects tsc to pass. */
export function expectTypeChecks(directory: string, files: string[]): void {
  writeFileSync(
    join(directory, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        module: "nodenext",
        moduleResolution: "nodenext",
        noEmit: true,
        skipLibCheck: true,
      },
      files,
    }),
  );
  expect(() => execFileSync(process.execPath, [TSC, "-p", directory], { encoding: "utf8" })).not.toThrow();
}
