// Type tests: pin the public types so a change to them is a
// deliberate, visible change. Checked by the TypeScript compiler (vitest typecheck),
// never executed.
import { describe, expectTypeOf, it } from "vitest";
import {
  type Endpoint,
  endpoint,
  EndpointError,
  type EndpointErrorCode,
  type EndpointOptions,
  ErrorCodes,
  type FetchInit,
  type HeaderValue,
  type MergedOptions,
  type ReadonlyMergedOptions,
  type RequestMeta,
  RequestBuilder,
  type RequestOptions,
  type ResponseMark,
  type ResultHeaders,
  toFetch,
  VERSION,
} from "../src/index.js";

type AllCodes =
  | "ERR_INVALID_OPTIONS"
  | "ERR_INVALID_ROUTE"
  | "ERR_INVALID_METHOD"
  | "ERR_MISSING_URL"
  | "ERR_INVALID_HEADER"
  | "ERR_INVALID_TEMPLATE"
  | "ERR_INVALID_PARAMETER"
  | "ERR_UNSAFE_PATH"
  | "ERR_MISSING_PARAMETER";

describe("endpoint()", () => {
  it("returns RequestOptions in every call form, with the literal lowercase method when the call gives one", () => {
    // The second type argument is the mark of what comes back: no map here, so readResponse() reads `unknown`.
    expectTypeOf(endpoint("GET /orgs/{org}/repos", { org: "octokit" })).toEqualTypeOf<
      RequestOptions<"get", ResponseMark<{}, "GET /orgs/{org}/repos">>
    >();
    expectTypeOf(endpoint("GET /user")).toEqualTypeOf<RequestOptions<"get", ResponseMark<{}, "GET /user">>>();
    expectTypeOf(endpoint({ method: "GET", url: "/user" })).toEqualTypeOf<
      RequestOptions<"get", ResponseMark<{}, { readonly method: "GET"; readonly url: "/user" }>>
    >();
    expectTypeOf(endpoint({ url: "/user" })).toEqualTypeOf<
      RequestOptions<string, ResponseMark<{}, { readonly url: "/user" }>>
    >();
    expectTypeOf(endpoint()).toEqualTypeOf<RequestOptions<string, ResponseMark<{}, EndpointOptions>>>();
  });

  it("is an Endpoint whose helpers keep their types", () => {
    expectTypeOf(endpoint).toEqualTypeOf<Endpoint<{}, {}>>();
    expectTypeOf(endpoint).toExtend<Endpoint>();
    expectTypeOf(endpoint.defaults({ baseUrl: "https://ghe.example.com/api/v3" })).toEqualTypeOf<
      Endpoint<{ baseUrl: string }, {}>
    >();
    expectTypeOf(endpoint.defaults({ org: "octokit" }).defaults({ per_page: 100 })).toEqualTypeOf<
      Endpoint<{ org: string } & { per_page: number }, {}>
    >();
    expectTypeOf(endpoint.DEFAULTS).toEqualTypeOf<ReadonlyMergedOptions>();
    expectTypeOf(endpoint.merge("GET /orgs/{org}", { org: "x" })).toEqualTypeOf<MergedOptions>();
    expectTypeOf(endpoint.merge({ url: "/user" })).toEqualTypeOf<MergedOptions>();
    expectTypeOf(endpoint.merge()).toEqualTypeOf<MergedOptions>();
    expectTypeOf(endpoint.parse(endpoint.merge("GET /user"))).toEqualTypeOf<RequestOptions>();
    expectTypeOf(endpoint.builder()).toEqualTypeOf<RequestBuilder>();
    expectTypeOf(endpoint.withRoutes<{}>()).toEqualTypeOf<Endpoint<{}, {}>>();
  });

  it("refuses what is not a route or options", () => {
    // @ts-expect-error a route is a string
    endpoint(42);
    // @ts-expect-error options are an object
    endpoint("GET /user", "owner=octokit");
    // @ts-expect-error parse() takes merged options, which have a method, baseUrl, headers and mediaType
    endpoint.parse({ url: "/user" });
    // @ts-expect-error with two arguments the first is a route (at run time: ERR_INVALID_ROUTE)
    endpoint.merge(undefined, { url: "/user" });
  });

  it("keeps DEFAULTS read-only down to its headers and media type, as it is frozen at run time", () => {
    // @ts-expect-error DEFAULTS is frozen
    endpoint.DEFAULTS.baseUrl = "https://example.com";
    // @ts-expect-error its headers are frozen too
    endpoint.DEFAULTS.headers.accept = "text/html";
    // @ts-expect-error and its media type
    endpoint.DEFAULTS.mediaType.format = "raw";
    expectTypeOf(endpoint.parse(endpoint.DEFAULTS)).toEqualTypeOf<RequestOptions>();
  });

  it("takes an empty mediaType.previews list (as @octokit/endpoint's merged options hold), never a non-empty one", () => {
    expectTypeOf(endpoint("POST /graphql", { mediaType: { previews: [] } }).method).toEqualTypeOf<"post">();
    expectTypeOf(
      new RequestBuilder().mediaType({ format: "raw", previews: undefined }),
    ).toEqualTypeOf<RequestBuilder>();
    // @ts-expect-error previews are not supported
    endpoint("POST /graphql", { mediaType: { previews: ["mercy"] } });
  });

  it("takes an explicit undefined for every named option (the project compiles with exactOptionalPropertyTypes)", () => {
    const maybe = undefined as string | undefined;
    expectTypeOf(
      endpoint({
        url: "/x",
        method: maybe,
        baseUrl: maybe,
        headers: undefined,
        mediaType: { format: maybe },
        request: undefined,
      }).method,
    ).toEqualTypeOf<string>();
    expectTypeOf(endpoint.defaults({ baseUrl: maybe })).toEqualTypeOf<Endpoint<{ baseUrl: string | undefined }, {}>>();
    expectTypeOf(RequestBuilder.from({ url: maybe }).mediaType({ format: maybe })).toEqualTypeOf<RequestBuilder>();
    // Results never hold an undefined field, so they fit exact optional types.
    const result: { request?: RequestMeta } = endpoint("GET /x");
    const merged: { url?: string; request?: RequestMeta } = endpoint.merge("GET /x");
    expectTypeOf(result).not.toBeAny();
    expectTypeOf(merged).not.toBeAny();
  });
});

describe("RequestOptions", () => {
  it("has a string method and url, result headers, and optional body and request", () => {
    expectTypeOf<RequestOptions["method"]>().toEqualTypeOf<string>();
    expectTypeOf<RequestOptions["url"]>().toEqualTypeOf<string>();
    expectTypeOf<RequestOptions["headers"]>().toEqualTypeOf<ResultHeaders>();
    expectTypeOf<ResultHeaders[string]>().toEqualTypeOf<HeaderValue>();
    expectTypeOf<HeaderValue>().toEqualTypeOf<string | number>();
    expectTypeOf<RequestOptions["body"]>().toEqualTypeOf<unknown>();
    expectTypeOf<RequestOptions>().toHaveProperty("request");
  });
});

describe("EndpointOptions", () => {
  it("accepts arbitrary parameters of any type beside the named options", () => {
    const options = {
      method: "POST",
      url: "/repos/{owner}/{repo}/issues",
      baseUrl: "https://api.github.com",
      headers: { authorization: "token secret123", "x-remove": null, "content-length": 14 },
      mediaType: { format: "raw" },
      request: { signal: new AbortController().signal },
      owner: "octokit",
      per_page: 100,
      labels: ["bug", "ui"],
      draft: false,
      meta: { nested: { deep: true } },
    };
    expectTypeOf(options).toExtend<EndpointOptions>();
    expectTypeOf({}).toExtend<EndpointOptions>();
    expectTypeOf<EndpointOptions[string]>().toEqualTypeOf<unknown>();
  });

  it("types the named options", () => {
    expectTypeOf<EndpointOptions["method"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<EndpointOptions["url"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<EndpointOptions["baseUrl"]>().toEqualTypeOf<string | undefined>();
    // @ts-expect-error a header value is a string, a number, null or undefined
    expectTypeOf({ headers: { accept: ["a", "b"] } }).toExtend<EndpointOptions>();
    // @ts-expect-error the method is a string
    expectTypeOf({ method: 1 }).toExtend<EndpointOptions>();
  });
});

describe("MergedOptions", () => {
  it("has the defaulted fields as required, the url and parameters as optional", () => {
    expectTypeOf<MergedOptions["method"]>().toEqualTypeOf<string>();
    expectTypeOf<MergedOptions["baseUrl"]>().toEqualTypeOf<string>();
    expectTypeOf<MergedOptions["url"]>().toEqualTypeOf<string | undefined>();
    // A removed header is null in merged options, so that they round-trip through defaults().
    expectTypeOf<MergedOptions["headers"]>().toEqualTypeOf<{ [name: string]: HeaderValue | null }>();
    expectTypeOf<MergedOptions["mediaType"]>().toEqualTypeOf<{ format: string }>();
  });
});

describe("RequestBuilder", () => {
  const builder = new RequestBuilder();

  it("chains every method to a RequestBuilder", () => {
    const chained = builder
      .route("GET /repos/{owner}/{repo}/issues")
      .method("POST")
      .url("/repos/{owner}/{repo}/issues")
      .baseUrl("https://ghe.example.com/api/v3")
      .header("authorization", "token secret123")
      .header("content-length", 14)
      .header("x-remove", null)
      .headers({ accept: "text/html", "x-gone": undefined })
      .param("owner", "octokit")
      .param("labels", ["bug"])
      .params({ repo: "endpoint.js", per_page: 100 })
      .data(new Uint8Array([1, 2]))
      .mediaType({ format: "raw" })
      .request({ signal: new AbortController().signal });
    expectTypeOf(chained).toEqualTypeOf<RequestBuilder>();
    expectTypeOf(RequestBuilder.from({ org: "octokit" })).toEqualTypeOf<RequestBuilder>();
  });

  it("builds RequestOptions, merges to MergedOptions, turns into an Endpoint", () => {
    expectTypeOf(builder.route("GET /user").build()).toEqualTypeOf<RequestOptions<"get">>();
    expectTypeOf(builder.merge()).toEqualTypeOf<MergedOptions>();
    expectTypeOf(builder.toEndpoint()).toEqualTypeOf<Endpoint<{}, {}>>();
    expectTypeOf(builder.build).returns.toEqualTypeOf<RequestOptions>();
  });

  it("refuses values of the wrong type", () => {
    // @ts-expect-error a header value is a string or a number
    builder.header("accept", ["a"]);
    // @ts-expect-error a route is a string
    builder.route(undefined);
    // @ts-expect-error mediaType.format is a string
    builder.mediaType({ format: 1 });
  });
});

describe("EndpointError", () => {
  it("has a code that is exactly the union of the nine codes, fluent-endpoint/openapi's ERR_INVALID_ARGUMENTS and fluent-endpoint/response's ERR_INVALID_RESPONSE", () => {
    expectTypeOf<EndpointError["code"]>().toEqualTypeOf<AllCodes | "ERR_INVALID_ARGUMENTS" | "ERR_INVALID_RESPONSE">();
    expectTypeOf<EndpointErrorCode>().toEqualTypeOf<AllCodes | "ERR_INVALID_ARGUMENTS" | "ERR_INVALID_RESPONSE">();
    // The main entry's table lists the nine it throws (its bytes stay as they were).
    expectTypeOf<(typeof ErrorCodes)[keyof typeof ErrorCodes]>().toEqualTypeOf<AllCodes>();
    expectTypeOf(ErrorCodes.UNSAFE_PATH).toEqualTypeOf<"ERR_UNSAFE_PATH">();
  });

  it("is a TypeError with a read-only code", () => {
    expectTypeOf<EndpointError>().toExtend<TypeError>();
    const error = new EndpointError("ERR_MISSING_URL", "no url");
    // @ts-expect-error the code is read-only
    error.code = "ERR_INVALID_ROUTE";
    // @ts-expect-error only the nine codes exist
    new EndpointError("ERR_SOMETHING_ELSE", "message");
  });

  it("narrows on a code in a switch", () => {
    const describeCode = (error: EndpointError): string => {
      switch (error.code) {
        case "ERR_INVALID_OPTIONS":
        case "ERR_INVALID_ROUTE":
        case "ERR_INVALID_METHOD":
        case "ERR_MISSING_URL":
        case "ERR_INVALID_HEADER":
        case "ERR_INVALID_TEMPLATE":
        case "ERR_INVALID_PARAMETER":
        case "ERR_UNSAFE_PATH":
        case "ERR_MISSING_PARAMETER":
        case "ERR_INVALID_ARGUMENTS":
        case "ERR_INVALID_RESPONSE":
          return error.code;
        default:
          expectTypeOf(error.code).toBeNever();
          return error.code;
      }
    };
    expectTypeOf(describeCode).returns.toEqualTypeOf<string>();
  });
});

describe("toFetch()", () => {
  it("returns [string, FetchInit], which spreads into fetch", () => {
    const args = toFetch(endpoint("PATCH /user", { bio: "Hello" }));
    expectTypeOf(args).toEqualTypeOf<[string, FetchInit]>();
    expectTypeOf<FetchInit["method"]>().toEqualTypeOf<string>();
    expectTypeOf<FetchInit["headers"]>().toEqualTypeOf<Record<string, string>>();
    expectTypeOf(toFetch).parameter(0).toEqualTypeOf<RequestOptions>();
    expectTypeOf(fetch).toBeCallableWith(...args);
  });
});

describe("VERSION", () => {
  it("is a string", () => {
    expectTypeOf(VERSION).toEqualTypeOf<string>();
  });
});

describe("fluent-endpoint/octokit", () => {
  it("takes previews and the options form with the same object twice, and returns request options", async () => {
    const { endpoint: octokit } = await import("../src/octokit.js");
    const options = { method: "POST", url: "/graphql", query: "q", mediaType: { previews: ["mercy"] } };
    expectTypeOf(
      octokit("POST /graphql", { mediaType: { previews: ["mercy"], format: "raw" } }),
    ).toEqualTypeOf<RequestOptions>();
    expectTypeOf(octokit(options, options)).toEqualTypeOf<RequestOptions>();
    expectTypeOf(octokit.merge(options, options).mediaType.previews).toEqualTypeOf<string[] | undefined>();
    expectTypeOf(octokit.defaults({ mediaType: { previews: ["mercy"] } })).toEqualTypeOf(octokit);
    expectTypeOf(octokit.DEFAULTS.mediaType.previews).toEqualTypeOf<readonly string[] | undefined>();
    expectTypeOf(octokit.parse(octokit.merge("GET /user"))).toEqualTypeOf<RequestOptions>();
    // Its builder is typed without routes, as its calls are: build()'s method is any text.
    const built = octokit
      .builder()
      .route("PATCH /user")
      .mediaType({ previews: ["mercy"] })
      .build();
    expectTypeOf(built).toEqualTypeOf<RequestOptions>();
    expectTypeOf(octokit.builder().toEndpoint()).toEqualTypeOf(octokit);
    // @ts-expect-error previews are names
    octokit("POST /graphql", { mediaType: { previews: [1] } });
  });
});
