// spec §9's business constants that only the storefront states, in one place for every screen that
// states them (product page, shipping and returns pages, FAQ, About). What the checkout applies is
// not here but asked of the gateway: the free-shipping rule in force (Query.shop.freeShipping,
// web/src/features/product/freeShippingOffer.ts) and each method's price and delivery time
// (Query.shop.shippingRates).

// The range uses a non-breaking hyphen (U+2011) so "2-3" never splits across lines.
/** Time to print and hand an order to the carrier (before the delivery time of the method chosen). */
export const SHIPS_WITHIN = "2\u20113 business days";

/** Returns: 30 days, only for damaged or defective items (each item is printed to order). */
export const RETURN_WINDOW_DAYS = 30;
export const RETURN_CONDITION = "damaged or defective items";

/** spec §2/§9: a fixed placeholder rating on the product page. */
export const PLACEHOLDER_RATING = { rating: 4.9, reviewCount: 124 };

/** Where shoppers write to; set the shop's real inbox here. */
export const SUPPORT_EMAIL = "support@satiresupply.example";
export const SUPPORT_RESPONSE_TIME = "one business day";

/** The FAQ's answer on how the sizes run (its id on /faq): the product page's "Size guide" links to it. */
export const SIZE_ANSWER_ID = "sizes";
