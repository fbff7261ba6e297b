export { check } from "./openapi/check/check.js";
export type { ArgumentChecks } from "./openapi/table/runtime.js";
