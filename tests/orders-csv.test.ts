import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { placeOrderFor } from "./support/orders.js";
import type { Services } from "../gateway/services.js";
import type { OrderRecord } from "../gateway/orders/order.records.js";

// GET /api/admin/orders.csv: a selection of orders, one row per line item.
let shop: TestGateway;
let services: Services;
let staff: BrowserSession;
let customer: BrowserSession;
let reader: string;
let writerOnly: string;
let orders: OrderRecord[];

beforeAll(async () => {
  shop = await startTestGateway();
  services = shop.running.gateway.services;
  await services.staff.create({ email: "sam@shop.example", name: "Sam Staff", role: "staff", password: "staff password 1" });
  staff = new BrowserSession(shop.url);
  await staff.graphql(`mutation { staffLogin(input: { email: "sam@shop.example", password: "staff password 1" }) { userErrors { code } } }`);
  customer = new BrowserSession(shop.url);
  await customer.register({ name: "Cass Buyer", email: "cass@example.com", password: "customer pass 1" });
  await customer.login("cass@example.com", "customer pass 1");
  const system = { staffId: null, actor: "system" };
  reader = (await services.apiTokens.create({ name: "books", scopes: ["orders:read"] }, system)).token;
  writerOnly = (await services.apiTokens.create({ name: "catalog", scopes: ["catalog:read"] }, system)).token;
  orders = [await placeOrderFor(shop, null, "=cmd@example.com", 2), await placeOrderFor(shop, null, "ann@example.com", 3)];
  await services.orderTransitions.fulfill(orders[1]!.id, { carrier: "UPS", trackingNumber: "1Z999" }, "system");
}, 240_000);
afterAll(async () => {
  await shop?.close();
});

describe("GET /api/admin/orders.csv", () => {
  it("answers one row per line item, in the order of the ids, with a dated attachment name; unknown ids left out", async () => {
    const ids = [orders[1]!.id, randomUUID(), orders[0]!.id].join(",");
    const res = await staff.fetch(`/api/admin/orders.csv?ids=${ids}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text).toContain("\r\n");
    const [header, ...rows] = parse(text, { bom: true }) as string[][];
    expect(header).toEqual([
      "order_number", "date", "email", "customer_name", "status", "financial_status",
      "ship_to_name", "ship_to_address1", "ship_to_address2", "ship_to_city", "ship_to_region", "ship_to_postal_code", "ship_to_country", "ship_to_phone",
      "product", "variant", "quantity", "unit_price", "line_total", "order_total", "carrier", "tracking_number",
    ]);
    expect(rows).toHaveLength(2);
    const [shipped, pending] = rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]])));
    const line = orders[1]!.lines[0]!;
    expect(shipped).toEqual({
      order_number: String(orders[1]!.orderNumber),
      date: orders[1]!.processedAt.toISOString(),
      email: "ann@example.com",
      customer_name: "Pat Doe",
      status: "FULFILLED",
      financial_status: "PAID",
      ship_to_name: "Pat Doe",
      ship_to_address1: "1 Main St",
      ship_to_address2: "",
      ship_to_city: "Springfield",
      ship_to_region: "IL",
      ship_to_postal_code: "12345",
      ship_to_country: "US",
      ship_to_phone: "",
      product: line.productTitle,
      variant: "",
      quantity: "3",
      unit_price: (line.unitPriceCents / 100).toFixed(2),
      line_total: (line.lineTotalCents / 100).toFixed(2),
      order_total: (orders[1]!.totalCents / 100).toFixed(2),
      carrier: "UPS",
      tracking_number: "1Z999",
    });
    // A cell a spreadsheet would run as a formula is written as text.
    expect(pending).toMatchObject({ email: "'=cmd@example.com", status: "UNFULFILLED", carrier: "", tracking_number: "", quantity: "2" });
  });

  it("refuses no ids and more than 100; a guest, a customer and a token without orders:read", async () => {
    expect((await staff.fetch("/api/admin/orders.csv")).status).toBe(400);
    expect((await staff.fetch("/api/admin/orders.csv?ids=,")).status).toBe(400);
    const many = Array.from({ length: 101 }, () => randomUUID()).join(",");
    const tooMany = await staff.fetch(`/api/admin/orders.csv?ids=${many}`);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toEqual({ error: "At most 100 orders at once (101 asked for)", field: "ids" });
    const url = `${shop.url}/api/admin/orders.csv?ids=${orders[0]!.id}`;
    expect((await fetch(url)).status).toBe(401);
    expect((await customer.fetch(`/api/admin/orders.csv?ids=${orders[0]!.id}`)).status).toBe(403);
    expect((await fetch(url, { headers: { authorization: `Bearer ${writerOnly}` } })).status).toBe(403);
    const byToken = await fetch(url, { headers: { authorization: `Bearer ${reader}` } });
    expect(byToken.status).toBe(200);
    expect(parse(await byToken.text(), { bom: true })).toHaveLength(2);
  });
});
