// Typed routes: what the compiler accepts and refuses for a route, its options, the
// defaults, the builder and route maps. Checked by tsc (vitest typecheck), never run.
// The text of the errors is checked in typed-routes-diagnostics.test.ts.
import type { Endpoints } from "@octokit/types";
import type { paths as GitHubPaths } from "@octokit/openapi-types";
import { describe, expectTypeOf, it } from "vitest";
import {
  type Endpoint,
  endpoint,
  type EndpointOptions,
  type OpenAPIRoutes,
  RequestBuilder,
  type RequestOptions,
  type ResponseMark,
  type RouteKey,
  type RouteMap,
  type RouteParameters,
  type RouteTable,
} from "../src/index.js";
import type { paths as NotePaths } from "./fixtures/openapi/notes.js";
import type { paths as PetPaths } from "./fixtures/openapi/petstore-expanded.js";
import type { paths as RequestPaths } from "./fixtures/openapi/requests.js";

describe("names a literal route requires", () => {
  it("requires the names of simple and reserved expressions and :name placeholders", () => {
    endpoint("GET /repos/{owner}/{repo}", { owner: "octokit", repo: "endpoint.js" });
    // @ts-expect-error {repo} is required
    endpoint("GET /repos/{owner}/{repo}", { owner: "octokit" });
    // @ts-expect-error both names of {owner,repo} are required
    endpoint("GET /x/{owner,repo}", { owner: "octokit" });
    endpoint("GET /x/{owner,repo}", { owner: "octokit", repo: "r" });
    // @ts-expect-error {+path} is required
    endpoint("GET /files/{+path}", {});
    endpoint("GET /files/{+path}", { path: "a/b" });
    // @ts-expect-error :id is required
    endpoint("GET /users/:id", {});
    endpoint("GET /users/:id/:file_name.json", { id: 1, file_name: "f" });
  });

  it("strips the :3 prefix and * explode modifiers", () => {
    endpoint("GET /x/{name:3}/{list*}", { name: "abcdef", list: ["a", "b"] });
    // @ts-expect-error {list*} is required, by the name list
    endpoint("GET /x/{name:3}/{list*}", { name: "abcdef" });
    expectTypeOf<keyof RouteParameters<"/x/{name:3}/{list*}{?q*,r:2}">>().toEqualTypeOf<"name" | "list" | "q" | "r">();
  });

  it("makes the names of #, ., /, ;, ? and & expressions optional", () => {
    endpoint("GET /x{#frag}{.ext}{/seg}{;matrix}{?q}{&more}");
    endpoint("GET /x{#frag}{.ext}{/seg}{;matrix}{?q}{&more}", {
      frag: "f",
      ext: "json",
      seg: ["a"],
      matrix: 1,
      q: "x",
      more: 2,
    });
    expectTypeOf<RouteParameters<"/x{#a}{.b}{/c}{;d}{?e}{&f}">>().toEqualTypeOf<
      { [Name in never]: {} } & { a?: unknown; b?: unknown; c?: unknown; d?: unknown; e?: unknown; f?: unknown }
    >();
  });

  it("refuses null or undefined for a required name, not for an optional one", () => {
    // @ts-expect-error a required value may not be null
    endpoint("GET /repos/{owner}", { owner: null });
    // @ts-expect-error nor undefined
    endpoint("GET /repos/{owner}", { owner: undefined });
    endpoint("GET /repos/{owner}{?page}", { owner: "o", page: undefined });
    endpoint("GET /repos/{owner}{?page}", { owner: "o", page: null });
  });

  it("reads :name in the path only, from a letter or _ to the first other character", () => {
    // After `?`, a literal `#`, or a {?…} expression, a colon is literal.
    endpoint("GET /search?q=:notme");
    endpoint("GET /x{?q}/:notme");
    // A colon before a digit stays literal, and `-` ends a name.
    endpoint("GET /at/12:30");
    endpoint("GET /teams/:team-members", { team: "t" });
    // The colons of a scheme, a password or a port are no placeholders.
    endpoint("GET https://user:password@example.com:8443/x/:id", { id: 1 });
    expectTypeOf<keyof RouteParameters<"/x/:_a9/:b.c">>().toEqualTypeOf<"_a9" | "b">();
  });

  it("takes a - inside a {…} name", () => {
    // @ts-expect-error {enterprise-team} is required
    endpoint("GET /enterprises/{enterprise}/teams/{enterprise-team}", { enterprise: "e" });
    endpoint("GET /enterprises/{enterprise}/teams/{enterprise-team}", { enterprise: "e", "enterprise-team": "t" });
  });

  it("keeps other keys allowed and the option keys typed as before", () => {
    endpoint("POST /repos/{owner}/{repo}/issues", {
      owner: "octokit",
      repo: "endpoint.js",
      title: "Found a bug",
      labels: ["bug"],
      headers: { authorization: "token secret123" },
      mediaType: { format: "raw" },
      request: { signal: new AbortController().signal },
      baseUrl: "https://ghe.example.com/api/v3",
      data: undefined,
    });
    // @ts-expect-error a header value is a string or a number
    endpoint("GET /repos/{owner}", { owner: "o", headers: { accept: ["a"] } });
  });

  it("reads the options form's literal url", () => {
    // @ts-expect-error username is required by the url
    endpoint({ method: "GET", url: "/users/{username}" });
    endpoint({ method: "GET", url: "/users/{username}", username: "octocat" });
    endpoint({ url: "/users/{username}{?page}", username: "octocat" });
  });

  it("leaves a route or url typed string loosely typed, as before", () => {
    const route: string = "GET /repos/{owner}/{repo}";
    expectTypeOf(endpoint(route)).toEqualTypeOf<RequestOptions<string, ResponseMark<{}, string>>>();
    endpoint(route, { owner: null });
    const options: EndpointOptions = { url: "/users/{username}" };
    endpoint(options);
  });

  it("returns the literal lowercased method of a literal route or method option", () => {
    expectTypeOf(endpoint("GET /user").method).toEqualTypeOf<"get">();
    expectTypeOf(endpoint("patch /user", { bio: "x" }).method).toEqualTypeOf<"patch">();
    expectTypeOf(endpoint({ method: "DELETE", url: "/user" }).method).toEqualTypeOf<"delete">();
    expectTypeOf(endpoint("PROPFIND /dav").method).toEqualTypeOf<"propfind">();
    expectTypeOf(endpoint({ method: "mIxEd", url: "/x" }).method).toEqualTypeOf<"mixed">();
    expectTypeOf(endpoint("/user").method).toEqualTypeOf<string>();
    expectTypeOf(endpoint({ url: "/user" }).method).toEqualTypeOf<string>();
  });

  it("types the known parameters of merge() and defaults() but requires none", () => {
    endpoint.merge("GET /repos/{owner}/{repo}");
    endpoint.merge("GET /repos/{owner}/{repo}", { owner: "octokit" });
    // @ts-expect-error a known placeholder may not be null
    endpoint.merge("GET /repos/{owner}/{repo}", { owner: null });
    endpoint.defaults({ url: "/repos/{owner}/{repo}" });
  });

  it("exports RouteParameters for helpers of one's own", () => {
    expectTypeOf<RouteParameters<"GET /repos/{owner}/{repo}">>().toEqualTypeOf<{ owner: {}; repo: {} }>();
    expectTypeOf<RouteParameters<"GET /user">>().toEqualTypeOf<{}>();
    expectTypeOf<RouteParameters<string>>().toEqualTypeOf<{}>();
    const get = <Route extends string>(route: Route, parameters: RouteParameters<Route>) =>
      endpoint(route as string, parameters);
    get("GET /repos/{owner}/{repo}", { owner: "octokit", repo: "endpoint.js" });
    // @ts-expect-error the helper requires repo too
    get("GET /repos/{owner}/{repo}", { owner: "octokit" });
  });

  it("parses a route with 20 placeholders and a 1 000-character route", () => {
    type Twenty = "GET /{a}/{b}/{c}/{d}/{e}/{f}/{g}/{h}/{i}/{j}/{k}/{l}/{m}/{n}/{o}/{p}/{q}/{r}/{s}/{t}";
    expectTypeOf<keyof RouteParameters<Twenty>>().toEqualTypeOf<
      | "a"
      | "b"
      | "c"
      | "d"
      | "e"
      | "f"
      | "g"
      | "h"
      | "i"
      | "j"
      | "k"
      | "l"
      | "m"
      | "n"
      | "o"
      | "p"
      | "q"
      | "r"
      | "s"
      | "t"
    >();
    type Ten = "/segment0/{owner}/segment1/{repo}/segment2/:issue/segment3/{?page}/segment4/{+path}/segment5/";
    type Thousand = `GET ${Ten}${Ten}${Ten}${Ten}${Ten}${Ten}${Ten}${Ten}${Ten}${Ten}x`;
    expectTypeOf<keyof RouteParameters<Thousand>>().toEqualTypeOf<"owner" | "repo" | "issue" | "path" | "page">();
  });
});

describe("defaults remember what they hold", () => {
  it("no longer require a name the defaults hold, through further defaults(), builder() and from()", () => {
    const github = endpoint.defaults({ owner: "octokit" });
    github("GET /repos/{owner}/{repo}", { repo: "endpoint.js" });
    // @ts-expect-error repo is not held
    github("GET /repos/{owner}/{repo}", {});
    const both = github.defaults({ repo: "endpoint.js" });
    both("GET /repos/{owner}/{repo}");
    both({ url: "/repos/{owner}/{repo}" });
    expectTypeOf(both.builder().route("GET /repos/{owner}/{repo}").build().method).toEqualTypeOf<"get">();
    // @ts-expect-error the builder of `github` lacks repo
    github.builder().route("GET /repos/{owner}/{repo}").build();
    RequestBuilder.from({ owner: "octokit", repo: "endpoint.js" }).route("GET /repos/{owner}/{repo}").build();
    // @ts-expect-error from() holds owner only
    RequestBuilder.from({ owner: "octokit" }).route("GET /repos/{owner}/{repo}").build();
  });

  it("counts only names surely held: literal keys, not optional, not nullable, not options", () => {
    const maybe = endpoint.defaults({ owner: "octokit" as string | undefined, repo: null, url: "/x" });
    // @ts-expect-error owner may be undefined, repo is null
    maybe("GET /repos/{owner}/{repo}", {});
    const optional: { owner?: string } = {};
    // @ts-expect-error an optional key may be absent
    endpoint.defaults(optional)("GET /repos/{owner}", {});
    // @ts-expect-error an option key holds no parameter
    endpoint.defaults({ baseUrl: "https://example.com" })("GET /x/{baseUrl}", {});
  });

  it("remembers nothing from a wide type, and raises no false error", () => {
    const wide: EndpointOptions = { owner: "octokit" };
    endpoint.defaults(wide)("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
    // @ts-expect-error a wide type holds nothing surely
    endpoint.defaults(wide)("GET /repos/{owner}/{repo}", { repo: "r" });
    const record: Record<string, string> = { owner: "octokit" };
    endpoint.defaults(record)("GET /repos/{owner}", { owner: "o" });
  });

  it("keeps the names held through withRoutes() in either order", () => {
    endpoint.defaults({ owner: "o", repo: "r" }).withRoutes<Endpoints>()("POST /repos/{owner}/{repo}/issues", {
      title: "t",
    });
    endpoint.withRoutes<Endpoints>().defaults({ owner: "o", repo: "r" })("POST /repos/{owner}/{repo}/issues", {
      title: "t",
    });
    // @ts-expect-error title is still required
    endpoint.withRoutes<Endpoints>().defaults({ owner: "o", repo: "r" })("POST /repos/{owner}/{repo}/issues", {});
  });

  it("keeps every endpoint assignable to the bare Endpoint type, which checks nothing", () => {
    const bare: Endpoint = endpoint.defaults({ owner: "o" }).withRoutes<Endpoints>();
    bare("GET /repos/{owner}/{repo}");
    const plain: Endpoint = endpoint;
    expectTypeOf(plain).toEqualTypeOf<Endpoint>();
  });
});

describe("builder type-state", () => {
  const builder = new RequestBuilder();

  it("does not build until every parameter the route requires is given", () => {
    // @ts-expect-error owner and repo are missing
    builder.route("GET /repos/{owner}/{repo}").build();
    // @ts-expect-error repo is missing
    builder.route("GET /repos/{owner}/{repo}").param("owner", "octokit").build();
    builder.route("GET /repos/{owner}/{repo}").param("owner", "octokit").param("repo", "endpoint.js").build();
    builder.route("GET /repos/{owner}/{repo}").params({ owner: "octokit", repo: "endpoint.js" }).build();
    builder.route("GET /repos/{owner}/{repo}{?page}").params({ owner: "octokit", repo: "endpoint.js" }).build();
    builder.route("GET /users/:id").param("id", 1).build();
    // @ts-expect-error url() sets the template too
    builder.url("/users/{username}").build();
  });

  it("counts parameters given before the route", () => {
    const shared = builder.params({ owner: "octokit", repo: "endpoint.js" });
    shared.route("GET /repos/{owner}/{repo}/issues").build();
    shared.route("GET /repos/{owner}/{repo}/issues/{issue_number}").param("issue_number", 1).build();
    // @ts-expect-error issue_number is missing
    shared.route("GET /repos/{owner}/{repo}/issues/{issue_number}").build();
  });

  it("does not count a value that may be undefined, and refuses null for a required name", () => {
    const maybe = "octokit" as string | undefined;
    // @ts-expect-error a required placeholder's value may not be undefined
    builder.route("GET /repos/{owner}").param("owner", maybe);
    // @ts-expect-error nor null
    builder.route("GET /repos/{owner}").params({ owner: null });
    // @ts-expect-error given before the route, it does not count either
    builder.param("owner", maybe).route("GET /repos/{owner}").build();
  });

  it("accepts any parameter name and value beside the route's", () => {
    builder.route("GET /repos/{owner}").param("owner", "o").param("per_page", 100).param("labels", ["a"]).build();
  });

  it("builds the literal lowercased method", () => {
    expectTypeOf(builder.route("GET /user").build().method).toEqualTypeOf<"get">();
    expectTypeOf(builder.route("POST /x").method("PATCH").build().method).toEqualTypeOf<"patch">();
    expectTypeOf(builder.route("PROPFIND /dav").build().method).toEqualTypeOf<"propfind">();
    expectTypeOf(builder.route("/x").method("mIxEd").build().method).toEqualTypeOf<"mixed">();
    expectTypeOf(builder.route("/user").build().method).toEqualTypeOf<string>();
    expectTypeOf(builder.build().method).toEqualTypeOf<string>();
  });

  it("stays assignable to the bare RequestBuilder type, which checks nothing", () => {
    let bare: RequestBuilder = builder.route("GET /repos/{owner}/{repo}");
    bare = bare.param("owner", "octokit");
    bare.build();
    expectTypeOf(builder.route("GET /user").toEndpoint()).toEqualTypeOf<Endpoint<{}, {}>>();
  });

  it("turns into an endpoint that holds what the builder holds", () => {
    const issues = builder.params({ owner: "octokit", repo: "endpoint.js" }).toEndpoint();
    issues("GET /repos/{owner}/{repo}/issues");
    // @ts-expect-error issue_number is not held
    issues("GET /repos/{owner}/{repo}/issues/{issue_number}", {});
  });

  it("does not compile a method detached from its builder (it would throw ERR_INVALID_OPTIONS)", () => {
    const { build } = builder.route("GET /user");
    // @ts-expect-error `this` is not a builder
    build();
  });
});

describe("route maps", () => {
  const github = endpoint.withRoutes<Endpoints>();

  it("types the parameters of a route of @octokit/types' Endpoints", () => {
    github("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "endpoint.js", state: "open" });
    // @ts-expect-error state is "open" | "closed" | "all"
    github("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "endpoint.js", state: "opne" });
    // @ts-expect-error title is required
    github("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "endpoint.js" });
    github("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "endpoint.js", title: "Found a bug" });
    // @ts-expect-error issue_number is a number
    github("GET /repos/{owner}/{repo}/issues/{issue_number}", { owner: "o", repo: "r", issue_number: "1" });
    // @ts-expect-error the options are required
    github("GET /repos/{owner}/{repo}/issues");
    github("GET /user");
    github("POST /markdown/raw", { data: "# Title" });
    expectTypeOf(github("DELETE /user/following/{username}", { username: "octocat" }).method).toEqualTypeOf<"delete">();
  });

  it("falls back to inference for a route the map does not hold", () => {
    github("GET /not/in/the/map/{id}", { id: 1 });
    // @ts-expect-error id is required by the route's text
    github("GET /not/in/the/map/{id}", {});
  });

  it("types merge() by the map too", () => {
    github.merge("GET /repos/{owner}/{repo}/issues", { state: "closed" });
    // @ts-expect-error state is "open" | "closed" | "all"
    github.merge("GET /repos/{owner}/{repo}/issues", { state: "opne" });
  });

  it("keeps the map through defaults() and builder()", () => {
    const octokit = github.defaults({ owner: "octokit" });
    octokit("POST /repos/{owner}/{repo}/issues", { repo: "endpoint.js", title: "t" });
    // @ts-expect-error title is required
    octokit("POST /repos/{owner}/{repo}/issues", { repo: "endpoint.js" });
    const issue = octokit.builder().route("POST /repos/{owner}/{repo}/issues").param("repo", "endpoint.js");
    // @ts-expect-error title is missing
    issue.build();
    issue.param("title", "t").build();
    issue.params({ title: "t" }).build();
    // @ts-expect-error title is a string or a number
    issue.param("title", true);
  });

  it("types a builder by the map with builder.withRoutes()", () => {
    const issues = new RequestBuilder().withRoutes<Endpoints>().route("GET /repos/{owner}/{repo}/issues");
    // @ts-expect-error state is "open" | "closed" | "all"
    issues.param("state", "opne");
    // @ts-expect-error state is "open" | "closed" | "all"
    issues.params({ state: "opne" });
    issues.params({ owner: "octokit", repo: "endpoint.js", state: "open" }).build();
    new RequestBuilder().withRoutes<Endpoints>().route("POST /markdown/raw").data("# Title").build();
    // .data(undefined) drops the body: it no longer counts as given.
    const markdown = new RequestBuilder().route("POST /markdown/raw").withRoutes<{
      "POST /markdown/raw": { parameters: { data: string | undefined } };
    }>();
    // @ts-expect-error missing parameter: data
    markdown.data("# Title").data(undefined).build();
  });

  it("takes a map of one's own", () => {
    interface Pets extends RouteMap {
      "GET /pets/{petId}": { parameters: { petId: string } };
      "POST /pets": { parameters: { name: string; tag?: string } };
    }
    const pets = endpoint.withRoutes<Pets>();
    pets("POST /pets", { name: "Rex" });
    // @ts-expect-error name is required
    pets("POST /pets", { tag: "dog" });
    // @ts-expect-error petId is a string
    pets("GET /pets/{petId}", { petId: 1 });
  });

  it("refuses a route whose map entry has no parameters", () => {
    const loose = endpoint.withRoutes<{ "GET /ping": { response: string }; "GET /pong": { parameters: {} } }>();
    // @ts-expect-error the entry of "GET /ping" has no parameters
    loose("GET /ping", {});
    loose("GET /pong", {});
  });
});

describe("OpenAPIRoutes", () => {
  it("types GitHub's routes from @octokit/openapi-types", () => {
    const github = endpoint.withRoutes<OpenAPIRoutes<GitHubPaths>>();
    github("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "endpoint.js", state: "all" });
    // @ts-expect-error state is "open" | "closed" | "all"
    github("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "endpoint.js", state: "opne" });
    // @ts-expect-error title is required by the JSON body
    github("POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "endpoint.js" });
    // A text/plain body is `data`; the description marks it optional.
    github("POST /markdown/raw", { data: "# Title" });
    github("POST /markdown/raw");
  });

  it("types the routes of a description generated by openapi-typescript", () => {
    const petstore = endpoint.withRoutes<OpenAPIRoutes<PetPaths>>();
    petstore("GET /pets", { tags: ["dog"], limit: 10 });
    petstore("GET /pets/{id}", { id: 42 });
    // @ts-expect-error id is a number
    petstore("GET /pets/{id}", { id: "42" });
    petstore("POST /pets", { name: "Rex", tag: "dog" });
    // @ts-expect-error name is required by the JSON body
    petstore("POST /pets", { tag: "dog" });
    expectTypeOf<RouteKey<OpenAPIRoutes<PetPaths>>>().toEqualTypeOf<
      "GET /pets" | "POST /pets" | "GET /pets/{id}" | "DELETE /pets/{id}"
    >();
  });

  it("takes header parameters at the top level or under headers, and a body that is not a JSON object as data", () => {
    const notes = endpoint.withRoutes<OpenAPIRoutes<NotePaths>>();
    notes("GET /notes/{noteId}", { noteId: "n", headers: { "X-Request-Id": "1", authorization: "token x" } });
    notes("GET /notes/{noteId}", { noteId: "n", "X-Request-Id": "1" });
    // @ts-expect-error the header parameter X-Request-Id is required
    notes("GET /notes/{noteId}", { noteId: "n" });
    // @ts-expect-error format is "markdown" | "html"
    notes("GET /notes/{noteId}", { noteId: "n", format: "pdf", headers: { "X-Request-Id": "1" } });
    notes("PUT /notes/{noteId}", { noteId: "n", data: "text" });
    // @ts-expect-error a text/plain body is data, and required
    notes("PUT /notes/{noteId}", { noteId: "n" });
    notes("POST /notes/{noteId}/tags", { noteId: "n", data: ["a", "b"] });
    // A vendor JSON media type is JSON; an optional body makes its fields optional.
    notes("PATCH /notes/{noteId}", { noteId: "n" });
    notes("PATCH /notes/{noteId}", { noteId: "n", title: "t", pinned: true });
    // @ts-expect-error pinned is a boolean
    notes("PATCH /notes/{noteId}", { noteId: "n", pinned: "yes" });
  });
});

describe("OpenAPIRoutes: calls as a route table builds them", () => {
  const api = endpoint.withRoutes<OpenAPIRoutes<RequestPaths>>();
  const dangerous = "DELETE /droplets/{droplet_id}/destroy_with_associated_resources/dangerous";

  it("takes a header parameter by its name at the top level, in lower case, or under headers", () => {
    api(dangerous, { droplet_id: 1, "X-Dangerous": true });
    api(dangerous, { droplet_id: 1, "x-dangerous": true });
    api(dangerous, { droplet_id: 1, headers: { "X-Dangerous": "true" } });
    api(dangerous, { droplet_id: 1, headers: { "x-dangerous": "false", authorization: "token x" } });
    // @ts-expect-error X-Dangerous is required
    api(dangerous, { droplet_id: 1 });
    // @ts-expect-error X-Dangerous is required, in any case
    api(dangerous, { droplet_id: 1, headers: { authorization: "token x" } });
  });

  it("types header values as the schema says at the top level, and as their text under headers", () => {
    api(dangerous, { droplet_id: 1, "X-Dangerous": true, "X-Retry-Count": 3 });
    api(dangerous, { droplet_id: 1, "X-Dangerous": true, headers: { "x-retry-count": 3 } });
    // @ts-expect-error X-Dangerous is a boolean
    api(dangerous, { droplet_id: 1, "X-Dangerous": "yes" });
    // @ts-expect-error X-Retry-Count is a number
    api(dangerous, { droplet_id: 1, "X-Dangerous": true, "x-retry-count": "3" });
    // @ts-expect-error under headers, a boolean's text: "true" or "false"
    api(dangerous, { droplet_id: 1, headers: { "X-Dangerous": "yes" } });
    // @ts-expect-error under headers, header values only (the run time refuses a boolean there)
    api(dangerous, { droplet_id: 1, headers: { "X-Dangerous": true } });
  });

  it("takes a lower-case header name by that name only", () => {
    const content = "PUT /files/{file_id}/content";
    api(content, { file_id: "f", "if-match": "etag", data: new Uint8Array([1]) });
    api(content, { file_id: "f", headers: { "if-match": "etag" }, data: "bytes" });
    // @ts-expect-error if-match is required
    api(content, { file_id: "f", data: "bytes" });
  });

  it("ignores an Accept, Content-Type or Authorization header parameter, as OpenAPI says (and so does the table)", () => {
    api("GET /account", { session: "s", headers: { authorization: "token x" } });
    expectTypeOf<OpenAPIRoutes<RequestPaths>["GET /account"]["headers"]>().toEqualTypeOf<{}>();
  });

  it("takes cookie parameters at the top level", () => {
    api("GET /account", { session: "s", theme: "dark" });
    // @ts-expect-error session is required
    api("GET /account", { theme: "dark" });
    // @ts-expect-error theme is "light" | "dark"
    api("GET /account", { session: "s", theme: "blue" });
  });

  it("keeps the options typed beside a body that is a map of strings", () => {
    api("PUT /labels", { team: "core", headers: { authorization: "token x" }, request: { retries: 1 } });
    // @ts-expect-error a header value is a string or a number
    api("PUT /labels", { team: "core", headers: { authorization: true } });
  });

  it("takes a form body's fields at the top level, nested objects too", () => {
    api("POST /customers", { email: "a@example.com", metadata: { plan: "pro" } });
    api("POST /customers");
    // @ts-expect-error metadata maps to strings
    api("POST /customers", { metadata: { plan: 1 } });
  });

  it("takes multipart fields at the top level, a file as a Blob or bytes, or the caller's FormData", () => {
    api("POST /uploads", { file: new Blob(["%PDF"]), name: "report.pdf" });
    api("POST /uploads", { file: new Uint8Array([1]), name: "a", attachments: [new Blob([]), "text"], size: 3 });
    api("POST /uploads", { file: "plain text", name: "a", kind: "document" });
    api("POST /uploads", { data: new FormData() });
    // @ts-expect-error name is required
    api("POST /uploads", { file: new Blob([]) });
    // @ts-expect-error kind is "document" | "image", not a file
    api("POST /uploads", { file: new Blob([]), name: "a", kind: new Blob([]) });
    // @ts-expect-error size is a number
    api("POST /uploads", { file: new Blob([]), name: "a", size: new Uint8Array([1]) });
    // @ts-expect-error data is the caller's FormData
    api("POST /uploads", { data: { file: "x" } });
  });

  it("keeps the caller's FormData a whole body when the multipart body is optional", () => {
    api("PUT /avatar");
    api("PUT /avatar", { image: new Blob([]), caption: "me" });
    api("PUT /avatar", { data: new FormData() });
    // The fields of an optional body are optional; data is still the caller's FormData.
    api("PUT /avatar", { caption: "me" });
    // @ts-expect-error data is the caller's FormData
    api("PUT /avatar", { data: { image: "x" } });
  });

  it("takes a binary body as bytes, a Blob, an ArrayBuffer or text", () => {
    const thumbnail = "PUT /files/{file_id}/thumbnail";
    api(thumbnail, { file_id: "f", data: new Blob([]) });
    api(thumbnail, { file_id: "f", data: new Uint8Array([1]) });
    api(thumbnail, { file_id: "f", data: new ArrayBuffer(1) });
    api(thumbnail, { file_id: "f", data: "bytes" });
    // @ts-expect-error not a number
    api(thumbnail, { file_id: "f", data: 1 });
    // @ts-expect-error the body is required
    api(thumbnail, { file_id: "f" });
  });

  it("takes a text/plain body as a string", () => {
    api("POST /notes", { data: "# Title" });
    // @ts-expect-error a string
    api("POST /notes", { data: new Blob([]) });
  });

  it("offers no data to an operation that declares no body", () => {
    api("GET /account", { session: "s" });
    // @ts-expect-error no body
    api("GET /account", { session: "s", data: { a: 1 } });
    // @ts-expect-error no body
    api(dangerous, { droplet_id: 1, "X-Dangerous": true, data: "x" });
    // An empty object schema (Record<string, never>) is no body either.
    api("GET /events", { limit: 10 });
    // @ts-expect-error no body
    api("GET /events", { limit: 10, data: "limit=10" });
  });

  it("types a parameter or body field named like an option as the parameter", () => {
    api("POST /web_links", { url: "https://example.com", data: { title: "t" } });
    api("POST /web_links", { url: "https://example.com", data: {}, headers: { "x-a": "b" }, request: 1 });
    // @ts-expect-error url is a required body field
    api("POST /web_links", { data: {} });
    // @ts-expect-error data is the body field, an object
    api("POST /web_links", { url: "u", data: "raw body" });
    // @ts-expect-error request is the body field, a number
    api("POST /web_links", { url: "u", data: {}, request: { signal: new AbortController().signal } });
    api("GET /search", { method: "exact", baseUrl: 2, mediaType: "text" });
    // @ts-expect-error method is the query parameter
    api("GET /search", { method: "GET" });
    // @ts-expect-error baseUrl is the query parameter, a number
    api("GET /search", { method: "exact", baseUrl: "https://example.com" });
    // @ts-expect-error mediaType is the query parameter, a string
    api("GET /search", { method: "exact", mediaType: { format: "raw" } });
    // Other option keys keep their types.
    api("GET /search", { method: "fuzzy", headers: { accept: "application/json" }, request: {} });
  });

  it("refuses a path the description lacks, typing the route as the closest operation", () => {
    // @ts-expect-error the argument's type is "GET /account"
    api("GET /acount", { session: "s" });
    // @ts-expect-error the argument's type is "PUT /files/{file_id}/content"
    api("PUT /file/{file_id}/content", { file_id: "f", "if-match": "e", data: "x" });
  });

  it("refuses a method the path lacks, and a method not written in upper case", () => {
    // @ts-expect-error /account has GET only
    api("TRACE /account");
    // @ts-expect-error /files/{file_id}/content has PUT only
    api("PATCH /files/{file_id}/content", { file_id: "f" });
    // @ts-expect-error the description's routes are written GET …
    api("get /account", { session: "s" });
    // @ts-expect-error a url alone names no operation
    api("/account", { session: "s" });
  });

  it("takes a route typed string unchecked: the way to a route the description lacks", () => {
    api("GET /internal/health" as string);
    api("GET /internal/{id}" as string, { id: 1, anything: true });
    // The options form reads only its literal url's placeholders.
    api({ method: "GET", url: "/internal/health" });
  });

  it("refuses a misspelt optional parameter: only declared names and the option keys", () => {
    api("GET /account", { session: "s", theme: "dark" });
    // @ts-expect-error theme, not them
    api("GET /account", { session: "s", them: "dark" });
    // @ts-expect-error limit, not limt
    api("GET /events", { limt: 10 });
    // @ts-expect-error caption, not captoin
    api("PUT /avatar", { image: new Blob([]), captoin: "me" });
    // A map body (additionalProperties) takes any name.
    api("PUT /labels", { team: "core", "good first issue": "yes" });
  });

  it("suggests only the operations", () => {
    expectTypeOf<RouteKey<OpenAPIRoutes<RequestPaths>>>().toEqualTypeOf<
      | "DELETE /droplets/{droplet_id}/destroy_with_associated_resources/dangerous"
      | "GET /account"
      | "PUT /files/{file_id}/content"
      | "PUT /files/{file_id}/thumbnail"
      | "POST /uploads"
      | "POST /notes"
      | "PUT /labels"
      | "POST /customers"
      | "POST /web_links"
      | "GET /search"
      | "PUT /avatar"
      | "GET /events"
      | "POST /imports"
      | "PUT /archives/{archive_id}"
      | "POST /feeds"
      | "PATCH /settings"
      | "GET /reports"
      | "POST /exports"
      | "POST /batches"
    >();
  });

  it("takes a */* body of fields at the top level, as the run time builds it like JSON", () => {
    api("POST /imports", { name: "q3" });
    api("POST /imports", { name: "q3", data: { rows: 10 } });
    // @ts-expect-error name is required
    api("POST /imports", { data: { rows: 10 } });
    // @ts-expect-error data is the body's own field, an object of rows, not the whole body as bytes
    api("POST /imports", { name: "q3", data: new Uint8Array([1]) });
    // @ts-expect-error not the whole body under data either (it would be sent as { "data": { "name": … } })
    api("POST /imports", { data: { name: "q3" } });
    // @ts-expect-error rows is a number
    api("POST /imports", { name: "q3", data: { rows: "10" } });
  });

  it("takes a */* body as data of any kind, but where the schema has a data field", () => {
    api("POST /exports", { format: "csv" });
    api("POST /exports", { data: { format: "csv" } });
    api("POST /exports", { data: new Blob(["format=csv"]) });
    // @ts-expect-error format is "csv" | "json"
    api("POST /exports", { format: "xml" });
    // @ts-expect-error format is required at the top level, beside no data
    api("POST /exports", {});
  });

  it("takes a body that fits any media type offered, as the run time sends the first that fits", () => {
    api("POST /batches", { file: new Blob(["a,b"]) });
    api("POST /batches", { data: new FormData() });
    // An array fits */*, not multipart: sent as JSON.
    api("POST /batches", { data: ["a", "b"] });
    // @ts-expect-error file is required by the multipart fields
    api("POST /batches", {});
  });

  it("takes a */* body of bytes as data, and another media type's object body as its text or bytes in data", () => {
    api("PUT /archives/{archive_id}", { archive_id: "a", data: new Uint8Array([1]) });
    api("PUT /archives/{archive_id}", { archive_id: "a", data: "bytes" });
    api("PUT /archives/{archive_id}", { archive_id: "a", data: new FormData() });
    // @ts-expect-error the body is required
    api("PUT /archives/{archive_id}", { archive_id: "a" });
    api("POST /feeds", { data: "<feed><title>News</title></feed>" });
    // @ts-expect-error fields cannot be written as application/xml: the run time refuses them
    api("POST /feeds", { title: "News" });
    // @ts-expect-error the body is required
    api("POST /feeds", {});
  });

  it("takes any body for an object schema with no properties (Record<string, never>)", () => {
    api("PATCH /settings", { theme: "dark", beta: true });
    api("PATCH /settings", { data: { theme: "dark" } });
    api("PATCH /settings", {});
    expectTypeOf(api("PATCH /settings", { beta: true }).method).toEqualTypeOf<"patch">();
  });

  it("takes no body on a GET, whatever the description declares (the run time refuses one)", () => {
    api("GET /reports", { since: "2026-01-01" });
    // @ts-expect-error a GET sends no body
    api("GET /reports", { filter: "open" });
    // @ts-expect-error a GET sends no body
    api("GET /reports", { data: { filter: "open" } });
  });

  it("relieves a header parameter defaults hold, by any case or under headers", () => {
    api.defaults({ headers: { "x-dangerous": "true" } })(dangerous, { droplet_id: 1 });
    api.defaults({ "X-Dangerous": true })(dangerous, { droplet_id: 1 });
    api.defaults({ droplet_id: 1, headers: { "X-Dangerous": "true" } })(dangerous);
    // @ts-expect-error a header defaults may not hold does not relieve the call
    api.defaults({ headers: { "x-dangerous": "true" as string | undefined } })(dangerous, { droplet_id: 1 });
  });

  it("refuses in merge() a route the description lacks", () => {
    api.merge("GET /account", { session: "s" });
    // @ts-expect-error the argument's type is "GET /account"
    api.merge("GET /acount");
    api.merge("GET /internal/health" as string);
  });

  it("types merge() by the operation, none required, and refuses a parameter named like an option there", () => {
    api.merge(dangerous, { "x-dangerous": true });
    api.merge("POST /web_links", { data: { title: "t" } });
    // @ts-expect-error X-Dangerous is a boolean
    api.merge(dangerous, { "X-Dangerous": "yes" });
    // @ts-expect-error merged options cannot hold the body field url apart from the option (ERR_INVALID_OPTIONS)
    api.merge("POST /web_links", { url: "u" });
  });
});

describe("OpenAPIRoutes: builders", () => {
  const builder = new RequestBuilder().withRoutes<OpenAPIRoutes<RequestPaths>>();
  const dangerous = builder.route("DELETE /droplets/{droplet_id}/destroy_with_associated_resources/dangerous");

  it("counts .header(), in any case, as giving a header parameter", () => {
    dangerous.param("droplet_id", 1).header("X-Dangerous", "true").build();
    dangerous.param("droplet_id", 1).header("x-dangerous", 1).build();
    builder
      .header("X-Dangerous", "true")
      .route("DELETE /droplets/{droplet_id}/destroy_with_associated_resources/dangerous")
      .param("droplet_id", 1)
      .build();
    dangerous.param("droplet_id", 1).headers({ "X-DANGEROUS": "true" }).build();
    // @ts-expect-error X-Dangerous is missing
    dangerous.param("droplet_id", 1).build();
    // @ts-expect-error a header removed is not given
    dangerous.param("droplet_id", 1).header("X-Dangerous", null).build();
  });

  it("takes a header parameter by param() too, typed by the schema", () => {
    dangerous.params({ droplet_id: 1, "X-Dangerous": true }).build();
    dangerous.param("droplet_id", 1).param("x-dangerous", true).build();
    // @ts-expect-error X-Dangerous is a boolean
    dangerous.param("X-Dangerous", "yes");
  });

  it("builds a multipart body from its fields or from the caller's FormData", () => {
    const upload = builder.route("POST /uploads");
    upload.params({ file: new Blob([]), name: "a" }).build();
    upload.data(new FormData()).build();
    // @ts-expect-error name is missing
    upload.param("file", new Blob([])).build();
    // @ts-expect-error data is the caller's FormData
    upload.data("text");
  });

  it("takes data as the body says, and none for an operation without a body", () => {
    builder
      .route("PUT /files/{file_id}/thumbnail")
      .param("file_id", "f")
      .data(new Uint8Array([1]))
      .build();
    builder.route("POST /notes").data("text").build();
    // @ts-expect-error the body is required
    builder.route("POST /notes").build();
    // @ts-expect-error no body
    builder.route("GET /account").param("session", "s").data("x");
  });

  it("refuses a route with a method the description lacks, and waits for the method of a url alone", () => {
    builder.route("GET /account").param("session", "s").build();
    // @ts-expect-error the argument's type is "GET /account"
    builder.route("GET /acount");
    // @ts-expect-error /account has GET only
    builder.route("POST /account");
    builder.route("/account").method("GET").param("session", "s").build();
    builder.route("GET /internal/health" as string).build();
  });

  it("counts a required cookie parameter and a body field named like an option", () => {
    builder.route("GET /account").param("session", "s").build();
    // @ts-expect-error session is missing
    builder.route("GET /account").build();
    builder.route("POST /web_links").params({ url: "u", data: {} }).build();
  });
});

describe("withRoutes(routes)", () => {
  const typed = {} as RouteTable<Endpoints>;
  const plain = {} as RouteTable;
  const issues = "GET /repos/{owner}/{repo}/issues";

  it("types the calls by the map the table carries", () => {
    const github = endpoint.withRoutes(typed);
    github(issues, { owner: "o", repo: "r", state: "open" });
    // @ts-expect-error state is "open" | "closed" | "all"
    github(issues, { owner: "o", repo: "r", state: "opne" });
    new RequestBuilder().withRoutes(typed).route(issues).params({ owner: "o", repo: "r" }).build();
    // @ts-expect-error state is "open" | "closed" | "all"
    new RequestBuilder().withRoutes(typed).route(issues).param("state", "opne");
  });

  it("takes the map as a type argument for a table that carries none", () => {
    const github = endpoint.withRoutes<Endpoints>(plain);
    // @ts-expect-error state is "open" | "closed" | "all"
    github(issues, { owner: "o", repo: "r", state: "opne" });
    // @ts-expect-error state is "open" | "closed" | "all"
    new RequestBuilder().withRoutes<Endpoints>(plain).route(issues).param("state", "opne");
  });

  it("types by the text a table that carries no map, and keeps withRoutes<Routes>() without one", () => {
    endpoint.withRoutes(plain)(issues, { owner: "o", repo: "r", state: "anything" });
    // @ts-expect-error repo is required by the route's text
    endpoint.withRoutes(plain)(issues, { owner: "o" });
    // @ts-expect-error the map is known: state is "open" | "closed" | "all"
    endpoint.withRoutes<Endpoints>()(issues, { owner: "o", repo: "r", state: "opne" });
  });
});

describe("withRoutes(routes) with an OpenAPIRoutes map", () => {
  const typed = {} as RouteTable<OpenAPIRoutes<RequestPaths>>;
  const plain = {} as RouteTable;
  const call = "GET /account";

  it("types the calls by the map the table carries", () => {
    const api = endpoint.withRoutes(typed);
    api(call, { session: "s" });
    // @ts-expect-error session is required
    api(call, {});
    new RequestBuilder().withRoutes(typed).route(call).param("session", "s").build();
    // @ts-expect-error session is missing
    new RequestBuilder().withRoutes(typed).route(call).build();
  });

  it("takes the map as a type argument for a table that carries none", () => {
    const api = endpoint.withRoutes<OpenAPIRoutes<RequestPaths>>(plain);
    api(call, { session: "s" });
    // @ts-expect-error session is required
    api(call, {});
    // @ts-expect-error session is missing
    new RequestBuilder().withRoutes<OpenAPIRoutes<RequestPaths>>(plain).route(call).build();
  });

  it("types nothing by a table that carries no map, and keeps withRoutes<Routes>() without one", () => {
    endpoint.withRoutes(plain)(call, {});
    endpoint.defaults({ owner: "o" }).withRoutes<Endpoints>()("GET /repos/{owner}/{repo}", { repo: "r" });
    // @ts-expect-error the map is known: repo is required
    endpoint.defaults({ owner: "o" }).withRoutes<Endpoints>()("GET /repos/{owner}/{repo}", {});
  });
});
