// Types only: what comes back for a route (docs/typed-routes.md, "Responses"). Request options carry a mark, the
// description's paths (or the route map) and the route, which nothing reads until a response is: a call costs one
// type more. A description's responses are an operation's `responses` as openapi-typescript writes them
// (`{ 200: { headers; content }; default: … }`); a route map entry's is its `response`, as `@octokit/types` writes it
// (`{ data; status; headers }`). Reading one is a few indexed accesses and a conditional type a status
// (docs/architecture.md, "Typed routes": a conditional type costs tsc about eight instantiations, an indexed access
// none).
import type { RESPONSE, ROUTE_MAP } from "../core/brands.js";
import type { OperationRoute } from "./operations.js";
import type { OpenAPIOperation, PathsOf } from "./route-check.js";

/**
 * A JSON media type, as `toFetch` and `readResponse()` tell one: `application/json` or any `application/…+json`,
 * with or without parameters.
 *
 * @example
 * const type: JsonMediaType = "application/vnd.github+json";
 */
// prettier-ignore
export type JsonMediaType =
  | "application/json" | `application/json;${string}` | `application/${string}+json` | `application/${string}+json;${string}`;

/** The media types a body of bytes comes in, as a request body's too (docs/typed-routes.md, "OpenAPI"). */
// prettier-ignore
type BinaryMediaType =
  | `application/octet-stream${string}` | `image/${string}` | `audio/${string}` | `video/${string}` | `font/${string}`
  | "application/pdf" | "application/zip" | "application/gzip";

/** A media range (`*\/*`, `application/*`): the response's own media type decides how its body reads. */
type MediaRange = `${string}/*${string}`;

/** A body as `readResponse()` reads its media type: JSON as its schema, bytes as an `ArrayBuffer`, anything else as text. */
type MediaBody<Content, Type> = Type extends JsonMediaType
  ? Content[Type & keyof Content]
  : Type extends BinaryMediaType
    ? ArrayBuffer
    : Type extends MediaRange
      ? unknown
      : string;

/**
 * A status's body from its `content`: `undefined` for none (openapi-typescript writes `content?: never`); in the media
 * types `Media` picks; in every one it has when `Media` picks none. JSON picked by default costs an indexed access.
 * The keys picked are no type parameter, so `extends never` tests them without a tuple (two instantiations fewer).
 */
type ContentBody<Content, Media> = keyof Content & Media extends never
  ? [Content] extends [undefined]
    ? undefined
    : MediaBody<Content, keyof Content>
  : JsonMediaType extends Media
    ? Content[keyof Content & Media]
    : MediaBody<Content, keyof Content & Media>;

/** A status's body from its response object. */
type StatusBody<Response, Media> = ContentBody<Response["content" & keyof Response], Media>;

// Each range's codes, written out: intersected with an operation's statuses, they pick its successes or errors without
// a conditional type a status.
// prettier-ignore
type Codes1XX =
  | 100 | 101 | 102 | 103 | 104 | 105 | 106 | 107 | 108 | 109 | 110 | 111 | 112 | 113 | 114 | 115 | 116 | 117 | 118 | 119
  | 120 | 121 | 122 | 123 | 124 | 125 | 126 | 127 | 128 | 129 | 130 | 131 | 132 | 133 | 134 | 135 | 136 | 137 | 138 | 139
  | 140 | 141 | 142 | 143 | 144 | 145 | 146 | 147 | 148 | 149 | 150 | 151 | 152 | 153 | 154 | 155 | 156 | 157 | 158 | 159
  | 160 | 161 | 162 | 163 | 164 | 165 | 166 | 167 | 168 | 169 | 170 | 171 | 172 | 173 | 174 | 175 | 176 | 177 | 178 | 179
  | 180 | 181 | 182 | 183 | 184 | 185 | 186 | 187 | 188 | 189 | 190 | 191 | 192 | 193 | 194 | 195 | 196 | 197 | 198 | 199;
// prettier-ignore
type Codes2XX =
  | 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208 | 209 | 210 | 211 | 212 | 213 | 214 | 215 | 216 | 217 | 218 | 219
  | 220 | 221 | 222 | 223 | 224 | 225 | 226 | 227 | 228 | 229 | 230 | 231 | 232 | 233 | 234 | 235 | 236 | 237 | 238 | 239
  | 240 | 241 | 242 | 243 | 244 | 245 | 246 | 247 | 248 | 249 | 250 | 251 | 252 | 253 | 254 | 255 | 256 | 257 | 258 | 259
  | 260 | 261 | 262 | 263 | 264 | 265 | 266 | 267 | 268 | 269 | 270 | 271 | 272 | 273 | 274 | 275 | 276 | 277 | 278 | 279
  | 280 | 281 | 282 | 283 | 284 | 285 | 286 | 287 | 288 | 289 | 290 | 291 | 292 | 293 | 294 | 295 | 296 | 297 | 298 | 299;
// prettier-ignore
type Codes3XX =
  | 300 | 301 | 302 | 303 | 304 | 305 | 306 | 307 | 308 | 309 | 310 | 311 | 312 | 313 | 314 | 315 | 316 | 317 | 318 | 319
  | 320 | 321 | 322 | 323 | 324 | 325 | 326 | 327 | 328 | 329 | 330 | 331 | 332 | 333 | 334 | 335 | 336 | 337 | 338 | 339
  | 340 | 341 | 342 | 343 | 344 | 345 | 346 | 347 | 348 | 349 | 350 | 351 | 352 | 353 | 354 | 355 | 356 | 357 | 358 | 359
  | 360 | 361 | 362 | 363 | 364 | 365 | 366 | 367 | 368 | 369 | 370 | 371 | 372 | 373 | 374 | 375 | 376 | 377 | 378 | 379
  | 380 | 381 | 382 | 383 | 384 | 385 | 386 | 387 | 388 | 389 | 390 | 391 | 392 | 393 | 394 | 395 | 396 | 397 | 398 | 399;
// prettier-ignore
type Codes4XX =
  | 400 | 401 | 402 | 403 | 404 | 405 | 406 | 407 | 408 | 409 | 410 | 411 | 412 | 413 | 414 | 415 | 416 | 417 | 418 | 419
  | 420 | 421 | 422 | 423 | 424 | 425 | 426 | 427 | 428 | 429 | 430 | 431 | 432 | 433 | 434 | 435 | 436 | 437 | 438 | 439
  | 440 | 441 | 442 | 443 | 444 | 445 | 446 | 447 | 448 | 449 | 450 | 451 | 452 | 453 | 454 | 455 | 456 | 457 | 458 | 459
  | 460 | 461 | 462 | 463 | 464 | 465 | 466 | 467 | 468 | 469 | 470 | 471 | 472 | 473 | 474 | 475 | 476 | 477 | 478 | 479
  | 480 | 481 | 482 | 483 | 484 | 485 | 486 | 487 | 488 | 489 | 490 | 491 | 492 | 493 | 494 | 495 | 496 | 497 | 498 | 499;
// prettier-ignore
type Codes5XX =
  | 500 | 501 | 502 | 503 | 504 | 505 | 506 | 507 | 508 | 509 | 510 | 511 | 512 | 513 | 514 | 515 | 516 | 517 | 518 | 519
  | 520 | 521 | 522 | 523 | 524 | 525 | 526 | 527 | 528 | 529 | 530 | 531 | 532 | 533 | 534 | 535 | 536 | 537 | 538 | 539
  | 540 | 541 | 542 | 543 | 544 | 545 | 546 | 547 | 548 | 549 | 550 | 551 | 552 | 553 | 554 | 555 | 556 | 557 | 558 | 559
  | 560 | 561 | 562 | 563 | 564 | 565 | 566 | 567 | 568 | 569 | 570 | 571 | 572 | 573 | 574 | 575 | 576 | 577 | 578 | 579
  | 580 | 581 | 582 | 583 | 584 | 585 | 586 | 587 | 588 | 589 | 590 | 591 | 592 | 593 | 594 | 595 | 596 | 597 | 598 | 599;

/** The keys of a success status: a code from 200 to 299, or OAS's `2XX` range. */
type SuccessKey = Codes2XX | "2XX";

/** The keys of an error status: a 4XX or 5XX code or range, or `default` (see {@link ResponseError}). */
type ErrorKey = Codes4XX | Codes5XX | "4XX" | "5XX" | "default";

/** The keys of a status that is no success: 1XX, 3XX, 4XX, 5XX, their ranges, `default`. */
type OtherKey = Codes1XX | Codes3XX | ErrorKey | "1XX" | "3XX";

/**
 * The statuses a success body comes from: the 2XX ones, else `default`, which OAS makes stand for every status the
 * operation does not list, successes too.
 */
type SuccessKeys<Responses> = [keyof Responses & SuccessKey] extends [never]
  ? keyof Responses & "default"
  : keyof Responses & SuccessKey;

/** The body of each of `Statuses`, as one union. */
type BodiesOf<Responses, Statuses extends keyof Responses, Media> = {
  [Status in Statuses]: StatusBody<Responses[Status], Media>;
}[Statuses];

/**
 * Response headers as `readResponse()` gives them: names in lower case, values as text, the headers a status
 * declares by name (`link` for a declared `Link`), any other by its name.
 *
 * @example
 * type Headers = ResponseHeaders<{ [name: string]: unknown; Link?: string }>; // { link?: string } & { [name: string]: string }
 */
export type ResponseHeaders<Declared = {}> = {
  [Name in keyof Declared as string extends Name ? never : Lowercase<Name & string>]: string;
} & { [name: string]: string };

/** A status's code: a code as itself; a range's (`4XX`) the codes of it the operation does not list (OAS: a code wins over its range); `default`'s any number. */
type StatusCode<Status, Listed> = Status extends number
  ? Status
  : Status extends `${infer Digit extends 1 | 2 | 3 | 4 | 5}XX`
    ? Exclude<[never, Codes1XX, Codes2XX, Codes3XX, Codes4XX, Codes5XX][Digit], keyof Listed>
    : number;

/** The ranges OAS allows as a status (`4XX`). */
type RangeKey = "1XX" | "2XX" | "3XX" | "4XX" | "5XX";

/**
 * What a status's member needs of its operation beyond its own response: the responses, for a range's codes; none
 * (`never`) where the operation lists no range, so that a status's member (a 404 of `basic-error`) is one type for
 * every operation that lists it, its body read once.
 */
type RangesOf<Responses> = keyof Responses & RangeKey extends never ? never : Responses;

/**
 * A status's response with its body as `data` (`Ok` for a 2XX status); each member computed when read. `Response` is
 * the status's response object, looked up once where the status is (`Responses[Status]`), not again by each member;
 * `Listed` is {@link RangesOf} the operation's responses.
 */
interface DataResponse<Status, Response, Listed, Media, Ok extends boolean> {
  ok: Ok;
  status: StatusCode<Status, Listed>;
  headers: ResponseHeaders<Response["headers" & keyof Response]>;
  data: StatusBody<Response, Media>;
  error?: undefined;
}

/** A status's response with its body as `error`, as `readResponse()` gives a status that is not 2XX. */
interface ErrorResponse<Status, Response, Listed, Media> {
  ok: false;
  status: StatusCode<Status, Listed>;
  headers: ResponseHeaders<Response["headers" & keyof Response]>;
  error: StatusBody<Response, Media>;
  data?: undefined;
}

/**
 * Every status's response of a description's operation; `Read` puts a body that is not 2XX under `error`, as
 * `readResponse()` does. A `default` that stands for the successes too (no 2XX listed) is both. `Listed` is
 * {@link RangesOf} `Responses`.
 */
type StatusResponses<Responses, Listed, Media, Read extends boolean> =
  | {
      [Status in keyof Responses & SuccessKey]-?: DataResponse<Status, Responses[Status], Listed, Media, true>;
    }[keyof Responses & SuccessKey]
  | (Read extends true ? ErrorResponses<Responses, Listed, Media> : OtherResponses<Responses, Listed, Media>)
  | DefaultSuccess<Responses, Listed, Media>;

/**
 * `default`'s response as a success, where no 2XX status is listed. Asking first whether there is a `default` (a type
 * with no parameter against the keys) settles most operations for two instantiations.
 */
type DefaultSuccess<Responses, Listed, Media> = "default" extends keyof Responses
  ? [keyof Responses & SuccessKey] extends [never]
    ? DataResponse<"default", Responses["default" & keyof Responses], Listed, Media, true>
    : never
  : never;

/** The responses of the statuses that are no success, each body under `error` (one conditional type a read, none a status). */
type ErrorResponses<Responses, Listed, Media> = {
  [Status in keyof Responses & OtherKey]-?: ErrorResponse<Status, Responses[Status], Listed, Media>;
}[keyof Responses & OtherKey];

/** The same, each body under `data`. */
type OtherResponses<Responses, Listed, Media> = {
  [Status in keyof Responses & OtherKey]-?: DataResponse<Status, Responses[Status], Listed, Media, false>;
}[keyof Responses & OtherKey];

/**
 * {@link StatusResponses} as `readResponse()` reads them (JSON, bodies that are not 2XX under `error`), the media
 * types written in rather than passed: a type parameter costs an instantiation a status, a written type none. The
 * same members as `StatusResponses<Responses, Listed, JsonMediaType, true>`, so the two are one type.
 */
type ReadResponses<Responses, Listed> =
  | {
      [Status in keyof Responses & SuccessKey]-?: DataResponse<Status, Responses[Status], Listed, JsonMediaType, true>;
    }[keyof Responses & SuccessKey]
  | {
      [Status in keyof Responses & OtherKey]-?: ErrorResponse<Status, Responses[Status], Listed, JsonMediaType>;
    }[keyof Responses & OtherKey]
  | DefaultSuccess<Responses, Listed, JsonMediaType>;

/** A route map entry's response (`@octokit/types`' `OctokitResponse<Data, Status>`), told by its `data`. */
interface MapResponse {
  data: unknown;
}

/** A route map entry's response: its `data` at its `status`, and for `readResponse()` any other status's `error`. */
type MapResult<Mark extends MapResponse, Read extends boolean> =
  | {
      ok: true;
      status: Mark extends { status: infer Status extends number } ? Status : number;
      headers: ResponseHeaders;
      data: Mark["data"];
      error?: undefined;
    }
  | (Read extends true
      ? { ok: false; status: number; headers: ResponseHeaders; error: unknown; data?: undefined }
      : never);

/** What comes back where nothing describes it. */
type UndescribedResult<Read extends boolean> =
  | { ok: true; status: number; headers: ResponseHeaders; data: unknown; error?: undefined }
  | (Read extends true
      ? { ok: false; status: number; headers: ResponseHeaders; error: unknown; data?: undefined }
      : { ok: false; status: number; headers: ResponseHeaders; data: unknown; error?: undefined });

/**
 * The mark request options carry for an operation of a description (`OpenAPIRoutes<paths>`): openapi-typescript's
 * `paths` and the route; types only, read when a response is.
 *
 * @example
 * type Mark = OperationResponseMark<paths, "GET /pets/{id}">;
 */
export interface OperationResponseMark<Paths, Route> {
  /** openapi-typescript's `paths`. */
  paths: Paths;
  /** The route, `"GET /pets/{id}"`. */
  route: Route;
}

/**
 * The mark request options carry for a route of a route map that is no description's (`@octokit/types`'
 * `Endpoints`): the map (as the call or builder holds it) and the route; types only, read when a response is.
 *
 * @example
 * type Mark = ResponseMark<Endpoints, "GET /repos/{owner}/{repo}">;
 */
export interface ResponseMark<Routes, Route> {
  /** The route map. */
  routes: Routes;
  /** The route, as the map's keys name it. */
  route: Route;
}

/**
 * The mark of a map's route: a description's operation's in its `Paths` (its entries hold no responses), any other
 * map's entry's. `Paths` is the map's (`PathsOf<Routes>`), worked out once per endpoint or builder type.
 *
 * @example
 * type Mark = MapResponseMark<OpenAPIRoutes<paths>, paths, "GET /pets/{id}">; // OperationResponseMark<paths, "GET /pets/{id}">
 */
export type MapResponseMark<Routes, Paths, Route> = [Paths] extends [never]
  ? ResponseMark<Routes, Route>
  : OperationResponseMark<Paths, Route>;

/**
 * The responses of a description's operation, by its route (`"GET /pets/{id}"`); `never` for one it lacks. The
 * operation is the one the call's arguments looked up (`OpenAPIOperation`, the same alias): tsc reuses it.
 */
type OperationResponses<Paths, Route> = ResponsesOfOperation<OpenAPIOperation<Paths, Route>>;

/** An operation's `responses`. */
type ResponsesOfOperation<Operation> = Operation["responses" & keyof Operation];

/**
 * The responses an entry of a route map describes: a map entry's `response` (`@octokit/types`' `Endpoints`);
 * `unknown` for none.
 *
 * @example
 * type Mark = EntryResponse<{ parameters: {}; response: { data: { id: number }; status: 200 } }>; // { data: { id: number }; status: 200 }
 */
export type EntryResponse<Entry> = Entry extends { response: infer Responses } ? Responses : unknown;

/** The responses a mark names: `unknown` where nothing describes them (no map, a route the map lacks). */
type MarkedResponses<Mark> =
  Mark extends OperationResponseMark<infer Paths, infer Route>
    ? OperationResponses<Paths, Route> extends infer Responses
      ? [Responses] extends [never]
        ? unknown
        : Responses
      : never
    : Mark extends ResponseMark<infer Routes, infer Route>
      ? Route extends keyof Routes
        ? EntryResponse<Routes[Route]>
        : unknown
      : unknown;

/** The route map a table carries, or the map itself. */
type MapOf<Routes> = Routes extends { readonly [ROUTE_MAP]?: infer Map } ? Exclude<Map, undefined> : Routes;

/** The responses `Source` names: request options' own mark (no `Route`), or a map's (or a table's) for `Route`, a route of it or an operationId it names. */
type ResponsesOf<Source, Route extends string> = [Route] extends [never]
  ? Source extends { readonly [RESPONSE]?: infer Mark }
    ? MarkedResponses<Exclude<Mark, undefined>>
    : unknown
  : MapOf<Source> extends infer Map
    ? MarkedResponses<MapResponseMark<Map, PathsOf<Map>, Route extends keyof Map ? Route : OperationRoute<Route, Map>>>
    : unknown;

/** The success body of responses. */
type DataOf<Responses, Media> = unknown extends Responses
  ? unknown
  : Responses extends MapResponse
    ? Responses["data"]
    : BodiesOf<Responses, SuccessKeys<Responses>, Media>;

/** The error body of responses: none for a route map's entry, which describes its success only. */
type ErrorOf<Responses, Media> = unknown extends Responses
  ? unknown
  : Responses extends MapResponse
    ? unknown
    : BodiesOf<Responses, keyof Responses & ErrorKey, Media>;

/** Every status's response of responses. */
type ResultOf<Responses, Media, Read extends boolean> = unknown extends Responses
  ? UndescribedResult<Read>
  : Responses extends MapResponse
    ? MapResult<Responses, Read>
    : StatusResponses<Responses, RangesOf<Responses>, Media, Read>;

/**
 * What `readResponse()` returns for a description's operation: {@link ResponseResult}, read straight from the
 * operation's responses.
 *
 * @example
 * type Result = OperationResult<paths, "GET /pets/{id}">;
 */
export type OperationResult<Paths, Route> = ReadResult<OperationResponses<Paths, Route>>;

/** What `readResponse()` returns for an operation's responses; `never` (an operation the description lacks) reads as undescribed. */
type ReadResult<Responses> = [Responses] extends [never]
  ? UndescribedResult<true>
  : ReadResponses<Responses, RangesOf<Responses>>;

/**
 * What `readResponse()` returns for request options that carry `Mark`: {@link ResponseResult}.
 *
 * @example
 * type Result = MarkedResult<ResponseMark<Endpoints, "GET /user">>;
 */
export type MarkedResult<Mark> = ResultOf<MarkedResponses<Mark>, JsonMediaType, true>;

/**
 * The success body of a route's response: its 2XX statuses' (every code from 200 to 299 the description lists and
 * its `2XX` range; `default` where it lists none), `undefined` for a status without one (`204`); in the media types
 * `Media` picks (JSON by default) where a status has one, in its own otherwise. A JSON body is its schema's type,
 * bytes (`application/octet-stream`, `image/*`, `application/pdf`…) an `ArrayBuffer`, any other media type text, a
 * media range (`*\/*`) `unknown`. A route map entry's (`@octokit/types`' `Endpoints`) is its `response`'s `data`.
 *
 * @typeParam Source - A route map or a route table carrying one, with `Route`; or request options, without.
 * @typeParam Route - A route of the map, or an operationId it names.
 * @typeParam Media - The media types to read a status's body in, where it has one of them.
 * @example
 * type Repo = ResponseData<typeof routes, "GET /repos/{owner}/{repo}">; // components["schemas"]["full-repository"]
 * type Same = ResponseData<typeof routes, "repos/get">;
 * const request = github.operation("repos/get", { owner: "octokit", repo: "endpoint.js" });
 * type Again = ResponseData<typeof request>;
 */
export type ResponseData<Source, Route extends string = never, Media extends string = JsonMediaType> = DataOf<
  ResponsesOf<Source, Route>,
  Media
>;

/**
 * The error body of a route's response: its 4XX and 5XX statuses' (codes and ranges) and its `default`'s, which
 * stands for every status the operation does not list; typed as {@link ResponseData} types a body. `unknown` for a
 * map entry that describes its success only (`@octokit/types`' `Endpoints`).
 *
 * @example
 * type Failure = ResponseError<typeof routes, "GET /repos/{owner}/{repo}">; // components["schemas"]["basic-error"]
 */
export type ResponseError<Source, Route extends string = never, Media extends string = JsonMediaType> = ErrorOf<
  ResponsesOf<Source, Route>,
  Media
>;

/**
 * The whole response, one member per status the description lists, told apart by `status` (a range's is its codes the
 * operation does not list, `default`'s any `number`) and by `ok` (true for 2XX): its body as `data`, its declared
 * headers.
 *
 * @example
 * declare const response: RouteResponse<typeof routes, "GET /repos/{owner}/{repo}">;
 * if (response.status === 200) response.data.full_name;
 */
export type RouteResponse<Source, Route extends string = never, Media extends string = JsonMediaType> = ResultOf<
  ResponsesOf<Source, Route>,
  Media,
  false
>;

/**
 * What `readResponse()` returns: {@link RouteResponse} with a body that is not a success's under `error`; narrow by
 * `status` or `ok` before reading either.
 *
 * @example
 * const result: ResponseResult<typeof request> = await readResponse(request, response);
 * if (result.ok) result.data;
 * else result.error;
 */
export type ResponseResult<Source, Route extends string = never, Media extends string = JsonMediaType> = ResultOf<
  ResponsesOf<Source, Route>,
  Media,
  true
>;
