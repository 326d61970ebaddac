import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import type { Services } from "../gateway/services.js";

// The catalog in and out of a spreadsheet, through the real app: the export, the preview (nothing
// written, every error by row and column), the import (all or nothing, one audit entry), and who may.

const OWNER = { email: "olive@shop.example", password: "owner password 1" };
const STAFF = { email: "sam@shop.example", password: "staff password 1" };
const EXPORT = "/api/admin/catalog/products.csv";
const IMPORT = "/api/admin/catalog/import";

let shop: TestGateway;
let services: Services;
let owner: BrowserSession;
let staff: BrowserSession;

const db = () => shop.database.db;

interface Report {
  applied: boolean;
  rowCount: number;
  created: number;
  changed: number;
  unchanged: number;
  products: { row: number; handle: string; title: string; action: string; changes: string[] }[];
  errors: { row: number | null; column: string | null; message: string }[];
  notices: string[];
}

async function signIn(who: { email: string; password: string }): Promise<BrowserSession> {
  const session = new BrowserSession(shop.url);
  const { data } = await session.graphql(`mutation($input: StaffLoginInput!) { staffLogin(input: $input) { userErrors { message } } }`, { input: who });
  expect(data.staffLogin.userErrors).toEqual([]);
  return session;
}

async function exportCsv(as: BrowserSession = owner): Promise<string> {
  const res = await as.fetch(EXPORT);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
  expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.toString("utf8");
}

async function post(body: string | Buffer, options: { apply?: boolean; as?: BrowserSession; type?: string } = {}) {
  const res = await (options.as ?? owner).fetch(`${IMPORT}${options.apply ? "?apply=true" : ""}`, {
    method: "POST",
    headers: { "content-type": options.type ?? "text/csv" },
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function preview(csv: string | Buffer): Promise<Report> {
  const { status, body } = await post(csv);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as Report;
}

async function apply(csv: string | Buffer): Promise<Report> {
  const { status, body } = await post(csv, { apply: true });
  expect(status, JSON.stringify(body)).toBe(200);
  return body as Report;
}

const HEADER = ["Handle", "Title", "Body (HTML)", "Type", "Tags", "Status", "Option1 Name", "Option1 Value", "Variant SKU", "Variant Price", "Variant Compare At Price"];
/** A file of these rows under HEADER (or `header`). */
const csvOf = (rows: string[][], header = HEADER) => stringify([header, ...rows]);

/** Everything an import could write. */
async function snapshot() {
  return {
    products: await db().selectFrom("products").selectAll().orderBy("id").execute(),
    variants: await db().selectFrom("variants").selectAll().orderBy("id").execute(),
    options: await db().selectFrom("product_options").selectAll().orderBy("id").execute(),
    partner: await db().selectFrom("partner_variants").selectAll().orderBy("variant_id").execute(),
    redirects: await db().selectFrom("product_handle_redirects").selectAll().orderBy("handle").execute(),
    audit: await db().selectFrom("audit_log").select(["id"]).orderBy("id").execute(),
  };
}

async function productByHandle(handle: string) {
  const row = await db().selectFrom("products").select("id").where("handle", "=", handle).executeTakeFirst();
  return row ? services.productAdmin.find(row.id) : null;
}

beforeAll(async () => {
  shop = await startTestGateway();
  services = shop.running.gateway.services;
  await services.staff.create({ ...OWNER, name: "Olive Owner", role: "owner" });
  await services.staff.create({ ...STAFF, name: "Sam Staff", role: "staff" });
  owner = await signIn(OWNER);
  staff = await signIn(STAFF);
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

describe("who may move the catalog in and out", () => {
  it("lets only the owner's session export and import: staff, a token, a customer and nobody are refused before the body is read", async () => {
    const token = (await services.apiTokens.create({ name: "feed", scopes: ["catalog:read", "catalog:write"] }, { staffId: null, actor: "system" })).token;
    const customer = new BrowserSession(shop.url);
    expect((await customer.register({ name: "Cass", email: "cass@example.com", password: "password123" })).status).toBe(201);
    await customer.login("cass@example.com", "password123");
    const file = csvOf([["guard-tee", "Guard Tee", "", "", "", "draft", "Title", "Default Title", "", "10.00", ""]]);
    const before = await snapshot();

    expect((await fetch(shop.url + EXPORT)).status).toBe(401);
    expect((await fetch(shop.url + EXPORT, { headers: { authorization: `Bearer ${token}` } })).status).toBe(403);
    expect((await staff.fetch(EXPORT)).status).toBe(403);
    expect((await customer.fetch(EXPORT)).status).toBe(403);
    const refused = await fetch(`${shop.url}${IMPORT}?apply=true`, { method: "POST", headers: { "content-type": "text/csv", authorization: `Bearer ${token}` }, body: file });
    expect(refused.status).toBe(403);
    expect((await fetch(`${shop.url}${IMPORT}?apply=true`, { method: "POST", headers: { "content-type": "text/csv" }, body: file })).status).toBe(401);
    const byStaff = await post(file, { apply: true, as: staff });
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.error).toBe("Only the shop's owner may do this");
    expect((await post(file, { apply: true, as: customer })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe("the export", () => {
  it("holds every product in every status by handle, one row per variant, product fields on the first row", async () => {
    const draft = await services.productAdmin.create(
      {
        title: "Draft, \"Quoted\" Mug",
        handle: "aaa-draft-mug",
        status: "DRAFT",
        descriptionHtml: "<p>Line one</p>\n<p>Line two</p>",
        tags: ["Mugs", "New"],
        options: [{ name: "Size", values: ["11oz", "15oz"] }],
        variants: [
          { optionValues: ["15oz"], priceCents: 1899, compareAtCents: 2200, sku: "MUG-15", availableForSale: true, imageId: null, partnerVariantId: "4012" },
          { optionValues: ["11oz"], priceCents: 1599, compareAtCents: null, sku: "MUG-11", availableForSale: false, imageId: null, partnerVariantId: null },
        ],
      },
      "test",
    );
    const text = await exportCsv();
    expect(text.startsWith("\uFEFFHandle,Title,Body (HTML),Type,Tags,Status,Customizable,Fulfillment Partner,SEO Title,SEO Description,Option1 Name,Option1 Value")).toBe(true);
    expect(text).toContain("\r\n");
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    const handles = rows.map((r) => r.Handle!);
    expect(handles).toEqual([...handles].sort());
    const total = await db().selectFrom("variants").select((eb) => eb.fn.countAll<number>().as("n")).where("archived_at", "is", null).executeTakeFirstOrThrow();
    expect(rows.length).toBe(Number(total.n));
    const mug = rows.filter((r) => r.Handle === draft.handle);
    expect(mug).toEqual([
      expect.objectContaining({
        Title: 'Draft, "Quoted" Mug',
        "Body (HTML)": "<p>Line one</p>\n<p>Line two</p>",
        Tags: "Mugs, New",
        Status: "draft",
        Customizable: "FALSE",
        "Option1 Name": "Size",
        "Option1 Value": "15oz",
        "Variant SKU": "MUG-15",
        "Variant Price": "18.99",
        "Variant Compare At Price": "22.00",
        "Variant Available": "TRUE",
        "Variant Printful ID": "4012",
      }),
      expect.objectContaining({ Title: "", Tags: "", Status: "", "Option1 Name": "", "Option1 Value": "11oz", "Variant Price": "15.99", "Variant Available": "FALSE", "Variant Printful ID": "" }),
    ]);
    const single = rows.find((r) => r.Title && r["Option1 Name"] === "Title");
    expect(single?.["Option1 Value"]).toBe("Default Title");
  });

  it("imports back unchanged: nothing written, nothing audited, nothing announced", async () => {
    const text = await exportCsv();
    const before = await snapshot();
    let announced = 0;
    services.catalogCache.onClear(() => announced++);
    const seen = await preview(text);
    expect(seen.errors).toEqual([]);
    expect(seen.products.filter((p) => p.action !== "UNCHANGED")).toEqual([]);
    expect(seen.created + seen.changed).toBe(0);
    expect(seen.unchanged).toBeGreaterThan(20);
    expect(seen.products.filter((p) => p.action !== "UNCHANGED")).toEqual([]);
    const done = await apply(text);
    expect(done).toMatchObject({ applied: false, created: 0, changed: 0, errors: [] });
    expect(await snapshot()).toEqual(before);
    expect(announced).toBe(0);
  });
});

describe("the import", () => {
  it("previews creates and changes without writing, then applies them all in one write with one audit entry", async () => {
    await services.productAdmin.create(
      {
        title: "Veto Tee",
        handle: "veto-tee",
        status: "DRAFT",
        options: [{ name: "Size", values: ["S", "M"] }],
        variants: [
          { optionValues: ["S"], priceCents: 2000, compareAtCents: null, sku: "VETO-S", availableForSale: true, imageId: null, partnerVariantId: null },
          { optionValues: ["M"], priceCents: 2100, compareAtCents: null, sku: "VETO-M", availableForSale: true, imageId: null, partnerVariantId: null },
        ],
      },
      "test",
    );
    const veto = (await productByHandle("veto-tee"))!;
    const file = csvOf([
      ["veto-tee", "Veto Tee", "", "T-Shirt", "Congress, New", "active", "Size", "M", "VETO-M", "22.50", "25.00"],
      ["veto-tee", "", "", "", "", "", "", "L", "VETO-L", "23.00", ""],
      ["import-cap", "Import Cap", "<p>A cap.</p>", "Hat", "Hats", "active", "Color", "Red", "CAP-R", "18.00", ""],
      ["import-cap", "", "", "", "", "", "", "Blue", "CAP-B", "18.00", ""],
      ["import-pin", "Import Pin", "", "", "", "", "Title", "Default Title", "PIN-1", "5.00", ""],
    ]);
    const before = await snapshot();
    const seen = await preview(file);
    expect(seen.errors).toEqual([]);
    expect(seen).toMatchObject({ applied: false, rowCount: 5, created: 2, changed: 1 });
    const change = seen.products.find((p) => p.handle === "veto-tee")!;
    expect(change.action).toBe("UPDATE");
    expect(change.changes).toEqual(
      expect.arrayContaining([
        'Type: "" → "T-Shirt"',
        'Tags: "" → "Congress, New"',
        "Status: draft → active",
        "Variant M: Variant Price 21.00 → 22.50; Variant Compare At Price none → 25.00",
        "Variant added: L",
        "Variant removed: S",
      ]),
    );
    expect(await snapshot()).toEqual(before);

    const done = await apply(file);
    expect(done).toMatchObject({ applied: true, created: 2, changed: 1, errors: [] });
    const updated = (await productByHandle("veto-tee"))!;
    expect(updated.id).toBe(veto.id);
    expect(updated.status).toBe("ACTIVE");
    expect(updated.options).toEqual([expect.objectContaining({ name: "Size", values: ["M", "L"] })]);
    expect(updated.variants.map((v) => [v.title, v.sku, v.priceCents, v.compareAtCents])).toEqual([
      ["M", "VETO-M", 2250, 2500],
      ["L", "VETO-L", 2300, null],
    ]);
    expect(updated.variants[0]!.id).toBe(veto.variants.find((v) => v.sku === "VETO-M")!.id);
    const cap = (await productByHandle("import-cap"))!;
    expect(cap).toMatchObject({ title: "Import Cap", status: "ACTIVE", productType: "Hat", tags: ["Hats"], descriptionHtml: "<p>A cap.</p>" });
    const pin = (await productByHandle("import-pin"))!;
    expect(pin).toMatchObject({ status: "DRAFT", options: [] });
    expect(pin.variants.map((v) => v.title)).toEqual(["Default Title"]);
    const audit = await db().selectFrom("audit_log").select(["action", "actor", "details"]).where("action", "=", "catalog_imported").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe("staff:olive@shop.example");
    expect(audit[0]!.details).toContain('created: "Import Cap" (import-cap), "Import Pin" (import-pin)');
    expect(audit[0]!.details).toContain('changed: "Veto Tee" (veto-tee)');
    // Shoppers see it on their next request.
    const { data } = await shop.graphql(`query { product(handle: "import-cap") { title } }`);
    expect(data.product.title).toBe("Import Cap");
    // The same file again changes nothing.
    expect(await apply(file)).toMatchObject({ applied: false, created: 0, changed: 0, unchanged: 3 });
  });

  it("names every bad row by row and column and writes nothing, in the preview and in the import", async () => {
    await services.productAdmin.create(
      {
        title: "Taken Sku Tee",
        handle: "taken-sku-tee",
        variants: [{ optionValues: [], priceCents: 1000, compareAtCents: null, sku: "TAKEN-1", availableForSale: true, imageId: null, partnerVariantId: null }],
      },
      "test",
    );
    const file = csvOf([
      ["good-one", "Good One", "", "", "", "draft", "Title", "Default Title", "", "10.00", ""],
      ["Bad Handle", "Bad", "", "", "", "", "", "", "", "10.00", ""],
      ["no-price", "No Price", "", "", "", "", "Title", "Default Title", "", "ten", ""],
      ["bad-status", "Bad Status", "", "", "", "live", "Title", "Default Title", "", "10.00", ""],
      ["no-title", "", "", "", "", "", "Title", "Default Title", "", "10.00", ""],
      ["cheap-compare", "Cheap Compare", "", "", "", "", "Title", "Default Title", "", "10.00", "9.00"],
      ["sku-clash", "Sku Clash", "", "", "", "", "Title", "Default Title", "TAKEN-1", "10.00", ""],
      ["two-sizes", "Two Sizes", "", "", "", "", "Size", "S", "", "10.00", ""],
      ["two-sizes", "Other Title", "", "", "", "", "", "S", "", "11.00", ""],
    ]);
    const before = await snapshot();
    const seen = await preview(file);
    expect(seen.errors).toEqual([
      { row: 3, column: "Handle", message: expect.stringMatching(/^Handle must be lower-case letters/) },
      { row: 4, column: "Variant Price", message: "Variant Price must be an amount in dollars and cents, e.g. 24.99" },
      { row: 5, column: "Status", message: "Status must be active, draft or archived" },
      { row: 6, column: "Title", message: "Title must not be blank" },
      { row: 7, column: "Variant Compare At Price", message: expect.stringMatching(/^The compare-at price must be more than the price/) },
      { row: 8, column: "Variant SKU", message: `Another product's variant already has the SKU "TAKEN-1"` },
      { row: 10, column: "Title", message: "Title differs from the product's first row (row 9); a product's fields go on its first row" },
      { row: 10, column: "Option1 Value", message: "Rows 9 and 10 are the same variant (S)" },
    ]);
    expect(await snapshot()).toEqual(before);
    const done = await apply(file);
    expect(done.applied).toBe(false);
    expect(done.errors.length).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
  });

  it("reads quoting, embedded newlines and commas, a UTF-8 byte-order mark and CRLF line ends", async () => {
    const rows = [
      ["quoted-tee", 'The "Best", Tee', "<p>One</p>\r\n<p>Two, three</p>", "T-Shirt", "A, B", "draft", "Title", "Default Title", "Q-1", "12.00", ""],
    ];
    const file = "\uFEFF" + stringify([HEADER, ...rows], { record_delimiter: "windows" });
    expect(file).toContain('"The ""Best"", Tee"');
    const done = await apply(file);
    expect(done.errors).toEqual([]);
    expect(done.created).toBe(1);
    const tee = (await productByHandle("quoted-tee"))!;
    expect(tee).toMatchObject({ title: 'The "Best", Tee', tags: ["A", "B"], productType: "T-Shirt" });
    expect(tee.descriptionHtml).toContain("Two, three");
    expect(tee.variants[0]!.sku).toBe("Q-1");
  });

  it("ignores image columns (never fetched) and unknown ones, saying so", async () => {
    const header = [...HEADER, "Image Src", "Vendor"];
    const file = csvOf([["image-tee", "Image Tee", "", "", "", "draft", "Title", "Default Title", "", "10.00", "", "http://127.0.0.1:9/never.png", "Acme"]], header);
    const seen = await preview(file);
    expect(seen.errors).toEqual([]);
    expect(seen.notices).toEqual([
      "Images are not fetched from a CSV file; upload them in the product editor (ignored: Image Src).",
      "Columns the shop does not keep were ignored: Vendor.",
    ]);
  });

  it("takes a 5,000-variant file whole, and exports it back unchanged", async () => {
    const rows: string[][] = [];
    for (let p = 0; p < 500; p++) {
      for (let v = 0; v < 10; v++) {
        rows.push([`bulk-${p}`, v === 0 ? `Bulk Product ${p}` : "", "", "", "", v === 0 ? "active" : "", v === 0 ? "Size" : "", `S${v}`, `BULK-${p}-${v}`, `${10 + v}.00`, ""]);
      }
    }
    const file = csvOf(rows);
    const done = await apply(file);
    expect(done.errors).toEqual([]);
    expect(done).toMatchObject({ applied: true, rowCount: 5000, created: 500 });
    const count = await db()
      .selectFrom("variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("p.handle", "like", "bulk-%")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(5000);
    const again = await preview(await exportCsv());
    expect(again.errors).toEqual([]);
    expect(again.created + again.changed).toBe(0);
  }, 300_000);
});

describe("imports at once", () => {
  it("two owners applying the same new products at once: one creates them, the other then finds them unchanged", async () => {
    const file = csvOf([
      ["race-tee", "Race Tee", "", "", "", "draft", "Title", "Default Title", "RACE-1", "10.00", ""],
      ["race-mug", "Race Mug", "", "", "", "draft", "Title", "Default Title", "RACE-2", "12.00", ""],
    ]);
    const second = await signIn(OWNER);
    const [a, b] = await Promise.all([post(file, { apply: true }), post(file, { apply: true, as: second })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const reports = [a.body, b.body] as Report[];
    expect(reports.map((r) => r.created).sort()).toEqual([0, 2]);
    expect(reports.find((r) => r.created === 0)).toMatchObject({ applied: false, unchanged: 2, errors: [] });
    const made = await db().selectFrom("products").select("handle").where("handle", "in", ["race-tee", "race-mug"]).execute();
    expect(made).toHaveLength(2);
    const audit = await db().selectFrom("audit_log").select("details").where("action", "=", "catalog_imported").where("details", "like", "%race-tee%").execute();
    expect(audit).toHaveLength(1);
  });
});

describe("hostile files", () => {
  it("refuses an oversized body by its length, and a body that is not text/csv", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x61);
    const res = await post(big);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe("The file is larger than 10 MB");
    const wrongType = await post("Handle\n", { type: "application/json" });
    expect(wrongType.status).toBe(400);
  });

  it("refuses binary data, text that is not UTF-8, a file without the needed columns, and too many rows, by the whole file", async () => {
    const before = await snapshot();
    expect((await preview(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]))).errors).toEqual([{ row: null, column: null, message: "This is not a CSV file: it holds binary data" }]);
    expect((await preview(Buffer.from([0x48, 0xff, 0xfe, 0x0a])))).toMatchObject({ errors: [{ message: expect.stringMatching(/not UTF-8/) }] });
    expect((await preview("Title,Price\nA,1\n")).errors[0]!.message).toBe("The header must have the columns Handle, Variant Price (the first row names the columns)");
    expect((await preview('Handle,Variant Price\n"open,1\n')).errors[0]!.message).toMatch(/^The file is not valid CSV near line/);
    const many = csvOf(Array.from({ length: 10_001 }, (_, i) => [`h-${i}`, "T", "", "", "", "", "Title", "Default Title", "", "1.00", ""]));
    expect((await apply(many)).errors[0]!.message).toMatch(/more than 10000 rows/);
    expect(await snapshot()).toEqual(before);
  });

  it("keeps formula cells as text, and exports them escaped so a spreadsheet will not run them", async () => {
    const file = csvOf([["formula-tee", '=HYPERLINK("http://evil.example","click")', "", "@SUM(1)", "+1, -2", "draft", "Title", "Default Title", "-SKU", "10.00", ""]]);
    const done = await apply(file);
    expect(done.errors).toEqual([]);
    const tee = (await productByHandle("formula-tee"))!;
    expect(tee.title).toBe('=HYPERLINK("http://evil.example","click")');
    expect(tee.productType).toBe("@SUM(1)");
    expect(tee.variants[0]!.sku).toBe("-SKU");
    const rows = parse(await exportCsv(), { bom: true, columns: true }) as Record<string, string>[];
    const row = rows.find((r) => r.Handle === "formula-tee")!;
    expect(row.Title).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(row.Type).toBe("'@SUM(1)");
    expect(row["Variant SKU"]).toBe("'-SKU");
    expect(row.Tags).toBe("'+1, -2");
    // …and the escaped export imports back unchanged.
    const again = await preview(await exportCsv());
    expect(again.products.find((p) => p.handle === "formula-tee")?.action).toBe("UNCHANGED");
  });

  it("refuses a handle whose rows are split apart, and a handle another product redirects from", async () => {
    const moved = await services.productAdmin.create(
      { title: "Moved Tee", handle: "old-moved-tee", variants: [{ optionValues: [], priceCents: 1000, compareAtCents: null, sku: "", availableForSale: true, imageId: null, partnerVariantId: null }] },
      "test",
    );
    await services.productAdmin.update(moved.id, { handle: "new-moved-tee" }, "test");
    const before = await snapshot();
    const file = csvOf([
      ["split-tee", "Split Tee", "", "", "", "", "Size", "S", "", "10.00", ""],
      ["other-tee", "Other Tee", "", "", "", "", "Title", "Default Title", "", "10.00", ""],
      ["split-tee", "", "", "", "", "", "", "M", "", "10.00", ""],
      ["old-moved-tee", "Thief", "", "", "", "", "Title", "Default Title", "", "10.00", ""],
    ]);
    const done = await apply(file);
    expect(done.applied).toBe(false);
    expect(done.errors).toEqual([
      { row: 4, column: "Handle", message: '"split-tee" already had rows from row 2: a product\'s rows must come together' },
      { row: 5, column: "Handle", message: '"old-moved-tee" was the handle of "Moved Tee", now "new-moved-tee" (its old links lead there): use its current handle, or choose another' },
    ]);
    expect(await snapshot()).toEqual(before);
  });
});
