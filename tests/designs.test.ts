import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { makeJpeg, makePng } from "./support/images.js";
import { placeOrderFor } from "./support/orders.js";
import { probeImage } from "../gateway/designs/image-probe.js";

let shop: TestGateway;
beforeAll(async () => {
  shop = await startTestGateway();
});
afterAll(async () => {
  await shop?.close();
});

function form(files: Record<string, { data: Buffer; name: string; type: string }>, state?: string): FormData {
  const body = new FormData();
  for (const [field, file] of Object.entries(files)) body.append(field, new Blob([file.data], { type: file.type }), file.name);
  if (state !== undefined) body.append("state", state);
  return body;
}

async function designCount() {
  return (await shop.database.db.selectFrom("designs").select("id").execute()).length;
}

const png = (w: number, h: number) => ({ data: makePng(w, h), name: "design.png", type: "image/png" });

describe("POST /api/designs", () => {
  it("stores a PNG preview and print file with the design state and serves them back", async () => {
    const state = JSON.stringify({ text: "Add your text here", textSize: 32, memeId: null });
    const res = await fetch(`${shop.url}/api/designs`, { method: "POST", body: form({ preview: png(60, 60), print: png(360, 360) }, state) });
    const design = (await res.json()) as any;
    expect(res.status, JSON.stringify(design)).toBe(201);
    expect(design.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(design.preview).toEqual({ contentType: "image/png", width: 60, height: 60 });
    expect(design.print).toEqual({ contentType: "image/png", width: 360, height: 360 });

    const preview = await fetch(shop.url + design.previewUrl);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/png");
    expect(preview.headers.get("cache-control")).toContain("immutable");
    expect(Buffer.from(await preview.arrayBuffer())).toEqual(makePng(60, 60));
    const print = await fetch(shop.url + design.printFileUrl);
    expect(print.headers.get("content-disposition")).toContain("attachment");
    expect(probeImage(Buffer.from(await print.arrayBuffer()))).toMatchObject({ width: 360, height: 360 });

    const { data } = await shop.graphql(`query($id: ID!) { design(id: $id) { id printFileUrl print { width } state } }`, { id: design.id });
    expect(data.design).toMatchObject({ id: design.id, print: { width: 360 } });
    expect(JSON.parse(data.design.state)).toEqual(JSON.parse(state));
  });

  it("accepts a JPEG, and uses the preview as the print file when only one image is sent", async () => {
    const res = await fetch(`${shop.url}/api/designs`, { method: "POST", body: form({ preview: { data: makeJpeg(640, 480), name: "photo.jpg", type: "image/jpeg" } }) });
    expect(res.status).toBe(201);
    const design = (await res.json()) as any;
    expect(design.print).toEqual({ contentType: "image/jpeg", width: 640, height: 480 });
    expect((await fetch(shop.url + design.printFileUrl)).headers.get("content-type")).toBe("image/jpeg");
  });

  const good = makePng(20, 20);
  it.each([
    ["a text file renamed .png", { data: Buffer.from("definitely not an image"), name: "design.png", type: "image/png" }, 400, "preview must be a PNG or JPEG image"],
    ["a truncated PNG", { data: good.subarray(0, good.length - 20), name: "design.png", type: "image/png" }, 400, "preview must be a PNG or JPEG image"],
    ["an SVG", { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: "design.svg", type: "image/svg+xml" }, 400, "preview must be a PNG or JPEG image"],
    ["an 11 MB file", { data: Buffer.concat([good, Buffer.alloc(11 * 1024 * 1024)]), name: "big.png", type: "image/png" }, 413, "preview image is larger than 10 MB"],
  ])("refuses %s, storing nothing", async (_what, file, status, message) => {
    const before = await designCount();
    const res = await fetch(`${shop.url}/api/designs`, { method: "POST", body: form({ preview: file }) });
    expect(res.status).toBe(status);
    expect(((await res.json()) as any).error).toBe(message);
    expect(await designCount()).toBe(before);
  });

  it.each([
    ["no preview", () => form({ print: png(10, 10) }), "preview image is required"],
    ["state that is not JSON", () => form({ preview: png(10, 10) }, "{oops"), "state must be JSON"],
    ["an unexpected file", () => form({ preview: png(10, 10), extra: png(10, 10) }), 'unexpected file "extra" (send preview and print)'],
  ])("refuses %s with 400", async (_what, body, message) => {
    const before = await designCount();
    const res = await fetch(`${shop.url}/api/designs`, { method: "POST", body: body() });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error).toBe(message);
    expect(await designCount()).toBe(before);
  });

  it("refuses a JSON body with 400", async () => {
    const res = await fetch(`${shop.url}/api/designs`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(400);
  });

  it("answers 404 for an unknown design", async () => {
    expect((await fetch(`${shop.url}/designs/AAAAAAAAAAAAAAAAAAAAAAAA/preview`)).status).toBe(404);
    expect((await fetch(`${shop.url}/designs/x/other`)).status).toBe(404);
    expect((await shop.graphql(`{ design(id: "nope") { id } }`)).data.design).toBeNull();
  });
});

describe("the print file of an order line", () => {
  it("is reachable from the owner's order through the line's designId attribute", async () => {
    const res = await fetch(`${shop.url}/api/designs`, { method: "POST", body: form({ preview: png(30, 30), print: png(90, 90) }) });
    const design = (await res.json()) as any;
    const browser = new BrowserSession(shop.url);
    await browser.register({ name: "Printer Fan", email: "fan@example.com", password: "password123" });
    await browser.login("fan@example.com", "password123");
    const customer = await shop.database.db.selectFrom("customers").select("id").where("email", "=", "fan@example.com").executeTakeFirstOrThrow();
    const order = await placeOrderFor(shop, customer.id, "fan@example.com", 1, [{ key: "designId", value: design.id }]);
    const { data } = await browser.graphql(`query($id: ID!) { order(id: $id) { lineItems { design { id printFileUrl previewUrl } } } }`, { id: order.id });
    expect(data.order.lineItems[0].design).toEqual({ id: design.id, printFileUrl: design.printFileUrl, previewUrl: design.previewUrl });
  });
});

describe("a cart line naming a design", () => {
  it("is accepted for an uploaded design and refused, changing nothing, for an unknown one", async () => {
    const upload = await fetch(`${shop.url}/api/designs`, { method: "POST", body: form({ preview: png(30, 30) }) });
    const design = (await upload.json()) as any;
    const product = (await shop.rest("/api/products?customizable=true&pageSize=1")).body.products[0];
    const cartId = (await shop.rest("/api/cart", { method: "POST" })).body.id as string;
    const path = `/api/cart/${encodeURIComponent(cartId)}/items`;
    const add = (designId: string) =>
      shop.rest(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ items: [{ variantId: product.variants[0].id, quantity: 1, customAttributes: [{ key: "designId", value: designId }] }] }),
      });
    const ok = await add(design.id);
    expect(ok.status).toBe(200);
    expect(ok.body.lines.edges[0].node.attributes).toEqual([{ key: "designId", value: design.id }]);
    const refused = await add("AAAAAAAAAAAAAAAAAAAAAAAA");
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("The custom design was not found; upload it again");
    expect((await shop.rest(`/api/cart/${encodeURIComponent(cartId)}`)).body.lines.edges).toHaveLength(1);
  });
});
