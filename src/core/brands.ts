// The unique symbols that brand route tables and route maps, in a module of their own: the build writes its
// declarations once (dist/brands.d.cts), and both dist/*.d.ts and dist/*.d.cts import them, so a table typed by
// either build is accepted by either build's `withRoutes()` (two declarations would be two different symbols).

/** The type of the key under which a table keeps its runtime (`Symbol.for("fluent-endpoint.routeTable")`). */
export declare const TABLE_KEY: unique symbol;

/** Carries a route map's type on a table, for `withRoutes(routes)` to infer; never present at run time. */
export declare const ROUTE_MAP: unique symbol;

/** The key of the mark `OpenAPIRoutes` carries; types only, never present. */
export declare const TABLE_RULES: unique symbol;

/** The key of the mark request options carry: the responses of the route they were built for; types only, never present. */
export declare const RESPONSE: unique symbol;
