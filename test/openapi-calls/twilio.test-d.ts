// Realistic calls on Twilio's API (test/fixtures/openapi/twilio/), typed by OpenAPIRoutes: each wrong call
// is marked, and must stay an error. Checked by tsc (vitest typecheck), never run.
import { describe, it } from "vitest";
import { endpoint, type OpenAPIRoutes } from "../../src/index.js";
import type { paths } from "../fixtures/openapi/twilio/twilio.js";

const twilio = endpoint
  .defaults({ baseUrl: "https://api.twilio.com", AccountSid: "AC123" })
  .withRoutes<OpenAPIRoutes<paths>>();

describe("Twilio", () => {
  it("sends a message from a form body's fields, the account from the defaults", () => {
    const messages = "POST /2010-04-01/Accounts/{AccountSid}/Messages.json";
    twilio(messages, { To: "+15558675310", From: "+15017122661", Body: "Hi there" });
    twilio(messages, { To: "+15558675310", MessagingServiceSid: "MG1", MediaUrl: ["https://example.com/a.png"] });
    // @ts-expect-error MediaUrl is a list
    twilio(messages, { To: "+15558675310", MediaUrl: "https://example.com/a.png" });
    // @ts-expect-error SendAsMms is a boolean
    twilio(messages, { To: "+15558675310", SendAsMms: "true" });
  });

  it("places a call: Method is a body field, not the method option", () => {
    const calls = "POST /2010-04-01/Accounts/{AccountSid}/Calls.json";
    twilio(calls, { To: "+15558675310", From: "+15017122661", Url: "https://example.com/twiml", Method: "GET" });
    // @ts-expect-error Method is "GET" | "POST"
    twilio(calls, { To: "+15558675310", Url: "https://example.com/twiml", Method: "PUT" });
    // @ts-expect-error Timeout is a number
    twilio(calls, { To: "+15558675310", Timeout: "30" });
  });

  it("lists calls with query names holding < and >", () => {
    const calls = "GET /2010-04-01/Accounts/{AccountSid}/Calls.json";
    twilio(calls, { Status: "completed", "StartTime>": "2026-01-01", PageSize: 50 });
    // @ts-expect-error Status is one of Twilio's
    twilio(calls, { Status: "done" });
    // @ts-expect-error a GET declares no body
    twilio(calls, { data: "x" });
  });

  it("still needs an account the defaults do not hold", () => {
    const plain = endpoint.withRoutes<OpenAPIRoutes<paths>>();
    plain("GET /2010-04-01/Accounts/{Sid}.json", { Sid: "AC123" });
    // @ts-expect-error Sid is required
    plain("GET /2010-04-01/Accounts/{Sid}.json", {});
  });
});
