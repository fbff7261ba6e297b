import { expect } from "vitest";
import { EndpointError } from "../../src/index.js";

/** The EndpointError `run` throws; fails the test when it throws nothing or something else. */
export function thrown(run: () => unknown): EndpointError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(EndpointError);
    return error as EndpointError;
  }
  throw new Error("expected an EndpointError, but nothing was thrown");
}

/** Asserts that `run` throws an EndpointError with `code` whose message contains `culprit` (or matches it). */
export function expectEndpointError(run: () => unknown, code: string, culprit: string | RegExp): void {
  const error = thrown(run);
  expect(error.code).toBe(code);
  if (typeof culprit === "string") expect(error.message).toContain(culprit);
  else expect(error.message).toMatch(culprit);
}

/** Calls `fn` with arguments the public types would reject (to test runtime checks). */
export function callUnchecked(fn: unknown, ...args: unknown[]): unknown {
  return (fn as (...a: unknown[]) => unknown)(...args);
}
