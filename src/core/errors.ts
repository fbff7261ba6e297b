// Throw sites write codes as literals, so a bundle that never reads this table drops it; hence the freeze inside the declaration.
/**
 * Every error code fluent-endpoint throws. The codes are stable: match on `error.code`, never on the message.
 *
 * @namespace
 * @example
 * if (error instanceof EndpointError && error.code === ErrorCodes.MISSING_URL) {
 *   // the caller forgot the route
 * }
 */
export const ErrorCodes = /*#__PURE__*/ Object.freeze({
  /** The options argument (or one of its known fields) has the wrong type. */
  INVALID_OPTIONS: "ERR_INVALID_OPTIONS",
  /** A route string is not `"<METHOD> <URL>"` or `"<URL>"`. */
  INVALID_ROUTE: "ERR_INVALID_ROUTE",
  /** A method is missing or is not an HTTP token (RFC 9110 §5.6.2). */
  INVALID_METHOD: "ERR_INVALID_METHOD",
  /** `endpoint()`, `parse()` or `build()` was called without a url. */
  MISSING_URL: "ERR_MISSING_URL",
  /** A header name is not a token, or a header value is not a string or number or holds a character no header can carry (CR, LF, NUL, …). */
  INVALID_HEADER: "ERR_INVALID_HEADER",
  /** The url is not a valid RFC 6570 template (or a prefix modifier meets a list or object). */
  INVALID_TEMPLATE: "ERR_INVALID_TEMPLATE",
  /** A parameter value cannot be placed where it is routed (for example an object in the query string). */
  INVALID_PARAMETER: "ERR_INVALID_PARAMETER",
  /** An expansion would make a `.` or `..` path segment (which URL parsers resolve away) or an absolute url from a relative template. */
  UNSAFE_PATH: "ERR_UNSAFE_PATH",
  /** A placeholder that stands alone in a path segment (`/repos/{owner}/{repo}/issues`) or in the host of an absolute url has no value. */
  MISSING_PARAMETER: "ERR_MISSING_PARAMETER",
} as const);

/**
 * The string-literal union of all error codes; with them `ERR_INVALID_ARGUMENTS`, which only
 * `fluent-endpoint/openapi`'s checked calls throw (`openAPIEndpoint(…, { check })`, `check` from
 * `fluent-endpoint/openapi/check`), listing `problems`, and `ERR_INVALID_RESPONSE`, which only
 * `fluent-endpoint/response`'s `readResponse()` throws (a body that is not what its media type says).
 *
 * @example
 * const usageMistakes: EndpointErrorCode[] = ["ERR_INVALID_ROUTE", "ERR_MISSING_URL"];
 * if (error instanceof EndpointError && usageMistakes.includes(error.code)) printUsage();
 */
export type EndpointErrorCode =
  (typeof ErrorCodes)[keyof typeof ErrorCodes] | "ERR_INVALID_ARGUMENTS" | "ERR_INVALID_RESPONSE";

/** Where an argument of a call goes: a parameter's location, or `body`. */
export type ArgumentLocation = "path" | "query" | "querystring" | "header" | "cookie" | "body";

/**
 * One problem of a call's arguments, as `EndpointError`'s `problems` list them (code `ERR_INVALID_ARGUMENTS`, thrown
 * by `fluent-endpoint/openapi`'s checked calls).
 *
 * @example
 * const problem: ArgumentProblem = { in: "query", name: "state", keyword: "enum", message: 'query parameter "state": "opne" is not one of "open", "closed"' };
 */
export interface ArgumentProblem {
  /** Where the argument goes. */
  readonly in: ArgumentLocation;
  /** The parameter's name, or a JSON pointer into the body (`/owner/login`; `""` for the body itself). */
  readonly name: string;
  /** The schema keyword the value breaks, or `"required"`. */
  readonly keyword: string;
  /** The problem in the description's words; never a credential's, a password's, a header's or a cookie's value. */
  readonly message: string;
}

// Shared by every copy of the package in a process (Symbol.for), so both builds know each other's errors.
const BRAND = /*#__PURE__*/ Symbol.for("fluent-endpoint.EndpointError");

/**
 * The only error fluent-endpoint throws for bad input: a `TypeError` with a stable `code`.
 *
 * @example
 * try {
 *   endpoint("GET /repos/{owner");
 * } catch (error) {
 *   if (error instanceof EndpointError && error.code === "ERR_INVALID_TEMPLATE") {
 *     console.error(error.message); // names the template and the position
 *   }
 * }
 */
export class EndpointError extends TypeError {
  /** Stable, machine-readable reason; see {@link ErrorCodes}. */
  readonly code: EndpointErrorCode;
  /** `ERR_INVALID_ARGUMENTS` only: every problem of the call's arguments. */
  declare readonly problems?: readonly ArgumentProblem[];

  /**
   * @param code one of {@link ErrorCodes}
   * @param message names the culprit: a parameter, a header, or a position in the template
   */
  constructor(code: EndpointErrorCode, message: string) {
    super(message);
    this.name = "EndpointError";
    this.code = code;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** `instanceof` also holds for an EndpointError of the package's other build (docs/decisions.md, "Two builds in one process"). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // A subclass (inheriting this method) keeps the usual prototype check.
    if (this !== EndpointError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}

/**
 * `error` as `ERR_INVALID_PARAMETER` naming `culprit` when it is V8's own for a string over its longest
 * (2 ** 29 - 24 characters), which no check of the input can foresee; any other error as it is.
 */
export function asLengthError(error: unknown, culprit: string): unknown {
  return error instanceof RangeError && error.message === "Invalid string length"
    ? new EndpointError(
        "ERR_INVALID_PARAMETER",
        `${culprit} longer than the longest string this JavaScript engine can hold`,
      )
    : error;
}

/** Only a revoked Proxy makes `Array.isArray` throw (docs/decisions.md, "Revoked proxies"); no trap runs. */
export function isRevoked(value: unknown): boolean {
  try {
    Array.isArray(value);
    return false;
  } catch {
    return true;
  }
}

/** Shortens caller input shown in a message, so a megabyte of input never becomes a megabyte of message. */
export function shorten(text: string, limit = 60): string {
  return text.length > limit ? `${text.slice(0, limit)}…(${text.length} characters)` : text;
}

/** Caller input in a message: shortened (see {@link shorten}) and JSON-quoted, so control characters show. */
export function quote(text: string, limit = 60): string {
  return JSON.stringify(shorten(text, limit));
}

/** A short description of a value's kind for messages. */
export function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (typeof value !== "object") return typeof value;
  if (isRevoked(value)) return "a revoked Proxy";
  if (Array.isArray(value)) return "an array";
  const name = Object.getPrototypeOf(value)?.constructor?.name;
  return typeof name === "string" && name !== "Object" ? `a ${shorten(name)}` : "an object";
}

/** The code point at `index` of `text` as messages show it: `U+000A`, `U+1F600`. */
export function codePointLabel(text: string, index: number): string {
  return `U+${text.codePointAt(index)!.toString(16).toUpperCase().padStart(4, "0")}`;
}
