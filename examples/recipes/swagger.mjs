// A Swagger 2.0 description in two files, bundled and converted by `fluent-endpoint openapi`, then sent.
import assert from "node:assert/strict";
import { toFetch } from "fluent-endpoint";
import { openAPIEndpoint } from "fluent-endpoint/openapi";
// Written by: npx fluent-endpoint openapi examples/recipes/swagger/pets.yaml -o examples/recipes/swagger/routes.mjs
import { routes } from "./swagger/routes.mjs";

// The description's server (host, basePath, schemes), and the key sent as its securityDefinitions say: an
// X-Api-Key header, on every operation its `security` covers, only to that server.
const pets = openAPIEndpoint(routes, { credentials: { api_key: "key-123" } });
const one = pets("GET /pets", { limit: 1 });
assert.equal(one.url, "https://pets.example.com/v2/pets?limit=1");
assert.equal(one.headers["x-api-key"], "key-123");

// The loopback server test/recipes.test.ts starts stands in for the API here. A baseUrl you configure (defaults(),
// a builder's baseUrl()) is your choice of host: the key goes there too. A host that comes with a call's values
// gets none.
const origin = process.env.API_ORIGIN;
const shop = pets.defaults({ baseUrl: origin, headers: { "user-agent": null } });
assert.equal(shop("GET /pets").headers["x-api-key"], "key-123");
assert.equal("x-api-key" in pets("GET /pets", { baseUrl: origin }).headers, false);
assert.equal("x-api-key" in shop("GET /pets", { baseUrl: "https://elsewhere.example" }).headers, false);

// collectionFormat pipes and multi, and a parameter from common.yaml (limit).
const list = shop("GET /pets", { limit: 10, tags: ["dog", "small"], status: ["available", "pending"] });
assert.equal(list.url, `${origin}/pets?limit=10&status=available&status=pending&tags=dog%7Csmall`);

// in: body, its schema in common.yaml: the fields are the body.
const add = shop("POST /pets", { name: "Rex", tag: "dog" });
assert.deepEqual(add.body, { name: "Rex", tag: "dog" });

// in: formData under consumes application/x-www-form-urlencoded; nicknames is csv.
const rename = shop("POST /pets/{petId}", { petId: 7, name: "Rex", nicknames: ["R", "Rexy"] });
assert.equal(rename.headers["content-type"], "application/x-www-form-urlencoded");
assert.equal(rename.body, "name=Rex&nicknames=R,Rexy");

// type: file under multipart/form-data: toFetch sends FormData, with its own boundary.
const photo = shop("PUT /pets/{petId}/photo", {
  petId: 7,
  photo: new Blob(["png"], { type: "image/png" }),
  caption: "Rex",
});
const [url, init] = toFetch(photo);
assert.equal(url, `${origin}/pets/7/photo`);
assert.ok(init.body instanceof FormData);

// What the server receives.
const received = await (await fetch(...toFetch(rename))).json();
assert.equal(received.path, "/pets/7");
assert.equal(received.headers["x-api-key"], "key-123");
assert.deepEqual(Object.fromEntries(new URLSearchParams(received.body)), { name: "Rex", nicknames: "R,Rexy" });
const uploaded = await (await fetch(url, init)).json();
assert.match(uploaded.headers["content-type"], /^multipart\/form-data; boundary=/);
assert.match(uploaded.body, /name="photo"; filename="blob"\r\nContent-Type: image\/png\r\n\r\npng\r\n/);
