/**
 * For a suite that needs something this machine may lack (a browser, another Node.js):
 * when it is missing, says so on stderr as "<file>: SKIPPED: <reason>", which vitest
 * prints under the file's name, and returns " — SKIPPED: <reason>" for the suite's
 * title (or "" when nothing is missing), so that every skipped suite reads the same.
 *
 * @example
 * describe.skipIf(!HAS_CHROMIUM)(`the ESM build in Chromium${skipNotice("test/browser.test.ts", HAS_CHROMIUM, "…")}`, …);
 */
export function skipNotice(file: string, available: boolean, reason: string): string {
  if (available) return "";
  console.warn(`${file}: SKIPPED: ${reason}`);
  return ` — SKIPPED: ${reason}`;
}
