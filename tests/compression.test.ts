import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { rawRequest } from "./support/raw-http.js";

// Every answer that can be compressed is. The client build writes .br and .gz copies of
// its hashed assets (web/vite.config.ts), served as they are; HTML, JSON and GraphQL answers of
// 1 kB and more are compressed on the fly.
let shop: TestGateway;
let distDir: string;
const script = `export const shop = ${JSON.stringify("satire ".repeat(2_000))};\n`;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-dist-"));
  const assets = path.join(distDir, "assets");
  fs.mkdirSync(assets);
  fs.writeFileSync(path.join(distDir, "index.html"), `<!doctype html><title>shop</title><div id=root>${"<p>satire</p>".repeat(200)}</div>`);
  fs.writeFileSync(path.join(assets, "index-abc123.js"), script);
  fs.writeFileSync(path.join(assets, "index-abc123.js.br"), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(assets, "index-abc123.js.gz"), zlib.gzipSync(script));
  fs.writeFileSync(path.join(assets, "logo-def456.png"), Buffer.alloc(4_000, 7));
  shop = await startTestGateway({ webDistDir: distDir });
});
afterAll(async () => {
  await shop?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

/** A raw GET (no automatic decompression), answering the headers and the bytes as sent. */
function rawGet(pathAndQuery: string, acceptEncoding: string, init: { method?: string; body?: string } = {}) {
  return rawRequest(`${shop.url}${pathAndQuery}`, {
    ...init,
    headers: { "accept-encoding": acceptEncoding, ...(init.body ? { "content-type": "application/json" } : {}) },
  });
}

describe("the client's hashed assets", () => {
  it("are served from the brotli copy to a browser that accepts it, the gzip copy otherwise, as they are to others", async () => {
    const br = await rawGet("/assets/index-abc123.js", "gzip, deflate, br");
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("Accept-Encoding");
    expect(br.headers["content-type"]).toContain("javascript");
    expect(br.headers["cache-control"]).toContain("immutable");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 10);

    const gz = await rawGet("/assets/index-abc123.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);

    const plain = await rawGet("/assets/index-abc123.js", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it("leaves images as they are", async () => {
    const png = await rawGet("/assets/logo-def456.png", "gzip, br");
    expect(png.status).toBe(200);
    expect(png.headers["content-encoding"]).toBeUndefined();
  });
});

describe("answers compressed on the fly", () => {
  it("compresses the HTML page, JSON and GraphQL answers of 1 kB and more", async () => {
    const page = await rawGet("/shop", "br");
    expect(page.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(page.body).toString()).toContain("<div id=root>");

    const json = await rawGet("/api/products?page=1", "gzip, br");
    expect(json.headers["content-encoding"]).toBe("br");
    expect(json.headers.vary).toContain("Accept-Encoding");
    expect(JSON.parse(zlib.brotliDecompressSync(json.body).toString()).products).toHaveLength(12);

    const graphql = await rawGet("/graphql", "gzip", {
      method: "POST",
      body: JSON.stringify({ query: "{ products(pageSize: 12) { products { id title description } } }" }),
    });
    expect(graphql.status).toBe(200);
    expect(graphql.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(graphql.body).toString()).data.products.products).toHaveLength(12);
  });

  it("sends small answers as they are", async () => {
    const health = await rawGet("/healthz", "gzip, br");
    expect(health.status).toBe(200);
    expect(health.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toEqual({ status: "ok" });
  });
});
