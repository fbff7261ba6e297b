// Tools against the description itself, on every operation of the descriptions bench/tools.mjs reads:
// 1. whether the tool's schema and toolCall() accept exactly the arguments the description allows, judged by an
//    independent validator (Ajv 8) on the description's own parameter and body schemas;
// 2. whether the request toolCall() builds, and the one @samchon/openapi's HttpLlm.execute() would send (its
//    request-building part, HttpMigration's routes and fetcher, with a fetch that records and never sends), equal the
//    request the description prescribes, written here from the OpenAPI 3.0 serialization rules.
// The argument sets are the sweep's (test/support/samples.ts): each operation's valid call and its mutations.
// Run: npm run build && node bench/tools-agreement.mjs [--examples]
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { HttpMigration } from "@samchon/openapi";
import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import { build } from "esbuild";
import { parse } from "yaml";
import { DESCRIPTIONS } from "./tool-descriptions.mjs";
import { EndpointError } from "../dist/index.js";
import { argumentSchema, openAPIEndpoint, openAPIRoutes, tableOperations } from "../dist/openapi.js";
import { toolCall, toolDefinitions } from "../dist/openapi-tools.js";

const root = new URL("..", import.meta.url);
// --only=Name,Name: those of the list; --file=path: a description of one's own instead (JSON or YAML); --examples: the
// cases behind each figure; --json: the figures and cases as JSON (test/openapi-tools-agreement.test.ts reads it).
const option = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const SHOW_EXAMPLES = process.argv.includes("--examples");
const JSON_OUT = process.argv.includes("--json");
const ONLY = option("only");
const FILE = option("file");
if (FILE !== undefined) {
  DESCRIPTIONS.splice(0, Infinity, [FILE, () => parse(readFileSync(FILE, "utf8"))]);
}

// The sweep's generators of calls, a TypeScript test helper, compiled for this script.
const out = mkdtempSync(join(tmpdir(), "tools-agreement-"));
await build({
  entryPoints: [new URL("test/support/samples.ts", root).pathname],
  outdir: out,
  format: "esm",
  outExtension: { ".js": ".mjs" },
});
const { validCall, mutations, isObject } = await import(pathToFileURL(join(out, "samples.mjs")).href);
rmSync(out, { recursive: true, force: true });

// ---------------------------------------------------------------------------------------------------------------
// The judge of arguments: the description's own schemas, as OpenAPI 3.0.3 reads them, validated by Ajv.

/** A JSON pointer's keys. */
const keysOf = (pointer) =>
  pointer
    .replace(/^#/, "")
    .split("/")
    .slice(1)
    .map((key) => decodeURIComponent(key).replaceAll("~1", "/").replaceAll("~0", "~"));
const pointerOf = (keys) => "#/" + keys.map((key) => String(key).replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

function at(document, pointer) {
  let node = document;
  for (const key of keysOf(pointer)) node = node?.[key];
  return node;
}

/** A `$ref` chain followed: the node and the pointer where it stands. */
function follow(document, node, pointer) {
  for (let hops = 0; isObject(node) && typeof node.$ref === "string" && hops < 50; hops++) {
    pointer = node.$ref;
    node = at(document, pointer);
  }
  return [node, pointer];
}

const MAPS = new Set(["properties", "patternProperties", "schemas", "parameters", "content", "encoding", "paths"]);

/**
 * The description as JSON Schema draft-07 reads OpenAPI 3.0.3's schemas: a boolean `exclusiveMinimum`/`exclusiveMaximum`
 * as the number, a `$ref`'s siblings dropped (3.0 ignores them), `nullable` only beside a `type` (3.0.3: it adds null
 * to the types only where `type` is given; Ajv reads `nullable` itself), a `readOnly` property out of `required` (3.0.3:
 * its `required` applies to responses only). `format`, `discriminator`, `example` and `x-` stay annotations.
 */
function asDraft07(document) {
  const copy = structuredClone(document);
  const readOnly = (node) => isObject(node) && follow(copy, node, "")[0]?.readOnly === true;
  const walk = (node, names = false) => {
    if (Array.isArray(node)) return node.forEach((each) => walk(each));
    if (!isObject(node)) return;
    // An example is data, whose `$id`s (Box's) Ajv would read as schemas' ids; a map of names keeps its `example`.
    if (!names) for (const key of ["example", "examples"]) delete node[key];
    if (typeof node.$ref === "string") {
      for (const key of Object.keys(node)) if (key !== "$ref") delete node[key];
      return;
    }
    for (const [bound, limit] of [
      ["exclusiveMinimum", "minimum"],
      ["exclusiveMaximum", "maximum"],
    ]) {
      if (node[bound] === true && typeof node[limit] === "number") {
        node[bound] = node[limit];
        delete node[limit];
      } else if (typeof node[bound] === "boolean") delete node[bound];
    }
    if ("nullable" in node && node.type === undefined) delete node.nullable;
    for (const [key, value] of Object.entries(node)) walk(value, MAPS.has(key));
    if (Array.isArray(node.required) && isObject(node.properties)) {
      node.required = node.required.filter((name) => !readOnly(node.properties[name]));
    }
  };
  walk(copy);
  return copy;
}

/** The operation as the description writes it: its parameters (path item's and own, own winning) and body. */
function describedOperation(document, path, method) {
  const item = document.paths[path];
  const base = pointerOf(["paths", path]);
  const byKey = new Map();
  for (const [list, where] of [
    [item.parameters, `${base}/parameters`],
    [item[method]?.parameters, `${base}/${method}/parameters`],
  ]) {
    (list ?? []).forEach((each, index) => {
      const [parameter, pointer] = follow(document, each, `${where}/${index}`);
      if (!isObject(parameter)) return;
      byKey.set(`${parameter.in} ${parameter.name}`, { ...parameter, pointer });
    });
  }
  const parameters = [...byKey.values()].filter(
    // OpenAPI: a header parameter named Accept, Content-Type or Authorization SHALL be ignored.
    (parameter) =>
      !(
        parameter.in === "header" && ["accept", "content-type", "authorization"].includes(parameter.name.toLowerCase())
      ),
  );
  let body;
  // OpenAPI 3.0.3: a request body only where HTTP defines one's meaning, so none for GET and HEAD.
  if (method !== "get" && method !== "head" && item[method].requestBody !== undefined) {
    const [requestBody, pointer] = follow(document, item[method].requestBody, `${base}/${method}/requestBody`);
    const types = Object.keys(requestBody?.content ?? {});
    if (types.length > 0) {
      body = {
        required: requestBody.required === true,
        types: types.map((type) => ({
          type,
          pointer: `${pointer}/content/${type.replaceAll("~", "~0").replaceAll("/", "~1")}`,
          ...requestBody.content[type],
        })),
      };
    }
  }
  // OpenAPI: an operation's servers override its path item's, which override the description's.
  const servers = item[method].servers ?? item.servers ?? document.servers;
  return { path, method, parameters, body, server: serverUrl(servers) };
}

/** The declared media type `type` is, or the range that holds it, or the first declared. */
function mediaOf(operation, type = "") {
  const { types } = operation.body;
  const [kind] = type.toLowerCase().split("/");
  return (
    types.find((each) => each.type.toLowerCase() === type.toLowerCase()) ??
    types.find((each) => each.type === "*/*" || each.type.toLowerCase() === `${kind}/*`) ??
    types[0]
  );
}

/** The fields a body schema names, through `allOf` and `$ref`s. */
function fieldsOf(document, schema, depth = 0) {
  [schema] = follow(document, schema, "");
  if (!isObject(schema) || depth > 8) return [];
  return [
    ...Object.keys(isObject(schema.properties) ? schema.properties : {}),
    ...(schema.allOf ?? []).flatMap((part) => fieldsOf(document, part, depth + 1)),
  ];
}

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * A parameter's text read as its declared number, integer or boolean, a list's items too: path, query, header and
 * cookie values travel as text (docs/decisions.md, "Argument checks"). A body is never coerced.
 */
function coerced(document, schema, value, depth = 0) {
  [schema] = follow(document, schema, "");
  if (!isObject(schema) || depth > 1) return value;
  const type = schema.type;
  if (type === "array" && Array.isArray(value)) return value.map((each) => coerced(document, schema.items, each, 1));
  if (typeof value !== "string") return value;
  if ((type === "number" || type === "integer") && NUMBER.test(value)) return Number(value);
  if (type === "boolean" && (value === "true" || value === "false")) return value === "true";
  return value;
}

/** The judge of one description: Ajv, draft-07 with OpenAPI's `nullable` for 3.0, 2020-12 for 3.1. */
function judgeFor(document) {
  const v31 = String(document.openapi).startsWith("3.1");
  const options = {
    strict: false,
    validateSchema: false,
    validateFormats: false,
    allowUnionTypes: true,
    verbose: true,
  };
  // A pattern that is no Unicode-mode regular expression (DigitalOcean's `^[a-zA-Z0-9_\\-\\:]+$`) is run as ECMA-262's
  // plain mode reads it.
  const [ajv, plain] = [{}, { unicodeRegExp: false }].map((more) => {
    const instance = v31 ? new Ajv2020({ ...options, ...more }) : new Ajv({ ...options, ...more });
    instance.addSchema(v31 ? document : asDraft07(document), "description");
    return instance;
  });
  const compiled = new Map();
  const validator = (pointer) => {
    let validate = compiled.get(pointer);
    if (validate === undefined) {
      try {
        validate = ajv.compile({ $ref: `description${pointer}` });
      } catch {
        try {
          validate = plain.compile({ $ref: `description${pointer}` });
        } catch (error) {
          validate = Object.assign(() => false, { unsatisfiable: String(error.message).slice(0, 120) });
        }
      }
      compiled.set(pointer, validate);
    }
    return validate;
  };
  /** Why the description refuses the arguments, or undefined where it takes them; `judge.failure` says where. */
  const judge = (operation, args, mediaType) => {
    judge.failure = undefined;
    const fail = (at, validate) => {
      judge.failure = { at, error: validate.errors?.[0] };
      return `${at}: ${describe(validate)}`;
    };
    const given = { ...args };
    for (const parameter of operation.parameters) {
      const name = parameter.in === "header" ? parameter.name.toLowerCase() : parameter.name;
      const value = given[name];
      delete given[name];
      if (value === undefined) {
        if (parameter.required === true || parameter.in === "path") return `${name} is required`;
        continue;
      }
      if (parameter.schema !== undefined) {
        const validate = validator(`${parameter.pointer}/schema`);
        if (!validate(coerced(document, parameter.schema, value))) return fail(name, validate);
      } else if (isObject(parameter.content)) {
        const type = Object.keys(parameter.content)[0];
        const validate = validator(`${parameter.pointer}/content/${type.replaceAll("/", "~1")}/schema`);
        if (!validate(value)) return fail(name, validate);
      }
    }
    if (operation.body === undefined)
      return Object.keys(given).length > 0 ? `unknown ${Object.keys(given)}` : undefined;
    const media = mediaOf(operation, mediaType);
    const body = operation.bodyFields ? (Object.keys(given).length > 0 ? given : undefined) : given.data;
    if (body === undefined) return operation.body.required ? "the body is required" : undefined;
    if (media.schema === undefined) return undefined;
    // Text under a media type of no JSON data (`application/xml`, `image/png`) is the representation itself, which a
    // schema of its data model does not describe; a string schema (`text/plain`'s) still applies.
    const [described] = follow(document, media.schema, "");
    const ofData = /json|form|multipart|\*/i.test(media.type);
    if (
      !ofData &&
      typeof body === "string" &&
      isObject(described) &&
      described.type !== undefined &&
      described.type !== "string"
    )
      return undefined;
    const validate = validator(`${media.pointer}/schema`);
    return validate(body) ? undefined : fail("body", validate);
  };
  return judge;
}

/**
 * The call with each string the sample made against its `pattern` (Twilio's `^AC[0-9a-fA-F]{32}$` given `ACxx…`, too
 * long and no match) made from the pattern instead, where the description refuses it for that alone; else the call.
 */
function withPatternsMet(judge, operation, call) {
  let args = call;
  for (let round = 0; round < 10; round++) {
    if (judge(operation, args) === undefined) return args;
    const { at, error } = judge.failure ?? {};
    const pattern = error?.parentSchema?.pattern;
    const value =
      typeof pattern === "string" && /^(pattern|minLength|maxLength)$/.test(error.keyword)
        ? fromPattern(pattern)
        : undefined;
    if (value === undefined) return call;
    const keys = [
      ...(at !== "body" ? [at] : operation.bodyFields ? [] : ["data"]),
      ...keysOf(`#${error.instancePath}`),
    ];
    args = structuredClone(args);
    let node = args;
    for (const key of keys.slice(0, -1)) node = node[key];
    node[keys.at(-1)] = value;
  }
  return call;
}

/** A string a regular expression of literals, classes, groups and quantifiers matches (each at its fewest). */
function fromPattern(pattern) {
  let i = 0;
  const CLASS = { d: "0", w: "a", s: " ", D: "a", W: "-", S: "a" };
  const klass = () => {
    const negate = pattern[i] === "^" && ++i > 0;
    const chars = [];
    for (let first = true; i < pattern.length && (pattern[i] !== "]" || first); first = false) {
      let c = pattern[i++];
      if (c === "\\") {
        c = CLASS[pattern[i]] ?? pattern[i];
        i++;
      }
      if (pattern[i] === "-" && pattern[i + 1] !== "]") {
        const end = pattern[i + 1] === "\\" ? pattern[i + 2] : pattern[i + 1];
        i += pattern[i + 1] === "\\" ? 3 : 2;
        for (let code = c.charCodeAt(0); code <= end.charCodeAt(0) && code < c.charCodeAt(0) + 200; code++)
          chars.push(String.fromCharCode(code));
      } else chars.push(c);
    }
    i++;
    return negate ? [..."aA0x-_ "].find((c) => !chars.includes(c)) : chars[0];
  };
  const atom = () => {
    const c = pattern[i++];
    if (c === "^" || c === "$") return "";
    if (c === "(") {
      if (pattern[i] === "?") i += pattern[i + 1] === "<" ? pattern.indexOf(">", i) - i + 1 : 2;
      const inner = alternatives();
      i++;
      return inner;
    }
    if (c === "[") return klass();
    if (c === "\\") {
      const e = pattern[i++];
      return e === "b" || e === "B" ? "" : (CLASS[e] ?? e);
    }
    return c === "." ? "a" : c;
  };
  const fewest = () => {
    const c = pattern[i];
    let min = 1;
    if (c === "?" || c === "*") {
      min = 0;
      i++;
    } else if (c === "+") i++;
    else if (c === "{" && /^\{\d+(,\d*)?\}/.test(pattern.slice(i))) {
      min = Number(/^\{(\d+)/.exec(pattern.slice(i))[1]);
      i = pattern.indexOf("}", i) + 1;
    } else return min;
    if (pattern[i] === "?") i++;
    return min;
  };
  const sequence = () => {
    let out = "";
    while (i < pattern.length && pattern[i] !== "|" && pattern[i] !== ")") {
      const one = atom();
      if (one === undefined) return undefined;
      out += one.repeat(fewest());
    }
    return out;
  };
  const alternatives = () => {
    const first = sequence();
    while (pattern[i] === "|") {
      i++;
      sequence();
    }
    return first;
  };
  try {
    const made = alternatives();
    return made !== undefined && new RegExp(pattern, "u").test(made) ? made : undefined;
  } catch {
    return undefined;
  }
}

function describe(validate) {
  if (validate.unsatisfiable !== undefined) return `schema Ajv cannot compile (${validate.unsatisfiable})`;
  const [error] = validate.errors ?? [];
  return error === undefined ? "refused" : `${error.instancePath || "/"} ${error.message}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The judge of requests: what the description prescribes for valid arguments, by OpenAPI 3.0.3's styles.

/** RFC 3986 percent-encoding of all but the unreserved characters (and of none of the reserved ones if asked). */
const encode = (text, allowReserved = false) =>
  allowReserved
    ? encodeURI(String(text)).replace(/%5B|%5D/g, (c) => (c === "%5B" ? "[" : "]"))
    : encodeURIComponent(String(text)).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const text = (value) => (value === null ? "" : String(value));

/** A parameter's `name=value` pairs in a query string (or a form body), by its style. */
function queryPairs(name, value, style = "form", explode = style === "form", allowReserved = false) {
  const e = (each) => encode(text(each), allowReserved);
  if (style === "deepObject") return deepPairs(encode(name), value, allowReserved);
  const separator = style === "spaceDelimited" ? "%20" : style === "pipeDelimited" ? "%7C" : ",";
  if (Array.isArray(value)) {
    if (explode && style === "form") return value.map((each) => `${encode(name)}=${e(each)}`);
    return [`${encode(name)}=${value.map(e).join(separator)}`];
  }
  if (isObject(value)) {
    if (explode) return Object.entries(value).map(([key, each]) => `${encode(key)}=${e(each)}`);
    return [
      `${encode(name)}=${Object.entries(value)
        .flatMap(([key, each]) => [encode(key), e(each)])
        .join(separator)}`,
    ];
  }
  return [`${encode(name)}=${e(value)}`];
}

/** deepObject: `name%5Bkey%5D=value` (`name[key]`), nested the same way, a list's items by index (as `qs` and Stripe write it). */
function deepPairs(prefix, value, allowReserved) {
  if (Array.isArray(value)) return value.flatMap((each, i) => deepPairs(`${prefix}%5B${i}%5D`, each, allowReserved));
  if (isObject(value))
    return Object.entries(value).flatMap(([key, each]) =>
      deepPairs(`${prefix}%5B${encode(key)}%5D`, each, allowReserved),
    );
  return [`${prefix}=${encode(text(value), allowReserved)}`];
}

/** A path parameter by its style (simple, label, matrix). */
function pathValue(name, value, style = "simple", explode = false) {
  const e = (each) => encode(text(each));
  const prefix = style === "label" ? "." : "";
  if (style === "matrix") {
    if (Array.isArray(value))
      return explode ? value.map((each) => `;${name}=${e(each)}`).join("") : `;${name}=${value.map(e).join(",")}`;
    if (isObject(value))
      return explode
        ? Object.entries(value)
            .map(([key, each]) => `;${key}=${e(each)}`)
            .join("")
        : `;${name}=${Object.entries(value)
            .flatMap(([key, each]) => [key, e(each)])
            .join(",")}`;
    return `;${name}=${e(value)}`;
  }
  const separator = explode && style === "label" ? "." : ",";
  if (Array.isArray(value)) return prefix + value.map(e).join(separator);
  if (isObject(value))
    return (
      prefix +
      Object.entries(value)
        .map(([key, each]) => (explode ? `${key}=${e(each)}` : `${key},${e(each)}`))
        .join(separator)
    );
  return prefix + e(value);
}

/** A header parameter (style simple). */
function headerValue(value, explode = false) {
  if (Array.isArray(value)) return value.map(text).join(",");
  if (isObject(value))
    return Object.entries(value)
      .map(([key, each]) => (explode ? `${key}=${text(each)}` : `${key},${text(each)}`))
      .join(",");
  return text(value);
}

/**
 * The first server's url: its variables' defaults; one relative to the scheme (`//kubernetes.local`) as https, one
 * relative to the description's location (none given is `/`) against `https://localhost`, as comparable() reads ours.
 */
function serverUrl(servers) {
  let url = servers?.[0]?.url ?? "/";
  for (const [name, variable] of Object.entries(servers?.[0]?.variables ?? {}))
    url = url.replaceAll(`{${name}}`, variable.default);
  try {
    return new URL(url, "https://localhost").href.replace(/\/$/, "");
  } catch {
    return url; // no url (DigitalOcean's `https://{your-agent-url}`, a host no default fills)
  }
}

/** The request the description prescribes for valid arguments, under the media type `mediaType` it declares. */
function prescribed(document, operation, args, mediaType) {
  let path = operation.path;
  const query = [];
  const headers = {};
  const cookies = [];
  const given = { ...args };
  for (const parameter of operation.parameters) {
    const name = parameter.in === "header" ? parameter.name.toLowerCase() : parameter.name;
    const value = given[name];
    delete given[name];
    if (value === undefined) continue;
    const { style, explode, allowReserved } = parameter;
    if (parameter.in === "path") path = path.replaceAll(`{${parameter.name}}`, pathValue(name, value, style, explode));
    else if (parameter.in === "query")
      query.push(...queryPairs(name, value, style, explode ?? (style ?? "form") === "form", allowReserved));
    else if (parameter.in === "header") headers[name] = headerValue(value, explode);
    else if (parameter.in === "cookie") cookies.push(...queryPairs(name, value, "form", explode ?? true));
  }
  const request = {
    method: operation.method.toUpperCase(),
    // A fragment (Box's `/files/{file_id}#get_shared_link`, which keeps two paths apart) is never sent.
    url: operation.server + path.replace(/#.*/s, "") + (query.length > 0 ? `?${query.join("&")}` : ""),
    headers,
  };
  if (cookies.length > 0) headers.cookie = cookies.join("; ");
  const body = operation.body === undefined ? undefined : operation.bodyFields ? given : given.data;
  if (body !== undefined && !(operation.bodyFields && Object.keys(body).length === 0)) {
    const media = mediaOf(operation, mediaType);
    // A range (`*/*`, `image/*`) is met by any type it holds: the one sent.
    headers["content-type"] = media.type.includes("*") && mediaType !== undefined ? mediaType : media.type;
    request.body = bodyOf(media, body);
  }
  return request;
}

/** A body as comparable data: JSON as its value, a form as its pairs, multipart as its parts' names and text. */
function bodyOf(media, body) {
  const type = media.type.toLowerCase();
  if (type.startsWith("application/x-www-form-urlencoded")) {
    return {
      form: Object.entries(body)
        .flatMap(([name, value]) => {
          const { style = "form", explode = style === "form", allowReserved } = media.encoding?.[name] ?? {};
          return queryPairs(name, value, style, explode, allowReserved);
        })
        .map(normalized)
        .sort(),
    };
  }
  if (type.startsWith("multipart/form-data")) {
    return {
      parts: Object.entries(body)
        .flatMap(([name, value]) =>
          Array.isArray(value) ? value.map((each) => [name, part(each)]) : [[name, part(value)]],
        )
        .map(([name, value]) => `${name}=${value}`)
        .sort(),
    };
  }
  if (type.includes("json") || type === "*/*") return { json: body };
  return { text: typeof body === "string" ? body : JSON.stringify(body) };
}
const part = (value) => (isObject(value) || Array.isArray(value) ? JSON.stringify(value) : text(value));

/**
 * RFC 3986's equivalences: a percent-encoded unreserved character or one of `!$'()*:@` (no delimiter here) is the
 * character, hex digits upper case; `+` in a query is a space, as forms write it.
 */
function normalized(url) {
  return url.replace(/%[0-9a-fA-F]{2}/g, (escape) => {
    const c = String.fromCharCode(parseInt(escape.slice(1), 16));
    return /[A-Za-z0-9\-._~!$'()*:@]/.test(c) ? c : escape.toUpperCase();
  });
}

/** A request as comparable data: method, origin and path, the query's pairs in any order, headers that matter, body. */
function comparable(request, headerNames) {
  // fetch() sends no fragment.
  const url = normalized(
    URL.canParse(request.url) ? request.url : new URL(request.url, "https://localhost").href,
  ).replace(/#.*/s, "");
  const [base, search = ""] = url.split(/\?(.*)/s);
  const headers = {};
  for (const name of headerNames) {
    const value = request.headers[name];
    if (value === undefined) continue;
    headers[name] = name === "content-type" ? value.split(";")[0].trim().toLowerCase() : String(value);
  }
  return {
    method: request.method.toUpperCase(),
    url: base,
    query: search
      .split("&")
      .filter((pair) => pair !== "")
      .map((pair) => pair.replaceAll("+", "%20"))
      .sort(),
    headers,
    body: request.body,
  };
}

/** Ours or theirs, sent body to comparable data. */
async function sentBody(body, contentType) {
  if (body === undefined || body === null) return undefined;
  const type = (contentType ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data") && Object.getPrototypeOf(body) === Object.prototype) {
    const parts = Object.entries(body).flatMap(([name, value]) =>
      Array.isArray(value) ? value.map((each) => `${name}=${part(each)}`) : [`${name}=${part(value)}`],
    );
    return { parts: parts.sort() };
  }
  if (body instanceof FormData) {
    const parts = [];
    for (const [name, value] of body) parts.push(`${name}=${typeof value === "string" ? value : await value.text()}`);
    return { parts: parts.sort() };
  }
  const raw = body instanceof URLSearchParams ? body.toString() : typeof body === "string" ? body : undefined;
  if (type.startsWith("application/x-www-form-urlencoded") && raw !== undefined) {
    return {
      form: raw
        .split("&")
        .filter((pair) => pair !== "")
        .map((pair) => normalized(pair.replaceAll("+", "%20")))
        .sort(),
    };
  }
  if ((type.includes("json") || type === "*/*") && raw !== undefined) {
    try {
      return { json: JSON.parse(raw) };
    } catch {
      return { text: raw };
    }
  }
  if (raw !== undefined) return { text: raw };
  if (body instanceof Blob) return { text: await body.text() };
  return { json: body };
}

// ---------------------------------------------------------------------------------------------------------------
// Ours and theirs.

/** The parameters the description's API key schemes carry, which no tool's schema holds (as the sweep names them). */
function credentialNames(described) {
  const schemes = described.components?.securitySchemes ?? {};
  return new Set(
    Object.values(schemes)
      .filter((scheme) => scheme.type === "apiKey")
      .map((scheme) => (scheme.in === "header" ? String(scheme.name).toLowerCase() : String(scheme.name))),
  );
}

/** A call's arguments as the tool names them (test/openapi-tools-sweep.test.ts's toToolArguments). */
function toToolArguments(call, argumentNames, toolNames, credentials) {
  const map = new Map();
  let next = 0;
  for (const name of argumentNames) {
    if (next < toolNames.length && toolNames[next] === name) map.set(name, toolNames[next++]);
    else if (credentials.has(name)) continue;
    else map.set(name, toolNames[next++]);
  }
  return Object.fromEntries(Object.entries(call).map(([name, value]) => [map.get(name) ?? name, value]));
}

function unbuildable(run) {
  try {
    run();
  } catch (error) {
    return error instanceof EndpointError && /server|base url/i.test(error.message) && !/parameter/.test(error.message);
  }
  return false;
}

/** Theirs: the request HttpLlm.execute() sends for the keyworded input, recorded by a fetch that never sends. */
async function theirRequest(route, operation, args, host) {
  const input = {};
  // Its path parameters come in the path's order, renamed where a name is no identifier (`enterprise-team`).
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  route.parameters.forEach((parameter, i) => (input[parameter.key] = args[names[i]]));
  const query = {};
  const headers = {};
  for (const parameter of operation.parameters) {
    const name = parameter.in === "header" ? parameter.name.toLowerCase() : parameter.name;
    if (args[name] === undefined) continue;
    if (parameter.in === "query") query[parameter.name] = args[name];
    if (parameter.in === "header") headers[parameter.name] = args[name];
  }
  if (route.query) input.query = query;
  if (route.headers) input.headers = headers;
  if (route.body) {
    const named = new Set(operation.parameters.map((p) => (p.in === "header" ? p.name.toLowerCase() : p.name)));
    input.body = operation.bodyFields
      ? Object.fromEntries(Object.entries(args).filter(([name]) => !named.has(name)))
      : args.data;
  }
  let sent;
  const fetch = async (url, init) => {
    sent = { url: String(url), method: init.method, headers: Object.fromEntries(init.headers ?? []), body: init.body };
    return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
  };
  // HttpLlmFunctionFetcher.execute: the route's path parameters by key, then `query` and `body`, to this fetcher.
  const parameters = Object.fromEntries(route.parameters.map((p) => [p.key, input[p.key]]));
  try {
    await HttpMigration.execute({
      connection: { host, fetch },
      route,
      parameters,
      query: input.query,
      body: input.body,
    });
  } catch (error) {
    if (sent === undefined) return { error: String(error.message ?? error).slice(0, 120) };
  }
  sent.headers = Object.fromEntries(Object.entries(sent.headers).map(([name, value]) => [name.toLowerCase(), value]));
  // fetch() sends a FormData body under `multipart/form-data` with its boundary where no type is given.
  if (sent.body instanceof FormData && sent.headers["content-type"] === undefined)
    sent.headers["content-type"] = "multipart/form-data";
  return sent;
}

/**
 * The cells of the OpenAPI 3.1.2 "Style Examples" table (test/fixtures/openapi/style-examples/) the judge of requests
 * writes otherwise: none, or it is no judge.
 */
function styleTableMisses() {
  const table = JSON.parse(
    readFileSync(new URL("test/fixtures/openapi/style-examples/style-examples.json", root), "utf8"),
  );
  const values = { string: "blue", array: ["blue", "black", "brown"], object: { R: 100, G: 200, B: 150 } };
  const misses = [];
  for (const row of table) {
    for (const [kind, value] of Object.entries(values)) {
      if (row[kind] === null) continue;
      const written = ["matrix", "label", "simple"].includes(row.style)
        ? pathValue("color", value, row.style, row.explode)
        : queryPairs("color", value, row.style, row.explode).join("&");
      if (normalized(written) !== normalized(row[kind])) misses.push(`${row.style} ${row.explode} ${kind}: ${written}`);
    }
  }
  return misses;
}

// ---------------------------------------------------------------------------------------------------------------

const misses = styleTableMisses();
if (misses.length > 0) throw new Error(`the judge of requests writes the OpenAPI style table otherwise: ${misses}`);
const rows = [];
/** Why theirs is not the description's request: the count of each reason, and its first case. */
const theirDifferences = new Map();
const count = (map, reason, example) => {
  const entry = map.get(reason) ?? { count: 0, example, by: {} };
  const description = example.slice(0, example.indexOf(" "));
  entry.by[description] = (entry.by[description] ?? 0) + 1;
  entry.count++;
  map.set(reason, entry);
};
const examples = {
  noRequest: [],
  unmade: [],
  falseRefusals: [],
  missed: [],
  described: [],
  oursUnequal: [],
  theirsUnequal: [],
};
const note = (list, entry) => {
  if (list.length < 400) list.push(entry);
};
const short = (value) => {
  const json = JSON.stringify(value);
  return json === undefined ? "undefined" : json.length > 200 ? json.slice(0, 200) + "…" : json;
};
const totals = {
  operations: 0,
  sets: 0,
  valid: 0,
  schemaAgree: 0,
  callAgree: 0,
  falseRefusals: 0,
  missed: 0,
  described: 0,
  requests: 0,
  noRequest: 0,
  oursEqual: 0,
  theirsComposed: 0,
  theirsEqual: 0,
};

for (const [name, load] of DESCRIPTIONS) {
  if (ONLY !== undefined && !ONLY.split(",").includes(name)) continue;
  const document = load();
  const routes = openAPIRoutes(document);
  const api = openAPIEndpoint(routes);
  const operations = tableOperations(routes);
  const { tools } = toolDefinitions(routes, { deprecated: true });
  const judge = judgeFor(document);
  const credentials = credentialNames(document);
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allowUnionTypes: true });
  const migration = HttpMigration.application(structuredClone(document));
  const theirRoutes = new Map(migration.routes.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route]));
  const row = { ...Object.fromEntries(Object.keys(totals).map((key) => [key, 0])) };

  for (const [index, tool] of tools.entries()) {
    const { route, operationId, method, path } = operations[index];
    const schema = argumentSchema(routes, route);
    const build = (call) => (operationId === undefined ? api(route, call) : api.operation(operationId, call));
    if (unbuildable(() => build({}))) continue;
    row.operations++;
    const operation = describedOperation(document, path, method.toLowerCase());
    const bodySchema = operation.body?.types[0]?.schema;
    operation.bodyFields =
      operation.body !== undefined &&
      (operation.parameters.some((p) => p.name === "data") || fieldsOf(document, bodySchema).includes("data"));
    const validate = ajv.compile(tool.inputSchema);
    const argumentNames = Object.keys(schema.properties);
    const toolNames = Object.keys(tool.inputSchema.properties);
    const call = withPatternsMet(judge, operation, validCall(schema));
    for (const [what, args] of [["a valid call", call], ...mutations(schema, call)]) {
      row.sets++;
      const toolArgs = toToolArguments(args, argumentNames, toolNames, credentials);
      const result = toolCall(routes, tool.name, toolArgs, { deprecated: true });
      const mediaType = result.request?.headers?.["content-type"]?.split(";")[0].trim();
      const refusal = judge(operation, args, mediaType);
      const valid = refusal === undefined;
      const schemaValid = validate(toolArgs);
      const callValid = "request" in result;
      const where = `${name} ${route} (${tool.name}), ${what}`;
      if (schemaValid === valid) row.schemaAgree++;
      if (callValid === valid) row.callAgree++;
      if ((schemaValid !== valid || callValid !== valid) && /cannot compile/.test(refusal ?? "")) {
        row.described++;
        note(examples.described, `${where}: ${refusal}`);
      } else if (valid && (!schemaValid || !callValid)) {
        row.falseRefusals++;
        note(
          examples.falseRefusals,
          `${where}: ${short(args)}; tool schema ${schemaValid ? "takes" : `refuses (${validate.errors?.[0]?.instancePath} ${validate.errors?.[0]?.message})`}, toolCall ${callValid ? "builds" : short(result.problems?.[0])}`,
        );
      } else if (!valid && (schemaValid || callValid)) {
        row.missed++;
        note(
          examples.missed,
          `${where}: ${short(args)}; the description refuses (${refusal}); tool schema ${schemaValid ? "takes" : "refuses"}, toolCall ${callValid ? "builds" : "refuses"}`,
        );
      }
      if (!valid) {
        if (what === "a valid call") note(examples.unmade, `${where}: ${short(args)}: ${refusal}`);
        continue;
      }
      row.valid++;

      // Requests, for the arguments the description allows.
      const reference = prescribed(document, operation, args, mediaType);
      // A server and path that make no url (DigitalOcean's `https://` and `/<upload_url>`) prescribe no request.
      if (!URL.canParse(reference.url)) {
        row.noRequest++;
        note(examples.noRequest, `${where}: ${reference.url}; ours ${result.request?.url}`);
        continue;
      }
      row.requests++;
      const headerNames = [
        ...operation.parameters.filter((p) => p.in === "header").map((p) => p.name.toLowerCase()),
        "content-type",
        ...(operation.parameters.some((p) => p.in === "cookie") ? ["cookie"] : []),
      ];
      const expected = comparable(reference, headerNames);
      if (callValid) {
        const ours = comparable(result.request, headerNames);
        ours.body = await sentBody(result.request.body, result.request.headers["content-type"]);
        if (isDeepStrictEqual(ours, expected)) row.oursEqual++;
        else
          note(
            examples.oursUnequal,
            `${where}: ${short(args)}\n    expected ${short(expected)}\n    ours     ${short(ours)}`,
          );
      }
      const theirRoute = theirRoutes.get(`${method.toUpperCase()} ${path}`);
      if (theirRoute === undefined) {
        count(theirDifferences, "not composed (HttpMigration refuses the operation)", where);
        continue;
      }
      row.theirsComposed++;
      const sent = await theirRequest(theirRoute, operation, args, operation.server);
      if (sent.error !== undefined) {
        count(theirDifferences, `throws: ${sent.error.replace(/^Error on \S+ /, "")}`, where);
        note(examples.theirsUnequal, `${where}: ${short(args)}\n    theirs throws ${sent.error}`);
        continue;
      }
      const theirs = comparable(sent, headerNames);
      theirs.body = await sentBody(sent.body, sent.headers["content-type"]);
      if (isDeepStrictEqual(theirs, expected)) row.theirsEqual++;
      else {
        const keys = Object.keys(expected).filter((key) => !isDeepStrictEqual(theirs[key], expected[key]));
        const parts = keys.map((key) =>
          key !== "headers"
            ? key
            : theirs.headers["content-type"] !== expected.headers["content-type"]
              ? "content-type"
              : "header parameters",
        );
        const pick = (request) => short(Object.fromEntries(keys.map((key) => [key, request[key]])));
        count(
          theirDifferences,
          `differs in ${parts.join(" and ")}`,
          `${where}: ${short(args)}; expected ${pick(expected)}, theirs ${pick(theirs)}`,
        );
        note(
          examples.theirsUnequal,
          `${where}: ${short(args)}\n    expected ${short(expected)}\n    theirs   ${short(theirs)}`,
        );
      }
    }
  }
  for (const key of Object.keys(totals)) totals[key] += row[key];
  process.stderr.write(`tools-agreement: ${name} done\n`);
  rows.push([name, row]);
}

const percent = (part, whole) => (whole === 0 ? "—" : `${((100 * part) / whole).toFixed(2)} %`);
const header = [
  "description",
  "operations",
  "argument sets (valid)",
  "tool schema agrees",
  "toolCall agrees",
  "false refusals / missed / the description's",
  "requests equal: ours",
  "theirs (of the operations they compose)",
];
if (JSON_OUT) {
  console.log(
    JSON.stringify({ rows: Object.fromEntries(rows), examples, theirs: Object.fromEntries(theirDifferences) }),
  );
  process.exit(0);
}
console.log(`| ${header.join(" | ")} |`);
console.log(`|${header.map(() => "---").join("|")}|`);
for (const [name, row] of [...rows, ["all", totals]]) {
  console.log(
    `| ${[
      name,
      row.operations,
      `${row.sets} (${row.valid})`,
      percent(row.schemaAgree, row.sets),
      percent(row.callAgree, row.sets),
      `${row.falseRefusals} / ${row.missed} / ${row.described}`,
      `${row.oursEqual} (${percent(row.oursEqual, row.requests)})`,
      `${row.theirsEqual} (${percent(row.theirsEqual, row.requests)}; ${percent(row.theirsEqual, row.theirsComposed)} of ${row.theirsComposed})`,
    ].join(" | ")} |`,
  );
}
if (SHOW_EXAMPLES) {
  console.log("\n## theirs, why not the description's request");
  for (const [reason, { count: n, example, by }] of [...theirDifferences].sort((a, b) => b[1].count - a[1].count)) {
    const where = Object.entries(by).map(([description, m]) => `${description} ${m}`);
    console.log(`- ${n} × ${reason} (${where.join(", ")}) — e.g. ${example}`);
  }
  for (const [kind, list] of Object.entries(examples)) {
    console.log(`\n## ${kind} (${list.length}${list.length === 400 ? "+" : ""})`);
    for (const entry of list.slice(0, kind === "theirsUnequal" ? 40 : 400)) console.log(`- ${entry}`);
  }
}
