import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import sharp from "sharp";
import { makeJpeg, makePng, pngDeclaring, pngWithoutImageData } from "./support/images.js";
import { placeOrderFor } from "./support/orders.js";

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
const jpeg = (data: Buffer) => ({ data, name: "photo.jpg", type: "image/jpeg" });

async function upload(files: Parameters<typeof form>[0]) {
  const res = await fetch(`${shop.url}/api/designs`, { method: "POST", body: form(files) });
  return { status: res.status, body: (await res.json()) as any };
}

async function served(path: string): Promise<Buffer> {
  const res = await fetch(shop.url + path);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** The decoded pixels of an image, to compare what was uploaded with what is served. */
const pixels = (image: Buffer) => sharp(image).raw().toBuffer();

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
    // Kept as a new encoding of the same pixels.
    expect(await pixels(Buffer.from(await preview.arrayBuffer()))).toEqual(await pixels(makePng(60, 60)));
    const print = await fetch(shop.url + design.printFileUrl);
    expect(print.headers.get("content-disposition")).toContain("attachment");
    expect(await sharp(Buffer.from(await print.arrayBuffer())).metadata()).toMatchObject({ format: "png", width: 360, height: 360 });

    const { data } = await shop.graphql(`query($id: ID!) { design(id: $id) { id printFileUrl print { width } state } }`, { id: design.id });
    expect(data.design).toMatchObject({ id: design.id, print: { width: 360 } });
    expect(JSON.parse(data.design.state)).toEqual(JSON.parse(state));
  });

  it("accepts a JPEG, and uses the preview as the print file when only one image is sent", async () => {
    const { status, body: design } = await upload({ preview: jpeg(await makeJpeg(640, 480)) });
    expect(status).toBe(201);
    expect(design.print).toEqual({ contentType: "image/jpeg", width: 640, height: 480 });
    expect((await fetch(shop.url + design.printFileUrl)).headers.get("content-type")).toBe("image/jpeg");
  });

  it("takes a print file of exactly the product's print area at 300 DPI, and refuses another size for it, storing nothing", async () => {
    const { products } = (await (await fetch(`${shop.url}/api/products?customizable=true&pageSize=100`)).json()) as { products: { id: string; title: string }[] };
    const tee = products.find((p) => p.title === "I Survived the Subcommittee Tee")!;
    const { printArea } = (await (await fetch(`${shop.url}/api/products/${tee.id}`)).json()) as { printArea: { printWidthPx: number; printHeightPx: number } };
    const sized = async (width: number, height: number) => ({
      data: await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer(),
      name: "print.png",
      type: "image/png",
    });
    const state = JSON.stringify({ productId: tee.id, text: "Vote" });
    const send = async (print: Awaited<ReturnType<typeof sized>>) => {
      const res = await fetch(`${shop.url}/api/designs`, { method: "POST", body: form({ preview: png(600, 600), print }, state) });
      return { status: res.status, body: (await res.json()) as any };
    };

    const taken = await send(await sized(printArea.printWidthPx, printArea.printHeightPx));
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(taken.body.print).toMatchObject({ width: printArea.printWidthPx, height: printArea.printHeightPx });

    const before = await designCount();
    for (const [width, height] of [
      [3600, 3600],
      [printArea.printWidthPx + 1, printArea.printHeightPx],
    ]) {
      const refused = await send(await sized(width!, height!));
      expect(refused).toEqual({
        status: 400,
        body: {
          error: `print must be ${printArea.printWidthPx} × ${printArea.printHeightPx} pixels, the product's print area at 300 DPI (it is ${width} × ${height}; if the studio was open while the product changed, reload it)`,
          field: "print",
        },
      });
    }
    expect(await designCount()).toBe(before);

    // A product without a print area (the studio's whole canvas) takes the 3600 × 3600 print.
    const { products: all } = (await (await fetch(`${shop.url}/api/products?pageSize=100`)).json()) as { products: { id: string; handle: string }[] };
    const plain = all.find((p) => !products.some((c) => c.id === p.id))!;
    const res = await fetch(`${shop.url}/api/designs`, { method: "POST", body: form({ preview: png(600, 600), print: await sized(3600, 3600) }, JSON.stringify({ productId: plain.id })) });
    expect(res.status).toBe(201);
  });

  it("takes a print file over 10 MB (a photo's transparent print area at 300 DPI) and refuses one over 50 MB, naming it, storing nothing", async () => {
    // Noise does not compress: a 2000 × 1700 RGBA PNG of it is about 13 MB.
    const photo = await sharp({ create: { width: 2000, height: 1700, channels: 4, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(10 * 1024 * 1024);
    const taken = await upload({ preview: png(600, 600), print: { data: photo, name: "print.png", type: "image/png" } });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(taken.body.print).toMatchObject({ contentType: "image/png", width: 2000, height: 1700 });

    const before = await designCount();
    const refused = await upload({ preview: png(600, 600), print: { data: Buffer.concat([photo, Buffer.alloc(51 * 1024 * 1024 - photo.length)]), name: "print.png", type: "image/png" } });
    expect(refused).toMatchObject({ status: 413, body: { error: "print image is larger than 50 MB" } });
    // The preview stays at 10 MB.
    const bigPreview = await upload({ preview: { data: photo, name: "preview.png", type: "image/png" } });
    expect(bigPreview).toMatchObject({ status: 413, body: { error: "preview image is larger than 10 MB" } });
    expect(await designCount()).toBe(before);
  });

  it("keeps the print file at most 6000 px on its longest side: 7000 × 2000 is stored at 6000 × 1714", async () => {
    const wide = await sharp({ create: { width: 7000, height: 2000, channels: 4, background: { r: 250, g: 200, b: 0, alpha: 1 } } }).png().toBuffer();
    const { status, body: design } = await upload({ preview: png(600, 240), print: { data: wide, name: "print.png", type: "image/png" } });
    expect(status, JSON.stringify(design)).toBe(201);
    expect(design.print).toEqual({ contentType: "image/png", width: 6000, height: 1714 });
    expect(await sharp(await served(design.printFileUrl)).metadata()).toMatchObject({ format: "png", width: 6000, height: 1714 });
    // Never enlarged: the small preview stays as it came.
    expect(design.preview).toEqual({ contentType: "image/png", width: 600, height: 240 });
  });

  it("stores a JPEG without its metadata (EXIF with a GPS position), turned upright by its orientation", async () => {
    const photo = await sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 10, g: 120, b: 60 } } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Copyright: "Shopper's camera" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 2656/100", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 3954/100", GPSMapDatum: "WGS-84" },
      })
      .toBuffer();
    const sent = await sharp(photo).metadata();
    expect(sent.exif?.includes("WGS-84")).toBe(true);
    expect(sent.exif?.includes("Shopper's camera")).toBe(true);
    expect(sent.orientation).toBe(6);

    const { status, body: design } = await upload({ preview: jpeg(photo) });
    expect(status, JSON.stringify(design)).toBe(201);
    // Orientation 6 turns the 120 × 80 pixels a quarter: upright they are 80 × 120.
    expect(design.print).toEqual({ contentType: "image/jpeg", width: 80, height: 120 });
    for (const path of [design.printFileUrl, design.previewUrl]) {
      const kept = await served(path);
      const metadata = await sharp(kept).metadata();
      expect(metadata).toMatchObject({ format: "jpeg", width: 80, height: 120 });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      for (const text of ["WGS-84", "Shopper's camera", "Exif"]) expect(kept.includes(text)).toBe(false);
    }
  });

  const good = makePng(20, 20);
  const photo = makeJpeg(200, 150);
  it.each([
    ["a text file renamed .png", async () => ({ data: Buffer.from("definitely not an image"), name: "design.png", type: "image/png" }), 400, "preview must be a PNG or JPEG image"],
    ["a truncated PNG", async () => ({ data: good.subarray(0, good.length - 20), name: "design.png", type: "image/png" }), 400, "preview must be a PNG or JPEG image"],
    ["a PNG with no image data (a header and an end only)", async () => ({ data: pngWithoutImageData(20, 20), name: "design.png", type: "image/png" }), 400, "preview must be a PNG or JPEG image"],
    ["a truncated JPEG", async () => jpeg((await photo).subarray(0, Math.floor((await photo).length * 0.7))), 400, "preview must be a PNG or JPEG image"],
    ["a JPEG without its end", async () => jpeg((await photo).subarray(0, (await photo).length - 2)), 400, "preview must be a PNG or JPEG image"],
    ["an SVG", async () => ({ data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: "design.svg", type: "image/svg+xml" }), 400, "preview must be a PNG or JPEG image"],
    ["a GIF", async () => ({ data: await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } }).gif().toBuffer(), name: "design.gif", type: "image/gif" }), 400, "preview must be a PNG or JPEG image"],
    ["a 12 kB PNG declaring 10000 × 10000 pixels", async () => ({ data: pngDeclaring(10_000, 10_000, 12 * 1024 * 1024), name: "bomb.png", type: "image/png" }), 413, "preview image is larger than 50 megapixels"],
    ["an 11 MB file", async () => ({ data: Buffer.concat([good, Buffer.alloc(11 * 1024 * 1024)]), name: "big.png", type: "image/png" }), 413, "preview image is larger than 10 MB"],
  ])("refuses %s, storing nothing", async (_what, file, status, message) => {
    const before = await designCount();
    const res = await fetch(`${shop.url}/api/designs`, { method: "POST", body: form({ preview: await file() }) });
    expect(res.status).toBe(status);
    expect(((await res.json()) as any).error).toBe(message);
    expect(await designCount()).toBe(before);
  });

  it("refuses a print file that does not decode, naming it, storing nothing", async () => {
    const before = await designCount();
    const { status, body } = await upload({ preview: png(20, 20), print: { data: pngWithoutImageData(3600, 3600), name: "print.png", type: "image/png" } });
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: "print must be a PNG or JPEG image", field: "print" });
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
