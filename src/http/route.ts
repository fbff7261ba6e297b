import { boundedCache } from "../core/cache.js";
import { ALPHA, spanOf } from "../core/chars.js";
import { codePointLabel, kindOf, EndpointError, quote } from "../core/errors.js";
import { readMethod } from "./tokens.js";

/** A route string split into its parts. */
export interface Route {
  readonly method: string | undefined;
  readonly url: string;
}

// RFC 9110's methods, PATCH and OpenAPI 3.2's QUERY: a single word that is one is a method with its URL missing.
const STANDARD_METHOD = /^(?:get|head|post|put|patch|delete|options|trace|connect|query)$/i;

// Routes are usually literals called often (docs/decisions.md, "Route cache").
const routes = /*#__PURE__*/ boundedCache(512, 2048, readRoute);

/** Parses a route string (see {@link readRoute}) through a bounded cache; the result is frozen. */
export function parseRoute(route: unknown): Route {
  return typeof route === "string" ? routes.get(route) : readRoute(route);
}

/** A space other than U+0020: no-break, en/em and other typographic spaces, ideographic space, BOM. */
function isUnicodeSpace(code: number): boolean {
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Splits `"<METHOD> <URL>"` or `"<URL>"` (docs/decisions.md, "Route strings").
 *
 * @example
 * parseRoute("POST /repos/{owner}/{repo}/issues") // { method: "POST", url: "/repos/{owner}/{repo}/issues" }
 * parseRoute("/rate_limit")                       // { method: undefined, url: "/rate_limit" }
 */
function readRoute(route: unknown): Route {
  if (typeof route !== "string") {
    throw new EndpointError("ERR_INVALID_ROUTE", `route must be a string, got ${kindOf(route)}`);
  }
  const space = route.indexOf(" ");
  if (space === -1) {
    // A method with its URL missing, not a relative URL.
    if (route === "" || STANDARD_METHOD.test(route)) {
      throw new EndpointError(
        "ERR_INVALID_ROUTE",
        `route ${quote(route)} has no URL; write "<METHOD> <URL>" or "<URL>"`,
      );
    }
    // "GET\u00a0/x", a route copied from a page: not a url that starts with "GET".
    const word = spanOf(route, ALPHA);
    if (STANDARD_METHOD.test(route.slice(0, word)) && isUnicodeSpace(route.charCodeAt(word))) {
      throw new EndpointError(
        "ERR_INVALID_ROUTE",
        `route ${quote(route)} has ${codePointLabel(route, word)} after its method; write one ASCII space`,
      );
    }
    return Object.freeze({ method: undefined, url: route });
  }
  const url = route.slice(space + 1);
  if (space === 0 || url === "" || url.indexOf(" ") !== -1) {
    throw new EndpointError(
      "ERR_INVALID_ROUTE",
      `route ${quote(route)} is not "<METHOD> <URL>" (one space, no spaces in the URL)`,
    );
  }
  return Object.freeze({ method: readMethod(route.slice(0, space)), url });
}

/** GET and HEAD carry no body: their leftover parameters go in the query string, every other method's in the body. */
export function carriesNoBody(method: string): boolean {
  const upper = method.toUpperCase();
  return upper === "GET" || upper === "HEAD";
}
