// Shipping addresses: the countries the shop ships to (ISO 3166-1 alpha-2), the subdivisions a
// printer needs for some of them (ISO 3166-2: US states, Canadian provinces and territories,
// Australian states and territories), each country's postal-code rule, and the one check of an
// address as a shopper typed it. Checkout's form, the order, the print partners, the emails and the
// pages all read this table; nothing else lists countries.

/** A state, province or territory; `code` is the part after the country in ISO 3166-2 ("IL" of "US-IL"), what Printful's `state_code` takes. */
export interface Subdivision {
  code: string;
  name: string;
}

interface SubdivisionRule {
  /** What the country calls them, in messages: "Choose a state". */
  noun: string;
  list: readonly Subdivision[];
}

interface PostalRule {
  pattern: RegExp;
  /** The code's name in messages ("ZIP code", "postcode"). */
  noun: string;
  example: string;
  /** The code as the post writes it (letters upper-cased, the space where it goes). */
  normalize?: (code: string) => string;
}

/** How the city line reads: "Springfield, IL 12345", "Ottawa ON K1A 0B1", "Wellington 6011", "10115 Berlin". */
type CityLine = "us" | "city-province-postal" | "city-postal" | "postal-city";

export interface ShippingCountry {
  /** ISO 3166-1 alpha-2. */
  code: string;
  name: string;
  /** Written "the United States" in a sentence. */
  the?: true;
  /** Present where a printer needs the subdivision (US, CA, AU): then it is required and must be on the list. */
  subdivisions?: SubdivisionRule;
  postal: PostalRule;
  cityLine: CityLine;
}

// The United States: the 50 states and the District of Columbia. Territories (PR, GU, VI, AS, MP)
// are left out (they are countries of their own in ISO 3166-1 and to the print partners, with
// customs and other rates), and so are the military codes AA/AE/AP (APO/FPO/DPO addresses only
// USPS delivers, which the Expedited couriers cannot).
const US_STATES: readonly Subdivision[] = [
  { code: "AL", name: "Alabama" },
  { code: "AK", name: "Alaska" },
  { code: "AZ", name: "Arizona" },
  { code: "AR", name: "Arkansas" },
  { code: "CA", name: "California" },
  { code: "CO", name: "Colorado" },
  { code: "CT", name: "Connecticut" },
  { code: "DE", name: "Delaware" },
  { code: "DC", name: "District of Columbia" },
  { code: "FL", name: "Florida" },
  { code: "GA", name: "Georgia" },
  { code: "HI", name: "Hawaii" },
  { code: "ID", name: "Idaho" },
  { code: "IL", name: "Illinois" },
  { code: "IN", name: "Indiana" },
  { code: "IA", name: "Iowa" },
  { code: "KS", name: "Kansas" },
  { code: "KY", name: "Kentucky" },
  { code: "LA", name: "Louisiana" },
  { code: "ME", name: "Maine" },
  { code: "MD", name: "Maryland" },
  { code: "MA", name: "Massachusetts" },
  { code: "MI", name: "Michigan" },
  { code: "MN", name: "Minnesota" },
  { code: "MS", name: "Mississippi" },
  { code: "MO", name: "Missouri" },
  { code: "MT", name: "Montana" },
  { code: "NE", name: "Nebraska" },
  { code: "NV", name: "Nevada" },
  { code: "NH", name: "New Hampshire" },
  { code: "NJ", name: "New Jersey" },
  { code: "NM", name: "New Mexico" },
  { code: "NY", name: "New York" },
  { code: "NC", name: "North Carolina" },
  { code: "ND", name: "North Dakota" },
  { code: "OH", name: "Ohio" },
  { code: "OK", name: "Oklahoma" },
  { code: "OR", name: "Oregon" },
  { code: "PA", name: "Pennsylvania" },
  { code: "RI", name: "Rhode Island" },
  { code: "SC", name: "South Carolina" },
  { code: "SD", name: "South Dakota" },
  { code: "TN", name: "Tennessee" },
  { code: "TX", name: "Texas" },
  { code: "UT", name: "Utah" },
  { code: "VT", name: "Vermont" },
  { code: "VA", name: "Virginia" },
  { code: "WA", name: "Washington" },
  { code: "WV", name: "West Virginia" },
  { code: "WI", name: "Wisconsin" },
  { code: "WY", name: "Wyoming" },
];

const CA_PROVINCES: readonly Subdivision[] = [
  { code: "AB", name: "Alberta" },
  { code: "BC", name: "British Columbia" },
  { code: "MB", name: "Manitoba" },
  { code: "NB", name: "New Brunswick" },
  { code: "NL", name: "Newfoundland and Labrador" },
  { code: "NT", name: "Northwest Territories" },
  { code: "NS", name: "Nova Scotia" },
  { code: "NU", name: "Nunavut" },
  { code: "ON", name: "Ontario" },
  { code: "PE", name: "Prince Edward Island" },
  { code: "QC", name: "Quebec" },
  { code: "SK", name: "Saskatchewan" },
  { code: "YT", name: "Yukon" },
];

const AU_STATES: readonly Subdivision[] = [
  { code: "ACT", name: "Australian Capital Territory" },
  { code: "NSW", name: "New South Wales" },
  { code: "NT", name: "Northern Territory" },
  { code: "QLD", name: "Queensland" },
  { code: "SA", name: "South Australia" },
  { code: "TAS", name: "Tasmania" },
  { code: "VIC", name: "Victoria" },
  { code: "WA", name: "Western Australia" },
];

const upper = (code: string) => code.toUpperCase();
/** "K1A0B1" → "K1A 0B1": a space before the last `tail` characters. */
const spaced = (tail: number) => (code: string) => {
  const compact = code.toUpperCase().replace(/ /g, "");
  return `${compact.slice(0, -tail)} ${compact.slice(-tail)}`;
};
const digits = (count: number, example: string, noun = "postal code"): PostalRule => ({ pattern: new RegExp(`^\\d{${count}}$`), noun, example });

/** Any other country's postal code (and today's rule for all): 2 to 12 letters, digits, spaces and dashes. */
const GENERIC_POSTAL: PostalRule = { pattern: /^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/, noun: "postal code", example: "", normalize: upper };

/** Where the shop ships, in the order the checkout page offers them. */
export const SHIPPING_COUNTRIES: readonly ShippingCountry[] = [
  {
    code: "US",
    name: "United States",
    the: true,
    subdivisions: { noun: "state", list: US_STATES },
    postal: {
      pattern: /^\d{5}(?:-?\d{4})?$/,
      noun: "ZIP code",
      example: "12345 or 12345-6789",
      normalize: (code) => (code.length === 9 ? `${code.slice(0, 5)}-${code.slice(5)}` : code),
    },
    cityLine: "us",
  },
  {
    code: "CA",
    name: "Canada",
    subdivisions: { noun: "province or territory", list: CA_PROVINCES },
    postal: { pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i, noun: "postal code", example: "K1A 0B1", normalize: spaced(3) },
    cityLine: "city-province-postal",
  },
  {
    code: "GB",
    name: "United Kingdom",
    the: true,
    postal: { pattern: /^(?:GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i, noun: "postcode", example: "SW1A 1AA", normalize: spaced(3) },
    cityLine: "city-postal",
  },
  // Eircodes are not yet on every Irish address a shopper knows: any postal code, as before.
  { code: "IE", name: "Ireland", postal: GENERIC_POSTAL, cityLine: "city-postal" },
  { code: "AU", name: "Australia", subdivisions: { noun: "state or territory", list: AU_STATES }, postal: digits(4, "2000", "postcode"), cityLine: "city-province-postal" },
  { code: "NZ", name: "New Zealand", postal: digits(4, "6011", "postcode"), cityLine: "city-postal" },
  { code: "DE", name: "Germany", postal: digits(5, "10115"), cityLine: "postal-city" },
  { code: "FR", name: "France", postal: digits(5, "75001"), cityLine: "postal-city" },
  { code: "NL", name: "Netherlands", the: true, postal: { pattern: /^[1-9]\d{3} ?[A-Z]{2}$/i, noun: "postal code", example: "1012 AB", normalize: spaced(2) }, cityLine: "postal-city" },
  { code: "BE", name: "Belgium", postal: { pattern: /^[1-9]\d{3}$/, noun: "postal code", example: "1000" }, cityLine: "postal-city" },
  { code: "ES", name: "Spain", postal: { pattern: /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/, noun: "postal code", example: "28001" }, cityLine: "postal-city" },
  { code: "IT", name: "Italy", postal: digits(5, "00184"), cityLine: "postal-city" },
  { code: "SE", name: "Sweden", postal: { pattern: /^[1-9]\d{2} ?\d{2}$/, noun: "postal code", example: "114 55", normalize: spaced(2) }, cityLine: "postal-city" },
  { code: "DK", name: "Denmark", postal: digits(4, "1050"), cityLine: "postal-city" },
  { code: "NO", name: "Norway", postal: digits(4, "0150"), cityLine: "postal-city" },
];

const BY_NAME = new Map(SHIPPING_COUNTRIES.map((c) => [c.name, c]));

/** The country of this name (exactly as listed), or undefined. */
export function countryNamed(name: string): ShippingCountry | undefined {
  return BY_NAME.get(name);
}

/** The value a form's option carries for a subdivision: its ISO 3166-2 code ("US-IL"), unique across countries (CA-NT and AU-NT). */
export const subdivisionValue = (country: Pick<ShippingCountry, "code">, subdivision: Subdivision) => `${country.code}-${subdivision.code}`;

/** An address as it ships: what the order keeps and the print partner gets. */
export interface ShippingAddress {
  name: string;
  address1: string;
  /** Apartment, suite, unit…; null when not given. */
  address2: string | null;
  city: string;
  /** The state, province or territory's name ("Illinois"); null where the country has none on the list. */
  province: string | null;
  /** Its ISO 3166-2 code without the country ("IL"); null with `province`. */
  provinceCode: string | null;
  postalCode: string;
  /** The country's name, as listed ("United States"). */
  country: string;
  /** ISO 3166-1 alpha-2 ("US"). */
  countryCode: string;
  /** For the courier; null when not given. Shown only to the buyer and the shop, never on the public status page. */
  phone: string | null;
}

/** An address as typed: every field a string (an optional one may be empty). `province` is an ISO 3166-2 code ("US-IL", or "IL" for the chosen country). */
export interface AddressInput {
  name: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  postalCode: string;
  country: string;
  phone: string;
}

export type AddressField = keyof AddressInput;
export type AddressErrors = Partial<Record<AddressField, string>>;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const PHONE_CHARACTERS = /^\+?[0-9 ()-]+$/;
const PHONE_MAX_LENGTH = 30;

function text(value: string, label: string, max: number, required: boolean): string | null {
  const trimmed = value.trim();
  if (!trimmed) return required ? `Enter your ${label}` : null;
  if (trimmed.length > max) return `Your ${label} must be at most ${max} characters`;
  if (CONTROL.test(trimmed)) return `Your ${label} contains characters that are not allowed`;
  return null;
}

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? "an" : "a");
/** A country's name in a sentence: "the United States", "Canada". */
const named = (country: ShippingCountry) => (country.the ? `the ${country.name}` : country.name);

function checkPostalCode(value: string, country: ShippingCountry | undefined): { error: string } | { code: string } {
  const trimmed = value.trim().replace(/\s+/g, " ");
  const rule = country?.postal ?? GENERIC_POSTAL;
  // Empty: the field's own label ("Postal code"); wrong: the country's word for it, with an example.
  if (!trimmed) return { error: "Enter your postal code" };
  if (!rule.pattern.test(trimmed)) {
    return { error: rule.example ? `Enter ${article(rule.noun)} ${rule.noun} like ${rule.example}` : `Enter a valid ${rule.noun}` };
  }
  return { code: (rule.normalize ?? upper)(trimmed) };
}

/** Which of every listed subdivision a value names, in any country: "US-IL" (or "IL" within `country`). */
function findSubdivision(value: string, country: ShippingCountry | undefined): { country: ShippingCountry; subdivision: Subdivision } | null {
  const wanted = value.trim().toUpperCase();
  const dash = wanted.indexOf("-");
  const [countryCode, code] = dash < 0 ? [country?.code, wanted] : [wanted.slice(0, dash), wanted.slice(dash + 1)];
  const owner = SHIPPING_COUNTRIES.find((c) => c.code === countryCode);
  const subdivision = owner?.subdivisions?.list.find((s) => s.code === code);
  return owner && subdivision ? { country: owner, subdivision } : null;
}

function checkProvince(value: string, country: ShippingCountry): { error: string } | { subdivision: Subdivision | null } {
  const rule = country.subdivisions;
  const found = value.trim() ? findSubdivision(value, country) : null;
  if (!rule) {
    if (!value.trim()) return { subdivision: null };
    return {
      error: found
        ? `${found.subdivision.name} is in ${named(found.country)}, not ${named(country)}: check the country, or leave this empty`
        : `Leave this empty for ${named(country)}`,
    };
  }
  if (!value.trim()) return { error: `Choose ${article(rule.noun)} ${rule.noun}` };
  if (!found) return { error: `Choose ${article(rule.noun)} ${rule.noun} from the list` };
  if (found.country !== country) return { error: `Choose ${article(rule.noun)} ${rule.noun} of ${named(country)} (${found.subdivision.name} is in ${named(found.country)})` };
  return { subdivision: found.subdivision };
}

/** An optional phone number for the courier: digits, spaces, "+" (first only), "-" and parentheses; 7 to 20 digits. */
function checkPhone(value: string): { error: string } | { phone: string | null } {
  const trimmed = value.trim().replace(/\s+/g, " ");
  if (!trimmed) return { phone: null };
  if (trimmed.length > PHONE_MAX_LENGTH) return { error: `Your phone number must be at most ${PHONE_MAX_LENGTH} characters` };
  if (!PHONE_CHARACTERS.test(trimmed)) {
    return { error: trimmed.includes("+") ? "Put the + only at the start of your phone number" : "Enter a phone number using digits, spaces, +, - and parentheses" };
  }
  const count = trimmed.replace(/\D/g, "").length;
  if (count < 7 || count > 20) return { error: "Enter a phone number of 7 to 20 digits" };
  return { phone: trimmed };
}

/**
 * Checks an address as typed, every field at once: the errors by field (each message shown beside
 * its field), or the address trimmed and normalized as it ships (the postal code as the post
 * writes it, the subdivision's code and name, the country's ISO code).
 */
export function checkAddress(input: AddressInput): { ok: true; address: ShippingAddress } | { ok: false; errors: AddressErrors } {
  const errors: AddressErrors = {};
  const name = text(input.name, "full name", 100, true);
  if (name) errors.name = name;
  const address1 = text(input.address1, "address", 200, true);
  if (address1) errors.address1 = address1;
  const address2 = text(input.address2, "address line 2", 200, false);
  if (address2) errors.address2 = address2;
  const city = text(input.city, "city", 100, true);
  if (city) errors.city = city;

  const country = countryNamed(input.country);
  if (!country) errors.country = "Choose a country from the list";
  const postal = checkPostalCode(input.postalCode, country);
  if ("error" in postal) errors.postalCode = postal.error;
  // Without a country there is no list to check a state against: the country's error says what to fix.
  const province = country ? checkProvince(input.province, country) : null;
  if (province && "error" in province) errors.province = province.error;
  const phone = checkPhone(input.phone);
  if ("error" in phone) errors.phone = phone.error;

  if (!country || "error" in postal || !province || "error" in province || "error" in phone || Object.keys(errors).length > 0) return { ok: false, errors };
  const line2 = input.address2.trim();
  return {
    ok: true,
    address: {
      name: input.name.trim(),
      address1: input.address1.trim(),
      address2: line2 || null,
      city: input.city.trim(),
      province: province.subdivision?.name ?? null,
      provinceCode: province.subdivision?.code ?? null,
      postalCode: postal.code,
      country: country.name,
      countryCode: country.code,
      phone: phone.phone,
    },
  };
}

/** The lines of an address as a label prints it (no phone): name, street, line 2, city line, country. */
export function addressLines(address: ShippingAddress): string[] {
  const { city, postalCode, provinceCode } = address;
  const format = countryNamed(address.country)?.cityLine ?? "postal-city";
  const cityLine =
    format === "us"
      ? [city, [provinceCode, postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ")
      : format === "city-province-postal"
        ? [city, provinceCode, postalCode].filter(Boolean).join(" ")
        : format === "city-postal"
          ? [city, postalCode].filter(Boolean).join(" ")
          : [postalCode, city].filter(Boolean).join(" ");
  // An erased order's address (its customer deleted the account) has no name, street or city: no empty lines.
  return [address.name, address.address1, address.address2 ?? "", cityLine, address.country].filter((line) => line !== "");
}
