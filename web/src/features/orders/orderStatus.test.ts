import { describe, expect, it, vi } from "vitest";
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

describe("the date formatter", () => {
  it("is made on the first date shown, not when the module is evaluated (the checkout success page shows none)", async () => {
    vi.resetModules();
    const Real = Intl.DateTimeFormat;
    let made = 0;
    Intl.DateTimeFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made++;
      }
    } as typeof Intl.DateTimeFormat;
    try {
      const fresh = await import("./orderStatus");
      expect(fresh.fulfillmentTimelineStage("IN_PROGRESS")).toBe("processing");
      expect(made).toBe(0);
      expect(fresh.formatOrderDate("2026-11-22T12:00:00.000Z")).toBe("November 22, 2026");
      expect(fresh.formatOrderDate("2026-11-23T12:00:00.000Z")).toBe("November 23, 2026");
      expect(made).toBe(1);
    } finally {
      Intl.DateTimeFormat = Real;
    }
  });
});
