import { describe, expect, it } from "vitest";
import { addressLines, checkAddress, countryNamed, SHIPPING_COUNTRIES, subdivisionValue, type AddressField, type AddressInput, type ShippingAddress } from "./address.js";

const US: AddressInput = {
  name: "Ann Example",
  address1: "1 Capitol Way",
  address2: "",
  city: "Springfield",
  province: "US-IL",
  postalCode: "62701",
  country: "United States",
  phone: "",
};

const checked = (change: Partial<AddressInput>) => checkAddress({ ...US, ...change });
const errorsOf = (change: Partial<AddressInput>) => {
  const result = checked(change);
  return result.ok ? {} : result.errors;
};

describe("the countries and their lists", () => {
  it("lists each country once, with its ISO 3166-1 alpha-2 code", () => {
    expect(SHIPPING_COUNTRIES.map((c) => c.code)).toEqual(["US", "CA", "GB", "IE", "AU", "NZ", "DE", "FR", "NL", "BE", "ES", "IT", "SE", "DK", "NO"]);
    expect(new Set(SHIPPING_COUNTRIES.map((c) => c.name)).size).toBe(SHIPPING_COUNTRIES.length);
    expect(countryNamed("Canada")?.code).toBe("CA");
    expect(countryNamed("canada")).toBeUndefined();
  });

  it("asks for a subdivision in the United States, Canada and Australia only", () => {
    expect(SHIPPING_COUNTRIES.filter((c) => c.subdivisions).map((c) => c.code)).toEqual(["US", "CA", "AU"]);
  });

  it.each([
    ["US", 51, ["AL", "DC", "IL", "WY"], ["PR", "GU", "VI", "AS", "MP", "AA", "AE", "AP"]],
    ["CA", 13, ["AB", "NL", "NT", "NU", "QC", "YT"], ["NF", "PQ"]],
    ["AU", 8, ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"], ["JBT"]],
  ])("%s has %i subdivisions, codes and names unique", (code, count, present, absent) => {
    const list = SHIPPING_COUNTRIES.find((c) => c.code === code)!.subdivisions!.list;
    expect(list).toHaveLength(count);
    expect(new Set(list.map((s) => s.code)).size).toBe(count);
    expect(new Set(list.map((s) => s.name)).size).toBe(count);
    const codes = list.map((s) => s.code);
    for (const c of present) expect(codes).toContain(c);
    for (const c of absent) expect(codes).not.toContain(c);
  });

  it("gives every subdivision a value unique across countries (Canada's and Australia's NT)", () => {
    const values = SHIPPING_COUNTRIES.flatMap((c) => (c.subdivisions?.list ?? []).map((s) => subdivisionValue(c, s)));
    expect(new Set(values).size).toBe(values.length);
    expect(values).toEqual(expect.arrayContaining(["US-IL", "CA-NT", "AU-NT"]));
  });
});

describe("checkAddress: addresses it takes, as they ship", () => {
  const shipped = (change: Partial<AddressInput>): ShippingAddress => {
    const result = checked(change);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.address;
  };

  it("answers the address trimmed, with the state's code and name and the country's code", () => {
    expect(shipped({ name: " Ann Example ", address1: " 1 Capitol Way ", address2: "  Apt 2 ", city: " Springfield ", phone: "  +1 (217)  555-0100 " })).toEqual({
      name: "Ann Example",
      address1: "1 Capitol Way",
      address2: "Apt 2",
      city: "Springfield",
      province: "Illinois",
      provinceCode: "IL",
      postalCode: "62701",
      country: "United States",
      countryCode: "US",
      phone: "+1 (217) 555-0100",
    });
  });

  it("keeps no second line or phone when they are left empty", () => {
    expect(shipped({ address2: "   ", phone: " " })).toMatchObject({ address2: null, phone: null });
  });

  it.each<[string, Partial<AddressInput>, Partial<ShippingAddress>]>([
    ["a state by its code alone", { province: "IL" }, { provinceCode: "IL", province: "Illinois" }],
    ["a state in lower case", { province: "us-ny" }, { provinceCode: "NY", province: "New York" }],
    ["the District of Columbia", { province: "US-DC", city: "Washington", postalCode: "20500" }, { provinceCode: "DC", province: "District of Columbia" }],
    ["a ZIP+4 code", { postalCode: "62701-1234" }, { postalCode: "62701-1234" }],
    ["a ZIP+4 code without its dash", { postalCode: "627011234" }, { postalCode: "62701-1234" }],
    ["a Canadian province, the postal code spaced and upper-cased", { country: "Canada", province: "CA-ON", postalCode: "k1a0b1" }, { countryCode: "CA", provinceCode: "ON", province: "Ontario", postalCode: "K1A 0B1" }],
    ["Canada's Northwest Territories", { country: "Canada", province: "CA-NT", postalCode: "X1A 2L9" }, { provinceCode: "NT", province: "Northwest Territories" }],
    ["Australia's Northern Territory", { country: "Australia", province: "AU-NT", postalCode: "0800" }, { countryCode: "AU", provinceCode: "NT", province: "Northern Territory" }],
    ["an Australian state with a three-letter code", { country: "Australia", province: "AU-NSW", postalCode: "2000" }, { provinceCode: "NSW", province: "New South Wales" }],
    ["a country without subdivisions, without one", { country: "Germany", province: "", postalCode: "10115" }, { countryCode: "DE", province: null, provinceCode: null }],
    ["a British postcode, spaced and upper-cased", { country: "United Kingdom", province: "", postalCode: "sw1a1aa" }, { countryCode: "GB", postalCode: "SW1A 1AA" }],
    ["a Dutch postal code", { country: "Netherlands", province: "", postalCode: "1012ab" }, { postalCode: "1012 AB" }],
    ["a Swedish postal code", { country: "Sweden", province: "", postalCode: "11455" }, { postalCode: "114 55" }],
    ["an Irish postal code of any shape (as before)", { country: "Ireland", province: "", postalCode: "d02 x285" }, { countryCode: "IE", postalCode: "D02 X285" }],
    ["a phone of 7 digits", { phone: "555-0100" }, { phone: "555-0100" }],
    ["a phone of 20 digits", { phone: "+12345678901234567890" }, { phone: "+12345678901234567890" }],
  ])("takes %s", (_case, change, expected) => {
    expect(shipped(change)).toMatchObject(expected);
  });
});

describe("checkAddress: each refusal, beside its field", () => {
  it.each<[string, Partial<AddressInput>, AddressField, string]>([
    ["no name", { name: " " }, "name", "Enter your full name"],
    ["no address", { address1: "" }, "address1", "Enter your address"],
    ["a second line of 201 characters", { address2: "a".repeat(201) }, "address2", "Your address line 2 must be at most 200 characters"],
    ["a line break in the second line", { address2: "Apt 2\nFloor 3" }, "address2", "Your address line 2 contains characters that are not allowed"],
    ["no city", { city: "" }, "city", "Enter your city"],
    ["a country not on the list", { country: "Atlantis" }, "country", "Choose a country from the list"],

    ["no state in the United States", { province: "" }, "province", "Choose a state"],
    ["no province in Canada", { country: "Canada", province: "", postalCode: "K1A 0B1" }, "province", "Choose a province or territory"],
    ["no state in Australia", { country: "Australia", province: "", postalCode: "2000" }, "province", "Choose a state or territory"],
    ["Puerto Rico (a territory, not on the list)", { province: "US-PR" }, "province", "Choose a state from the list"],
    ["a military code", { province: "US-AE" }, "province", "Choose a state from the list"],
    ["a name instead of a code", { province: "Illinois" }, "province", "Choose a state from the list"],
    ["a Canadian province in the United States", { province: "CA-ON" }, "province", "Choose a state of the United States (Ontario is in Canada)"],
    ["Australia's NT in Canada", { country: "Canada", province: "AU-NT", postalCode: "K1A 0B1" }, "province", "Choose a province or territory of Canada (Northern Territory is in Australia)"],
    ["Canada's NT in Australia", { country: "Australia", province: "CA-NT", postalCode: "0800" }, "province", "Choose a state or territory of Australia (Northwest Territories is in Canada)"],
    ["a US state with Germany", { country: "Germany", province: "US-IL", postalCode: "10115" }, "province", "Illinois is in the United States, not Germany: check the country, or leave this empty"],
    ["a region typed for the Netherlands", { country: "Netherlands", province: "Noord-Holland", postalCode: "1012 AB" }, "province", "Leave this empty for the Netherlands"],

    ["no postal code", { postalCode: "  " }, "postalCode", "Enter your postal code"],
    ["a four-digit ZIP code", { postalCode: "6270" }, "postalCode", "Enter a ZIP code like 12345 or 12345-6789"],
    ["a ZIP code with letters", { postalCode: "6270A" }, "postalCode", "Enter a ZIP code like 12345 or 12345-6789"],
    ["a Canadian code with a letter Canada never uses", { country: "Canada", province: "CA-ON", postalCode: "D1A 0B1" }, "postalCode", "Enter a postal code like K1A 0B1"],
    ["a US ZIP code in Canada", { country: "Canada", province: "CA-ON", postalCode: "12345" }, "postalCode", "Enter a postal code like K1A 0B1"],
    ["a three-digit Australian postcode", { country: "Australia", province: "AU-VIC", postalCode: "300" }, "postalCode", "Enter a postcode like 2000"],
    ["a number as a British postcode", { country: "United Kingdom", province: "", postalCode: "12345" }, "postalCode", "Enter a postcode like SW1A 1AA"],
    ["four digits in Germany", { country: "Germany", province: "", postalCode: "1011" }, "postalCode", "Enter a postal code like 10115"],
    ["other characters anywhere (the rule for any postal code)", { country: "Ireland", province: "", postalCode: "12#45" }, "postalCode", "Enter a valid postal code"],

    ["a phone of 6 digits", { phone: "555-010" }, "phone", "Enter a phone number of 7 to 20 digits"],
    ["a phone of 21 digits", { phone: "123456789012345678901" }, "phone", "Enter a phone number of 7 to 20 digits"],
    ["a phone with letters", { phone: "1-800-FLOWERS" }, "phone", "Enter a phone number using digits, spaces, +, - and parentheses"],
    ["a phone with an extension mark", { phone: "555 0100 x12" }, "phone", "Enter a phone number using digits, spaces, +, - and parentheses"],
    ["a + inside the number", { phone: "555+0100123" }, "phone", "Put the + only at the start of your phone number"],
    ["a phone of 31 characters", { phone: "(1) ".repeat(7) + "123" }, "phone", "Your phone number must be at most 30 characters"],
  ])("refuses %s", (_case, change, field, message) => {
    expect(errorsOf(change)).toEqual({ [field]: message });
  });

  it("answers every field's refusal at once; a state is not checked without a country", () => {
    const blank = { name: "", address1: "", address2: "", city: "", province: "US-IL", postalCode: "", country: "", phone: "12" };
    expect(checkAddress(blank)).toEqual({
      ok: false,
      errors: {
        name: "Enter your full name",
        address1: "Enter your address",
        city: "Enter your city",
        country: "Choose a country from the list",
        postalCode: "Enter your postal code",
        phone: "Enter a phone number of 7 to 20 digits",
      },
    });
  });
});

describe("addressLines: the address as a label prints it", () => {
  const address = (change: Partial<ShippingAddress>): ShippingAddress => ({
    name: "Ann Example",
    address1: "1 Capitol Way",
    address2: null,
    city: "Springfield",
    province: "Illinois",
    provinceCode: "IL",
    postalCode: "62701",
    country: "United States",
    countryCode: "US",
    phone: "555-0100",
    ...change,
  });

  it.each<[string, Partial<ShippingAddress>, string[]]>([
    ["the United States", {}, ["Ann Example", "1 Capitol Way", "Springfield, IL 62701", "United States"]],
    ["a second line", { address2: "Apt 2" }, ["Ann Example", "1 Capitol Way", "Apt 2", "Springfield, IL 62701", "United States"]],
    ["an order placed before states were asked", { province: null, provinceCode: null }, ["Ann Example", "1 Capitol Way", "Springfield, 62701", "United States"]],
    ["Canada", { city: "Ottawa", province: "Ontario", provinceCode: "ON", postalCode: "K1A 0B1", country: "Canada", countryCode: "CA" }, ["Ann Example", "1 Capitol Way", "Ottawa ON K1A 0B1", "Canada"]],
    ["the United Kingdom", { city: "London", province: null, provinceCode: null, postalCode: "SW1A 1AA", country: "United Kingdom", countryCode: "GB" }, ["Ann Example", "1 Capitol Way", "London SW1A 1AA", "United Kingdom"]],
    ["Germany", { city: "Berlin", province: null, provinceCode: null, postalCode: "10115", country: "Germany", countryCode: "DE" }, ["Ann Example", "1 Capitol Way", "10115 Berlin", "Germany"]],
  ])("%s", (_case, change, lines) => {
    expect(addressLines(address(change))).toEqual(lines);
  });
});
