// Realistic calls on DigitalOcean's API (test/fixtures/openapi/digitalocean/), typed by OpenAPIRoutes:
// each wrong call is marked, and must stay an error. Checked by tsc (vitest typecheck), never run.
import { describe, expectTypeOf, it } from "vitest";
import { endpoint, type OpenAPIRoutes } from "../../src/index.js";
import type { components, paths } from "../fixtures/openapi/digitalocean/digitalocean.js";

const digitalocean = endpoint
  .defaults({ baseUrl: "https://api.digitalocean.com", headers: { authorization: "Bearer token" } })
  .withRoutes<OpenAPIRoutes<paths>>();

describe("DigitalOcean", () => {
  it("lists and reads droplets", () => {
    digitalocean("GET /v2/droplets", { per_page: 20, page: 2, tag_name: "web" });
    digitalocean("GET /v2/droplets");
    expectTypeOf(digitalocean("GET /v2/droplets/{droplet_id}", { droplet_id: 3164444 }).method).toEqualTypeOf<"get">();
    // @ts-expect-error per_page is a number
    digitalocean("GET /v2/droplets", { per_page: "20" });
    // @ts-expect-error droplet_id is required
    digitalocean("GET /v2/droplets/{droplet_id}", {});
    // @ts-expect-error a GET declares no body
    digitalocean("GET /v2/droplets", { data: { name: "web-1" } });
  });

  it("refuses a route DigitalOcean's description lacks, and a misspelt parameter", () => {
    // @ts-expect-error the argument's type is "GET /v2/droplets"
    digitalocean("GET /v2/droplet", { per_page: 20 });
    // @ts-expect-error the argument's type is "GET /v2/droplets/{droplet_id}" | "DELETE /v2/droplets/{droplet_id}"
    digitalocean("PATCH /v2/droplets/{droplet_id}", { droplet_id: 3164444 });
    // @ts-expect-error per_page, not perpage
    digitalocean("GET /v2/droplets", { perpage: 20 });
    // A route the description lacks, on purpose: widened to string, unchecked.
    digitalocean("GET /v2/droplets/{droplet_id}/internal" as string, { droplet_id: 3164444 });
  });

  it("creates a droplet from its JSON body's fields", () => {
    digitalocean("POST /v2/droplets", {
      name: "web-1",
      region: "nyc3",
      size: "s-1vcpu-1gb",
      image: "ubuntu-24-04-x64",
    });
    digitalocean("POST /v2/droplets", { names: ["web-1", "web-2"], region: "nyc3", size: "s-1vcpu-1gb", image: 12345 });
    // @ts-expect-error backups is a boolean
    digitalocean("POST /v2/droplets", { name: "web-1", backups: "yes" });
  });

  it("destroys a droplet dangerously: the X-Dangerous header, a boolean, in any form", () => {
    const route = "DELETE /v2/droplets/{droplet_id}/destroy_with_associated_resources/dangerous";
    digitalocean(route, { droplet_id: 3164444, "X-Dangerous": true });
    digitalocean(route, { droplet_id: 3164444, "x-dangerous": true });
    digitalocean(route, { droplet_id: 3164444, headers: { "X-Dangerous": "true" } });
    // @ts-expect-error X-Dangerous is required
    digitalocean(route, { droplet_id: 3164444 });
    // @ts-expect-error X-Dangerous is a boolean
    digitalocean(route, { droplet_id: 3164444, "X-Dangerous": "true" });
    digitalocean.builder().route(route).param("droplet_id", 3164444).header("X-Dangerous", "true").build();
    // @ts-expect-error the builder lacks X-Dangerous
    digitalocean.builder().route(route).param("droplet_id", 3164444).build();
  });

  it("creates a custom image from a url: a body field, not the url option", () => {
    digitalocean("POST /v2/images", {
      name: "ubuntu-minimal",
      url: "http://cloud-images.ubuntu.com/x.img",
      region: "nyc3",
    });
    // @ts-expect-error url is a required body field
    digitalocean("POST /v2/images", { name: "ubuntu-minimal", region: "nyc3" });
    // @ts-expect-error region is one of DigitalOcean's regions
    digitalocean("POST /v2/images", { name: "ubuntu-minimal", url: "http://x", region: "mars1" });
  });

  it("takes Accept and Content-Type under headers only: OpenAPI says to ignore them as parameters", () => {
    // Generated without --default-non-nullable false, fields with a default are required: a spec made elsewhere.
    const spec = {} as components["schemas"]["app_spec"];
    digitalocean("POST /v2/apps", { spec, headers: { accept: "application/yaml" } });
    expectTypeOf<OpenAPIRoutes<paths>["POST /v2/apps"]["headers"]>().toEqualTypeOf<{}>();
  });

  it("uploads a batch file as bytes", () => {
    digitalocean("PUT /<upload_url>", { data: new Uint8Array([123, 125, 10]) });
    digitalocean("PUT /<upload_url>", { data: '{"custom_id":"1"}\n' });
    // @ts-expect-error the body is required
    digitalocean("PUT /<upload_url>");
  });
});
