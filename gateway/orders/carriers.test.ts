import { describe, expect, it } from "vitest";
import { OTHER_CARRIER_NEEDS_LINK, knownCarrier, resolveCarrier } from "./carriers.js";

describe("carriers", () => {
  it("knows the listed carriers however they are written", () => {
    expect(["usps", "U.S.P.S.", "ups", "Fed Ex", "FEDEX", "fed-ex", "dhl"].map((name) => knownCarrier(name)?.name)).toEqual(["USPS", "USPS", "UPS", "FedEx", "FedEx", "FedEx", "DHL"]);
    expect(knownCarrier("Royal Mail")).toBeNull();
  });

  it("builds a listed carrier's link from the number, encoded, unless one is given", () => {
    expect(resolveCarrier({ carrier: " ups ", trackingNumber: " 1Z 99&x ", trackingUrl: null }, { linkRequired: true })).toEqual({
      ok: true,
      carrier: "UPS",
      trackingUrl: "https://www.ups.com/track?tracknum=1Z%2099%26x",
    });
    expect(resolveCarrier({ carrier: "DHL", trackingNumber: "1", trackingUrl: "https://dhl.example/1" }, { linkRequired: true })).toMatchObject({ trackingUrl: "https://dhl.example/1" });
  });

  it("keeps another carrier with its link, and refuses it without one where a link is required", () => {
    expect(resolveCarrier({ carrier: "Pigeon", trackingNumber: "P1", trackingUrl: "https://pigeon.example/P1" }, { linkRequired: true })).toEqual({
      ok: true,
      carrier: "Pigeon",
      trackingUrl: "https://pigeon.example/P1",
    });
    expect(resolveCarrier({ carrier: "Pigeon", trackingNumber: "P1", trackingUrl: null }, { linkRequired: true })).toEqual({ ok: false, message: OTHER_CARRIER_NEEDS_LINK });
    expect(resolveCarrier({ carrier: "Pigeon", trackingNumber: "P1", trackingUrl: null }, { linkRequired: false })).toEqual({ ok: true, carrier: "Pigeon", trackingUrl: null });
  });
});
