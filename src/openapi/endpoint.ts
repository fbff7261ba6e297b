// `openAPIEndpoint()`: an endpoint for the API a description describes, in one call.
import { endpoint } from "../api/endpoint.js";
import type { Endpoint } from "../api/builder.js";
import { EndpointError, kindOf, quote } from "../core/errors.js";
import { type RouteTable, TABLE } from "../core/route-table.js";
import { isPlainObject } from "../core/values.js";
import { compileDescription } from "./compile/compile.js";
import { credentialArguments, type Credentials } from "./security.js";
import { readServerVariables } from "./server.js";
import { readWarningListener, warnLeftOut, warningsOnce, type WarningListener } from "./warnings.js";
import {
  type ArgumentChecks,
  type ArgumentChecksCode,
  bindTable,
  CHECKS,
  type Runtime,
  serversOf,
} from "./table/runtime.js";

/**
 * What an endpoint made from a description sets.
 *
 * @example
 * const options: OpenAPIEndpointOptions = { serverVariables: { region: "eu" } };
 */
export interface OpenAPIEndpointOptions {
  /** Values of the servers' `{name}` variables, in place of their defaults (checked against the description's enums). */
  readonly serverVariables?: Readonly<Record<string, string>>;
  /**
   * Credentials by security scheme name: each sent on the operations whose `security` names its scheme, placed as
   * the scheme says, and only to the operation's server or to a `baseUrl` configured by `defaults()` or a builder
   * step, never to a host that comes with a call's values.
   */
  readonly credentials?: Credentials;
  /**
   * The argument checks of `fluent-endpoint/openapi/check` (`import { check } from "fluent-endpoint/openapi/check"`):
   * each call's arguments checked against its operation before it is built (docs/decisions.md, "Argument checks");
   * a call that breaks it throws `EndpointError` `ERR_INVALID_ARGUMENTS` listing every problem. Off by default (`false`).
   */
  readonly check?: ArgumentChecks | false;
  /**
   * Hears each compile warning once per description (docs/decisions.md, "Warnings"): each operation left out
   * (`WARN_OPERATION_LEFT_OUT`), and with `check`, each `pattern` left unchecked (`WARN_PATTERN_UNCHECKED`, told when
   * the first operation that has it is checked). Without it, warnings are silent: `skippedOperations()` lists the
   * operations left out.
   *
   * @example
   * openAPIEndpoint(description, { check, onWarning: (warning) => logger.warn(warning.message) });
   */
  readonly onWarning?: WarningListener;
}

/**
 * An endpoint for the API `description` describes: each route built as its operation says, sent to the description's
 * server with the operation's `accept` (docs/decisions.md, "A description's defaults"). `baseUrl` or `accept` set
 * later (`defaults()`, a builder step, the call) win.
 *
 * @param description - an OpenAPI 3.x description (parsed JSON or YAML), or a table from `openAPIRoutes()`/`routeTable()`
 * @example
 * import { openAPIEndpoint } from "fluent-endpoint/openapi";
 * const petstore = openAPIEndpoint(description); // servers: [{ url: "https://petstore.example/v1" }]
 * petstore("GET /pets/{petId}", { petId: 7 }).url; // "https://petstore.example/v1/pets/7"
 */
export function openAPIEndpoint<Routes>(
  description: RouteTable<Routes>,
  options?: OpenAPIEndpointOptions,
): Endpoint<{}, Routes>;
export function openAPIEndpoint<Routes = unknown>(
  description: unknown,
  options?: OpenAPIEndpointOptions,
): Endpoint<{}, Routes>;
export function openAPIEndpoint(description: unknown, options?: OpenAPIEndpointOptions): Endpoint<{}, unknown> {
  if (options !== undefined && !isPlainObject(options)) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `openAPIEndpoint() options must be an object, got ${kindOf(options)}`,
    );
  }
  // A misspelt option (`chek`) would silently drop what it asks for.
  const unknown = Object.keys(options ?? {}).find((key) => !OPTIONS.has(key));
  if (unknown !== undefined) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `openAPIEndpoint() has no option ${quote(unknown)}: it takes serverVariables, credentials, check and onWarning`,
    );
  }
  const onWarning = readWarningListener(options?.onWarning, "openAPIEndpoint()");
  const table = isTable(description) ? description : compileDescription(description, "openAPIEndpoint()");
  const { serverVariables, credentials, check } = options ?? {};
  const warn = onWarning === undefined ? undefined : warningsOnce(description as object, onWarning);
  const checks = check === undefined || check === false ? undefined : checksOf(check);
  const record = (table[TABLE] as Partial<Runtime>).table;
  if (record === undefined) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      "openAPIEndpoint() needs a table from openAPIRoutes() or routeTable()",
    );
  }
  if (warn !== undefined) warnLeftOut(record.skipped, warn);
  if (checks !== undefined && record.schemas === undefined) {
    // A table written without its argument schemas can check nothing: checks asked for are never silently off.
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      "openAPIEndpoint() check: the table carries no argument schemas: write it with `fluent-endpoint openapi --check`",
    );
  }
  if (serverVariables === undefined && credentials === undefined && checks === undefined) {
    return endpoint.withRoutes(table);
  }
  const variables = readServerVariables(serverVariables, serversOf(record));
  const binding = {
    variables,
    credentials,
    ...(checks && { check: checks(credentialArguments(record.api.securitySchemes), warn) }),
  };
  return endpoint.withRoutes(bindTable(table, binding));
}

/** docs/decisions.md, "Argument checks": the checks are an import of their own, so `check: true` says where they are. */
function checksOf(check: unknown): ArgumentChecksCode[typeof CHECKS] {
  if (check === true) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      'openAPIEndpoint() option check takes the checks, not true: import { check } from "fluent-endpoint/openapi/check" and pass { check }',
    );
  }
  const code = typeof check === "object" && check !== null ? (check as Partial<ArgumentChecksCode>)[CHECKS] : undefined;
  if (typeof code !== "function") {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `openAPIEndpoint() option check must be the check of fluent-endpoint/openapi/check or false, got ${kindOf(check)}`,
    );
  }
  return code;
}

const OPTIONS: ReadonlySet<string> = /*#__PURE__*/ new Set(["serverVariables", "credentials", "check", "onWarning"]);

function isTable(value: unknown): value is RouteTable {
  return isPlainObject(value) && TABLE in value;
}
