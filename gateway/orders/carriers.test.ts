import { describe, expect, it } from "vitest";
import { CARRIERS, checkTracking, knownCarrier, otherCarrierNeedsLink, resolveCarrier } from "./carriers.js";

describe("checkTracking: a carrier's name and tracking link", () => {
  it("builds a known carrier's link from its template, in its own spelling whatever the case", () => {
    expect(checkTracking("usps", "9400 1000", null)).toEqual({ carrier: "USPS", trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000" });
    expect(checkTracking(" ups ", "1Z999AA10123456784")).toEqual({ carrier: "UPS", trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784" });
    expect(checkTracking("FEDEX", "7489", "")).toEqual({ carrier: "FedEx", trackingUrl: "https://www.fedex.com/fedextrack/?trknbr=7489" });
    expect(checkTracking("Dhl", "JD01&x=1")).toEqual({
      carrier: "DHL",
      trackingUrl: "https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD01%26x%3D1",
    });
  });

  it("keeps a link given for a known carrier (normalised)", () => {
    expect(checkTracking("UPS", "1Z", " https://ups.example/T?n=1Z ")).toEqual({ carrier: "UPS", trackingUrl: "https://ups.example/T?n=1Z" });
  });

  it("takes any other carrier with an http or https link, under the name given", () => {
    expect(checkTracking(" Royal Mail ", "RM123", "https://www.royalmail.com/track-your-item#/tracking-results/RM123")).toEqual({
      carrier: "Royal Mail",
      trackingUrl: "https://www.royalmail.com/track-your-item#/tracking-results/RM123",
    });
    expect(checkTracking("Local courier", "42", "http://courier.example/42")).toEqual({ carrier: "Local courier", trackingUrl: "http://courier.example/42" });
  });

  it("refuses another carrier without a link", () => {
    expect(checkTracking("Royal Mail", "RM123", "  ")).toEqual({ error: '"Royal Mail" is not one of USPS, UPS, FedEx, DHL: give its tracking URL' });
  });

  it("refuses a link that is not http or https", () => {
    expect(checkTracking("Royal Mail", "RM123", "ftp://royalmail.example/RM123")).toEqual({ error: 'The tracking URL "ftp://royalmail.example/RM123" is not an http or https address' });
    expect(checkTracking("UPS", "1Z", "javascript:alert(1)")).toEqual({ error: 'The tracking URL "javascript:alert(1)" is not an http or https address' });
    expect(checkTracking("UPS", "1Z", "not a url")).toHaveProperty("error");
    expect(checkTracking("UPS", "1Z", `https://ups.example/${"a".repeat(2000)}`)).toHaveProperty("error");
  });

  it("names what is missing or too long", () => {
    expect(checkTracking("", " ")).toEqual({ error: "The carrier and the tracking number are missing" });
    expect(checkTracking(null, "1Z")).toEqual({ error: "The carrier is missing" });
    expect(checkTracking("UPS", undefined)).toEqual({ error: "The tracking number is missing" });
    expect(checkTracking("x".repeat(101), "1", "https://x.example")).toEqual({ error: "The carrier's name is longer than 100 characters" });
    expect(checkTracking("UPS", "1".repeat(101))).toEqual({ error: "The tracking number is longer than 100 characters" });
  });

  it("lists each carrier once, each template with its number's place", () => {
    expect(CARRIERS.map((c) => c.name)).toEqual(["USPS", "UPS", "FedEx", "DHL"]);
    for (const c of CARRIERS) expect(c.trackingUrlTemplate).toMatch(/^https:\/\/.*\{n\}/);
    expect(knownCarrier("fedex")?.name).toBe("FedEx");
    expect(knownCarrier("Other")).toBeUndefined();
  });
});

describe("carriers", () => {
  it("knows the listed carriers however they are written", () => {
    expect(["usps", "U.S.P.S.", "ups", "Fed Ex", "FEDEX", "fed-ex", "dhl"].map((name) => knownCarrier(name)?.name)).toEqual(["USPS", "USPS", "UPS", "FedEx", "FedEx", "FedEx", "DHL"]);
    expect(knownCarrier("Royal Mail")).toBeUndefined();
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
    expect(resolveCarrier({ carrier: "Pigeon", trackingNumber: "P1", trackingUrl: null }, { linkRequired: true })).toEqual({ ok: false, message: otherCarrierNeedsLink("Pigeon") });
    expect(resolveCarrier({ carrier: "Pigeon", trackingNumber: "P1", trackingUrl: null }, { linkRequired: false })).toEqual({ ok: true, carrier: "Pigeon", trackingUrl: null });
  });
});
