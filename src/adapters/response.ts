import { EndpointError } from "../core/errors.js";
import type { RequestOptions } from "../core/types.js";
import type { MarkedResult, OperationResponseMark, OperationResult } from "../types/responses.js";

/**
 * A fetch `Response`, by what `readResponse()` reads of it, so that the types need no DOM library: undici's, a
 * browser's and node-fetch's fit.
 *
 * @example
 * const response: ResponseLike = await fetch("https://api.github.com/zen");
 */
export interface ResponseLike {
  /** The status code. */
  readonly status: number;
  /** Whether the status is 2XX. */
  readonly ok: boolean;
  /** The headers: `content-type` read, every one copied. */
  readonly headers: Iterable<[string, string]> & {
    /** A header's value, or `null`. */
    get(name: string): string | null;
  };
  /** The body as text. */
  text(): Promise<string>;
  /** The body as bytes. */
  arrayBuffer(): Promise<ArrayBuffer>;
}

// Bytes, as a request body's (docs/typed-routes.md, "OpenAPI"); JSON, as toFetch's. Parameters are cut off before.
const BYTES = /^((image|audio|video|font)\/|application\/(octet-stream|(pdf|g?zip)$))/;
const JSON_TYPE = /^application\/(.*\+)?json$/;

/**
 * Reads a fetch `Response` to the request options it answers: `{ ok, status, headers, data }` for a 2XX status,
 * `{ ok, status, headers, error }` for any other, typed by the responses the options carry (docs/typed-routes.md,
 * "Responses"); `headers` a plain object of lower-case names. The body is read as the response's media type says:
 * JSON parsed, bytes (`application/octet-stream`, `image/*`, `application/pdf`…) as an `ArrayBuffer`, anything else as
 * text; none (`undefined`) for a 204, 205 or 304, an answer to HEAD, and an empty body without a media type. A body
 * that is not what its media type says is an `EndpointError` (`ERR_INVALID_RESPONSE`) naming the status and the
 * media type. Sends nothing.
 *
 * @example
 * const request = github.operation("repos/get", { owner: "octokit", repo: "endpoint.js" });
 * const result = await readResponse(request, await fetch(...toFetch(request)));
 * if (result.status === 200) console.log(result.data.full_name);
 */
export async function readResponse<Paths, Route>(
  request: RequestOptions<string, OperationResponseMark<Paths, Route>>,
  response: ResponseLike,
): Promise<OperationResult<Paths, Route>>;
/** The same for request options of any other route: typed by a route map's entry, else `unknown`. @example await readResponse(endpoint("GET /zen"), response) */
export async function readResponse<Mark>(
  request: RequestOptions<string, Mark>,
  response: ResponseLike,
): Promise<MarkedResult<Mark>>;
export async function readResponse(request: RequestOptions, response: ResponseLike): Promise<unknown> {
  const { status, ok, headers } = response;
  const media = (headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  let body: unknown;
  if (status !== 204 && status !== 205 && status !== 304 && !/^head$/i.test(request.method)) {
    body = await (BYTES.test(media) ? response.arrayBuffer() : response.text());
    if (JSON_TYPE.test(media)) {
      try {
        body = JSON.parse(body as string);
      } catch {
        throw new EndpointError("ERR_INVALID_RESPONSE", `the ${status} response's ${media} body is not JSON`);
      }
    } else if (body === "" && media === "") body = undefined;
  }
  // fromEntries writes own properties: a header named __proto__ is data, not a prototype.
  return { ok, status, headers: Object.fromEntries(headers), [ok ? "data" : "error"]: body };
}
