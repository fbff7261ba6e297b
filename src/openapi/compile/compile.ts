// An OpenAPI 3.0, 3.1 or 3.2 description compiled to a route table (docs/decisions.md, "Route tables"): each operation
// read once, into its table entry and what its calls take.
import { EndpointError, kindOf, quote } from "../../core/errors.js";
import type {
  DeclaredArguments,
  ParameterPlacement,
  RouteEntry,
  RouteServer,
  RouteTable,
  SecurityScheme,
  SkippedOperation,
} from "../../core/route-table.js";
import { TABLE } from "../../core/route-table.js";
import { isPlainObject, ownValue, setOwn } from "../../core/values.js";
import { isJsonType } from "../../http/json.js";
import { isToken } from "../../http/tokens.js";
import { readScheme } from "../security.js";
import { isSwagger, skippedInConversion, swaggerToOpenAPI } from "../swagger.js";
import { checkedTable, type Runtime } from "../table/runtime.js";
import { readWarningListener, warnLeftOut, warningsOnce, type WarningListener } from "../warnings.js";
import { compileBody } from "./body.js";
import { compileParameters } from "./parameters.js";
import { type Description, fail, isList, type Node, resolve } from "./refs.js";

// `query` is OpenAPI 3.2's QUERY: safe, with a body.
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"] as const;

/** The security schemes of a description: those a request can use, and why each other one cannot. */
interface Schemes {
  readonly usable: Readonly<Record<string, SecurityScheme>>;
  readonly flawed: ReadonlyMap<string, string>;
}

/** What compiling the operations of a description builds. */
interface Compilation {
  readonly description: Description;
  readonly server: Node;
  readonly schemes: Schemes;
  readonly table: Record<string, RouteEntry>;
  readonly declared: Record<string, DeclaredArguments>;
  readonly skipped: SkippedOperation[];
}

/**
 * The route table of an OpenAPI 3.0, 3.1 or 3.2 description, or of a Swagger 2.0 one converted to 3.0, for
 * `withRoutes(routes)`: each operation's path and `form` query parameters compiled to one RFC 6570 template, and every
 * parameter and body field placed where it declares. An operation with a flaw of its own (a media type that is none, a
 * header named `""`) is left out, listed by `skippedOperations(routes)` and told to `options.onWarning`; a call of it
 * throws why.
 *
 * @param description - the parsed description (JSON or YAML), its `$ref`s pointing inside it (`#/components/…`);
 *   `fluent-endpoint openapi` bundles one of several files
 * @example
 * import { endpoint } from "fluent-endpoint";
 * import { openAPIRoutes } from "fluent-endpoint/openapi";
 * const api = endpoint.withRoutes(openAPIRoutes(description)); // servers: [{ url: "https://api.example.com" }]
 * api("GET /pets", { tags: ["dog", "cat"] }).url; // "https://api.example.com/pets?tags=dog&tags=cat"
 */
export function openAPIRoutes<Routes = unknown>(
  description: unknown,
  options?: OpenAPIRoutesOptions,
): RouteTable<Routes> {
  const caller = "openAPIRoutes()";
  if (options !== undefined && !isPlainObject(options)) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `${caller} options must be an object, got ${kindOf(options)}`);
  }
  const unknown = Object.keys(options ?? {}).find((key) => key !== "onWarning");
  if (unknown !== undefined) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `${caller} has no option ${quote(unknown)}: it takes onWarning`);
  }
  const onWarning = readWarningListener(options?.onWarning, caller);
  const table = compileDescription<Routes>(description, caller);
  const { skipped } = (table[TABLE] as Runtime).table;
  if (onWarning !== undefined) warnLeftOut(skipped, warningsOnce(description as object, onWarning));
  return table;
}

/**
 * What `openAPIRoutes()` takes besides the description.
 *
 * @example
 * const warnings: OpenAPIWarning[] = [];
 * openAPIRoutes(description, { onWarning: (warning) => warnings.push(warning) });
 */
export interface OpenAPIRoutesOptions {
  /**
   * Hears each compile warning once per description (docs/decisions.md, "Warnings"): here, each operation left out
   * (`WARN_OPERATION_LEFT_OUT`). Without it, warnings are silent: `skippedOperations()` lists the operations left out.
   */
  readonly onWarning?: WarningListener;
}

/**
 * `openAPIRoutes()`, for a function that also takes a description: `caller` names it, and `needs` what else it takes,
 * in the error for none.
 */
export function compileDescription<Routes>(description: unknown, caller: string, needs = ""): RouteTable<Routes> {
  const document = isSwagger(description) ? swaggerToOpenAPI(description) : description;
  // Each field of the description is read once into a local (docs/decisions.md, "What a table trusts").
  const version = isPlainObject(document) ? document.openapi : undefined;
  if (!isPlainObject(document) || typeof version !== "string" || !/^3\.[012]\./.test(version)) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `${caller} needs ${needs}an OpenAPI 3.0, 3.1 or 3.2 description or a Swagger 2.0 one, got ${describeVersion(document, version)}`,
    );
  }
  const read: Description = { document, refs: new Map(), fields: new Map(), shared: new Map() };
  // docs/decisions.md, "A description's defaults": with no `servers`, the server is `/`.
  const server = firstServer(document.servers, "the description") ?? { url: "/" };
  const schemes = securitySchemes(read);
  requirements(document.security, schemes, "the description");
  const compilation: Compilation = {
    description: read,
    server,
    schemes,
    table: {},
    declared: {},
    // docs/decisions.md, "Tolerant compile": a flaw of one operation (or one path) leaves it out; what is the whole
    // description's (its version, `paths`, servers, security) still refuses it.
    skipped: [...skippedInConversion(document)],
  };
  const paths = resolve(read, document.paths, "paths") ?? {};
  for (const path of Object.keys(paths)) {
    // OAS Paths Object: a key starting `x-` is a Specification Extension, not a path.
    if (path.startsWith("x-")) continue;
    tolerate(compilation, path, () => compilePath(compilation, path, paths[path]));
  }
  // Checked there, as every entry's; an entry it refuses is left out too.
  const api = { server: server as unknown as RouteServer, securitySchemes: schemes.usable };
  return checkedTable<Routes>(compilation.table, api, compilation.skipped, {
    document,
    operations: compilation.declared,
  });
}

/** Runs `compile`; an `EndpointError` it throws leaves `route` out, with its operationId once `named` can read it. */
function tolerate(compilation: Compilation, route: string, compile: () => void, named?: () => unknown): void {
  try {
    compile();
  } catch (error) {
    if (!(error instanceof EndpointError)) throw error;
    const operationId = named?.();
    const left = { route, message: error.message, ...(typeof operationId === "string" && { operationId }) };
    compilation.skipped.push(left);
  }
}

/** Adds the operations of the path item `value` at `path`, each compiled on its own. */
function compilePath(compilation: Compilation, path: string, value: unknown): void {
  const { description } = compilation;
  const item = resolve(description, value, () => `path ${quote(path)}`);
  if (item === undefined) return;
  const { parameters: common, additionalOperations } = item;
  const pathServer = firstServer(item.servers, `path ${quote(path)}`);
  const add = (route: string, field: unknown) => {
    let operation: Node | undefined;
    tolerate(
      compilation,
      route,
      () => {
        operation = resolve(description, field, route);
        if (operation !== undefined) compileOperation(compilation, route, path, common, operation, pathServer);
      },
      () => operation?.operationId,
    );
  };
  for (const method of METHODS) add(`${method.toUpperCase()} ${path}`, ownValue(item, method));
  // OpenAPI 3.2: other methods (`LINK`), keyed by the method as it is sent.
  const others = resolve(description, additionalOperations, () => `path ${quote(path)}, additionalOperations`) ?? {};
  for (const method of Object.keys(others)) {
    const route = `${method} ${path}`;
    if (!isToken(method))
      tolerate(compilation, route, () => fail(route, "has an additional operation whose method is no HTTP token"));
    else if ((METHODS as readonly string[]).includes(method.toLowerCase())) {
      const field = method.toLowerCase();
      tolerate(compilation, route, () =>
        fail(route, `is an additional operation, which OpenAPI reserves to the ${field} field`),
      );
    } else add(route, others[method]);
  }
}

/** One operation, with what it says of its server, its responses' media types, its credentials and its name. */
function compileOperation(
  compilation: Compilation,
  route: string,
  path: string,
  common: unknown,
  operation: Node,
  pathServer: Node | undefined,
): void {
  const { description, server, schemes } = compilation;
  const { url, parameters, headers, declared } = compileParameters(description, route, path, common, operation);
  let placements: Readonly<Record<string, ParameterPlacement>> = parameters;
  const body = compileBody(description, route, operation);
  if (body !== undefined && Object.keys(parameters).length === 0) {
    placements = sharedFields(description, body.fields);
  } else if (body !== undefined) {
    for (const field of body.fields) {
      // A body field named as a header is in lower case is that field; the header keeps the name it was declared with.
      const header = headers.get(field);
      if (header !== undefined && header !== field && !Object.hasOwn(parameters, header)) {
        setOwn(parameters, header, parameters[field]!);
        delete parameters[field];
        const index = declared.findIndex((each) => each.in === "header" && each.name === field);
        if (index !== -1) declared[index] = { ...declared[index]!, name: header };
      }
      if (!Object.hasOwn(parameters, field)) setOwn(parameters, field, "body");
    }
  }
  let own = firstServer(operation.servers, route) ?? pathServer;
  // A path or operation that repeats the description's server (Twilio's every path) needs no server of its own.
  if (own !== undefined && JSON.stringify(own) === JSON.stringify(server)) own = undefined;
  const accept = responseTypes(description, operation.responses, route);
  const security = requirements(operation.security ?? description.document.security, schemes, route);
  // What names and lists it (docs/decisions.md, "Operations by name"), checked as a table checks them.
  const { operationId, summary, tags, deprecated, description: text } = operation;
  setOwn(compilation.table, route, {
    url,
    parameters: placements,
    ...(body && { body: body.body }),
    ...(own && { server: own as unknown as RouteServer }),
    ...(accept && { accept }),
    ...(security.length > 0 && { security }),
    ...(operationId !== undefined && { operationId: operationId as string }),
    // Documentation only: a summary, tags or deprecated mark of another type is left out, not refused.
    ...(typeof summary === "string" && { summary }),
    ...(Array.isArray(tags) && tags.every((tag) => typeof tag === "string") && { tags }),
    ...(typeof deprecated === "boolean" && { deprecated }),
  });
  setOwn(compilation.declared, route, {
    parameters: declared,
    ...(body && { body: body.declared }),
    ...(typeof summary === "string" && { summary }),
    ...(typeof text === "string" && { description: text }),
  });
}

/** One frozen record of `fields` as body placements, made once for every operation that declares only them. */
function sharedFields(
  description: Description,
  fields: readonly string[],
): Readonly<Record<string, ParameterPlacement>> {
  let record = description.shared.get(fields);
  if (record === undefined) {
    const placements: Record<string, ParameterPlacement> = {};
    for (const field of fields) if (!Object.hasOwn(placements, field)) setOwn(placements, field, "body");
    record = Object.freeze(placements);
    description.shared.set(fields, record);
  }
  return record;
}

/**
 * `components.securitySchemes`, each read on its own: a flaw in one (an apiKey header name that is no token) leaves
 * out the operations that can only be sent with it, not the description.
 */
function securitySchemes(description: Description): Schemes {
  const components = resolve(description, description.document.components, "components");
  const declared = resolve(description, components?.securitySchemes, "components.securitySchemes") ?? {};
  const usable: Record<string, SecurityScheme> = {};
  const flawed = new Map<string, string>();
  for (const name of Object.keys(declared)) {
    try {
      const scheme = resolve(description, declared[name], () => `security scheme ${quote(name)}`) ?? {};
      setOwn(usable, name, readScheme("the description", name, scheme));
    } catch (error) {
      if (!(error instanceof EndpointError)) throw error;
      flawed.set(name, error.message);
    }
  }
  return { usable: Object.freeze(usable), flawed };
}

/**
 * An operation's security requirements that name schemes (an empty one asks for no credentials); one naming a scheme
 * the description does not declare can never be met, so it is left out, and so is one naming a flawed scheme. An
 * operation whose every requirement names a flawed scheme is left out itself: it cannot be sent as described.
 */
function requirements(security: unknown, schemes: Schemes, route: string): string[][] {
  if (security === undefined) return [];
  if (!isList(security, route)) fail(route, "has security that is not a list");
  const lists: string[][] = [];
  let flaw: string | undefined;
  let usable = security.length === 0;
  for (const requirement of security) {
    if (!isPlainObject(requirement)) fail(route, `has a security requirement that is ${kindOf(requirement)}`);
    const names = Object.keys(requirement);
    const flawed = names.find((name) => schemes.flawed.has(name));
    if (flawed !== undefined) {
      flaw ??= schemes.flawed.get(flawed);
      continue;
    }
    usable = true;
    if (names.length > 0 && names.every((name) => Object.hasOwn(schemes.usable, name))) lists.push(names);
  }
  if (!usable && flaw !== undefined) fail(route, `can only be sent with a flawed security scheme: ${flaw}`);
  return lists;
}

/** The first of a `servers` list, which the specification makes the default; undefined for none. */
function firstServer(servers: unknown, where: string): Node | undefined {
  if (servers === undefined) return undefined;
  if (!isList(servers, where)) fail(where, "has servers that are not a list");
  return servers.length === 0 ? undefined : (servers[0] as Node);
}

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNSENDABLE = /[,\0-\x1f\x7f]|\p{Cs}/u;

/**
 * The `accept` an operation's responses make: every media type they declare, JSON ones first, each once; undefined
 * when they declare none.
 */
function responseTypes(description: Description, responses: unknown, route: string): string | undefined {
  const all = resolve(description, responses, () => `${route}, responses`);
  if (all === undefined) return undefined;
  const types = new Map<string, string>();
  for (const status of Object.keys(all)) {
    if (status.startsWith("x-")) continue; // OAS Responses Object: a Specification Extension
    const response = resolve(description, all[status], () => `${route}, response ${quote(status)}`);
    const content =
      response === undefined
        ? undefined
        : resolve(description, response.content, () => `${route}, response ${quote(status)} content`);
    // A key that is no media type (a comma would split it, a control character break the header) is left out.
    for (const type of Object.keys(content ?? {})) if (!UNSENDABLE.test(type)) types.set(type.toLowerCase(), type);
  }
  const listed = [...types.values()];
  const json = listed.filter(isJsonType);
  const ordered = [...json, ...listed.filter((type) => !json.includes(type))];
  return ordered.length === 0 ? undefined : ordered.join(", ");
}

/** The version field a description that is not OpenAPI 3.0, 3.1 or Swagger 2.0 has, for a message. */
function describeVersion(document: unknown, version: unknown): string {
  if (!isPlainObject(document)) return kindOf(document);
  if (version !== undefined) return `openapi ${quote(String(version))}`;
  // Swagger 1.2 names its version `swaggerVersion`.
  for (const field of ["swagger", "swaggerVersion"]) {
    const value = ownValue(document, field);
    if (value !== undefined) return `${field} ${quote(String(value))}`;
  }
  return 'an object with neither "openapi" nor "swagger"';
}
