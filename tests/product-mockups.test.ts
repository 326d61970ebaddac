import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSeedData } from "../gateway/seed/data/index.js";
import { applySeed } from "../gateway/seed/seed.js";
import { startTestGateway, type TestGateway } from "./support/gateway.js";

// What the design studio draws on: every customisable product's print area and blank mock-ups, as
// the seed gives them and as shoppers read them (GraphQL's Product and REST's product).
let shop: TestGateway;

const db = () => shop.database.db;

const STUDIO_PRODUCT = `query($id: ID!) { product(id: $id) {
  id customizable options { name values }
  printArea { x y width height widthInches heightInches printWidthPx printHeightPx }
  mockups { color url width height }
} }`;

beforeAll(async () => {
  shop = await startTestGateway();
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

describe("the seed's print areas and blank mock-ups", () => {
  it("gives every customisable product a print area whose rectangle has the inches' shape, and one blank per Color value", async () => {
    const seed = buildSeedData();
    const customisable = seed.products.filter((p) => p.customizable);
    expect(customisable.length).toBeGreaterThanOrEqual(10);
    const paths = new Map(seed.media.map((m) => [m.path, m]));
    for (const product of seed.products) {
      if (!product.customizable) {
        expect({ handle: product.handle, printArea: product.printArea, mockups: product.mockups }).toEqual({ handle: product.handle, printArea: null, mockups: [] });
        continue;
      }
      const area = product.printArea!;
      expect(area.x + area.width).toBeLessThanOrEqual(1);
      expect(area.y + area.height).toBeLessThanOrEqual(1);
      // The mock-ups are square (800 × 800): the rectangle's shape is width / height of the fractions.
      const shape = area.width / area.height;
      const inches = area.widthInches / area.heightInches;
      expect(Math.abs(shape / inches - 1), product.handle).toBeLessThanOrEqual(0.02);
      const colors = product.options.find((o) => o.name === "Color")?.values ?? [null];
      expect(product.mockups.map((m) => m.color)).toEqual(colors);
      for (const mockup of product.mockups) {
        const media = paths.get(mockup.path);
        expect(media?.contentType).toBe("image/svg+xml");
        expect(media?.body).toMatch(/^<svg [^>]*width="800" height="800"/);
        expect(mockup).toMatchObject({ width: 800, height: 800 });
      }
    }
  });

  it("answers them to shoppers: product(id:) in GraphQL and GET /api/products/{handle}", async () => {
    const products = await db().selectFrom("products").select(["id", "handle", "customizable"]).where("status", "=", "ACTIVE").execute();
    for (const row of products) {
      const { data, errors } = await shop.graphql(STUDIO_PRODUCT, { id: row.id });
      expect(errors).toBeUndefined();
      const product = data.product;
      if (!row.customizable) {
        expect(product.printArea).toBeNull();
        expect(product.mockups).toEqual([]);
        continue;
      }
      expect(product.printArea, row.handle).not.toBeNull();
      expect(product.printArea.printWidthPx).toBe(Math.round(product.printArea.widthInches * 300));
      expect(product.printArea.printHeightPx).toBe(Math.round(product.printArea.heightInches * 300));
      const colors = product.options.find((o: { name: string }) => o.name === "Color")?.values ?? [null];
      expect(product.mockups.map((m: { color: string | null }) => m.color)).toEqual(colors);
      for (const mockup of product.mockups) {
        expect(mockup.url).toMatch(/^\/media\/mockups\/[a-z0-9-]+\.svg$/);
        const served = await fetch(shop.url + mockup.url);
        expect(served.status).toBe(200);
        expect(served.headers.get("content-type")).toContain("image/svg+xml");
      }
      const rest = await shop.rest(`/api/products/${row.handle}`);
      expect(rest.status).toBe(200);
      expect(rest.body.printArea).toEqual(product.printArea);
      expect(rest.body.mockups).toEqual(product.mockups);
    }
  });

  it("puts a t-shirt's print area where its photos carry the design: 11 × 12.6 in, a 3300 × 3780 px print file", async () => {
    const tee = await db().selectFrom("products").select("id").where("handle", "=", "i-survived-the-subcommittee-tee").executeTakeFirstOrThrow();
    const { data } = await shop.graphql(STUDIO_PRODUCT, { id: tee.id });
    expect(data.product.printArea).toEqual({ x: 0.3275, y: 0.29, width: 0.345, height: 0.395, widthInches: 11, heightInches: 12.6, printWidthPx: 3300, printHeightPx: 3780 });
    expect(data.product.mockups).toEqual([
      { color: "Black", url: "/media/mockups/i-survived-the-subcommittee-tee-black.svg", width: 800, height: 800 },
      { color: "Navy", url: "/media/mockups/i-survived-the-subcommittee-tee-navy.svg", width: 800, height: 800 },
      { color: "Heather Grey", url: "/media/mockups/i-survived-the-subcommittee-tee-heather-grey.svg", width: 800, height: 800 },
    ]);
  });

  it("reach a shop seeded before they existed once, and never bring back what staff removed", async () => {
    const data = buildSeedData();
    const mug = data.products.find((p) => p.handle === "filibuster-fuel-mug")!;
    const cap = data.products.find((p) => p.handle === "term-limits-for-meetings-cap")!;
    const ids = new Map((await db().selectFrom("products").select(["id", "handle"]).where("handle", "in", [mug.handle, cap.handle]).execute()).map((r) => [r.handle, r.id]));
    // As a shop seeded before print areas: neither product has any, and the seed never recorded them.
    for (const id of ids.values()) {
      await db().deleteFrom("product_mockups").where("product_id", "=", id).execute();
      await db()
        .updateTable("products")
        .set({ print_area_x: null, print_area_y: null, print_area_width: null, print_area_height: null, print_width_hundredths: null, print_height_hundredths: null })
        .where("id", "=", id)
        .execute();
    }
    await db().deleteFrom("seed_fixtures").where("kind", "=", "mockup").where("key", "in", [mug.handle, cap.handle]).execute();
    await db().deleteFrom("app_state").where("key", "=", "seed.fingerprint").execute();

    expect((await applySeed(db(), data)).applied).toBe(true);
    const mockupsOf = async (handle: string) =>
      (await db().selectFrom("product_mockups").select("color").where("product_id", "=", ids.get(handle)!).orderBy("color").execute()).map((r) => r.color);
    expect(await mockupsOf(mug.handle)).toEqual([""]);
    expect(await mockupsOf(cap.handle)).toEqual([...cap.options.find((o) => o.name === "Color")!.values].sort());
    const capRow = await db().selectFrom("products").select(["print_width_hundredths", "print_height_hundredths"]).where("id", "=", ids.get(cap.handle)!).executeTakeFirstOrThrow();
    expect(capRow).toEqual({ print_width_hundredths: 400, print_height_hundredths: 240 });

    // Staff remove the mug's blank and the cap's print area; a later deploy with a changed seed leaves both so.
    await db().deleteFrom("product_mockups").where("product_id", "=", ids.get(mug.handle)!).execute();
    await db()
      .updateTable("products")
      .set({ print_area_x: null, print_area_y: null, print_area_width: null, print_area_height: null, print_width_hundredths: null, print_height_hundredths: null })
      .where("id", "=", ids.get(cap.handle)!)
      .execute();
    data.products[0]!.title = "A revised fixture";
    expect((await applySeed(db(), data)).applied).toBe(true);
    expect(await mockupsOf(mug.handle)).toEqual([]);
    expect((await db().selectFrom("products").select("print_area_x").where("id", "=", ids.get(cap.handle)!).executeTakeFirstOrThrow()).print_area_x).toBeNull();
  });
});
