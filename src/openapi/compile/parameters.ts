// An operation's parameters compiled: its path and `form` query parameters as one RFC 6570 template, every other
// parameter placed by its location and style, and each declared as a call gives it (docs/decisions.md, "OpenAPI styles").
import { EndpointError, quote } from "../../core/errors.js";
import type { DeclaredParameter, ParameterPlacement, QueryStyle } from "../../core/route-table.js";
import { setOwn } from "../../core/values.js";
import { parseTableTemplate } from "../../template/template.js";
import { isMediaType } from "../media-types.js";
import { percentEncode, varname } from "../varname.js";
import { type Description, fail, isList, type Node, resolve, resolveIfAny } from "./refs.js";

/** The query styles our code writes, also in a form body's `encoding`. */
export const QUERY_STYLES: ReadonlySet<unknown> = /*#__PURE__*/ new Set([
  "form",
  "spaceDelimited",
  "pipeDelimited",
  "deepObject",
]);

/** Header parameters whose definition OpenAPI ignores: the request's own headers. */
const IGNORED_HEADERS: ReadonlySet<string> = /*#__PURE__*/ new Set(["accept", "content-type", "authorization"]);

/** Path styles as RFC 6570 operators. */
const PATH_OPERATORS: Readonly<Record<string, string>> = { simple: "", label: ".", matrix: ";" };

/** docs/decisions.md, "OpenAPI styles": a name declared in several locations is the first location's of these. */
const PRECEDENCE: readonly string[] = ["path", "query", "header", "cookie"];

/** What an operation's parameters compile to. */
export interface CompiledParameters {
  /** The path and its `form` query parameters as one template. */
  readonly url: string;
  /** Each parameter's placement, by the key a call gives it under (a header's lower-case name). */
  readonly parameters: Record<string, ParameterPlacement>;
  /** The header parameters' keys, by lower-case name, and the names they were declared with. */
  readonly headers: Map<string, string>;
  /** Each placed parameter as a call gives it, with what the description says of it. */
  readonly declared: DeclaredParameter[];
}

/** A parameter's fields, read once. */
interface Parameter {
  readonly name: string;
  readonly location: string;
  readonly style: unknown;
  readonly explode: unknown;
  readonly allowReserved: unknown;
  /** The media type of a parameter described by `content` (its one key), and that media type's schema. */
  readonly contentType: string | undefined;
  readonly schema: unknown;
  readonly required: unknown;
  readonly description: unknown;
  readonly deprecated: unknown;
  /** Where the operation declares it (a path item's parameter before the operation's own). */
  readonly position: number;
}

/**
 * The parameters of an operation (`common`, its path item's, replaced by its own of the same name and location), in
 * the precedence of their locations, placed.
 */
export function compileParameters(
  description: Description,
  route: string,
  path: string,
  common: unknown,
  operation: Node,
): CompiledParameters {
  const parameters: Record<string, ParameterPlacement> = {};
  const declared: DeclaredParameter[] = [];
  const positions = new Map<DeclaredParameter, number>();
  const place = (key: string, placement: ParameterPlacement, parameter?: Parameter) => {
    if (Object.hasOwn(parameters, key)) return;
    setOwn(parameters, key, placement);
    if (parameter === undefined) return;
    const argument = declaration(key, parameter);
    declared.push(argument);
    positions.set(argument, parameter.position);
  };
  // A header under its lower-case name (a key matches it in any case), or under its own where a parameter of another
  // location has that name: OpenAPI names are case-sensitive, so `Secret` and `secret` are two (docs/decisions.md,
  // "OpenAPI styles").
  const headers = new Map<string, string>();
  const placeHeader = (parameter: Parameter, placement: ParameterPlacement) => {
    const { name } = parameter;
    const lower = name.toLowerCase();
    if (headers.has(lower)) return; // a second header of one name
    headers.set(lower, name);
    const key = Object.hasOwn(parameters, lower) ? name : lower;
    // `Accept`, `Content-Type`, `Authorization`: OpenAPI ignores their definition, but a value given is still the
    // header (docs/decisions.md, "Credentials"), never a query parameter carrying a secret; a call declares nothing.
    place(key, placement, IGNORED_HEADERS.has(lower) ? undefined : parameter);
  };
  // The path's text and its `{name}` placeholders, each replaced once: linear in the path and its parameters.
  const { parts, slots, fragment } = placeholders(path);
  const query: string[] = [];
  for (const parameter of declaredParameters(description, route, common, operation)) {
    const { name, location, style, explode, allowReserved, contentType } = parameter;
    const exploded = typeof explode === "boolean" ? explode : undefined;
    if (location === "path") {
      const operator =
        contentType !== undefined
          ? "" // its media type's text, encoded as `{x}` encodes it
          : typeof style === "string" || style === undefined
            ? pathOperator(style ?? "simple")
            : undefined;
      if (operator === undefined) fail(route, `has path parameter ${quote(name)} of style ${quote(String(style))}`);
      // A path parameter the path does not name (`petid` for `{petId}`) is left to the ordinary rules.
      const at = slots.get(name);
      // docs/decisions.md, "A path parameter after `#`": the fragment is never sent, so neither could its value be.
      if (at === undefined && fragment.includes(`{${name}}`)) {
        fail(route, `has path parameter ${quote(name)} in its path's #fragment, which is never sent`);
      }
      if (at === undefined || Object.hasOwn(parameters, name)) continue;
      const star = exploded === true && contentType === undefined ? "*" : "";
      for (const index of at) parts[index] = `{${operator}${varname(name)}${star}}`;
      place(name, contentType === undefined ? "path" : { in: "path", contentType }, parameter);
    } else if (slots.has(name) || Object.hasOwn(parameters, name)) {
      continue; // the path's, or a location's before this one
    } else if (contentType !== undefined) {
      // Parameter Object `content`: the value as its media type's text, under its own name.
      // A header OpenAPI ignores the definition of is the header as given, not a media type's text.
      if (location === "header") {
        placeHeader(parameter, IGNORED_HEADERS.has(name.toLowerCase()) ? "header" : { in: location, contentType });
      } else if (location === "query" || location === "querystring" || location === "cookie") {
        place(name, { in: location, contentType }, parameter);
      }
    } else if (location === "query") {
      const queryStyle = style ?? "form";
      if (!QUERY_STYLES.has(queryStyle))
        fail(route, `has query parameter ${quote(name)} of style ${quote(String(queryStyle))}`);
      // `form` explodes unless told otherwise; the other styles do not.
      const isExploded = exploded ?? queryStyle === "form";
      // RFC 6570 writes a varname as it is (`include%2Dtotal=`), so a name that needs encoding is written by our code.
      if (queryStyle === "form" && allowReserved !== true && /^\w+$/.test(name)) {
        query.push(`${name}${isExploded ? "*" : ""}`);
        place(name, "query", parameter);
      } else {
        const encoding = {
          style: queryStyle as QueryStyle,
          explode: isExploded,
          allowReserved: allowReserved === true,
        };
        place(name, encoding, parameter);
      }
    } else if (location === "header") {
      // `simple` is the one style OpenAPI defines for a header: any other is read as it.
      placeHeader(parameter, exploded === true ? { in: "header", explode: true } : "header");
    } else if (location === "cookie") {
      // `form` (any style but OpenAPI 3.2's `cookie`, which writes values as they are); both explode by default.
      const cookieStyle = style === "cookie" ? "cookie" : "form";
      place(
        name,
        cookieStyle === "form" && exploded !== false
          ? "cookie"
          : { in: "cookie", style: cookieStyle, explode: exploded ?? true },
        parameter,
      );
    }
  }
  // A `{name}` of the path that no parameter declares is a simple one, named by all it holds (`{+x}` is `+x`, no
  // operator); a call must give it all the same.
  for (const [name, at] of slots) {
    if (Object.hasOwn(parameters, name) && parameters[name] === "path") continue;
    if (/^(\w|%[0-9A-F]{2})+$/.test(name)) continue;
    for (const index of at) parts[index] = `{${varname(name)}}`;
    place(name, "path");
    declared.push({ name, in: "path" });
  }
  let url = parts.join("");
  if (query.length > 0) url += `{${url.includes("?") ? "&" : "?"}${query.join(",")}}`;
  try {
    parseTableTemplate(url);
  } catch (error) {
    if (!(error instanceof EndpointError)) throw error;
    fail(route, `has the path ${quote(path)}, which makes no url template (${error.message})`);
  }
  // A call's arguments in the order the description declares them (the path's undeclared ones last).
  declared.sort((a, b) => (positions.get(a) ?? declared.length) - (positions.get(b) ?? declared.length));
  return { url, parameters, headers, declared };
}

/** The operation's parameters and its path item's (`common`), the operation's replacing those of a name and location. */
function declaredParameters(description: Description, route: string, common: unknown, operation: Node): Parameter[] {
  const declared = new Map<string, Parameter>();
  for (const list of [common, operation.parameters]) {
    if (list === undefined) continue;
    if (!isList(list, route)) fail(route, "has parameters that are not a list");
    for (let index = 0, length = list.length; index < length; index++) {
      const parameter = resolve(description, list[index], () => `${route}, parameter ${index}`);
      const { name, in: location, style, explode, allowReserved, content, schema } = parameter ?? {};
      if (typeof name !== "string" || typeof location !== "string") {
        fail(route, `has parameter ${index} without a name or location`);
      }
      const media = resolve(description, content, () => `${route}, parameter ${quote(name)} content`);
      const first = media === undefined ? undefined : Object.keys(media)[0];
      const contentType = first !== undefined && isMediaType(first) ? first : undefined;
      if (location === "querystring" && contentType === undefined) {
        fail(route, `has the querystring parameter ${quote(name)} without content, which OpenAPI 3.2 requires`);
      }
      // A `content` parameter's schema is its media type's; a flaw there leaves only its argument schema open.
      const described = contentType === undefined ? schema : resolveIfAny(description, media![first!])?.schema;
      const { required, description: text, deprecated } = parameter!;
      const key = `${location} ${name}`;
      const position = declared.get(key)?.position ?? declared.size;
      declared.set(key, {
        name,
        location,
        style,
        explode,
        allowReserved,
        contentType,
        schema: described,
        required,
        description: text,
        deprecated,
        position,
      });
    }
  }
  // Stable: declaration order within a location.
  return [...declared.values()].sort((a, b) => rank(a.location) - rank(b.location));
}

/** A placed parameter as a call gives it under `key`. */
function declaration(key: string, parameter: Parameter): DeclaredParameter {
  const { location, required, schema, description, deprecated } = parameter;
  return {
    name: key,
    in: location as DeclaredParameter["in"],
    ...(required === true && { required: true }),
    ...(schema !== undefined && { schema }),
    ...(typeof description === "string" && { description }),
    ...(deprecated === true && { deprecated: true }),
  };
}

function rank(location: string): number {
  const index = PRECEDENCE.indexOf(location);
  return index === -1 ? PRECEDENCE.length : index;
}

/** A path style's RFC 6570 operator; undefined for any other name (`constructor` included). */
function pathOperator(style: string): string | undefined {
  return Object.hasOwn(PATH_OPERATORS, style) ? PATH_OPERATORS[style] : undefined;
}

/**
 * A path cut at its `#fragment` (outside `{…}`: it tells operations on one path apart and is never sent), as
 * literal text and `{…}` placeholders, with the parts each placeholder's name stands at, and the fragment cut off.
 */
function placeholders(path: string): { parts: string[]; slots: Map<string, number[]>; fragment: string } {
  const parts: string[] = [];
  const slots = new Map<string, number[]>();
  let text = "";
  let fragment = "";
  for (let i = 0; i < path.length; i++) {
    const character = path[i]!;
    const close = character === "{" ? path.indexOf("}", i + 1) : -1;
    const inner = close === -1 ? undefined : path.slice(i + 1, close);
    if (inner !== undefined && !inner.includes("{")) {
      parts.push(literal(text));
      text = "";
      const at = slots.get(inner);
      if (at === undefined) slots.set(inner, [parts.length]);
      else at.push(parts.length);
      parts.push(`{${inner}}`);
      i = close;
    } else if (character === "#") {
      fragment = path.slice(i);
      break;
    } else {
      text += character;
    }
  }
  parts.push(literal(text));
  return { parts, slots, fragment };
}

/**
 * Text outside `{…}` with the characters no URI holds percent-encoded (`/<upload_url>`). RFC 3986 §2.2: a sub-delimiter
 * (`'` of OData's `/docs('{key}')` too, which RFC 6570 literals leave out) is sent as written, as a plain route's is.
 */
function literal(text: string): string {
  return text.replace(/[\s"<>\\^`|]/g, percentEncode);
}
