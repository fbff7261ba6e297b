// The per-call cases: pre-generated parameter value sets and, per case, a factory
// that turns an endpoint function into the zero-argument function that is timed.
import { do_not_optimize } from "mitata";
import { VERSION } from "../dist/index.js";

// 64 value sets, cycled through by a counter, so a cache keyed on values cannot
// pass for speed. Some values need percent-encoding, as real ones do.
const SETS = 64;
const MASK = SETS - 1;
const words = ["octokit", "rust-lang", "nodejs", "vercel", "denoland", "microsoft", "facebook", "golang"];
const pick = (list, i) => list[i % list.length];

export const VALUES = Array.from({ length: SETS }, (_, i) => ({
  owner: `${pick(words, i)}-${i}`,
  repo: `${pick(words, i * 3 + 1)}.${i % 5 === 0 ? "js" : "rs"}${i}`,
  title: i % 4 === 0 ? `Crash in parser #${i}: "unexpected token" ü` : `Found a bug number ${i}`,
  text: `Steps to reproduce ${i}: run the example & see the output (${i * 7} lines)`,
  labels: [pick(["bug", "enhancement", "question"], i), `priority/${i % 3}`],
  labelList: i % 2 ? "bug,ui" : `area/${i},good first issue`,
  state: pick(["open", "closed", "all"], i),
  perPage: 10 + i,
  page: 1 + (i % 9),
  since: new Date(Date.UTC(2024, i % 12, 1 + (i % 28), i % 24)).toISOString(),
  token: `ghp_${((i * 2654435761) >>> 0).toString(36).padStart(8, "0")}${i}`,
  id: 1_000_000 + i * 7919,
  name: `release-${i}.tar.gz`,
  label: i % 2 ? `Linux build ${i}` : `macOS (arm64) ${i}`,
  data: `binary-ish payload ${i}`,
  path: i % 3 ? `docs/guide-${i}.md` : `src/lib/${pick(words, i)}/index ${i}.ts`,
  ref: i % 2 ? "main" : `v1.${i}.0`,
}));

/**
 * The endpoint() cases, in table order. `make(endpoint)` returns the timed function;
 * both libraries get the very same inputs.
 */
export const ENDPOINT_CASES = [
  {
    name: "get-query",
    label: "GET, path placeholders + query",
    make(endpoint) {
      let i = 0;
      return () => {
        do_not_optimize(endpoint("GET /repos/{owner}/{repo}/issues", getQueryOptions(i++)));
      };
    },
  },
  {
    name: "post-json",
    label: "POST, JSON body + authorization",
    make(endpoint) {
      let i = 0;
      return () => {
        const v = VALUES[i++ & MASK];
        do_not_optimize(
          endpoint("POST /repos/{owner}/{repo}/issues", {
            owner: v.owner,
            repo: v.repo,
            title: v.title,
            body: v.text,
            labels: v.labels,
            headers: { authorization: `token ${v.token}` },
          }),
        );
      };
    },
  },
  {
    name: "upload-data",
    label: "POST, data + {?name,label} on upload URL",
    known:
      "the reference percent-encodes the {upload_url} value; ours keeps an absolute URL in a leading placeholder as written",
    make(endpoint) {
      let i = 0;
      return () => {
        const v = VALUES[i++ & MASK];
        do_not_optimize(
          endpoint("POST {upload_url}/repos/{owner}/{repo}/releases/{id}/assets{?name,label}", {
            upload_url: "https://uploads.github.com",
            owner: v.owner,
            repo: v.repo,
            id: v.id,
            name: v.name,
            label: v.label,
            data: v.data,
            headers: { "content-type": "application/octet-stream" },
          }),
        );
      };
    },
  },
  {
    name: "defaults-x2",
    label: "function from 2 cascaded defaults()",
    make(endpoint) {
      // Built once, outside the timed function: the case times calls, not defaults().
      const github = endpoint
        .defaults({ baseUrl: "https://ghe.example.com/api/v3", headers: { authorization: "token ghp_defaults0" } })
        .defaults({ owner: "acme-inc", per_page: 100, headers: { "x-github-api-version": "2022-11-28" } });
      let i = 0;
      return () => {
        const v = VALUES[i++ & MASK];
        do_not_optimize(github("GET /repos/{owner}/{repo}/pulls", { repo: v.repo, state: v.state, page: v.page }));
      };
    },
  },
  {
    name: "media-raw",
    label: 'mediaType { format: "raw" }',
    make(endpoint) {
      let i = 0;
      return () => {
        const v = VALUES[i++ & MASK];
        do_not_optimize(
          endpoint("GET /repos/{owner}/{repo}/contents/{path}", {
            owner: v.owner,
            repo: v.repo,
            path: v.path,
            ref: v.ref,
            mediaType: { format: "raw" },
          }),
        );
      };
    },
  },
];

/** The builder reuse path: one shared, pre-built builder; per call params + param + build. */
export function makeBuilderCase(RequestBuilder) {
  const shared = new RequestBuilder().route("GET /repos/{owner}/{repo}/issues");
  let i = 0;
  return () => {
    const v = VALUES[i++ & MASK];
    do_not_optimize(shared.params({ owner: v.owner, repo: v.repo }).param("state", v.state).build());
  };
}

/** The same request as the builder case, through `endpoint()`. */
export function makeBuilderReference(endpoint) {
  let i = 0;
  return () => {
    const v = VALUES[i++ & MASK];
    do_not_optimize(endpoint("GET /repos/{owner}/{repo}/issues", { owner: v.owner, repo: v.repo, state: v.state }));
  };
}

const USER_AGENT = `fluent-endpoint.js/${VERSION}`;

/**
 * The floor: what case get-query computes, written by hand for that one route with
 * string concatenation and encodeURIComponent (as `{?state,labels,since,per_page}`
 * encodes), from the same options object: a lower bound for any general library.
 */
export function floorGetQuery(options) {
  return {
    method: "get",
    url:
      "https://api.github.com/repos/" +
      encodeURIComponent(options.owner) +
      "/" +
      encodeURIComponent(options.repo) +
      "/issues?state=" +
      encodeURIComponent(options.state) +
      "&labels=" +
      encodeURIComponent(options.labels) +
      "&since=" +
      encodeURIComponent(options.since) +
      "&per_page=" +
      options.per_page,
    headers: { accept: "application/vnd.github.v3+json", "user-agent": USER_AGENT },
  };
}

export function makeFloorCase() {
  let i = 0;
  return () => {
    do_not_optimize(floorGetQuery(getQueryOptions(i++)));
  };
}

/** Same inputs as case get-query, for checking the floor against the library. */
export function getQueryOptions(i) {
  const v = VALUES[i & MASK];
  return { owner: v.owner, repo: v.repo, state: v.state, labels: v.labelList, since: v.since, per_page: v.perPage };
}

/**
 * A `defaults()` chain of `depth` levels whose merged state is the same whatever
 * the depth: `KEYS` distinct keys (headers and parameters, alternately, none
 * overridden by the call) spread evenly over the levels. So depth 1, 10 and 100
 * produce identical requests, and only the depth of the chain differs.
 */
export const DEPTH_KEYS = 100;

export function chainOfDepth(endpoint, depth, keys = DEPTH_KEYS) {
  let fn = endpoint;
  const perLevel = Math.ceil(keys / depth);
  for (let level = 0, key = 0; level < depth; level++) {
    const options = { headers: {} };
    for (let k = 0; k < perLevel && key < keys; k++, key++) {
      if (key % 2) options.headers[`x-level-${key}`] = `value ${key}`;
      else options[`p${key}`] = `v${key}`;
    }
    fn = fn.defaults(options);
  }
  return fn;
}

/** The call made on each chain: case get-query's request. */
export function makeChainCall(fn) {
  let i = 0;
  return () => do_not_optimize(fn("GET /repos/{owner}/{repo}/issues", getQueryOptions(i++)));
}

/**
 * get-query's call on a route a table holds (`withRoutes(openAPIRoutes(…))`): its query parameters
 * declared `form` without explode, so the request is the one get-query builds without a table.
 */
export function makeTableCall(endpoint, openAPIRoutes) {
  return endpoint.withRoutes(openAPIRoutes(GET_QUERY_DESCRIPTION));
}

/**
 * get-query's call on the same table by its operationId (GitHub's `issues/list-for-repo`): an endpoint-like function
 * for the cases' `make`, which passes the route it ignores.
 */
export function makeTableCallByName(endpoint, openAPIRoutes) {
  const api = endpoint.withRoutes(openAPIRoutes(GET_QUERY_DESCRIPTION));
  return (_route, options) => api.operation("issues/list-for-repo", options);
}

/** Case get-query's operation, each parameter with the schema GitHub's description gives it. */
const GET_QUERY_DESCRIPTION = {
  openapi: "3.1.0",
  servers: [{ url: "https://api.github.com" }],
  paths: {
    "/repos/{owner}/{repo}/issues": {
      get: {
        operationId: "issues/list-for-repo",
        parameters: [
          { name: "owner", in: "path", required: true, schema: { type: "string" } },
          { name: "repo", in: "path", required: true, schema: { type: "string" } },
          { name: "state", in: "query", explode: false, schema: { type: "string", enum: ["open", "closed", "all"] } },
          { name: "labels", in: "query", explode: false, schema: { type: "string" } },
          { name: "since", in: "query", explode: false, schema: { type: "string", format: "date-time" } },
          { name: "per_page", in: "query", explode: false, schema: { type: "integer", minimum: 1, maximum: 100 } },
        ],
      },
    },
  },
};

/**
 * get-query's call on the same table, through `openAPIEndpoint(…)` without checks (`reference`) and with them
 * (`checked`): what a checked call costs over an unchecked one.
 */
export async function makeCheckedTableCalls(openAPIEndpoint) {
  return {
    unchecked: openAPIEndpoint(GET_QUERY_DESCRIPTION),
    checked: await checkedEndpoint(openAPIEndpoint, GET_QUERY_DESCRIPTION),
  };
}

/**
 * A route-table route against openapi-fetch's own serialization of the same request. Each case holds one small
 * OpenAPI 3.1 description (ours: `endpoint.withRoutes(openAPIRoutes(description))`), our call's options, and
 * openapi-fetch's arguments: the schema path, `params` ({ path, query }) and the body, with the headers its
 * body serializer reads the content type from.
 */
const pathParameters = (...names) =>
  names.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } }));
const objectSchema = (...names) => ({
  type: "object",
  properties: Object.fromEntries(names.map((name) => [name, { type: "string" }])),
});
const GITHUB = "https://api.github.com";
/** RFC 6570's unreserved encoding, as a hand-written client would write it: encodeURIComponent, then `!'()*`. */
const unreserved = (text) => {
  const encoded = encodeURIComponent(text);
  return /[!'()*]/.test(encoded)
    ? encoded.replace(/[!'()*]/g, (mark) => `%${mark.charCodeAt(0).toString(16).toUpperCase()}`)
    : encoded;
};
const JSON_HEADERS = { "content-type": "application/json" };
const FORM_HEADERS = { "content-type": "application/x-www-form-urlencoded" };

export const OPENAPI_FETCH_CASES = [
  {
    name: "path",
    label: "GET, 3 path parameters",
    route: "GET /repos/{owner}/{repo}/issues/{issue_number}",
    description: {
      openapi: "3.1.0",
      servers: [{ url: "https://api.github.com" }],
      paths: {
        "/repos/{owner}/{repo}/issues/{issue_number}": {
          get: {
            parameters: [
              ...pathParameters("owner", "repo"),
              { name: "issue_number", in: "path", required: true, schema: { type: "integer" } },
            ],
          },
        },
      },
    },
    ours: (v) => ({ owner: v.owner, repo: v.repo, issue_number: v.id }),
    theirs: (v) => ({ params: { path: { owner: v.owner, repo: v.repo, issue_number: v.id } } }),
    floor: (v) => ({
      method: "get",
      url: `${GITHUB}/repos/${unreserved(v.owner)}/${unreserved(v.repo)}/issues/${v.id}`,
      headers: { "user-agent": USER_AGENT },
    }),
  },
  {
    name: "query-array",
    label: "GET, form-exploded query array + 2",
    route: "GET /issues",
    description: {
      openapi: "3.1.0",
      servers: [{ url: "https://api.github.com" }],
      paths: {
        "/issues": {
          get: {
            parameters: [
              { name: "labels", in: "query", style: "form", explode: true, schema: { type: "array" } },
              { name: "state", in: "query", schema: { type: "string" } },
              { name: "per_page", in: "query", schema: { type: "integer" } },
            ],
          },
        },
      },
    },
    ours: (v) => ({ labels: v.labels, state: v.state, per_page: v.perPage }),
    theirs: (v) => ({ params: { query: { labels: v.labels, state: v.state, per_page: v.perPage } } }),
    floor: (v) => ({
      method: "get",
      url: `${GITHUB}/issues?${v.labels.map((label) => `labels=${unreserved(label)}`).join("&")}&state=${unreserved(v.state)}&per_page=${v.perPage}`,
      headers: { "user-agent": USER_AGENT },
    }),
  },
  {
    name: "deep-object",
    label: "GET, deepObject query object (3 keys)",
    route: "GET /search/issues",
    description: {
      openapi: "3.1.0",
      servers: [{ url: "https://api.github.com" }],
      paths: {
        "/search/issues": {
          get: {
            parameters: [
              {
                name: "filter",
                in: "query",
                style: "deepObject",
                explode: true,
                schema: objectSchema("state", "label", "since"),
              },
            ],
          },
        },
      },
    },
    known: "openapi-fetch writes [ ] of filter[state], and ( ) of values, as they are; ours percent-encodes them",
    ours: (v) => ({ filter: { state: v.state, label: v.label, since: v.since } }),
    theirs: (v) => ({ params: { query: { filter: { state: v.state, label: v.label, since: v.since } } } }),
    floor: (v) => ({
      method: "get",
      url: `${GITHUB}/search/issues?filter%5Bstate%5D=${unreserved(v.state)}&filter%5Blabel%5D=${unreserved(v.label)}&filter%5Bsince%5D=${unreserved(v.since)}`,
      headers: { "user-agent": USER_AGENT },
    }),
  },
  {
    name: "json-body",
    label: "POST, 2 path parameters + JSON body",
    route: "POST /repos/{owner}/{repo}/issues",
    description: {
      openapi: "3.1.0",
      servers: [{ url: "https://api.github.com" }],
      paths: {
        "/repos/{owner}/{repo}/issues": {
          post: {
            parameters: pathParameters("owner", "repo"),
            requestBody: {
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: { title: { type: "string" }, body: { type: "string" }, labels: { type: "array" } },
                  },
                },
              },
            },
          },
        },
      },
    },
    ours: (v) => ({ owner: v.owner, repo: v.repo, title: v.title, body: v.text, labels: v.labels }),
    floor: (v) => ({
      method: "post",
      url: `${GITHUB}/repos/${unreserved(v.owner)}/${unreserved(v.repo)}/issues`,
      headers: { "user-agent": USER_AGENT, "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({ title: v.title, body: v.text, labels: v.labels }),
    }),
    theirs: (v) => ({
      params: { path: { owner: v.owner, repo: v.repo } },
      body: { title: v.title, body: v.text, labels: v.labels },
      headers: JSON_HEADERS,
    }),
  },
  {
    name: "form-body",
    label: "POST, application/x-www-form-urlencoded body (4 fields)",
    route: "POST /login/oauth/access_token",
    description: {
      openapi: "3.1.0",
      servers: [{ url: "https://api.github.com" }],
      paths: {
        "/login/oauth/access_token": {
          post: {
            requestBody: {
              content: {
                "application/x-www-form-urlencoded": {
                  schema: objectSchema("client_id", "code", "redirect_uri", "state"),
                },
              },
            },
          },
        },
      },
    },
    known: "openapi-fetch (URLSearchParams) writes a space as +, ours as %20",
    ours: (v) => ({ client_id: v.owner, code: v.token, redirect_uri: `https://app.example/${v.path}`, state: v.label }),
    floor: (v) => ({
      method: "post",
      url: `${GITHUB}/login/oauth/access_token`,
      headers: { "user-agent": USER_AGENT, "content-type": "application/x-www-form-urlencoded" },
      body: `client_id=${unreserved(v.owner)}&code=${unreserved(v.token)}&redirect_uri=${unreserved(`https://app.example/${v.path}`)}&state=${unreserved(v.label)}`,
    }),
    theirs: (v) => ({
      body: { client_id: v.owner, code: v.token, redirect_uri: `https://app.example/${v.path}`, state: v.label },
      headers: FORM_HEADERS,
    }),
  },
];

/**
 * Our side of an openapi-fetch case: the call on `endpoint.withRoutes(openAPIRoutes(description))`. A JSON body
 * is an object in our options (as in @octokit/endpoint's); the JSON text a client then writes is part of the timed
 * work, as openapi-fetch's `defaultBodySerializer` writes it on its side. `onResult` receives `{ url, body }`.
 */
export function makeOpenAPIOurs(c, endpoint, openAPIRoutes, onResult = do_not_optimize) {
  return makeOpenAPICall(c, endpoint.withRoutes(openAPIRoutes(c.description)), onResult);
}

/** Our side through an endpoint made another way (`openAPIEndpoint(description, { check })`). */
export function makeOpenAPICall(c, api, onResult = do_not_optimize) {
  const { route } = c;
  let i = 0;
  return () => {
    const { url, body } = api(route, c.ours(VALUES[i++ & MASK]));
    onResult({ url, body: typeof body === "object" ? JSON.stringify(body) : body });
  };
}

/**
 * openapi-fetch's side: what its client computes before it makes a `Request` — the url by `createFinalURL`
 * (baseUrl + `defaultPathSerializer` + "?" + the query serializer of `createQuerySerializer()`, made once here where
 * its client makes one per request) and the body by `defaultBodySerializer`.
 */
export function makeOpenAPITheirs(c, openapiFetch, onResult = do_not_optimize) {
  const { createFinalURL, createQuerySerializer, defaultPathSerializer, defaultBodySerializer } = openapiFetch;
  const querySerializer = createQuerySerializer();
  const schemaPath = c.route.slice(c.route.indexOf(" ") + 1);
  const baseUrl = "https://api.github.com";
  let i = 0;
  return () => {
    const { params = {}, body, headers } = c.theirs(VALUES[i++ & MASK]);
    const url = createFinalURL(schemaPath, { baseUrl, params, querySerializer, pathSerializer: defaultPathSerializer });
    onResult({ url, body: body === undefined ? undefined : defaultBodySerializer(body, headers) });
  };
}

/**
 * The floor of an openapi-fetch case: the same method, url, headers and body text written by hand for that one route,
 * with template strings and encodeURIComponent, from the same value set: a lower bound for any general library.
 */
export function makeOpenAPIFloor(c, onResult = do_not_optimize) {
  let i = 0;
  return () => {
    onResult(c.floor(VALUES[i++ & MASK]));
  };
}

/** `openAPIEndpoint(description)` with the argument checks of `fluent-endpoint/openapi/check`. */
export async function checkedEndpoint(openAPIEndpoint, description) {
  const { check } = await import("../dist/openapi-check.js");
  return openAPIEndpoint(description, { check });
}
