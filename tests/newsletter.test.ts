import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEWSLETTER_SIGNUPS_PER_ADDRESS_PER_HOUR } from "../gateway/newsletter/newsletter.service.js";
import { behindLocalProxy, fromAddress, startTestGateway, type TestGateway } from "./support/gateway.js";

const SUBSCRIBE = `mutation ($email: String!) { subscribeNewsletter(email: $email) { email userErrors { code field message } } }`;

let shop: TestGateway;

beforeAll(async () => {
  shop = await startTestGateway(behindLocalProxy());
});
afterAll(async () => {
  await shop?.close();
});

/** Subscribes from a given client address (the gateway is behind a local proxy, see behindLocalProxy). */
async function subscribe(email: string, address = "10.9.0.1") {
  const res = await fetch(`${shop.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...fromAddress(address) },
    body: JSON.stringify({ query: SUBSCRIBE, variables: { email } }),
  });
  const json = (await res.json()) as { data: { subscribeNewsletter: { email: string | null; userErrors: { code: string; field: string | null; message: string }[] } } };
  return json.data.subscribeNewsletter;
}

async function storedAddresses(): Promise<string[]> {
  const rows = await shop.database.db.selectFrom("newsletter_subscribers").select("email").orderBy("email").execute();
  return rows.map((r) => r.email);
}

describe("subscribeNewsletter", () => {
  it("stores an address once, trimmed and lower-cased; a repeat answers the same and is not an error", async () => {
    expect(await subscribe("  Ada.Lovelace@Example.COM ")).toEqual({ email: "ada.lovelace@example.com", userErrors: [] });
    expect(await subscribe("ada.lovelace@example.com")).toEqual({ email: "ada.lovelace@example.com", userErrors: [] });
    expect((await storedAddresses()).filter((e) => e === "ada.lovelace@example.com")).toHaveLength(1);
  });

  it.each([
    ["", "email is required"],
    ["not-an-email", "email must be a valid email address"],
    ["two@@example.com", "email must be a valid email address"],
    [`${"x".repeat(250)}@example.com`, "email must be a valid email address"],
  ])("refuses %j with a userError on the email field", async (email, message) => {
    const before = await storedAddresses();
    expect(await subscribe(email, "10.9.0.2")).toEqual({ email: null, userErrors: [{ code: "INVALID_INPUT", field: "email", message }] });
    expect(await storedAddresses()).toEqual(before);
  });

  it("limits sign-ups per client address, without touching other addresses", async () => {
    for (let i = 0; i < NEWSLETTER_SIGNUPS_PER_ADDRESS_PER_HOUR; i += 1) {
      expect((await subscribe(`reader${i}@example.com`, "10.9.9.9")).userErrors).toEqual([]);
    }
    const refused = await subscribe("one-too-many@example.com", "10.9.9.9");
    expect(refused).toEqual({ email: null, userErrors: [{ code: "RATE_LIMITED", field: null, message: "Too many attempts, try again later" }] });
    expect(await storedAddresses()).not.toContain("one-too-many@example.com");
    expect((await subscribe("someone-else@example.com", "10.9.9.10")).userErrors).toEqual([]);
  });
});
