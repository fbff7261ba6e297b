// A token per call, or once in defaults (and left out where it must not go).
import assert from "node:assert/strict";
import { endpoint, EndpointError, RequestBuilder } from "fluent-endpoint";

// A token read from a file or the environment often ends with a newline: trim it.
const token = "ghp_16C7e42F292c6912E7710c838347Ae178B4a\n".trim();

// Per call.
const user = endpoint("GET /user", { headers: { authorization: `token ${token}` } });
assert.equal(user.headers.authorization, `token ${token}`);

// Once, through defaults; a call can still remove it with null.
const github = endpoint.defaults({ headers: { authorization: `token ${token}` } });
assert.equal(github("GET /user").headers.authorization, `token ${token}`);
assert.equal("authorization" in github("GET /meta", { headers: { authorization: null } }).headers, false);

// The same with a builder, for any scheme the API uses.
const basic = new RequestBuilder().header("authorization", `Basic ${btoa("octocat:password")}`);
assert.equal(basic.route("GET /user").build().headers.authorization, "Basic b2N0b2NhdDpwYXNzd29yZA==");

// An untrimmed token is refused, not sent as a broken header.
assert.throws(
  () => endpoint("GET /user", { headers: { authorization: `token ${token}\n` } }),
  (error) => {
    assert.ok(error instanceof EndpointError);
    assert.equal(error.code, "ERR_INVALID_HEADER");
    return true;
  },
);
