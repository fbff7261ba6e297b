// Realistic calls on Box's API (test/fixtures/openapi/box/), typed by OpenAPIRoutes: each wrong call is
// marked, and must stay an error. Checked by tsc (vitest typecheck), never run.
import { describe, it } from "vitest";
import { endpoint, type OpenAPIRoutes } from "../../src/index.js";
import type { paths } from "../fixtures/openapi/box/box.js";

const box = endpoint
  .defaults({ baseUrl: "https://api.box.com/2.0", headers: { authorization: "Bearer token" } })
  .withRoutes<OpenAPIRoutes<paths>>();

describe("Box", () => {
  it("reads a file, with header parameters by name in any case", () => {
    box("GET /files/{file_id}", { file_id: "12345", fields: ["name", "size"] });
    box("GET /files/{file_id}", { file_id: "12345", "if-none-match": "1", "x-rep-hints": "[pdf]" });
    box("GET /files/{file_id}", { file_id: "12345", headers: { "If-None-Match": "1", boxapi: "shared_link=x" } });
    // @ts-expect-error fields is a list of names
    box("GET /files/{file_id}", { file_id: "12345", fields: "name,size" });
    // @ts-expect-error if-none-match is text
    box("GET /files/{file_id}", { file_id: "12345", "if-none-match": 1 });
  });

  it("creates a web link: url is a body field, not the url option", () => {
    box("POST /web_links", { url: "https://example.com", parent: { id: "0" }, name: "Example" });
    // @ts-expect-error parent needs its id
    box("POST /web_links", { url: "https://example.com", parent: {} });
    // @ts-expect-error url is text
    box("POST /web_links", { url: new URL("https://example.com"), parent: { id: "0" } });
  });

  it("updates and deletes a file, if-match as a header parameter", () => {
    box("PUT /files/{file_id}", { file_id: "12345", "if-match": "1", name: "renamed.pdf" });
    box("DELETE /files/{file_id}", { file_id: "12345", headers: { "if-match": "1" } });
    // @ts-expect-error a DELETE here declares no body
    box("DELETE /files/{file_id}", { file_id: "12345", data: "x" });
    // @ts-expect-error lock.access is "lock"
    box("PUT /files/{file_id}", { file_id: "12345", lock: { access: "unlock" } });
  });

  it("uploads a new version as multipart fields or the caller's FormData", () => {
    box("POST /files/{file_id}/content", { file_id: "12345", attributes: { name: "a.pdf" }, file: new Blob([]) });
    box("POST /files/{file_id}/content", { file_id: "12345", data: new FormData(), "content-md5": "x" });
    // @ts-expect-error attributes needs a name
    box("POST /files/{file_id}/content", { file_id: "12345", attributes: {}, file: new Blob([]) });
  });
});
