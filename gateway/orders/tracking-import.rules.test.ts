import { describe, expect, it } from "vitest";
import { MAX_TRACKING_CSV_BYTES, parseOrderNumber, parseTrackingCsv, planTrackingImport, type ImportOrderState, type TrackingCsvRow } from "./tracking-import.rules.js";

const rowsOf = (text: string | Buffer) => {
  const parsed = parseTrackingCsv(text);
  if ("error" in parsed) throw new Error(parsed.error);
  return parsed.rows;
};
const errorOf = (text: string | Buffer) => {
  const parsed = parseTrackingCsv(text);
  return "error" in parsed ? parsed.error : null;
};

describe("parseTrackingCsv: the file read into rows", () => {
  it("reads order number, carrier and tracking number, '#1004' or '1004', trimmed, the url optional", () => {
    expect(rowsOf("order number,carrier,tracking number\n#1004, UPS ,1Z999 \n 1005,usps,9400\n")).toEqual([
      { row: 2, orderText: "#1004", orderNumber: 1004, carrier: "UPS", trackingNumber: "1Z999", trackingUrl: null },
      { row: 3, orderText: "1005", orderNumber: 1005, carrier: "usps", trackingNumber: "9400", trackingUrl: null },
    ]);
  });

  it("takes a byte-order mark, CRLF, quoted fields, the columns in any order and a fourth url column", () => {
    const file = '\uFEFFCarrier,Order_Number,"Tracking Number",Tracking URL\r\n"Royal Mail","#1006","RM 1, box ""A""",https://rm.example/t?n=1\r\n\r\nDHL,1007,JD1,\r\n';
    expect(rowsOf(Buffer.from(file, "utf8"))).toEqual([
      { row: 2, orderText: "#1006", orderNumber: 1006, carrier: "Royal Mail", trackingNumber: 'RM 1, box "A"', trackingUrl: "https://rm.example/t?n=1" },
      { row: 4, orderText: "1007", orderNumber: 1007, carrier: "DHL", trackingNumber: "JD1", trackingUrl: null },
    ]);
  });

  it("keeps a row whose order number is not one, for the plan to name", () => {
    expect(rowsOf("order,carrier,tracking\nabc,UPS,1\n,UPS,2\n")).toMatchObject([
      { orderText: "abc", orderNumber: null },
      { orderText: "", orderNumber: null },
    ]);
    expect(parseOrderNumber("# 1004")).toBe(1004);
    expect(parseOrderNumber("1004.5")).toBeNull();
    expect(parseOrderNumber("10000000000")).toBeNull();
  });

  it("refuses the whole file: empty, no rows, a column missing, too many rows, too large, not CSV, not UTF-8", () => {
    expect(errorOf("")).toBe("The file is empty");
    expect(errorOf("\r\n \r\n")).toBe("The file is empty");
    expect(errorOf("order number,carrier,tracking number\r\n")).toBe("The file has a header but no rows");
    expect(errorOf("order number,tracking number\n1004,1Z\n")).toMatch(/missing: carrier$/);
    expect(errorOf("1004,UPS,1Z\n")).toMatch(/missing: order number, carrier, tracking number$/);
    const rows = (n: number) => "order,carrier,tracking\n" + Array.from({ length: n }, (_, i) => `${i + 1},UPS,${i}\n`).join("");
    expect(rowsOf(rows(1000))).toHaveLength(1000);
    expect(errorOf(rows(1001))).toBe("The file has more than 1000 rows beside the header: split it into smaller files");
    expect(errorOf("order,carrier,tracking\n1,UPS," + "x".repeat(MAX_TRACKING_CSV_BYTES))).toBe("The file is larger than 1 MB: split it into smaller files");
    expect(errorOf('order,carrier,tracking\n1,"UPS,1\n')).toMatch(/^The file is not valid CSV/);
    expect(errorOf(Buffer.from([0x6f, 0x72, 0x64, 0x00, 0x0a]))).toBe("This is not a CSV file: it holds binary data");
    expect(errorOf(Buffer.from([0x6f, 0xff, 0xfe, 0x0a]))).toMatch(/not UTF-8/);
  });
});

describe("planTrackingImport: what each row does", () => {
  const order = (orderNumber: number, fulfillmentStatus: ImportOrderState["fulfillmentStatus"], tracking: [string, string] | null = null): ImportOrderState => ({
    id: `id-${orderNumber}`,
    orderNumber,
    fulfillmentStatus,
    carrier: tracking?.[0] ?? null,
    trackingNumber: tracking?.[1] ?? null,
  });
  const orders = new Map(
    [order(1, "UNFULFILLED"), order(2, "IN_PROGRESS"), order(3, "CANCELLED"), order(4, "FULFILLED", ["UPS", "1Z4"]), order(5, "FULFILLED", ["UPS", "1Z5"]), order(6, "UNFULFILLED")].map(
      (o) => [o.orderNumber, o] as const,
    ),
  );
  const row = (n: number, orderText: string, carrier: string, trackingNumber: string, trackingUrl: string | null = null): TrackingCsvRow => ({
    row: n,
    orderText,
    orderNumber: parseOrderNumber(orderText),
    carrier,
    trackingNumber,
    trackingUrl,
  });

  it("ships an order not yet shipped, with the carrier's own spelling and link", () => {
    expect(planTrackingImport([row(2, "#1", "ups", "1Z1"), row(3, "2", "Royal Mail", "RM2", "https://rm.example/RM2")], orders)).toEqual([
      { row: 2, orderText: "#1", orderNumber: 1, orderId: "id-1", carrier: "UPS", trackingNumber: "1Z1", trackingUrl: "https://www.ups.com/track?tracknum=1Z1", action: "SHIP", message: "Will ship with UPS 1Z1" },
      { row: 3, orderText: "2", orderNumber: 2, orderId: "id-2", carrier: "Royal Mail", trackingNumber: "RM2", trackingUrl: "https://rm.example/RM2", action: "SHIP", message: "Will ship with Royal Mail RM2" },
    ]);
  });

  it("leaves an order shipped with the same tracking unchanged; names one shipped with another", () => {
    const [same, other] = planTrackingImport([row(2, "4", "UPS", "1Z4"), row(3, "5", "UPS", "1Z-other")], orders);
    expect(same).toMatchObject({ action: "UNCHANGED", message: "Already shipped with this tracking", orderId: "id-4" });
    expect(other).toMatchObject({ action: "ERROR", message: "Already shipped with UPS 1Z5: to correct it, use the order's page" });
  });

  it("names each row's error", () => {
    const planned = planTrackingImport(
      [
        row(2, "99", "UPS", "1"),
        row(3, "3", "UPS", "1"),
        row(4, "6", "UPS", "1"),
        row(5, "#6", "UPS", "2"),
        row(6, "1", "", "1"),
        row(7, "1", "UPS", " "),
        row(8, "2", "Royal Mail", "RM"),
        row(9, "1", "UPS", "1", "ftp://x.example/1"),
        row(10, "x1", "UPS", "1"),
        row(11, "", "UPS", "1"),
      ],
      orders,
    );
    expect(planned.map((p) => [p.row, p.action, p.message])).toEqual([
      [2, "ERROR", "No order has the number #99"],
      [3, "ERROR", "Order #3 is cancelled"],
      [4, "ERROR", "Order #6 is in the file more than once (rows 4, 5)"],
      [5, "ERROR", "Order #6 is in the file more than once (rows 4, 5)"],
      [6, "ERROR", "Order #1 is in the file more than once (rows 6, 7, 9)"],
      [7, "ERROR", "Order #1 is in the file more than once (rows 6, 7, 9)"],
      [8, "ERROR", '"Royal Mail" is not one of USPS, UPS, FedEx, DHL: give its tracking URL'],
      [9, "ERROR", "Order #1 is in the file more than once (rows 6, 7, 9)"],
      [10, "ERROR", '"x1" is not an order number'],
      [11, "ERROR", "The order number is missing"],
    ]);
    expect(planTrackingImport([row(2, "1", "", "1")], orders)[0]!.message).toBe("The carrier is missing");
    expect(planTrackingImport([row(2, "1", "UPS", "")], orders)[0]!.message).toBe("The tracking number is missing");
    expect(planTrackingImport([row(2, "1", "UPS", "1", "ftp://x.example/1")], orders)[0]!.message).toBe('The tracking URL "ftp://x.example/1" is not an http or https address');
  });
});
