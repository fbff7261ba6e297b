// A timeout or a cancel button: an AbortSignal in `request`, which toFetch hands to fetch.
import assert from "node:assert/strict";
import { endpoint, RequestBuilder, toFetch } from "fluent-endpoint";

// The loopback server test/recipes.test.ts starts; its /slow answers after 10 s.
const origin = process.env.API_ORIGIN;

// A timeout: a new signal for each call (one signal fires once, for every request that holds it).
const options = endpoint("GET /slow", { baseUrl: origin, request: { signal: AbortSignal.timeout(100) } });
const [, init] = toFetch(options);
assert.equal(init.signal, options.request.signal);
await assert.rejects(fetch(...toFetch(options)), { name: "TimeoutError" });

// Cancel on demand, with an AbortController; the builder takes `request` too.
const controller = new AbortController();
const slow = new RequestBuilder().baseUrl(origin).route("GET /slow");
const pending = fetch(...toFetch(slow.request({ signal: controller.signal }).build()));
controller.abort();
await assert.rejects(pending, { name: "AbortError" });
