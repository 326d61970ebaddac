import { describe, expect, it } from "vitest";
import { formatOrderDate, fulfillmentLabel, fulfillmentTimelineStage, orderItemCount } from "./orderStatus";

describe("an order's fulfilment, as the customer reads it (spec §4)", () => {
  it.each([
    ["FULFILLED", "Shipped", "shipped"],
    ["IN_PROGRESS", "Processing", "processing"],
    ["UNFULFILLED", "Pending", "confirmed"],
    ["CANCELLED", "Cancelled", "confirmed"],
    ["SOMETHING_NEW", "Pending", "confirmed"],
    [null, "Pending", "confirmed"],
  ])("%s → %s (timeline: %s)", (status, label, stage) => {
    expect(fulfillmentLabel(status)).toBe(label);
    expect(fulfillmentTimelineStage(status)).toBe(stage);
  });

  it("dates and item counts", () => {
    expect(formatOrderDate("2026-11-22T12:00:00.000Z")).toBe("November 22, 2026");
    expect(formatOrderDate("not a date")).toBe("not a date");
    expect(orderItemCount([{ quantity: 2 }, { quantity: 1 }])).toBe(3);
    expect(orderItemCount([])).toBe(0);
  });
});
