// Another API than GitHub: its base URL and accept header, and no default user-agent.
import assert from "node:assert/strict";
import { endpoint, RequestBuilder } from "fluent-endpoint";

const petstore = endpoint.defaults({
  baseUrl: "https://petstore.example.com/v2",
  headers: { accept: "application/json", "user-agent": null },
});

assert.deepEqual(petstore("GET /pets/{petId}", { petId: 7 }), {
  method: "get",
  url: "https://petstore.example.com/v2/pets/7",
  headers: { accept: "application/json" },
});

assert.deepEqual(petstore("POST /pets", { name: "Rex", tags: ["dog"] }), {
  method: "post",
  url: "https://petstore.example.com/v2/pets",
  headers: { accept: "application/json", "content-type": "application/json; charset=utf-8" },
  body: { name: "Rex", tags: ["dog"] },
});

// A list in the query is one comma-joined value; {?tag*} in the template repeats the name instead.
assert.equal(petstore("GET /pets", { tag: ["dog", "cat"] }).url, "https://petstore.example.com/v2/pets?tag=dog%2Ccat");
assert.equal(
  petstore("GET /pets{?tag*}", { tag: ["dog", "cat"] }).url,
  "https://petstore.example.com/v2/pets?tag=dog&tag=cat",
);

// The same defaults as a builder.
const pets = RequestBuilder.from({
  baseUrl: "https://petstore.example.com/v2",
  headers: { accept: "application/json", "user-agent": null },
});
assert.deepEqual(
  pets.route("GET /pets/{petId}").param("petId", 7).build(),
  petstore("GET /pets/{petId}", { petId: 7 }),
);
