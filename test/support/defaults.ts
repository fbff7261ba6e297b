import { readFileSync } from "node:fs";

/** The package's version, as package.json gives it. */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
).version;

/** The default headers and the JSON content type, as every entry sets them. */
export const USER_AGENT = `fluent-endpoint.js/${VERSION}`;
export const ACCEPT = "application/vnd.github.v3+json";
export const JSON_TYPE = "application/json; charset=utf-8";
