import { DECIMAL_AMOUNT } from "../shared/money.js";

// The rules of the catalog's fields, in one place: GraphQL's input checks, the bulk changes and the
// CSV import all judge a title, tags and a price by these, with the same words (handles: handles.ts).

export const MAX_TITLE_LENGTH = 255;
export const MAX_DESCRIPTION_LENGTH = 100_000;
export const MAX_TAGS = 50;
export const MAX_TAG_LENGTH = 60;
export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 100;
export const MAX_OPTION_VALUE_LENGTH = 60;
export const MAX_OPTION_NAME_LENGTH = 50;
export const MAX_VARIANTS = 250;
export const MAX_PRODUCT_TYPE_LENGTH = 100;
export const MAX_SEO_TITLE_LENGTH = 120;
export const MAX_SEO_DESCRIPTION_LENGTH = 320;
export const MAX_PARTNER_NAME_LENGTH = 100;
export const MAX_SKU_LENGTH = 64;
/** The most a variant may cost: today's bound of the database ($999,999.99). */
export const MAX_PRICE_CENTS = 99_999_999;
/** Printful's catalog and sync variant ids are whole numbers. */
export const PARTNER_VARIANT_ID = /^\d{1,12}$/;

const isBlank = (value: unknown) => typeof value !== "string" || value.trim() === "";

export function tagsProblem(value: unknown, field: string): string | null {
  if (!Array.isArray(value)) return `${field} must be a list of text`;
  if (value.length > MAX_TAGS) return `${field} may hold at most ${MAX_TAGS} tags`;
  for (const [i, tag] of value.entries()) {
    if (isBlank(tag) || (tag as string).trim().length > MAX_TAG_LENGTH) return `${field}[${i}] must be 1 to ${MAX_TAG_LENGTH} characters`;
  }
  return null;
}

/** A price in cents within today's bounds: more than 0.00 and at most $999,999.99. */
export function priceCentsProblem(cents: number, field: string): string | null {
  if (!Number.isSafeInteger(cents) || cents <= 0) return `${field} must be more than 0.00`;
  if (cents > MAX_PRICE_CENTS) return `${field} must be at most 999999.99`;
  return null;
}

/** A price as text: dollars and cents, more than 0.00 and at most $999,999.99. */
export function priceProblem(value: unknown, field: string): string | null {
  const text = typeof value === "string" ? value.trim() : "";
  if (!DECIMAL_AMOUNT.test(text)) return `${field} must be an amount in dollars and cents, e.g. 24.99`;
  return priceCentsProblem(Math.round(Number(text) * 100), field);
}

export function partnerVariantIdProblem(value: unknown, field: string): string | null {
  return typeof value === "string" && PARTNER_VARIANT_ID.test(value.trim()) ? null : `${field} must be Printful's variant id: a whole number such as 4012`;
}

/** A title (a product's, or `max` for a meme's): 1 to `max` characters once trimmed. */
export function titleProblem(value: unknown, field: string, max = MAX_TITLE_LENGTH): string | null {
  if (isBlank(value)) return `${field} must not be blank`;
  return (value as string).trim().length > max ? `${field} must be at most ${max} characters` : null;
}

/** Text that may be empty, of at most `max` characters once trimmed. */
export function textUpToProblem(value: unknown, max: number, field: string): string | null {
  if (typeof value !== "string") return `${field} must be text`;
  return value.trim().length > max ? `${field} must be at most ${max} characters` : null;
}

export function optionNameProblem(value: unknown, field: string): string | null {
  return isBlank(value) || (value as string).trim().length > MAX_OPTION_NAME_LENGTH ? `${field} must be 1 to ${MAX_OPTION_NAME_LENGTH} characters` : null;
}

export function optionValueProblem(value: unknown, field: string): string | null {
  return isBlank(value) || (value as string).trim().length > MAX_OPTION_VALUE_LENGTH ? `${field} must be 1 to ${MAX_OPTION_VALUE_LENGTH} characters` : null;
}
