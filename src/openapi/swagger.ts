// A Swagger 2.0 description as the OpenAPI 3.0 one it stands for (docs/decisions.md, "Swagger 2.0").
import { upgradeFromTwoToThree } from "@scalar/openapi-upgrader/2.0-to-3.0";
import { EndpointError, quote } from "../core/errors.js";
import type { SkippedOperation } from "../core/route-table.js";
import { isPlainObject, ownValue } from "../core/values.js";
import { pointerTarget } from "./pointer.js";

type Node = Record<string, unknown>;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch"] as const;

/** Where OpenAPI 3.0 writes an array as Swagger 2.0's `collectionFormat` says; tsv has no 3.0 style anywhere. */
const EXPRESSIBLE: Readonly<Record<string, readonly string[]>> = {
  query: ["csv", "ssv", "pipes", "multi"],
  formData: ["csv", "ssv", "pipes", "multi"],
  path: ["csv"],
  header: ["csv"],
};

/** Schemes in the order a server is preferred: https first, whatever order the description lists them in. */
const SCHEMES = ["https", "http"];

/** Whether `document` says it is Swagger 2.0 (`swagger: "2.0"`, or `2` as YAML reads an unquoted `2.0`), and not OpenAPI. */
export function isSwagger(document: unknown): document is Node {
  if (!isPlainObject(document) || document.openapi !== undefined) return false;
  const version = document.swagger;
  return version === "2.0" || version === 2;
}

/**
 * The OpenAPI 3.0 description a Swagger 2.0 one stands for, converted by `@scalar/openapi-upgrader` on a copy (the
 * caller's object is never changed): `collectionFormat` as `style`/`explode`, `in: body` and `in: formData` as a
 * `requestBody` of each `consumes` type, `produces` as response content, `host`/`basePath`/`schemes` as `servers`.
 */
export function swaggerToOpenAPI(document: Node): Node {
  let copy: Node;
  try {
    copy = structuredClone(document);
  } catch (error) {
    throw invalid(`the Swagger 2.0 description cannot be copied (${(error as Error).message})`);
  }
  copy.swagger = "2.0";
  preferSecureServer(copy);
  const paths = copy.paths;
  const skipped: SkippedOperation[] = [];
  if (isPlainObject(paths)) {
    for (const path of Object.keys(paths)) {
      const item = paths[path];
      // docs/decisions.md, "Tolerant compile": a flaw of one path's parameters leaves that path out.
      if (isPlainObject(item)) leaveOut(skipped, path, () => prepareOperations(copy, path, item, skipped), paths);
    }
  }
  let converted: Node;
  try {
    converted = upgradeFromTwoToThree(copy as never) as Node;
  } catch (error) {
    throw invalid(`the Swagger 2.0 description cannot be converted to OpenAPI 3.0 (${(error as Error).message})`);
  }
  if (skipped.length > 0) convertedSkipped.set(converted, skipped);
  return converted;
}

/** The operations the conversion left out, by the description it made, for `openAPIRoutes()` to list. */
const convertedSkipped = /*#__PURE__*/ new WeakMap<object, readonly SkippedOperation[]>();

/** What `swaggerToOpenAPI()` left out of `document`, the description it returned; none for any other. */
export function skippedInConversion(document: object): readonly SkippedOperation[] {
  return convertedSkipped.get(document) ?? [];
}

/** Runs `prepare`; an `EndpointError` it throws removes `key` from `parent` and is listed under `route`. */
function leaveOut(skipped: SkippedOperation[], route: string, prepare: () => void, parent: Node, key = route): void {
  try {
    prepare();
  } catch (error) {
    if (!(error instanceof EndpointError)) throw error;
    delete parent[key];
    skipped.push({ route, message: error.message });
  }
}

/**
 * `schemes` with https first, and https where the description names none: Swagger 2.0's default is the scheme the
 * description was fetched with, which a parsed document no longer knows. A `basePath` of `/` adds no path.
 */
function preferSecureServer(document: Node): void {
  const { host, schemes, basePath } = document;
  if (typeof basePath === "string") {
    let end = basePath.length;
    while (end > 0 && basePath[end - 1] === "/") end--;
    document.basePath = basePath.slice(0, end);
  }
  if (typeof host !== "string") return;
  const listed = Array.isArray(schemes) ? schemes.filter((scheme) => typeof scheme === "string") : [];
  const rank = (scheme: string) => (SCHEMES.includes(scheme) ? SCHEMES.indexOf(scheme) : SCHEMES.length);
  document.schemes = listed.length === 0 ? ["https"] : listed.sort((a, b) => rank(a) - rank(b));
}

/**
 * Each operation's parameters made whole before the conversion, which reads only what an operation lists inline:
 * `#/parameters/…` references resolved, and the path item's body and form fields added to each operation (an
 * operation's own parameter of the same name and location wins). An array's `collectionFormat` is made explicit, and
 * one OpenAPI 3.0 cannot write is refused, naming the operation and the parameter.
 */
function prepareOperations(document: Node, path: string, item: Node, skipped: SkippedOperation[]): void {
  const common = parameterList(document, item.parameters, path);
  const moved = common.filter((parameter) => parameter.in === "body" || parameter.in === "formData");
  if (Array.isArray(item.parameters)) item.parameters = common.filter((parameter) => !moved.includes(parameter));
  for (const method of METHODS) {
    const operation = ownValue(item, method);
    if (!isPlainObject(operation)) continue;
    const route = `${method.toUpperCase()} ${path}`;
    const prepare = () => {
      const own = parameterList(document, operation.parameters, route);
      const inherited = moved.filter((shared) => !own.some((p) => p.name === shared.name && p.in === shared.in));
      const parameters = [...inherited, ...own];
      for (const parameter of [...common, ...parameters]) readCollectionFormat(route, parameter);
      if (parameters.length > 0) operation.parameters = parameters;
    };
    leaveOut(skipped, route, prepare, item, method);
  }
}

/** A list of parameters with every reference inside the document (`#/parameters/…`) replaced by a copy of what it names. */
function parameterList(document: Node, list: unknown, where: string): Node[] {
  if (!Array.isArray(list)) return [];
  return list.map((parameter: unknown) => {
    const seen = new Set<string>();
    while (isPlainObject(parameter) && typeof parameter.$ref === "string" && parameter.$ref.startsWith("#/")) {
      const ref = parameter.$ref;
      if (seen.has(ref)) throw invalid(`${where} has a $ref cycle through ${quote(ref)}`);
      seen.add(ref);
      const target = pointerTarget(document, ref);
      if (!isPlainObject(target)) throw invalid(`${where} has the $ref ${quote(ref)}, which points at nothing`);
      parameter = structuredClone(target);
    }
    return isPlainObject(parameter) ? parameter : {};
  });
}

/** An array's `collectionFormat` made explicit (2.0's default, csv, the converter reads only in a query) and checked. */
function readCollectionFormat(route: string, parameter: Node): void {
  const { type, name, in: location } = parameter;
  if (type !== "array" || typeof location !== "string") return;
  const format = (parameter.collectionFormat ??= "csv");
  const expressible = EXPRESSIBLE[location];
  if (expressible === undefined || expressible.includes(format as string)) return;
  throw invalid(
    `${route} has ${location} parameter ${quote(String(name))} with collectionFormat ${quote(String(format))}, which OpenAPI 3.0 has no style for: change it to ${expressible.join(", ")}`,
  );
}

function invalid(problem: string): EndpointError {
  return new EndpointError("ERR_INVALID_OPTIONS", `OpenAPI description: ${problem}`);
}
