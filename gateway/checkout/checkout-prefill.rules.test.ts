import { describe, expect, it } from "vitest";
import { chooseAddress, offeredAddress, prefilledForm } from "./checkout-prefill.rules.js";

const saved = {
  id: "a-1",
  isDefault: true,
  name: "Ada Doe",
  address1: "1 Main St",
  address2: null,
  city: "Springfield",
  province: "Illinois",
  provinceCode: "IL",
  postalCode: "62701",
  country: "United States",
  countryCode: "US",
  phone: null,
};

describe("the checkout page's prefill", () => {
  it("fills the form's fields from a saved address, the state as the form's option value", () => {
    expect(offeredAddress(saved)).toEqual({
      id: "a-1",
      isDefault: true,
      lines: ["Ada Doe", "1 Main St", "Springfield, IL 62701", "United States"],
      fields: { name: "Ada Doe", address: "1 Main St", address2: "", city: "Springfield", postalCode: "62701", country: "United States", province: "US-IL", phone: "" },
    });
    const berlin = offeredAddress({ ...saved, province: null, provinceCode: null, country: "Germany", countryCode: "DE", postalCode: "10115", city: "Berlin", address2: "3. OG", phone: "+49 30 1234567" });
    expect(berlin.fields).toMatchObject({ province: "", address2: "3. OG", phone: "+49 30 1234567", country: "Germany" });
  });

  it("fills in the email always, and the display name when no address is chosen", () => {
    const customer = { email: "ada@example.com", displayName: "Ada" };
    expect(prefilledForm(customer, null)).toEqual({ email: "ada@example.com", name: "Ada" });
    expect(prefilledForm({ ...customer, displayName: null }, null)).toEqual({ email: "ada@example.com", name: "" });
    expect(prefilledForm(customer, offeredAddress(saved))).toMatchObject({ email: "ada@example.com", name: "Ada Doe", province: "US-IL" });
  });

  it("chooses the address asked for among the customer's own, else the default, and says when one was refused", () => {
    const home = offeredAddress(saved);
    const work = offeredAddress({ ...saved, id: "a-2", isDefault: false, name: "Ada Work" });
    expect(chooseAddress([home, work], null)).toEqual({ chosen: home, refused: false });
    expect(chooseAddress([home, work], "a-2")).toEqual({ chosen: work, refused: false });
    expect(chooseAddress([home, work], "someone-elses")).toEqual({ chosen: home, refused: true });
    expect(chooseAddress([], "a-2")).toEqual({ chosen: null, refused: true });
    expect(chooseAddress([], null)).toEqual({ chosen: null, refused: false });
  });
});
