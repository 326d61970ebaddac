import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { placeOrderFor } from "./support/orders.js";
import { makePng } from "./support/images.js";
import { PermanentJobError, type JobRecord } from "../gateway/jobs/job.records.js";
import { orderEmail } from "../gateway/notifications/order-emails.js";
import { readEml } from "./support/pipeline.js";

// "Download my data" and "Delete account", over HTTP and GraphQL, on PGlite (and PostgreSQL with TEST_DATABASE_URL).

let shop: TestGateway;
let outbox: string;
beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-account-privacy-"));
  outbox = path.join(dataDir, "outbox");
  shop = await startTestGateway({ dataDir });
}, 60_000);
afterAll(async () => {
  await shop?.close();
});

const DELETE = `mutation($input: CustomerDeleteInput!) { customerDelete(input: $input) { deletedCustomerId ordersErased ordersKeptForNow userErrors { code field message } } }`;
const DAY = 86_400_000;

async function signedInCustomer(email: string, password = "privacy pass 1") {
  const browser = new BrowserSession(shop.url);
  expect((await browser.register({ name: "Robin Private", email, password })).status).toBe(201);
  expect((await browser.login(email, password)).status).toBe(200);
  const { id } = await shop.database.db.selectFrom("customers").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return { browser, id, email, password };
}

/** A design uploaded by this browser (signed in: it is the account's). */
async function uploadDesignAs(browser: BrowserSession): Promise<string> {
  const body = new FormData();
  body.append("preview", new Blob([new Uint8Array(makePng(24, 24))], { type: "image/png" }), "design.png");
  body.append("state", JSON.stringify({ text: "Vote for nobody" }));
  const res = await browser.fetch("/api/designs", { method: "POST", body });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Marks an order shipped `daysAgo` days ago, as a fulfilment long past would have left it. */
async function shippedDaysAgo(orderId: string, daysAgo: number) {
  await shop.database.db
    .updateTable("orders")
    .set({ fulfillment_status: "FULFILLED", carrier: "UPS", tracking_number: "1Z999", shipped_at: new Date(Date.now() - daysAgo * DAY) })
    .where("id", "=", orderId)
    .execute();
}

const orderRow = (id: string) =>
  shop.database.db
    .selectFrom("orders")
    .select(["customer_id", "email", "shipping_name", "shipping_address1", "shipping_city", "shipping_postal_code", "shipping_country_code", "shipping_province_code", "total_cents", "account_deleted_at", "contact_erase_after", "contact_erased_at"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

const designExists = async (id: string) => (await fetch(`${shop.url}/designs/${id}/print`)).status === 200;

describe("Download my data", () => {
  it("is a JSON file of the profile, addresses, orders and designs, for the signed-in customer only", async () => {
    const { browser, id, email } = await signedInCustomer("export@example.com");
    const designId = await uploadDesignAs(browser);
    const order = await placeOrderFor(shop, id, email, 2, [{ key: "designId", value: designId }]);
    await placeOrderFor(shop, null, "someone-else@example.com");
    const saved = await browser.graphql(
      `mutation($address: MailingAddressInput!) { customerAddressCreate(address: $address) { customerAddress { id } userErrors { message } } }`,
      { address: { name: "Robin Private", address1: "24 Sussex Dr", city: "Ottawa", provinceCode: "ON", postalCode: "k1a0b1", countryCode: "CA" } },
    );
    const addressId = saved.data.customerAddressCreate.customerAddress.id as string;

    const res = await browser.fetch("/api/customer/export");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="satire-supply-account-${new Date().toISOString().slice(0, 10)}.json"`);
    const file = (await res.json()) as any;

    expect(file.profile).toEqual({ id, email, displayName: "Robin Private", hasPassword: true, googleLinked: false, createdAt: expect.any(String) });
    expect(file.addresses).toEqual([
      {
        id: addressId,
        name: "Robin Private",
        address1: "24 Sussex Dr",
        address2: null,
        city: "Ottawa",
        province: "Ontario",
        provinceCode: "ON",
        postalCode: "K1A 0B1",
        country: "Canada",
        countryCode: "CA",
        phone: null,
        isDefault: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    expect(file.orders).toHaveLength(1);
    expect(file.orders[0]).toMatchObject({
      orderNumber: order.orderNumber,
      email,
      financialStatus: "PAID",
      fulfillmentStatus: "UNFULFILLED",
      subtotalPrice: (order.subtotalCents / 100).toFixed(2),
      totalPrice: (order.totalCents / 100).toFixed(2),
      totalShippingPrice: "5.99",
      shippingAddress: { name: "Pat Doe", address1: "1 Main St", city: "Springfield", provinceCode: "IL", postalCode: "12345", countryCode: "US" },
      payment: { brand: "visa", last4: "4242" },
      statusUrl: expect.stringMatching(/\/store\/orders\//),
    });
    expect(file.orders[0].lineItems[0]).toMatchObject({ quantity: 2, unitPrice: (order.lines[0]!.unitPriceCents / 100).toFixed(2), designId });
    expect(file.designs).toEqual([
      {
        id: designId,
        createdAt: expect.any(String),
        previewUrl: `http://127.0.0.1:3000/designs/${designId}/preview`,
        printFileUrl: `http://127.0.0.1:3000/designs/${designId}/print`,
        preview: { contentType: "image/png", width: 24, height: 24 },
        print: { contentType: "image/png", width: 24, height: 24 },
        state: { text: "Vote for nobody" },
      },
    ]);
    // Nothing secret: no password hash, session or token.
    expect(JSON.stringify(file)).not.toMatch(/scrypt|password_hash|storefront\.sid/);

    // GraphQL answers the same document on the signed-in customer.
    const { data } = await browser.graphql(`{ me { dataExport } }`);
    expect(data.me.dataExport).toMatchObject({ profile: file.profile, orders: [{ orderNumber: order.orderNumber }], designs: [{ id: designId }], addresses: [{ id: addressId }] });

    // Signed out: 401, and no file.
    const guest = await new BrowserSession(shop.url).json("/api/customer/export");
    expect(guest.status).toBe(401);
    expect(guest.body).toEqual({ error: "Not signed in" });
    expect(guest.res.headers.get("content-disposition")).toBeNull();
  });
});

describe("Delete account", () => {
  it("refuses a missing or wrong password, and an unsigned-in caller, changing nothing", async () => {
    const { browser, id } = await signedInCustomer("keeper@example.com");
    const designId = await uploadDesignAs(browser);
    const missing = await browser.graphql(DELETE, { input: {} });
    expect(missing.data.customerDelete).toEqual({
      deletedCustomerId: null,
      ordersErased: null,
      ordersKeptForNow: null,
      userErrors: [{ code: "INVALID_INPUT", field: "currentPassword", message: "currentPassword is required" }],
    });
    const wrong = await browser.graphql(DELETE, { input: { currentPassword: "not my password" } });
    expect(wrong.data.customerDelete.userErrors).toEqual([{ code: "INVALID_INPUT", field: "currentPassword", message: "Current password is incorrect" }]);
    const guest = await new BrowserSession(shop.url).graphql(DELETE, { input: { currentPassword: "privacy pass 1" } });
    expect(guest.data.customerDelete.userErrors[0]).toMatchObject({ code: "UNAUTHENTICATED" });

    expect(await shop.database.db.selectFrom("customers").select("id").where("id", "=", id).executeTakeFirst()).toBeDefined();
    expect((await browser.graphql(`{ me { email } }`)).data.me).toEqual({ email: "keeper@example.com" });
    expect(await designExists(designId)).toBe(true);
  });

  it("deletes the account, its designs and every session; orders stay, open and recent ones with their contact data until 30 days after they close", async () => {
    const { browser, id, email, password } = await signedInCustomer("leaver@example.com");
    const elsewhere = new BrowserSession(shop.url);
    await elsewhere.login(email, password);
    const openDesign = await uploadDesignAs(browser);
    const spareDesign = await uploadDesignAs(browser);
    const oldDesign = await uploadDesignAs(browser);
    const open = await placeOrderFor(shop, id, email, 1, [{ key: "designId", value: openDesign }]);
    const old = await placeOrderFor(shop, id, email, 1, [{ key: "designId", value: oldDesign }]);
    await shippedDaysAgo(old.id, 45);
    const recent = await placeOrderFor(shop, id, email);
    await shippedDaysAgo(recent.id, 10);
    // An email of the old order sent long ago: its job and the history line quote the address.
    await shop.running.gateway.services.emails.enqueue(orderEmail("shipping", old));
    await shop.running.gateway.services.orderTransitions.note(old.id, { actor: "system", action: "email_sent", message: `Emailed "Order #${old.orderNumber} has shipped" to ${email}` });
    // An email to the account that is not about an order, and one about the open order.
    await shop.running.gateway.services.emails.enqueue({ to: email, template: "payment_failed", data: { amountCents: 100, message: "Declined" }, idempotencyKey: "privacy-payment-failed" });
    await shop.running.gateway.services.emails.enqueue(orderEmail("confirmation", open));
    // Copies of its contact data: a webhook delivery's body and the payment attempt's draft.
    const { db } = shop.database;
    const address = { name: "Pat Doe", address1: "1 Main St", address2: null, city: "Springfield", postalCode: "12345", provinceCode: "IL", countryCode: "US", phone: "555-0100" };
    const subscription = await db.insertInto("webhook_subscriptions").values({ url: "https://hooks.example/orders", topics: ["ORDERS_PAID"], secret: "s" }).returning("id").executeTakeFirstOrThrow();
    await db
      .insertInto("webhook_deliveries")
      .values({ subscription_id: subscription.id, topic: "ORDERS_PAID", order_id: old.id, body: JSON.stringify({ id: "evt-1", topic: "ORDERS_PAID", order: { id: old.id, email, shippingAddress: address } }) })
      .execute();
    await db.insertInto("carts").values({ id: "privacy-old-cart", checkout_token: "privacy-old-checkout" }).execute();
    await db
      .insertInto("payment_attempts")
      .values({ cart_id: "privacy-old-cart", summary_key: "k", amount_cents: old.totalCents, currency_code: "USD", order_draft: JSON.stringify({ email, shippingAddress: address }), order_id: old.id })
      .execute();
    // A payment begun while signed in, not settled yet: it will still make an order, a guest's.
    await db.insertInto("carts").values({ id: "privacy-pending-cart", checkout_token: "privacy-pending-checkout", customer_id: id }).execute();
    await db
      .insertInto("payment_attempts")
      .values({ cart_id: "privacy-pending-cart", summary_key: "k2", amount_cents: 100, currency_code: "USD", order_draft: JSON.stringify({ customerId: id, email, shippingAddress: address }) })
      .execute();

    const before = Date.now();
    const { data } = await browser.graphql(DELETE, { input: { currentPassword: password } });
    expect(data.customerDelete).toEqual({ deletedCustomerId: id, ordersErased: 1, ordersKeptForNow: 2, userErrors: [] });

    // This browser is signed out (its cookie cleared), and so is every other.
    expect(browser.cookie("storefront.sid")).toBeUndefined();
    expect((await browser.graphql(`{ me { email } }`)).data.me).toBeNull();
    expect((await elsewhere.graphql(`{ me { email } }`)).data.me).toBeNull();
    expect((await elsewhere.json("/api/customer/export")).status).toBe(401);
    expect(await shop.database.db.selectFrom("sessions").select("sid").where("customer_id", "=", id).execute()).toEqual([]);
    expect(await shop.database.db.selectFrom("customers").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();

    // The design the open order prints from stays (without an owner); the others are gone.
    expect(await designExists(openDesign)).toBe(true);
    expect(await designExists(spareDesign)).toBe(false);
    expect(await designExists(oldDesign)).toBe(false);
    const kept = await shop.database.db.selectFrom("designs").select(["customer_id", "owner_deleted_at"]).where("id", "=", openDesign).executeTakeFirstOrThrow();
    expect(kept.customer_id).toBeNull();
    expect(kept.owner_deleted_at).not.toBeNull();

    // The open order keeps its contact data, with no erase time yet.
    expect(await orderRow(open.id)).toMatchObject({ customer_id: null, email, shipping_name: "Pat Doe", shipping_address1: "1 Main St", contact_erase_after: null, contact_erased_at: null });
    // The recently shipped one keeps it until 30 days after it shipped.
    const recentRow = await orderRow(recent.id);
    expect(recentRow).toMatchObject({ customer_id: null, email, shipping_name: "Pat Doe", contact_erased_at: null });
    expect(Math.abs(new Date(recentRow.contact_erase_after!).getTime() - (before + 20 * DAY))).toBeLessThan(60_000);
    // The one shipped 45 days ago lost it at once; the books (totals, country, state) stay.
    const oldRow = await orderRow(old.id);
    expect(oldRow).toMatchObject({ customer_id: null, email: "", shipping_name: "", shipping_address1: "", shipping_city: "", shipping_postal_code: "", shipping_country_code: "US", shipping_province_code: "IL", total_cents: old.totalCents });
    expect(oldRow.contact_erased_at).not.toBeNull();
    const oldJob = await shop.database.db.selectFrom("jobs").selectAll().where("dedupe_key", "=", `email:order-${old.orderNumber}-shipping`).executeTakeFirstOrThrow();
    expect(oldJob.payload.to).toBe("");
    const history = await shop.database.db.selectFrom("order_history").select("message").where("order_id", "=", old.id).execute();
    expect(history.map((h) => h.message).join("\n")).not.toContain(email);
    const payloadTo = async (key: string) => (await db.selectFrom("jobs").select("payload").where("dedupe_key", "=", key).executeTakeFirstOrThrow()).payload.to;
    expect(await payloadTo("email:privacy-payment-failed")).toBe("");
    expect(await payloadTo(`email:order-${open.orderNumber}-confirmation`)).toBe(email);
    const erasedAddress = { name: "", address1: "", address2: null, city: "", postalCode: "", provinceCode: "IL", countryCode: "US", phone: null };
    const delivery = await db.selectFrom("webhook_deliveries").select("body").where("order_id", "=", old.id).executeTakeFirstOrThrow();
    expect(JSON.parse(delivery.body)).toEqual({ id: "evt-1", topic: "ORDERS_PAID", order: { id: old.id, email: "", shippingAddress: erasedAddress } });
    const attempt = await db.selectFrom("payment_attempts").select("order_draft").where("order_id", "=", old.id).executeTakeFirstOrThrow();
    expect(attempt.order_draft).toEqual({ email: "", shippingAddress: erasedAddress });
    const pending = await db.selectFrom("payment_attempts").select("order_draft").where("cart_id", "=", "privacy-pending-cart").executeTakeFirstOrThrow();
    expect(pending.order_draft).toEqual({ customerId: null, email, shippingAddress: address });
    expect((await db.selectFrom("carts").select("customer_id").where("id", "=", "privacy-pending-cart").executeTakeFirstOrThrow()).customer_id).toBeNull();
    // A queued email of an erased order is never sent: it fails for good rather than crash or leak.
    const job = { id: oldJob.id, kind: oldJob.kind, payload: oldJob.payload, attempts: 1 } as unknown as JobRecord;
    await expect(shop.running.gateway.services.emails.handler().run(job)).rejects.toBeInstanceOf(PermanentJobError);

    // The email is free again: a new account with a clean slate.
    const again = new BrowserSession(shop.url);
    expect((await again.register({ name: "Robin Again", email, password: "another pass 2" })).status).toBe(201);
    await again.login(email, "another pass 2");
    const fresh = await (await again.fetch("/api/customer/export")).json();
    expect(fresh).toMatchObject({ orders: [], designs: [] });
    // Verified, it is still empty: the deleted account's orders that keep their contact data are not a guest's to attach.
    const link = await db
      .selectFrom("customer_links")
      .innerJoin("customers", "customers.id", "customer_links.customer_id")
      .select("customer_links.id")
      .where("customers.email", "=", email)
      .where("customer_links.purpose", "=", "verify_email")
      .executeTakeFirstOrThrow();
    const minted = await shop.running.gateway.services.customerRecovery.mintLink(link.id);
    const verified = await shop.graphql(`mutation($token: String!) { customerActivate(input: { token: $token }) { outcome userErrors { code } } }`, { token: minted!.token });
    expect(verified.data.customerActivate).toEqual({ outcome: "EMAIL_VERIFIED", userErrors: [] });
    expect((await again.graphql(`{ customerOrders { id } }`)).data.customerOrders).toEqual([]);
    expect((await orderRow(open.id)).customer_id).toBeNull();
  });

  it("gives an open order of a deleted account its erase time when it ships, and the sweep erases it when due", async () => {
    const { browser, id, email, password } = await signedInCustomer("sweep@example.com");
    const designId = await uploadDesignAs(browser);
    const open = await placeOrderFor(shop, id, email, 1, [{ key: "designId", value: designId }]);
    expect((await browser.graphql(DELETE, { input: { currentPassword: password } })).data.customerDelete.userErrors).toEqual([]);
    const { services } = shop.running.gateway;

    // Nothing is due yet: the sweep leaves the open order and its design alone.
    await services.accountDeletion.sweep();
    expect((await orderRow(open.id)).email).toBe(email);
    expect(await designExists(designId)).toBe(true);

    // It ships: its contact data is kept 30 days from now.
    await services.orderTransitions.fulfill(open.id, { carrier: "UPS", trackingNumber: "1Z000" }, "staff:test");
    const row = await orderRow(open.id);
    expect(Math.abs(new Date(row.contact_erase_after!).getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    await services.accountDeletion.sweep();
    expect((await orderRow(open.id)).email).toBe(email);

    // 31 days later the sweep erases it, and the design it printed from goes too.
    // (Orders of the tests before this one may fall due as well.)
    const swept = await services.accountDeletion.sweep(new Date(Date.now() + 31 * DAY));
    expect(swept.ordersErased).toBeGreaterThanOrEqual(1);
    expect(swept.designsDeleted).toBe(1);
    expect(await orderRow(open.id)).toMatchObject({ email: "", shipping_name: "", shipping_address1: "", shipping_country_code: "US" });
    expect(await designExists(designId)).toBe(false);
    // A second sweep finds nothing more to do.
    expect(await services.accountDeletion.sweep(new Date(Date.now() + 32 * DAY))).toEqual({ ordersErased: 0, designsDeleted: 0 });

    // The staff's view and the public status page of the erased order still work.
    await services.staff.create({ email: "owner@shop.example", name: "Olive Owner", role: "owner", password: "owner password 1" });
    const owner = new BrowserSession(shop.url);
    await owner.graphql(`mutation { staffLogin(input: { email: "owner@shop.example", password: "owner password 1" }) { userErrors { code } } }`);
    const admin = await owner.graphql(
      `query($id: ID!) { adminOrder(id: $id) { email customerName accountDeletion { deletedAt contactEraseAfter contactErasedAt } shippingAddress { name address1 city country formatted } lineItems { design { id } } history { action message } } }`,
      { id: open.id },
    );
    expect(admin.errors).toBeUndefined();
    const order = admin.data.adminOrder;
    expect(order).toMatchObject({ email: "", customerName: null, shippingAddress: { name: "", address1: "", city: "", country: "United States", formatted: ["IL", "United States"] }, lineItems: [{ design: null }] });
    expect(order.accountDeletion).toEqual({ deletedAt: expect.any(String), contactEraseAfter: expect.any(String), contactErasedAt: expect.any(String) });
    expect(order.history.map((h: { action: string }) => h.action)).toEqual(expect.arrayContaining(["account_deleted", "fulfilled", "contact_erasure_scheduled", "contact_erased"]));
    const list = await owner.graphql(`{ adminOrders(first: 50) { nodes { id email accountDeletion { contactErasedAt } } } }`);
    expect(list.errors).toBeUndefined();
    const statusPage = await fetch(`${shop.url}/store/orders/${open.statusToken}`);
    expect(statusPage.status).toBe(200);
    expect(await statusPage.text()).not.toContain(email);
  });

  it("gives a cancelled open order of a deleted account its erase time 30 days after the cancellation", async () => {
    const { browser, id, email, password } = await signedInCustomer("canceller@example.com");
    const open = await placeOrderFor(shop, id, email);
    expect((await browser.graphql(DELETE, { input: { currentPassword: password } })).data.customerDelete).toMatchObject({ ordersErased: 0, ordersKeptForNow: 1 });
    await shop.running.gateway.services.orderTransitions.cancel(open.id, "Out of ink", "staff:test");
    const row = await orderRow(open.id);
    expect(row).toMatchObject({ email, contact_erased_at: null });
    expect(Math.abs(new Date(row.contact_erase_after!).getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
  });

  it("signs out a browser whose account was deleted from another: its own deletion is refused as not signed in", async () => {
    const { browser, password } = await signedInCustomer("twice@example.com");
    const other = new BrowserSession(shop.url);
    await other.login("twice@example.com", password);
    expect((await other.graphql(DELETE, { input: { currentPassword: password } })).data.customerDelete.userErrors).toEqual([]);
    const late = await browser.graphql(DELETE, { input: { currentPassword: password } });
    expect(late.data.customerDelete.userErrors[0]).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("an account without a password is told to confirm by email, and deleteNow (what the confirmation calls) deletes it", async () => {
    const { services } = shop.running.gateway;
    const google = await services.customers.signInWithGoogle({ subject: "google-sub-privacy", email: "googler@example.com", emailVerified: true, name: "Goo Gler" });
    await expect(services.accountDeletion.deleteWithPassword(google.id, "anything")).rejects.toMatchObject({ code: "INVALID_INPUT", field: "currentPassword" });
    expect(await services.customers.findById(google.id)).not.toBeNull();
    expect(await services.accountDeletion.deleteNow(google.id)).toMatchObject({ deletedCustomerId: google.id });
    expect(await services.customers.findById(google.id)).toBeNull();
  });
});

describe("Delete by the emailed link", () => {
  const REQUEST = `mutation { customerDeleteRequest { sentTo userErrors { code field message } } }`;
  const CONFIRM = `mutation($token: String!) { customerDeleteConfirm(input: { token: $token }) { deletedCustomerId ordersKeptForNow userErrors { code field message } } }`;

  /** Runs the email jobs and answers the token in the newest deletion email to `email`. */
  async function deletionToken(email: string): Promise<string> {
    const row = await shop.database.db
      .selectFrom("customer_links")
      .innerJoin("customers", "customers.id", "customer_links.customer_id")
      .select("customer_links.id")
      .where("customers.email", "=", email)
      .where("customer_links.purpose", "=", "delete_account")
      .orderBy("customer_links.created_at", "desc")
      .executeTakeFirstOrThrow();
    await shop.running.gateway.services.jobRunner.drain();
    const eml = readEml(fs.readFileSync(path.join(outbox, `customer-link-${row.id}.eml`), "utf8"));
    expect(eml.header("To")).toBe(email);
    const token = /\/account\/delete-account\?token=([A-Za-z0-9_-]+)/.exec(eml.text)?.[1];
    expect(token).toBeDefined();
    return token!;
  }

  it("asks by email, deletes nothing by an altered link, then deletes once when confirmed — signing out only that account's browsers", async () => {
    await shop.database.db.deleteFrom("rate_limit_events").execute();
    const owner = await signedInCustomer("linked-delete@example.com");
    const { id: orderId } = await placeOrderFor(shop, owner.id, owner.email);
    const bystander = await signedInCustomer("bystander@example.com");

    expect((await owner.browser.graphql(REQUEST)).data.customerDeleteRequest).toEqual({ sentTo: "linked-delete@example.com", userErrors: [] });
    const token = await deletionToken("linked-delete@example.com");
    expect(JSON.stringify(await shop.database.db.selectFrom("jobs").select("payload").execute())).not.toContain(token);

    // The link's page asks before it deletes (mail scanners open links); an altered link deletes nothing.
    const altered = await shop.graphql(CONFIRM, { token: `${token.slice(0, -2)}xx` });
    expect(altered.data.customerDeleteConfirm).toMatchObject({ deletedCustomerId: null, userErrors: [{ code: "TOKEN_INVALID", field: "token" }] });
    expect(await shop.running.gateway.services.customers.findById(owner.id)).not.toBeNull();

    // Confirmed from another signed-in browser: that browser keeps its own account.
    const confirmed = await bystander.browser.graphql(CONFIRM, { token });
    expect(confirmed.data.customerDeleteConfirm).toEqual({ deletedCustomerId: owner.id, ordersKeptForNow: 1, userErrors: [] });
    expect((await bystander.browser.graphql(`{ me { email } }`)).data.me).toEqual({ email: "bystander@example.com" });
    expect((await owner.browser.graphql(`{ me { email } }`)).data.me).toBeNull();
    expect(await orderRow(orderId)).toMatchObject({ customer_id: null, email: "linked-delete@example.com" });

    // The link went with the account: followed again, it is unknown.
    expect((await shop.graphql(CONFIRM, { token })).data.customerDeleteConfirm.userErrors[0]).toMatchObject({ code: "TOKEN_INVALID" });
  });

  it("an account made with Google asks for the link (at most 3 an hour; the one before stops working) and the link deletes it", async () => {
    await shop.database.db.deleteFrom("rate_limit_events").execute();
    const { services } = shop.running.gateway;
    const google = await services.customers.signInWithGoogle({ subject: "google-sub-link-delete", email: "google-linked@example.com", emailVerified: true, name: "Goo Linked" });
    await services.accountDeletion.requestByEmail(google.id);
    const first = await deletionToken("google-linked@example.com");
    await services.accountDeletion.requestByEmail(google.id);
    const second = await deletionToken("google-linked@example.com");
    await services.accountDeletion.requestByEmail(google.id);
    await expect(services.accountDeletion.requestByEmail(google.id)).rejects.toMatchObject({ code: "RATE_LIMITED" });

    expect((await shop.graphql(CONFIRM, { token: first })).data.customerDeleteConfirm.userErrors[0]).toMatchObject({ code: "TOKEN_USED" });
    expect(await services.customers.findById(google.id)).not.toBeNull();
    expect((await shop.graphql(CONFIRM, { token: second })).data.customerDeleteConfirm.userErrors[0]).toMatchObject({ code: "TOKEN_USED" });
    const third = await deletionToken("google-linked@example.com");
    expect((await shop.graphql(CONFIRM, { token: third })).data.customerDeleteConfirm).toMatchObject({ deletedCustomerId: google.id, userErrors: [] });
    expect(await services.customers.findById(google.id)).toBeNull();
  });
});
