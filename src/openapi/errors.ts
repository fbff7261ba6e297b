// The codes `fluent-endpoint/openapi` throws: the main entry's, and the checks' own.
import { ErrorCodes as CoreErrorCodes } from "../core/errors.js";

/**
 * Every error code `fluent-endpoint/openapi` throws: the main entry's {@link CoreErrorCodes | ErrorCodes}, and
 * `INVALID_ARGUMENTS`, which a checked call throws (`openAPIEndpoint(…, { check })`) with its `problems`. The
 * main entry's own table stays without it, so its bundle does not grow.
 *
 * @namespace
 * @example
 * import { ErrorCodes } from "fluent-endpoint/openapi";
 * if (error instanceof EndpointError && error.code === ErrorCodes.INVALID_ARGUMENTS) console.log(error.problems);
 */
export const ErrorCodes = /*#__PURE__*/ Object.freeze({
  ...CoreErrorCodes,
  /** A checked call's arguments break what its operation declares: `problems` lists each. */
  INVALID_ARGUMENTS: "ERR_INVALID_ARGUMENTS",
} as const);
