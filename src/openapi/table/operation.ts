// The records a table is: one per operation, made once when the table is, and one for the table. Every OpenAPI
// feature reads them — the call path, names, listings, argument schemas, checks, the CLI — and none reads the
// description again.
import { EndpointError, quote } from "../../core/errors.js";
import {
  type CheckedEntry,
  type DeclaredArguments,
  HEADER_NAMES,
  type ParameterPlacement,
  type RouteEntry,
  type SkippedOperation,
  type TableApi,
} from "../../core/route-table.js";
import { parseTableTemplate } from "../../template/template.js";

/** A table: its operations and those it left out, its API, and the description its schemas come from. */
export interface TableRecord {
  /** Its operations by route, as the table names them (`"GET /pets/{petId}"`). */
  readonly operations: { readonly [route: string]: Operation };
  /** What it knows of its API: its server, its security schemes, the operations it left out. */
  readonly api: TableApi;
  /** The operations it left out, each with the message a call of it throws. */
  readonly skipped: readonly SkippedOperation[];
  /** Its operationIds, each with the operations (kept or left out) of that name. */
  readonly names: ReadonlyMap<string, readonly (Operation | SkippedOperation)[]>;
  /** The document its argument schemas' `$ref`s point into; undefined where it knows no argument schemas. */
  readonly schemas: SchemaSource | undefined;
}

/** A description's schemas: the document they are read in, and its dialect. */
export interface SchemaSource {
  readonly document: Readonly<Record<string, unknown>>;
  /** OpenAPI 3.0, whose schemas are its own dialect of JSON Schema; 3.1 and 3.2 write 2020-12. */
  readonly is30: boolean;
}

/** One operation: the entry the core builds it by, and what each feature reads of it, found once. */
export interface Operation extends CheckedEntry {
  /** Its route as the table names it: `"GET /pets/{petId}"`. */
  readonly route: string;
  /** Its method, as the route writes it. */
  readonly method: string;
  /** Its path, as the description writes it. */
  readonly path: string;
  /** Its table. */
  readonly table: TableRecord;
  /** What its template's values need besides the parameters as given. */
  readonly template: TemplateValues;
  /**
   * What a call of it takes, as its description declares it: the compile's, or a module's data, read when its argument
   * schema is first asked for; undefined for a table that knows no argument schemas.
   */
  readonly declared: DeclaredArguments | undefined;
}

/** What an entry's template values need besides the parameters as given. */
export interface TemplateValues {
  /**
   * The path's parameters, each of which must have a value (docs/decisions.md, "Path parameters of a description's
   * route"), and whether `""` is one: not where it would leave its segment empty (`/Plugins/{id}/` is another url),
   * as alone in it with no operator; `label` and `matrix` write it (`.`, `;color`), and so does `x{color}`.
   */
  readonly path: readonly (readonly [name: string, emptyIsValue: boolean])[];
  /** The parameters a template names by another varname (`user-id` as `user%2Did`). */
  readonly aliases: readonly (readonly [name: string, alias: string])[];
  /** The path parameters written as a media type's text (`content`), which the template then encodes. */
  readonly contents: readonly (readonly [name: string, contentType: string])[];
}

/** Whether `entry` is an operation a table of this package made. */
export function isOperation(entry: RouteEntry): entry is Operation {
  return typeof (entry as Partial<Operation>).route === "string" && (entry as Partial<Operation>).table !== undefined;
}

/**
 * The record of the checked entry `entry` of `table`, at `route`: the entry's fields, its header parameters by
 * lower-case name, and what its template's values need.
 */
export function operationOf(
  table: TableRecord,
  route: string,
  method: string,
  entry: RouteEntry,
  headers: ReadonlyMap<string, ParameterPlacement>,
  declared: DeclaredArguments | undefined,
): Operation {
  const space = route.indexOf(" ");
  const operation = {
    ...entry,
    route,
    method,
    path: route.slice(space + 1),
    table,
    template: templateValues(route, entry),
    declared,
  };
  Object.defineProperty(operation, HEADER_NAMES, { value: headers });
  return Object.freeze(operation);
}

/** What `entry`'s template values need, found once. */
function templateValues(route: string, entry: RouteEntry): TemplateValues {
  const { parts, variables } = parseTableTemplate(entry.url);
  // A template's varname that is no parameter name (`user%2Did`) is filled from the name it encodes.
  const aliases: [string, string][] = [];
  for (const name of variables) {
    if (name.indexOf("%") === -1) continue;
    try {
      aliases.push([decodeURIComponent(name), name]);
    } catch {
      throw new EndpointError(
        "ERR_INVALID_OPTIONS",
        `route table: ${quote(route)} has the template variable ${quote(name)}, which is no UTF-8 name`,
      );
    }
  }
  // The path's own variables (not a `{?query}` or `{#fragment}`), by the names they are filled from.
  const path: [string, boolean][] = [];
  const isQuery = (part: (typeof parts)[number] | undefined) =>
    typeof part === "string"
      ? /^[?#]/.test(part)
      : part !== undefined && (part.operator === "?" || part.operator === "&" || part.operator === "#");
  parts.forEach((part, k) => {
    if (typeof part === "string" || isQuery(part)) return;
    const before = parts[k - 1];
    const after = parts[k + 1];
    const alone =
      typeof before === "string" &&
      before.endsWith("/") &&
      (after === undefined || isQuery(after) || (typeof after === "string" && after.startsWith("/")));
    const emptyIsValue = !alone || part.operator === "." || part.operator === ";";
    for (const { name } of part.varspecs) {
      path.push([aliases.find(([, alias]) => alias === name)?.[0] ?? name, emptyIsValue]);
    }
  });
  // Read by the template's own names, not over every parameter: a body's fields are parameters too, and many
  // operations may share one body of many fields (a compile in time linear in the description).
  const contents: [string, string][] = [];
  for (const name of new Set(path.map(([name]) => name))) {
    const placement = Object.hasOwn(entry.parameters, name) ? entry.parameters[name] : undefined;
    if (typeof placement === "object" && "in" in placement && placement.in === "path") {
      contents.push([name, placement.contentType!]);
    }
  }
  return { path, aliases, contents };
}

/**
 * Whether `""` for the path parameter `name` of `operation` would leave its segment empty, so a call of it has no
 * value (docs/decisions.md, "Path parameters of a description's route"): what an argument schema says as `minLength`.
 */
export function emptiesItsSegment(operation: Operation, name: string): boolean {
  return operation.template.path.some(([each, emptyIsValue]) => each === name && !emptyIsValue);
}
