// Credentials from a description's security schemes (docs/decisions.md, "Credentials"): given once per endpoint
// by scheme name, sent on the operations whose security names the scheme, only to the route's server or to the
// baseUrl the caller configured.
import { kindOf, EndpointError, quote } from "../core/errors.js";
import type { RouteEntry, SecurityScheme } from "../core/route-table.js";
import { isPlainObject, setOwn } from "../core/values.js";
import { assertHeaderValue } from "../http/headers.js";
import { encodeText, queryPair } from "../http/serialize.js";
import { isToken } from "../http/tokens.js";
import { encodeUnreserved } from "../template/encode.js";

/** The user name and password of an HTTP `basic` scheme. */
export interface BasicCredential {
  /** The user name, without a `:`. */
  readonly username: string;
  /** The password. */
  readonly password: string;
}

/** A credential by scheme name: a key or token as a string, `{ username, password }` for HTTP `basic`. */
export type Credentials = Readonly<Record<string, string | BasicCredential>>;

/** How one credential is sent, worked out when the endpoint is made. */
type Placement =
  | { readonly in: "header"; readonly name: string; readonly value: string }
  | { readonly in: "query"; readonly pair: string }
  | { readonly in: "cookie"; readonly pair: string };

const TYPES: ReadonlySet<unknown> = /*#__PURE__*/ new Set(["apiKey", "http", "oauth2", "openIdConnect", "mutualTLS"]);

/** A description's `securitySchemes` checked and copied; `where` names the table in a message. */
export function readSchemes(where: string, schemes: unknown): Readonly<Record<string, SecurityScheme>> {
  if (!isPlainObject(schemes)) fail(`${where} has securitySchemes that are not an object`);
  const copy: Record<string, SecurityScheme> = {};
  for (const name of Object.keys(schemes)) setOwn(copy, name, readScheme(where, name, schemes[name]));
  return Object.freeze(copy);
}

/** One security scheme, `name`, checked and copied: `ERR_INVALID_OPTIONS` for one no request could use. */
export function readScheme(where: string, name: string, scheme: unknown): SecurityScheme {
  const { type, in: location, name: key, scheme: named } = isPlainObject(scheme) ? scheme : {};
  const what = `${where} has the security scheme ${quote(name)}`;
  if (!TYPES.has(type)) fail(`${what} of type ${quote(String(type))}`);
  if (type === "apiKey") {
    if (location !== "header" && location !== "query" && location !== "cookie") {
      fail(`${what} in ${quote(String(location))}, not header, query or cookie`);
    }
    if (typeof key !== "string" || key === "") fail(`${what} without a name`);
    if (location === "header" && !isToken(key)) fail(`${what} in the header ${quote(key)}, which is no HTTP token`);
    if (location === "cookie" && !isToken(key)) fail(`${what} named ${quote(key)}, which is no cookie name`);
    return Object.freeze({ type, in: location, name: key });
  }
  if (type === "http") {
    if (typeof named !== "string" || !isToken(named)) fail(`${what} of HTTP scheme ${quote(String(named))}`);
    return Object.freeze({ type, scheme: named });
  }
  return Object.freeze({ type: type as "oauth2" });
}

/**
 * How each given credential is sent. A name no scheme declares, a scheme no route uses, or a value of the wrong
 * kind is refused now, naming it.
 */
export function readCredentials(
  given: unknown,
  schemes: Readonly<Record<string, SecurityScheme>>,
  entries: Iterable<RouteEntry>,
): ReadonlyMap<string, Placement> {
  if (!isPlainObject(given)) fail(`credentials must be an object, got ${kindOf(given)}`);
  const used = new Set<string>();
  for (const entry of entries) for (const names of entry.security ?? []) for (const name of names) used.add(name);
  const placements = new Map<string, Placement>();
  for (const name of Object.keys(given)) {
    const scheme = Object.hasOwn(schemes, name) ? schemes[name]! : undefined;
    if (scheme === undefined) {
      const declared = Object.keys(schemes).map((item) => quote(item));
      fail(`credential ${quote(name)} names no security scheme (declared: ${declared.join(", ") || "none"})`);
    }
    if (!used.has(name)) fail(`credential ${quote(name)} is for a security scheme no operation uses`);
    placements.set(name, credentialPlacement(name, scheme, given[name]));
  }
  return placements;
}

function credentialPlacement(name: string, scheme: SecurityScheme, value: unknown): Placement {
  const what = `credential ${quote(name)}`;
  if (scheme.type === "mutualTLS")
    fail(`${what} is a TLS client certificate, which the HTTP client sends, not a header`);
  if (scheme.type === "http" && scheme.scheme.toLowerCase() === "basic") {
    const { username, password } = isPlainObject(value) ? value : ({} as Record<string, unknown>);
    if (typeof username !== "string" || typeof password !== "string" || username.includes(":")) {
      fail(`${what} (HTTP basic) must be { username, password } with no ":" in the user name, got ${kindOf(value)}`);
    }
    const bytes = new TextEncoder().encode(`${username}:${password}`);
    return header(what, "authorization", `Basic ${btoa(String.fromCharCode(...bytes))}`);
  }
  if (typeof value !== "string" || value === "") fail(`${what} must be a non-empty string, got ${kindOf(value)}`);
  if (scheme.type === "apiKey") {
    if (scheme.in === "header") return header(what, scheme.name.toLowerCase(), value);
    if (scheme.in === "query") return { in: "query", pair: queryPair(scheme.name, value) };
    return { in: "cookie", pair: `${scheme.name}=${cookieValue(value, name)}` };
  }
  // HTTP `bearer` and any other scheme: `<scheme> <credential>`; an OAuth 2.0 or OpenID Connect token is a bearer one.
  return header(what, "authorization", `${scheme.type === "http" ? capitalized(scheme.scheme) : "Bearer"} ${value}`);
}

// What RFC 6265 keeps out of a cookie value: controls, space, `"`, `,`, `;`, `\`, and all beyond ASCII.
const NOT_COOKIE_OCTET = /[^\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]+/gu;

/**
 * A key as a cookie value: RFC 6265's cookie octets as they are (a session cookie copied from a browser, `s%3Aabc`,
 * stays), anything else percent-encoded as UTF-8.
 */
function cookieValue(value: string, name: string): string {
  return value.replace(NOT_COOKIE_OCTET, (text) => encodeText(text, encodeUnreserved, name));
}

function header(what: string, name: string, value: string): Placement {
  try {
    assertHeaderValue(name, value);
  } catch (error) {
    fail(`${what} cannot be sent: ${(error as Error).message}`);
  }
  return { in: "header", name, value };
}

function capitalized(scheme: string): string {
  return scheme.toLowerCase() === "bearer" ? "Bearer" : scheme;
}

/**
 * `query` with the credentials of the first of a route's security requirements that they all meet (a header or
 * cookie written into `headers`, where one the caller set stays), when `url` goes to the route's `server` or to the
 * baseUrl the caller `configured` (docs/decisions.md, "The caller's host"); neither is a host where it is no url
 * (undefined, or the error of a server whose default makes none). Else `query` as it is.
 */
export function sendCredentials(
  placements: ReadonlyMap<string, Placement>,
  entry: RouteEntry,
  server: string | Error | undefined,
  configured: string | undefined,
  url: string,
  headers: Record<string, unknown>,
  query: string,
): string {
  const requirement = entry.security?.find((names) => names.length > 0 && names.every((name) => placements.has(name)));
  const origin = originOf(url);
  // Never a host that came with a call's values: only one the description or the caller's configuration names.
  if (requirement === undefined || (origin !== originOf(server) && origin !== originOf(configured))) return query;
  for (const name of requirement) {
    const placement = placements.get(name)!;
    if (placement.in === "query") {
      query += query === "" ? placement.pair : `&${placement.pair}`;
    } else if (placement.in === "cookie") {
      const cookie = headers.cookie;
      headers.cookie = typeof cookie === "string" ? `${cookie}; ${placement.pair}` : placement.pair;
    } else if (!Object.hasOwn(headers, placement.name)) {
      headers[placement.name] = placement.value;
    }
  }
  return query;
}

/** The scheme and host of a url, lower case; "" for a relative one, which goes where the page came from. */
function originOf(url: unknown): string | undefined {
  if (typeof url !== "string") return undefined;
  const match = /^(?:[a-z][\w+.-]*:)?\/\/[^/?#]*/i.exec(url);
  return match === null ? "" : match[0].toLowerCase();
}

function fail(message: string): never {
  throw new EndpointError("ERR_INVALID_OPTIONS", message);
}

/** The parameters security `schemes` carry a credential in, as `"query api_key"`: never shown, never in a schema. */
export function credentialArguments(schemes: Readonly<Record<string, SecurityScheme>> = {}): Set<string> {
  const names = new Set<string>();
  for (const scheme of Object.values(schemes)) {
    if (scheme.type === "apiKey")
      names.add(`${scheme.in} ${scheme.in === "header" ? scheme.name.toLowerCase() : scheme.name}`);
  }
  return names;
}
