import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, withJobRunner, type TestGateway } from "./support/gateway.js";
import { uploadDesign, variantsOf, type TestVariant } from "./support/cart.js";
import { jobReaching, paidOrder, readEml } from "./support/pipeline.js";
import { freePort, waitFor } from "./support/process.js";

// A paid order reaches the printer (FULFILLMENT_PARTNER=filedrop, the default) and the
// customer is told each step by email (.eml files under DATA_DIR/outbox when SMTP_URL is unset).
let shop: TestGateway;
let tee: TestVariant;
let sticker: TestVariant;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-pipeline-"));
  shop = await startTestGateway({ dataDir, ...withJobRunner() });
  tee = (await variantsOf(shop, "i-survived-the-subcommittee-tee"))[0]!;
  sticker = (await variantsOf(shop, "red-tape-sticker-pack"))[0]!;
});
afterAll(async () => {
  await shop?.close();
});

const outbox = () => path.join(dataDir, "outbox");

describe("the file-drop partner", () => {
  it("writes the paid order's package (order.json and every print file) and moves the order to IN_PROGRESS", async () => {
    const designId = await uploadDesign(shop);
    const order = await paidOrder(
      shop,
      shop.database.db,
      [
        { variantId: tee.id, quantity: 2, customAttributes: [{ key: "designId", value: designId }] },
        { variantId: sticker.id, quantity: 1 },
      ],
      { address: "1 Main St", address2: "Apt 2", phone: "+1 217 555 0100" },
    );
    const job = await jobReaching(shop.database.db, `fulfillment:${order.id}`, "SUCCEEDED");
    expect(job.attempts).toBe(1);
    expect(job.result).toEqual({ partner: "filedrop", externalId: `fulfillment/${order.orderNumber}` });

    const dir = path.join(dataDir, "fulfillment", String(order.orderNumber));
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, "order.json"), "utf8"));
    expect(manifest).toMatchObject({
      orderId: order.id,
      orderNumber: order.orderNumber,
      email: "pat+shop@example.com",
      recipient: {
        name: "Pat Doe",
        address1: "1 Main St",
        address2: "Apt 2",
        city: "Springfield",
        province: "Illinois",
        provinceCode: "IL",
        postalCode: "12345",
        country: "United States",
        countryCode: "US",
        phone: "+1 217 555 0100",
      },
    });
    expect(manifest.lines).toHaveLength(2);
    expect(manifest.lines[0]).toMatchObject({ position: 1, product: tee.productHandle, variant: tee.title, variantId: tee.id, quantity: 2 });
    expect(manifest.lines[0].printFile).toBe(`line-1-design-${designId}.png`);
    expect(manifest.lines[1]).toMatchObject({ position: 2, product: sticker.productHandle, quantity: 1 });
    // The customer's design is printed from the design's own print file, byte for byte.
    const print = await shop.database.db.selectFrom("designs").select("print").where("id", "=", designId).executeTakeFirstOrThrow();
    expect(fs.readFileSync(path.join(dir, manifest.lines[0].printFile)).equals(Buffer.from(print.print))).toBe(true);
    // A stock product is printed from its catalog artwork.
    expect(manifest.lines[1].printFile).toMatch(/^line-2-.+\.svg$/);
    expect(fs.readFileSync(path.join(dir, manifest.lines[1].printFile), "utf8")).toContain("<svg");

    const row = await shop.database.db.selectFrom("orders").select("fulfillment_status").where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(row.fulfillment_status).toBe("IN_PROGRESS");
    const history = await shop.database.db.selectFrom("order_history").select(["actor", "action"]).where("order_id", "=", order.id).orderBy("at").execute();
    expect(history).toContainEqual({ actor: "partner:filedrop", action: "fulfillment_started" });
  });

  it("keeps one job per order: the paid hook running again for the same order queues nothing new", async () => {
    const order = await paidOrder(shop, shop.database.db, [{ variantId: sticker.id, quantity: 1 }]);
    await jobReaching(shop.database.db, `fulfillment:${order.id}`, "SUCCEEDED");
    await shop.database.db.transaction().execute((trx) => shop.running.gateway.services.fulfillment.enqueue(order.id, trx));
    const jobs = await shop.database.db.selectFrom("jobs").select(["state", "attempts"]).where("dedupe_key", "=", `fulfillment:${order.id}`).execute();
    expect(jobs).toEqual([{ state: "SUCCEEDED", attempts: 1 }]);
  });

  it("marks a cancelled order's package CANCELLED.txt, so whoever prints from the folder skips it", async () => {
    const order = await paidOrder(shop, shop.database.db, [{ variantId: sticker.id, quantity: 1 }]);
    await jobReaching(shop.database.db, `fulfillment:${order.id}`, "SUCCEEDED");
    await shop.running.gateway.services.cancellations.cancel({ orderId: order.id, reason: "Duplicate", refund: true, notifyCustomer: false }, "staff:owner@example.com");
    await jobReaching(shop.database.db, `fulfillment-withdraw:${order.id}`, "SUCCEEDED");
    const note = fs.readFileSync(path.join(dataDir, "fulfillment", String(order.orderNumber), "CANCELLED.txt"), "utf8");
    expect(note).toMatch(new RegExp(`^Order #${order.orderNumber} \\(${order.id}\\) was cancelled by the shop on .+: do not print it\\.\\n$`));
    expect(fs.existsSync(path.join(dataDir, "fulfillment", String(order.orderNumber), "order.json"))).toBe(true);
  });
});

describe("emails", () => {
  it("sends the order confirmation after payment and the shipping notification, with tracking, after fulfilment", async () => {
    const order = await paidOrder(shop, shop.database.db, [{ variantId: tee.id, quantity: 1 }], { phone: "217-555-0100" });
    const confirmation = path.join(outbox(), `order-${order.orderNumber}-confirmation.eml`);
    await waitFor(() => fs.existsSync(confirmation), 20_000, "the confirmation email");
    const message = readEml(fs.readFileSync(confirmation, "utf8"));
    expect(message.header("To")).toBe("pat+shop@example.com");
    expect(message.header("From")).toBe('"Satire Supply Co." <orders@satire-supply.example>');
    expect(message.header("Subject")).toBe(`Order #${order.orderNumber} confirmed`);
    expect(message.text).toContain(`1 × ${tee.productTitle} (${tee.title})`);
    expect(message.text).toContain("Total: $");
    expect(message.text).toContain(["Shipping to:", "  Pat Doe", "  1 Main St, Apt 2", "  Springfield, IL 12345", "  United States", "  Phone: 217-555-0100"].join("\n"));
    const token = (await shop.database.db.selectFrom("orders").select("status_token").where("id", "=", order.id).executeTakeFirstOrThrow()).status_token;
    expect(message.text).toContain(`Follow your order: http://127.0.0.1:3000/store/orders/${token}`);

    await jobReaching(shop.database.db, `fulfillment:${order.id}`, "SUCCEEDED");
    await shop.running.gateway.services.orderTransitions.fulfill(
      order.id,
      { carrier: "USPS", trackingNumber: "9400111899223856912345", trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223856912345" },
      "staff:owner@example.com",
    );
    const shipping = path.join(outbox(), `order-${order.orderNumber}-shipping.eml`);
    await waitFor(() => fs.existsSync(shipping), 20_000, "the shipping email");
    const shipped = readEml(fs.readFileSync(shipping, "utf8"));
    expect(shipped.header("Subject")).toBe(`Order #${order.orderNumber} has shipped`);
    expect(shipped.text).toContain("Carrier: USPS");
    expect(shipped.text).toContain("Tracking number: 9400111899223856912345");
    expect(shipped.text).toContain("Track it: https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223856912345");

    const history = await shop.database.db.selectFrom("order_history").select(["actor", "action", "message"]).where("order_id", "=", order.id).orderBy("at").execute();
    expect(history.filter((h) => h.action === "email_sent").map((h) => h.message)).toEqual([
      `Emailed "Order #${order.orderNumber} confirmed" to pat+shop@example.com`,
      `Emailed "Order #${order.orderNumber} has shipped" to pat+shop@example.com`,
    ]);
  });

  it("is never part of the payment: with the mail server unreachable the order is still paid, and the email is retried", async () => {
    const closedPort = await freePort();
    // Only the gateway without a mail server runs jobs meanwhile (both share the database).
    await shop.running.gateway.services.jobRunner.stop();
    const offline = await startTestGateway({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "storefront-smtp-")), smtpUrl: `smtp://127.0.0.1:${closedPort}`, ...withJobRunner() }, shop.database);
    try {
      const order = await paidOrder(offline, shop.database.db, [{ variantId: sticker.id, quantity: 1 }]);
      const paid = await shop.database.db.selectFrom("orders").select("financial_status").where("id", "=", order.id).executeTakeFirstOrThrow();
      expect(paid.financial_status).toBe("PAID");
      await waitFor(
        async () => ((await shop.database.db.selectFrom("jobs").select("attempts").where("dedupe_key", "=", `email:order-${order.orderNumber}-confirmation`).executeTakeFirst())?.attempts ?? 0) >= 2,
        20_000,
        "two attempts at the email",
      );
      const job = await shop.database.db.selectFrom("jobs").select(["state", "last_error"]).where("dedupe_key", "=", `email:order-${order.orderNumber}-confirmation`).executeTakeFirstOrThrow();
      expect(["PENDING", "RUNNING"]).toContain(job.state);
      expect(job.last_error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      // Not offline.close(): that would close the database both gateways share.
      await new Promise<void>((resolve) => offline.running.server.close(() => resolve()));
      await offline.running.gateway.stopBackgroundWork();
      await offline.running.gateway.graphql.stop();
      shop.running.gateway.services.jobRunner.start();
    }
  });
});
