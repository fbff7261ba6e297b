// Requests that peer libraries' own tests assert (swagger-js, openapi-fetch, openapi-client-axios), rewritten as a
// description, a route and its parameters (test/fixtures/peer-cases/README.md). Where the peer and the OpenAPI
// Specification differ, a case's `expected` is the specification's — or, where it is silent, fluent-endpoint's recorded
// choice — its `verdict` says which (a: we were wrong, b: the peer is, c: the specification is silent), and `peer`
// keeps what the peer asserts.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { toFetch, type RequestOptions } from "../src/index.js";
import { openAPIEndpoint, type OpenAPIEndpointOptions } from "../src/openapi.js";
import { thrown } from "./support/errors.js";

interface PeerCase {
  source: { repo: string; commit: string; path: string; test: string };
  description: unknown;
  route: string;
  parameters: Record<string, unknown>;
  endpoint?: OpenAPIEndpointOptions;
  /** Where the description was served: a relative url is read against it, as a client resolves it. */
  documentUrl?: string;
  expected: {
    url?: string;
    urlContains?: string;
    /** Every header sent besides `user-agent` (and `accept`, unless listed here); `partial`: only those listed. */
    headers?: Record<string, string>;
    partial?: boolean;
    body?: unknown;
    bodyText?: string;
    parts?: Record<string, { type: string; text: string }>;
    /** The method on the wire, as `toFetch` writes it. */
    method?: string;
    error?: string;
    /** The specification's request, which fluent-endpoint does not send yet. */
    knownDeparture?: boolean;
  };
  verdict?: string;
  peer?: unknown;
}

const PEERS = ["swagger-js", "openapi-fetch", "openapi-client-axios"] as const;

function cases(peer: string): PeerCase[] {
  return JSON.parse(readFileSync(new URL(`./fixtures/peer-cases/${peer}.json`, import.meta.url), "utf8")) as PeerCase[];
}

/**
 * A url as a server reads it: the origin, each path segment decoded, and the query's pairs decoded, grouped by name
 * in their order (`%7C` and `|`, or `a=1&b=2` and `b=2&a=1`, read the same; `%2F` in a segment stays apart from `/`).
 */
function asRead(url: string, documentUrl = "http://localhost/"): unknown {
  const parsed = new URL(url, documentUrl);
  const segments = parsed.pathname.split("/").map((segment) => decodeURIComponent(segment));
  const pairs = [...parsed.searchParams];
  const names = [...new Set(pairs.map(([name]) => name))].sort();
  return [
    parsed.origin,
    segments,
    names.map((name) => [name, pairs.filter(([key]) => key === name).map(([, v]) => v)]),
  ];
}

/** A content type's media type, without parameters: `application/json; charset=utf-8` is `application/json`. */
function essence(type: string | undefined): string | undefined {
  return type?.split(";")[0]!.trim().toLowerCase();
}

async function check(peerCase: PeerCase): Promise<void> {
  const { description, endpoint, route, parameters, documentUrl, expected } = peerCase;
  const call = () => openAPIEndpoint(description, endpoint)(route as never, parameters as never) as RequestOptions;
  if (expected.error !== undefined) {
    expect(thrown(call).code).toBe(expected.error);
    return;
  }
  const request = call();
  if (expected.url !== undefined) expect(asRead(request.url, documentUrl)).toEqual(asRead(expected.url, documentUrl));
  if (expected.urlContains !== undefined) expect(decodeURIComponent(request.url)).toContain(expected.urlContains);
  if (expected.headers !== undefined) {
    const sent: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      const listed = name in expected.headers;
      if (name === "user-agent" || (!listed && (name === "accept" || expected.partial === true))) continue;
      sent[name] = name === "content-type" && listed ? essence(String(value))! : String(value);
    }
    const wanted = { ...expected.headers };
    if (wanted["content-type"] !== undefined) wanted["content-type"] = essence(wanted["content-type"])!;
    expect(sent).toEqual(wanted);
  }
  if ("body" in expected) expect(request.body).toEqual(expected.body);
  const [, init] = toFetch(request);
  if (expected.method !== undefined) expect(init.method).toBe(expected.method);
  if (expected.bodyText !== undefined) expect(await new Response(init.body as BodyInit).text()).toBe(expected.bodyText);
  for (const [name, part] of Object.entries(expected.parts ?? {})) {
    const blob = (init.body as FormData).get(name) as Blob;
    expect(blob.type).toBe(part.type);
    expect(await blob.text()).toBe(part.text);
  }
}

for (const peer of PEERS) {
  describe(`${peer}'s own test cases, as the OpenAPI Specification builds them`, () => {
    for (const peerCase of cases(peer)) {
      const { path, test } = peerCase.source;
      const name = `${path}: ${test}${peerCase.verdict === undefined ? "" : ` (${peerCase.verdict.split(":")[0]})`}`;
      // A departure not fixed yet: the case asserts the specification's request, and fails until it is sent.
      (peerCase.expected.knownDeparture === true ? it.fails : it)(name, () => check(peerCase));
    }
  });
}

describe("the fixture", () => {
  it("names each case's source and says why wherever it departs from the peer", () => {
    for (const peer of PEERS) {
      for (const peerCase of cases(peer)) {
        expect(peerCase.source.commit).toMatch(/^[0-9a-f]{40}$/);
        if (peerCase.peer !== undefined) expect(peerCase.verdict).toMatch(/^[abc][:,]/);
      }
    }
  });
});
