import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { buildClient } from "./support/client-build.js";
import { makeJpeg, makePng, pngDeclaring, pngWithoutImageData } from "./support/images.js";
import type { Services } from "../gateway/services.js";

// A product's gallery on the shop's side: uploads (POST /api/admin/products/{id}/images) checked by
// content, resized once into WebP widths and kept content-addressed; who may upload; what is refused,
// leaving everything as it was; the GraphQL mutations that change images afterwards; and what
// shoppers get: srcSet in GraphQL and <img srcset sizes> in the server-rendered page.
const OWNER = { email: "olive@shop.example", password: "owner password 1" };
const CLERK = { email: "clem@shop.example", password: "clerk password 1" };
const PUBLIC_URL = "http://shop.example";
let shop: TestGateway;
let services: Services;
let dist: string;
let owner: BrowserSession;
let clerk: BrowserSession;
let writerToken: string;
let readerToken: string;
/** An ACTIVE product of this file's own, and its handle. */
let product: { id: string; handle: string };

const db = () => shop.database.db;

interface Upload {
  data: Buffer;
  name: string;
  type: string;
}

const png = (width: number, height: number, rgba?: [number, number, number, number]): Upload => ({ data: makePng(width, height, rgba), name: "photo.png", type: "image/png" });
const jpeg = (data: Buffer): Upload => ({ data, name: "photo.jpg", type: "image/jpeg" });
const webp = async (width: number, height: number): Promise<Upload> => ({
  data: await sharp({ create: { width, height, channels: 3, background: { r: 240, g: 200, b: 10 } } }).webp().toBuffer(),
  name: "photo.webp",
  type: "image/webp",
});

function form(file: Upload | null, altText?: string): FormData {
  const body = new FormData();
  if (file) body.append("image", new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  if (altText !== undefined) body.append("altText", altText);
  return body;
}

const uploadPath = (productId: string) => `/api/admin/products/${productId}/images`;

/** Uploads as `who`: a browser (its cookies), a token, or nobody. */
async function upload(who: BrowserSession | { token: string } | null, file: Upload | null, options: { altText?: string; productId?: string; headers?: Record<string, string> } = {}) {
  const init: RequestInit = { method: "POST", body: form(file, options.altText), headers: { ...options.headers } };
  const target = uploadPath(options.productId ?? product.id);
  let res: Response;
  if (who instanceof BrowserSession) res = await who.fetch(target, init);
  else res = await fetch(shop.url + target, { ...init, headers: { ...options.headers, ...(who ? { authorization: `Bearer ${who.token}` } : {}) } });
  const text = await res.text();
  return { status: res.status, body: text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text };
}

/** Everything an upload could have written: the product's images, media and the catalog's audit entries. */
async function snapshot() {
  return {
    images: await db().selectFrom("product_images").select(["id", "product_id", "path", "position", "alt_text"]).orderBy("id").execute(),
    media: (await db().selectFrom("media").select("path").orderBy("path").execute()).map((r) => r.path),
    audit: await db().selectFrom("audit_log").select(["id"]).where("action", "like", "product_image%").execute(),
    updatedAt: (await db().selectFrom("products").select("updated_at").where("id", "=", product.id).executeTakeFirstOrThrow()).updated_at,
  };
}

async function served(url: string) {
  const res = await fetch(shop.url + url);
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

const ADMIN_PRODUCT = `{ id updatedAt images { id url altText position width height sources { url width contentType } } variants { id imageId } }`;
const UPDATE = `mutation($productId: ID!, $imageId: ID!, $altText: String!) {
  productImageUpdate(productId: $productId, imageId: $imageId, altText: $altText) { product ${ADMIN_PRODUCT} image { id altText position } userErrors { code field message } } }`;
const REORDER = `mutation($productId: ID!, $imageIds: [ID!]!) {
  productImagesReorder(productId: $productId, imageIds: $imageIds) { product ${ADMIN_PRODUCT} userErrors { code field message } } }`;
const DELETE = `mutation($productId: ID!, $imageId: ID!) {
  productImageDelete(productId: $productId, imageId: $imageId) { deletedImageId product ${ADMIN_PRODUCT} userErrors { code field message } } }`;

/** A fresh ACTIVE product with one variant, made by the owner. */
async function newProduct(title: string): Promise<{ id: string; handle: string; variantId: string }> {
  const { data, errors } = await owner.graphql(
    `mutation($input: ProductInput!) { productCreate(input: $input) { product { id handle variants { id } } userErrors { message } } }`,
    { input: { title, status: "ACTIVE", variants: [{ optionValues: [], price: "24.99" }] } },
  );
  expect(errors).toBeUndefined();
  expect(data.productCreate.userErrors).toEqual([]);
  const made = data.productCreate.product;
  return { id: made.id, handle: made.handle, variantId: made.variants[0].id };
}

async function signIn(who: { email: string; password: string }): Promise<BrowserSession> {
  const browser = new BrowserSession(shop.url);
  const { data } = await browser.graphql(`mutation($input: StaffLoginInput!) { staffLogin(input: $input) { userErrors { message } } }`, { input: who });
  expect(data.staffLogin.userErrors).toEqual([]);
  return browser;
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-images-"));
  await buildClient(dist);
  shop = await startTestGateway({ webDistDir: dist, publicUrl: PUBLIC_URL });
  services = shop.running.gateway.services;
  await services.staff.create({ ...OWNER, name: "Olive Owner", role: "owner" });
  await services.staff.create({ ...CLERK, name: "Clem Clerk", role: "staff" });
  owner = await signIn(OWNER);
  clerk = await signIn(CLERK);
  writerToken = (await services.apiTokens.create({ name: "photo studio", scopes: ["catalog:write"] }, { staffId: null, actor: "system" })).token;
  readerToken = (await services.apiTokens.create({ name: "catalog feed", scopes: ["catalog:read"] }, { staffId: null, actor: "system" })).token;
  product = await newProduct("Gallery Test Tee");
}, 300_000);

afterAll(async () => {
  await shop?.close();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
});

describe("POST /api/admin/products/{id}/images", () => {
  it("takes a staff member's JPEG: kept re-encoded, resized once into WebP widths, content-addressed, last in the gallery, audited", async () => {
    const photo = await makeJpeg(2000, 1500);
    const before = await snapshot();
    const { status, body } = await upload(clerk, jpeg(photo), { altText: "  The tee, folded  " });
    expect(status, JSON.stringify(body)).toBe(201);

    const hash = createHash("sha256").update(photo).digest("hex").slice(0, 32);
    expect(body).toEqual({
      id: expect.any(String),
      url: `/media/products/${hash}.jpg`,
      altText: "The tee, folded",
      position: before.images.filter((i) => i.product_id === product.id).length + 1,
      width: 2000,
      height: 1500,
      sources: [320, 640, 960, 1600].map((width) => ({ url: `/media/products/${hash}-${width}.webp`, width, contentType: "image/webp" })),
    });

    // Each file is served for good: a new image is a new address.
    const original = await served(body.url);
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe("image/jpeg");
    expect(original.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await sharp(original.body).metadata()).toMatchObject({ format: "jpeg", width: 2000, height: 1500 });
    for (const source of body.sources) {
      const size = await served(source.url);
      expect(size.status).toBe(200);
      expect(size.headers.get("content-type")).toBe("image/webp");
      expect(size.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await sharp(size.body).metadata()).toMatchObject({ format: "webp", width: source.width, height: Math.round((source.width * 3) / 4) });
    }

    const row = await db().selectFrom("product_images").selectAll().where("id", "=", body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ product_id: product.id, path: `products/${hash}.jpg`, width: 2000, height: 1500, alt_text: "The tee, folded" });
    expect(row.sources.map((s) => s.path)).toEqual([320, 640, 960, 1600].map((w) => `products/${hash}-${w}.webp`));
    const audit = await db().selectFrom("audit_log").select(["actor", "action", "details"]).where("action", "=", "product_image_added").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor: `staff:${CLERK.email}`, details: expect.stringContaining("2000 × 1500 JPEG") });
    expect(new Date((await snapshot()).updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());
  });

  it("takes a token's PNG and WebP, never enlarging: the widths below the original and the original's own", async () => {
    const small = await upload({ token: writerToken }, png(500, 400));
    expect(small.status, JSON.stringify(small.body)).toBe(201);
    expect(small.body).toMatchObject({ url: expect.stringMatching(/^\/media\/products\/[0-9a-f]{32}\.png$/), width: 500, height: 400 });
    expect(small.body.sources.map((s: { width: number }) => s.width)).toEqual([320, 500]);
    expect((await served(small.body.url)).headers.get("content-type")).toBe("image/png");

    const tiny = await upload(owner, await webp(200, 100));
    expect(tiny.status, JSON.stringify(tiny.body)).toBe(201);
    expect(tiny.body).toMatchObject({ url: expect.stringMatching(/\.webp$/), width: 200, height: 100, sources: [{ width: 200, contentType: "image/webp" }] });
    expect(tiny.body.position).toBe(small.body.position + 1);
    const audit = await db().selectFrom("audit_log").select("actor").where("action", "=", "product_image_added").orderBy("id", "desc").limit(2).execute();
    expect(audit.map((a) => a.actor)).toEqual([`staff:${OWNER.email}`, "token:photo studio"]);
  });

  it("keeps a photo upright by its EXIF orientation and without its metadata", async () => {
    const photo = await sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 10, g: 120, b: 60 } } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 2656/100", GPSMapDatum: "WGS-84" } })
      .toBuffer();
    const { status, body } = await upload({ token: writerToken }, jpeg(photo));
    expect(status).toBe(201);
    expect(body).toMatchObject({ width: 80, height: 120 });
    for (const url of [body.url, ...body.sources.map((s: { url: string }) => s.url)]) {
      const kept = (await served(url)).body;
      const metadata = await sharp(kept).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(kept.includes("WGS-84")).toBe(false);
    }
  });

  it("refuses nobody, a customer, a token without catalog:write, an unknown token and a request from another site, writing nothing", async () => {
    const before = await snapshot();
    const customer = new BrowserSession(shop.url);
    await customer.register({ name: "Casey Shopper", email: "casey@example.com", password: "a long enough password" });
    await customer.login("casey@example.com", "a long enough password");
    const refused = [
      [await upload(null, png(10, 10)), 401, "Staff sign-in or an API token is required"],
      [await upload(customer, png(10, 10)), 403, "This is for the shop's staff; a customer's session cannot use it"],
      [await upload({ token: readerToken }, png(10, 10)), 403, "This API token does not hold the scope catalog:write"],
      [await upload({ token: "sst_not-a-token" }, png(10, 10)), 401, "The API token is unknown or revoked"],
      [await upload(clerk, png(10, 10), { headers: { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" } }), 403, expect.stringContaining("sent from another site")],
    ] as const;
    for (const [answer, status, error] of refused) {
      expect(answer.status).toBe(status);
      expect(answer.body).toEqual({ error });
    }
    expect(await snapshot()).toEqual(before);
  });

  const good = makePng(20, 20);
  it.each([
    ["a text file named .png", async () => ({ data: Buffer.from("definitely not an image"), name: "photo.png", type: "image/png" }), 400, "image must be a JPEG, PNG or WebP image"],
    ["a GIF", async () => ({ data: await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } }).gif().toBuffer(), name: "a.gif", type: "image/gif" }), 400, "image must be a JPEG, PNG or WebP image"],
    ["an SVG", async () => ({ data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: "a.svg", type: "image/svg+xml" }), 400, "image must be a JPEG, PNG or WebP image"],
    ["a truncated PNG", async () => ({ data: good.subarray(0, good.length - 20), name: "photo.png", type: "image/png" }), 400, "image does not decode as a whole JPEG, PNG or WebP image (it is truncated or corrupt)"],
    ["a PNG with no image data", async () => ({ data: pngWithoutImageData(20, 20), name: "photo.png", type: "image/png" }), 400, "image does not decode as a whole JPEG, PNG or WebP image (it is truncated or corrupt)"],
    ["a 12 kB PNG declaring 10000 × 10000 pixels", async () => ({ data: pngDeclaring(10_000, 10_000, 12 * 1024 * 1024), name: "bomb.png", type: "image/png" }), 413, "image is larger than 50 megapixels"],
    ["a 21 MB file (by its Content-Length)", async () => ({ data: Buffer.concat([good, Buffer.alloc(21 * 1024 * 1024)]), name: "big.png", type: "image/png" }), 413, "The upload is larger than 20 MB"],
  ])("refuses %s, writing nothing", async (_what, file, status, error) => {
    const before = await snapshot();
    const answer = await upload({ token: writerToken }, await file());
    expect(answer.status).toBe(status);
    expect(answer.body.error).toBe(error);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a missing image, a long alternative text, a body that is not multipart and an unknown product, writing nothing", async () => {
    const before = await snapshot();
    expect(await upload({ token: writerToken }, null, { altText: "no file" })).toEqual({ status: 400, body: { error: "image is required", field: "image" } });
    expect(await upload({ token: writerToken }, png(10, 10), { altText: "x".repeat(513) })).toEqual({ status: 400, body: { error: "altText must be at most 512 characters", field: "altText" } });
    const json = await fetch(shop.url + uploadPath(product.id), { method: "POST", headers: { authorization: `Bearer ${writerToken}`, "content-type": "application/json" }, body: "{}" });
    expect(json.status).toBe(400);
    for (const productId of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      expect(await upload({ token: writerToken }, png(10, 10), { productId })).toEqual({ status: 404, body: { error: "No product with this id" } });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a file over 20 MB while reading it, when no Content-Length says so", async () => {
    const before = await snapshot();
    const boundary = "----image-boundary";
    const parts = [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`),
      makePng(20, 20),
      ...Array.from({ length: 21 }, () => Buffer.alloc(1024 * 1024)),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ];
    // Sent in chunks (Transfer-Encoding: chunked), so only the reading can find it too large.
    const body = new ReadableStream({
      pull(controller) {
        const next = parts.shift();
        if (next) controller.enqueue(new Uint8Array(next));
        else controller.close();
      },
    });
    const res = await fetch(shop.url + uploadPath(product.id), {
      method: "POST",
      headers: { authorization: `Bearer ${writerToken}`, "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "image is larger than 20 MB" });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a body whose Content-Length is over the limit before reading it", async () => {
    const url = new URL(shop.url + uploadPath(product.id));
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        url,
        { method: "POST", headers: { authorization: `Bearer ${writerToken}`, "content-type": "multipart/form-data; boundary=x", "content-length": String(100 * 1024 * 1024) } },
        (res) => {
          let body = "";
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on("error", reject);
      // Only the headers are sent: the answer comes without the body.
      req.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: "The upload is larger than 20 MB" });
  });
});

describe("changing a product's images (GraphQL)", () => {
  it("changes an image's alternative text, refusing an unknown image or product and a long text", async () => {
    const { id, handle } = await newProduct("Alt Text Mug");
    const image = (await upload(owner, png(30, 30), { productId: id })).body;
    const { data } = await clerk.graphql(UPDATE, { productId: id, imageId: image.id, altText: " A mug on a desk " });
    expect(data.productImageUpdate.userErrors).toEqual([]);
    expect(data.productImageUpdate.image).toEqual({ id: image.id, altText: "A mug on a desk", position: 1 });
    expect(data.productImageUpdate.product.images[0].altText).toBe("A mug on a desk");
    const audit = await db().selectFrom("audit_log").select(["actor", "details"]).where("action", "=", "product_image_updated").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(audit).toEqual({ actor: `staff:${CLERK.email}`, details: `"Alt Text Mug" (${handle}): image ${image.id}'s alternative text changed` });

    const refusals = [
      [{ productId: id, imageId: "00000000-0000-4000-8000-000000000000", altText: "x" }, { code: "NOT_FOUND", field: null, message: "No image with this id among the product's images" }],
      [{ productId: id, imageId: "nope", altText: "x" }, { code: "NOT_FOUND", field: null, message: "No image with this id among the product's images" }],
      [{ productId: product.id, imageId: image.id, altText: "x" }, { code: "NOT_FOUND", field: null, message: "No image with this id among the product's images" }],
      [{ productId: "00000000-0000-4000-8000-000000000000", imageId: image.id, altText: "x" }, { code: "NOT_FOUND", field: null, message: "No product with this id" }],
      [{ productId: id, imageId: image.id, altText: "y".repeat(513) }, { code: "INVALID_INPUT", field: "altText", message: "altText must be at most 512 characters" }],
    ] as const;
    for (const [variables, error] of refusals) {
      const answer = await clerk.graphql(UPDATE, variables);
      expect(answer.data.productImageUpdate, JSON.stringify(variables)).toEqual({ product: null, image: null, userErrors: [error] });
    }
  });

  it("reorders the images, which must be exactly the product's, each once", async () => {
    const { id } = await newProduct("Reorder Poster");
    const ids: string[] = [];
    for (const colour of [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255]] as const) ids.push((await upload(owner, png(40, 40, [...colour]), { productId: id })).body.id);
    const [a, b, c] = ids as [string, string, string];

    const { data } = await owner.graphql(REORDER, { productId: id, imageIds: [c, a, b] });
    expect(data.productImagesReorder.userErrors).toEqual([]);
    expect(data.productImagesReorder.product.images.map((i: { id: string; position: number }) => [i.id, i.position])).toEqual([
      [c, 1],
      [a, 2],
      [b, 3],
    ]);
    // The first image is the featured one shoppers see.
    const shown = await shop.graphql(`query($id: ID!) { product(id: $id) { featuredImage { id } } }`, { id });
    expect(shown.data.product.featuredImage.id).toBe(c);

    const before = await db().selectFrom("product_images").select(["id", "position"]).where("product_id", "=", id).orderBy("position").execute();
    const refusals = [
      [[c, a], "imageIds", "List every one of the product's 3 images, in the new order"],
      [[c, a, a], "imageIds.2", "This image is listed twice"],
      [[c, a, b, "00000000-0000-4000-8000-000000000000"], "imageIds.3", "This image is not one of the product's"],
    ] as const;
    for (const [imageIds, field, message] of refusals) {
      expect((await owner.graphql(REORDER, { productId: id, imageIds })).data.productImagesReorder).toEqual({ product: null, userErrors: [{ code: "INVALID_INPUT", field, message }] });
    }
    expect(await db().selectFrom("product_images").select(["id", "position"]).where("product_id", "=", id).orderBy("position").execute()).toEqual(before);
  });

  it("deletes an image: later ones move up, a variant showing it shows none, and its files go unless another image shows them", async () => {
    const { id, variantId } = await newProduct("Delete Hat");
    const other = await newProduct("Other Hat");
    const shared = png(700, 350, [10, 20, 30, 255]);
    const first = (await upload(owner, shared, { productId: id })).body;
    const second = (await upload(owner, png(50, 50), { productId: id })).body;
    const third = (await upload(owner, png(60, 60), { productId: id })).body;
    // The same bytes on another product: the same files.
    const copy = (await upload(owner, shared, { productId: other.id })).body;
    expect(copy.url).toBe(first.url);
    const shown = await owner.graphql(`mutation($id: ID!, $input: ProductInput!) { productUpdate(id: $id, input: $input) { userErrors { message } } }`, {
      id,
      input: { variants: [{ id: variantId, optionValues: [], price: "24.99", imageId: second.id }] },
    });
    expect(shown.data.productUpdate.userErrors).toEqual([]);

    const media = async (urls: string[]) =>
      (await db().selectFrom("media").select("path").where("path", "in", urls.map((u) => u.slice("/media/".length))).execute()).length;
    const filesOf = (image: { url: string; sources: { url: string }[] }) => [image.url, ...image.sources.map((s) => s.url)];

    const { data } = await clerk.graphql(DELETE, { productId: id, imageId: second.id });
    expect(data.productImageDelete.userErrors).toEqual([]);
    expect(data.productImageDelete.deletedImageId).toBe(second.id);
    expect(data.productImageDelete.product.images.map((i: { id: string; position: number }) => [i.id, i.position])).toEqual([
      [first.id, 1],
      [third.id, 2],
    ]);
    expect(data.productImageDelete.product.variants).toEqual([{ id: variantId, imageId: null }]);
    expect(await media(filesOf(second))).toBe(0);
    expect((await served(second.url)).status).toBe(404);

    // Still shown by the other product: its files stay.
    expect((await clerk.graphql(DELETE, { productId: id, imageId: first.id })).data.productImageDelete.userErrors).toEqual([]);
    expect(await media(filesOf(first))).toBe(filesOf(first).length);
    expect((await served(copy.url)).status).toBe(200);
    expect((await clerk.graphql(DELETE, { productId: other.id, imageId: copy.id })).data.productImageDelete.userErrors).toEqual([]);
    expect(await media(filesOf(first))).toBe(0);

    const audit = await db().selectFrom("audit_log").select("action").where("action", "=", "product_image_deleted").execute();
    expect(audit.length).toBeGreaterThanOrEqual(3);
    expect((await clerk.graphql(DELETE, { productId: id, imageId: second.id })).data.productImageDelete).toEqual({
      deletedImageId: null,
      product: null,
      userErrors: [{ code: "NOT_FOUND", field: null, message: "No image with this id among the product's images" }],
    });
  });

  it("lets staff and catalog:write tokens change images; nobody else", async () => {
    const { id } = await newProduct("Guarded Sticker");
    const image = (await upload(owner, png(20, 20), { productId: id })).body;
    const writer = new BrowserSession(shop.url, { authorization: `Bearer ${writerToken}` });
    const reader = new BrowserSession(shop.url, { authorization: `Bearer ${readerToken}` });
    const anonymous = new BrowserSession(shop.url);
    expect((await writer.graphql(UPDATE, { productId: id, imageId: image.id, altText: "by the studio" })).data.productImageUpdate.userErrors).toEqual([]);
    expect((await reader.graphql(UPDATE, { productId: id, imageId: image.id, altText: "no" })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await anonymous.graphql(REORDER, { productId: id, imageIds: [image.id] })).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect((await anonymous.graphql(DELETE, { productId: id, imageId: image.id })).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect((await db().selectFrom("product_images").select("alt_text").where("id", "=", image.id).executeTakeFirstOrThrow()).alt_text).toBe("by the studio");
  });
});

describe("what shoppers get", () => {
  it("answers srcSet, width and height in GraphQL (null for vector art)", async () => {
    const { id, handle } = await newProduct("Srcset Tote");
    const image = (await upload(owner, jpeg(await makeJpeg(1000, 800)), { productId: id, altText: "A tote" })).body;
    const { data, errors } = await shop.graphql(
      `query($handle: String!) { product(handle: $handle) { featuredImage { id url altText width height srcSet } images { id srcSet } } }`,
      { handle },
    );
    expect(errors).toBeUndefined();
    const hash = image.url.slice("/media/products/".length, -".jpg".length);
    const srcSet = [320, 640, 960, 1000].map((w) => `/media/products/${hash}-${w}.webp ${w}w`).join(", ");
    expect(data.product.featuredImage).toEqual({ id: image.id, url: image.url, altText: "A tote", width: 1000, height: 800, srcSet });
    expect(data.product.images).toEqual([{ id: image.id, srcSet }]);

    const seeded = await shop.graphql(`{ products(pageSize: 1) { products { featuredImage { url width height srcSet } } } collections { image { srcSet } } }`);
    expect(seeded.data.products.products[0].featuredImage).toEqual({ url: expect.stringMatching(/\.svg$/), width: null, height: null, srcSet: null });
    expect(seeded.data.collections[0].image.srcSet).toBeNull();
  });

  it("renders the product page and cards with <img srcset sizes>, and preloads the size the page shows", async () => {
    const { id, handle } = await newProduct("Srcset Page Hoodie");
    const image = (await upload(owner, jpeg(await makeJpeg(1200, 1200)), { productId: id, altText: "The hoodie" })).body;
    const srcSet = image.sources.map((s: { url: string; width: number }) => `${s.url} ${s.width}w`).join(", ");
    expect(srcSet).toContain("-320.webp 320w");

    const res = await fetch(`${shop.url}/product/${handle}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const headHtml = html.slice(0, html.indexOf("</head>"));
    expect(headHtml).toContain(`<link rel="preload" as="image" href="${image.url}" imagesrcset="${srcSet}" imagesizes="(min-width: 80em) 37rem, (min-width: 48em) 50vw, 100vw" fetchpriority="high">`);
    const root = html.slice(html.indexOf('<div id="root">'));
    const main = /<img[^>]*alt="The hoodie"[^>]*>/.exec(root)?.[0] ?? "";
    expect(main).toContain(`src="${image.url}"`);
    // React writes the attribute as srcSet (HTML attribute names are case-insensitive).
    expect(main.toLowerCase()).toContain(`srcset="${srcSet}"`.toLowerCase());
    expect(main).toContain('sizes="(min-width: 80em) 37rem, (min-width: 48em) 50vw, 100vw"');

    // The shop's grid: the card shows a narrow size on a phone.
    const shopHtml = await (await fetch(`${shop.url}/shop?sort=newest`)).text();
    const card = new RegExp(`<img[^>]*srcset="${srcSet.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>`, "i").exec(shopHtml)?.[0] ?? "";
    expect(card).toContain('sizes="(min-width: 80em) 18rem, (min-width: 64em) 25vw, (min-width: 48em) 33vw, 50vw"');
  });

  it("keeps a day's caching for the seed's named artwork", async () => {
    const { data } = await shop.graphql(`{ products(pageSize: 1) { products { featuredImage { url } } } }`);
    const res = await served(data.products.products[0].featuredImage.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
  });
});
