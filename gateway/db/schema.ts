// Kysely's view of the tables the migrations create. Row types stay inside the gateway:
// repositories map them to domain records before anything else sees them.
import type { ColumnType, Generated, Selectable } from "kysely";

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

interface MediaTable {
  path: string;
  content_type: string;
  body: Buffer;
  etag: string;
  created_at: Generated<Date>;
}

interface CollectionTable {
  id: Generated<string>;
  handle: string;
  title: string;
  description: string;
  image_path: string | null;
  position: number;
  image_width: number | null;
  image_height: number | null;
  image_sources: ColumnType<ImageSource[], string | undefined, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

interface ProductTable {
  id: Generated<string>;
  handle: string;
  title: string;
  description_html: string;
  fulfillment_partner: string;
  rating: number;
  review_count: number;
  sales_count: number;
  customizable: boolean;
  tags: string[];
  /** Lowest variant price, kept by the repository so the price sorts use an index. */
  price_cents: number;
  /** Compare-at price of the variant that has the lowest price. */
  compare_at_cents: number | null;
  /** Title, tags and plain-text description, lower-cased; searched through a pg_trgm index. */
  search_text: string;
  created_at: CreatedAt;
  /** Only ACTIVE products exist for shoppers; DRAFT ones are being prepared, ARCHIVED ones were withdrawn. */
  status: Generated<ProductStatusValue>;
  product_type: Generated<string>;
  /** Empty: the page uses the title and the description's first words. */
  seo_title: Generated<string>;
  seo_description: Generated<string>;
  updated_at: Generated<Date>;
  /**
   * The print area on the product's blank mock-ups, as fractions of a mock-up's width and height,
   * and the size it prints at in hundredths of an inch: all six set, or all null (none).
   */
  print_area_x: number | null;
  print_area_y: number | null;
  print_area_width: number | null;
  print_area_height: number | null;
  print_width_hundredths: number | null;
  print_height_hundredths: number | null;
}

/** A blank mock-up of a product (the item without a design) in one colour. */
interface ProductMockupTable {
  product_id: string;
  /** A value of the product's Color option as it spells it; '' for the one blank of a product without one. */
  color: string;
  /** Its media path (below /media). */
  path: string;
  width: number;
  height: number;
  created_at: Generated<Date>;
}

export type ProductStatusValue = "DRAFT" | "ACTIVE" | "ARCHIVED";

/** A handle a product gave up: it still resolves to the product. */
interface ProductHandleRedirectTable {
  handle: string;
  product_id: string;
  created_at: Generated<Date>;
}

/** One size made of an uploaded image (content-addressed media path). */
export interface ImageSource {
  path: string;
  width: number;
  contentType: string;
}

/** What the seed has inserted once (kind "product" | "collection" | "meme" | "mockup", by handle or key; "mockup": a product's blanks and print area). */
interface SeedFixtureTable {
  kind: string;
  key: string;
}

interface ProductImageTable {
  id: Generated<string>;
  product_id: string;
  path: string;
  alt_text: string;
  position: number;
  /** The sizes made on upload, narrowest first ([] for the seed's vector art). */
  sources: ColumnType<ImageSource[], string | undefined, string>;
  width: number | null;
  height: number | null;
}

interface ProductOptionTable {
  id: Generated<string>;
  product_id: string;
  name: string;
  values: string[];
  position: number;
}

interface VariantTable {
  id: Generated<string>;
  product_id: string;
  title: string;
  price_cents: number;
  compare_at_cents: number | null;
  selected_options: ColumnType<SelectedOption[], string, string>;
  position: number;
  sku: Generated<string>;
  available_for_sale: Generated<boolean>;
  /** One of its product's images, shown when the variant is chosen. */
  image_id: string | null;
  /** Set when a variant that was sold is removed: kept for its orders, offered no more. */
  archived_at: Date | null;
}

interface SelectedOption {
  name: string;
  value: string;
}

interface ProductCollectionTable {
  product_id: string;
  collection_id: string;
  position: number;
}

interface MemeTable {
  id: Generated<string>;
  /** The seed fixture it came from; null for a meme staff made. */
  key: string | null;
  title: string;
  description: string;
  /** Null until staff upload its image: shoppers never see a meme without one. */
  image_path: string | null;
  tags: string[];
  /** The product it is sold on (null: none; a deleted product leaves none). */
  product_id: string | null;
  featured: boolean;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** One row (id is always true): its version changes with every statement that writes products. */
interface CatalogStateTable {
  id: Generated<boolean>;
  version: ColumnType<string, never, never>;
}

/** Every word the products' search text has used (migration 026): where a search's misspelt words are looked up. */
interface SearchWordTable {
  word: string;
}

interface MigrationTable {
  name: string;
  applied_at: Generated<Date>;
}

interface AppStateTable {
  key: string;
  value: string;
  updated_at: Generated<Date>;
}

export interface CustomerTable {
  id: Generated<string>;
  email: string;
  display_name: string | null;
  password_hash: string | null;
  google_sub: string | null;
  /** When the customer proved owning `email` (a link followed, a reset, Google); null until then. */
  email_verified_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type CustomerLinkPurpose = "reset" | "verify_email" | "change_email" | "confirm_email_change" | "delete_account";

interface CustomerLinkTable {
  id: Generated<string>;
  customer_id: string;
  purpose: CustomerLinkPurpose;
  /** The address the link is sent to and proves. */
  email: string;
  /** SHA-256 of the token; null until the email job mints it. */
  token_hash: string | null;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}

interface CustomerAddressTable {
  id: Generated<string>;
  customer_id: string;
  name: string;
  address1: string;
  address2: string | null;
  city: string;
  province: string | null;
  province_code: string | null;
  postal_code: string;
  country: string;
  country_code: string;
  phone: string | null;
  is_default: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

interface SessionTable {
  sid: string;
  sess: ColumnType<Record<string, unknown>, string, string>;
  customer_id: string | null;
  /** Set for a staff member's session (never together with customer_id). */
  staff_id: Generated<string | null>;
  expire: ColumnType<Date, Date | string, Date | string>;
}

interface RateLimitEventTable {
  id: Generated<string>;
  bucket: string;
  created_at: Generated<Date>;
}

export type FinancialStatusValue = "PAID" | "PARTIALLY_REFUNDED" | "REFUNDED";

export type FulfillmentStatusValue = "UNFULFILLED" | "IN_PROGRESS" | "FULFILLED" | "CANCELLED";

export interface OrderTable {
  id: Generated<string>;
  order_number: Generated<number>;
  customer_id: string | null;
  cart_id: string | null;
  email: string;
  financial_status: Generated<FinancialStatusValue>;
  fulfillment_status: Generated<FulfillmentStatusValue>;
  currency_code: Generated<string>;
  subtotal_cents: number;
  shipping_cents: number;
  total_cents: number;
  shipping_method: string;
  shipping_name: string;
  shipping_address1: string;
  shipping_city: string;
  shipping_postal_code: string;
  shipping_country: string;
  /** Added by 012: the optional second address line. */
  shipping_address2: string | null;
  /** ISO 3166-2 without the country ("IL"); with shipping_province, both set or both null. */
  shipping_province_code: string | null;
  /** The subdivision's name at checkout ("Illinois"). */
  shipping_province: string | null;
  shipping_phone: string | null;
  /** ISO 3166-1 alpha-2 ("US"). */
  shipping_country_code: string;
  card_brand: string | null;
  card_last4: string | null;
  status_token: string;
  processed_at: Generated<Date>;
  carrier: Generated<string | null>;
  tracking_number: Generated<string | null>;
  tracking_url: Generated<string | null>;
  shipped_at: Generated<Date | null>;
  cancel_reason: Generated<string | null>;
  cancelled_at: Generated<Date | null>;
  /** Added by 015: the sum of the order's succeeded refunds. */
  refunded_cents: Generated<number>;
  /** Added by 015: what the customer was told when the order was cancelled (the reason stays internal). */
  cancel_customer_message: Generated<string | null>;
  /** Added by 021: set when the customer deleted the account (the order stays, customer_id null). */
  account_deleted_at: Generated<Date | null>;
  /** Added by 021: when the contact data of a deleted account's order goes; null while the order is open. */
  contact_erase_after: Generated<Date | null>;
  /** Added by 021: when its email, name, street and phone were erased. */
  contact_erased_at: Generated<Date | null>;
  /** Added by 022: what the discount code took off (the lines' discounts summed). */
  discount_cents: Generated<number>;
  /** Added by 022: the code as the shopper's cart held it; null without one. */
  discount_code: Generated<string | null>;
  /** Added by 023: when staff marked the shipped order delivered; null before. */
  delivered_at: Generated<Date | null>;
}

type StaffRoleValue = "owner" | "staff";

export interface StaffMemberTable {
  id: Generated<string>;
  /** Lower-cased; unique. */
  email: string;
  name: string;
  role: StaffRoleValue;
  /** Null for a member invited by email who has not set a password yet. */
  password_hash: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Set while the member is disabled: sign-in refused, no session. */
  disabled_at: Generated<Date | null>;
  /** The last completed sign-in (after the second step, when there is one). */
  last_sign_in_at: Generated<Date | null>;
  /** The confirmed TOTP secret (base32); null while two-factor sign-in is off. */
  totp_secret: Generated<string | null>;
  /** A secret being set up, not yet confirmed with a code. */
  totp_pending_secret: Generated<string | null>;
  totp_enabled_at: Generated<Date | null>;
  /** The last TOTP time step accepted (a code works once). int8 reads as a string. */
  totp_last_step: Generated<string | null>;
}

interface StaffPasswordTokenTable {
  id: Generated<string>;
  staff_id: string;
  purpose: "reset" | "invitation";
  /** SHA-256 (hex) of the token, set when the email is written; null before. */
  token_hash: Generated<string | null>;
  expires_at: Date;
  used_at: Generated<Date | null>;
  created_at: Generated<Date>;
}

interface StaffRecoveryCodeTable {
  id: Generated<string>;
  staff_id: string;
  /** SHA-256 (hex) of the code. */
  code_hash: string;
  used_at: Generated<Date | null>;
  created_at: Generated<Date>;
}

interface ApiTokenTable {
  id: Generated<string>;
  name: string;
  /** SHA-256 of the token, hex; the token itself is never stored. */
  token_hash: string;
  scopes: string[];
  created_by: string | null;
  created_at: Generated<Date>;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

interface AuditLogTable {
  id: Generated<string>;
  at: Generated<Date>;
  actor: string;
  action: string;
  order_id: string | null;
  order_number: number | null;
  details: string | null;
}

interface OrderHistoryTable {
  id: Generated<string>;
  order_id: string;
  at: Generated<Date>;
  actor: string;
  action: string;
  message: string;
}

interface OrderLineTable {
  id: Generated<string>;
  order_id: string;
  position: number;
  product_id: string | null;
  variant_id: string | null;
  product_handle: string;
  product_title: string;
  variant_title: string | null;
  image_url: string | null;
  quantity: number;
  unit_price_cents: number;
  line_total_cents: number;
  custom_attributes: ColumnType<{ key: string; value: string }[], string, string>;
  /** The print partner's variant id and the SKU as they were when the line was paid for. */
  partner_variant_id: string | null;
  sku: string | null;
  /** Added by 022: the line's share of the discount (line_total_cents is after it). */
  discount_cents: Generated<number>;
}

export type CartStatusValue = "OPEN" | "COMPLETED";

export interface CartTable {
  id: string;
  checkout_token: string;
  customer_id: string | null;
  status: Generated<CartStatusValue>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Last activity (a change, or a read at most a day apart); the sweeper goes by it. */
  touched_at: Generated<Date>;
  completed_at: Date | null;
  /** Set once a payment page has been begun for the cart: its changes then close such a page. */
  payment_started: Generated<boolean>;
  /** Added by 022: the discount code the shopper applied (one per cart). */
  discount_code_id: Generated<string | null>;
}

interface ShopSettingsTable {
  id: Generated<boolean>;
  free_shipping_threshold_cents: number;
  updated_at: Generated<Date>;
}

export type PromotionKindValue = "percentage" | "fixed_amount" | "free_shipping";

export interface PromotionTable {
  id: Generated<string>;
  title: string;
  kind: PromotionKindValue;
  percent_off: number | null;
  amount_off_cents: number | null;
  automatic: Generated<boolean>;
  min_subtotal_cents: Generated<number>;
  starts_at: Generated<Date>;
  ends_at: Date | null;
  once_per_customer: Generated<boolean>;
  product_ids: ColumnType<string[], string[] | undefined, string[]>;
  collection_ids: ColumnType<string[], string[] | undefined, string[]>;
  disabled_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

interface DiscountCodeTable {
  id: Generated<string>;
  promotion_id: string;
  code: string;
  usage_limit: number | null;
  created_at: Generated<Date>;
}

interface DiscountRedemptionTable {
  attempt_id: string;
  code_id: string;
  promotion_id: string;
  customer_key: string;
  discount_cents: number;
  created_at: Generated<Date>;
}

interface CartLineTable {
  id: Generated<string>;
  seq: Generated<string>;
  cart_id: string;
  variant_id: string;
  quantity: number;
  custom_attributes: ColumnType<{ key: string; value: string }[], string, string>;
  /** Canonical form of custom_attributes: same variant + same key = same line. */
  attributes_key: string;
}

interface DesignTable {
  id: string;
  customer_id: string | null;
  preview: Buffer;
  preview_type: "image/png" | "image/jpeg";
  preview_width: number;
  preview_height: number;
  print: Buffer;
  print_type: "image/png" | "image/jpeg";
  print_width: number;
  print_height: number;
  state: ColumnType<Record<string, unknown>, string, string>;
  created_at: Generated<Date>;
  /** Added by 021: the owner deleted the account; kept only while an order still keeping its data prints from it. */
  owner_deleted_at: Generated<Date | null>;
  /** Added by 025: the uploaded picture's pixels per inch at its printed size; null without an uploaded picture (or recorded before 025). */
  print_dpi: number | null;
}

export type PaymentAttemptStatus = "PENDING" | "PROCESSING" | "APPROVED" | "COMPLETED" | "DECLINED" | "FAILED" | "ABANDONED" | "VOIDING" | "VOIDED";

export interface PaymentAttemptTable {
  /** The idempotency key the payment provider gets. */
  id: Generated<string>;
  cart_id: string;
  status: Generated<PaymentAttemptStatus>;
  summary_key: string;
  amount_cents: number;
  currency_code: string;
  /** The order as it will be recorded (a NewOrder without the card), JSON. */
  order_draft: ColumnType<unknown, string, string>;
  charge_reference: string | null;
  card_brand: string | null;
  card_last4: string | null;
  order_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** "test" or "stripe": who holds the session. */
  provider: Generated<string>;
  /** The provider's session (Stripe's Checkout Session id); null for attempts from before sessions. */
  session_id: string | null;
  expires_at: Date | null;
  /** Why a paid attempt is given back (VOIDING, VOIDED): "surplus" or "mismatch: …". */
  void_reason: string | null;
}

interface PaymentEventTable {
  provider: string;
  event_id: string;
  type: string;
  attempt_id: string | null;
  received_at: Generated<Date>;
}

export interface TestPaymentSessionTable {
  id: string;
  attempt_id: string;
  status: Generated<"OPEN" | "PAID" | "EXPIRED">;
  amount_cents: number;
  currency_code: string;
  payment_reference: string | null;
  card_brand: string | null;
  card_last4: string | null;
  expires_at: Date;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

interface TestPaymentChargeTable {
  idempotency_key: string;
  reference: string;
  status: "APPROVED" | "DECLINED" | "VOIDED";
  amount_cents: number;
  currency_code: string;
  card_brand: string;
  card_last4: string;
  decline_message: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type RefundStatusValue = "PENDING" | "SUCCEEDED" | "FAILED";
export type RefundReasonValue = "DAMAGED" | "DEFECTIVE" | "NOT_RECEIVED" | "CUSTOMER_REQUEST" | "CANCELLATION" | "DUPLICATE" | "FRAUDULENT" | "OTHER";

export interface RefundTable {
  id: Generated<string>;
  order_id: string;
  amount_cents: number;
  currency_code: string;
  reason: RefundReasonValue;
  /** Staff's internal note; never shown to the customer. */
  note: string | null;
  actor: string;
  status: Generated<RefundStatusValue>;
  provider: string;
  /** The provider's id of the refund, once it answered (unique per provider). */
  provider_refund_id: string | null;
  failure_message: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

interface DisputeTable {
  id: Generated<string>;
  order_id: string;
  provider: string;
  provider_dispute_id: string;
  amount_cents: number;
  currency_code: string;
  /** The provider's reason ("fraudulent", "product_not_received", …). */
  reason: string;
  /** The provider's status ("needs_response", "won", "lost", …). */
  status: string;
  outcome: "WON" | "LOST" | null;
  opened_at: Generated<Date>;
  closed_at: Date | null;
}

export interface TestPaymentRefundTable {
  id: string;
  idempotency_key: string;
  charge_reference: string;
  amount_cents: number;
  /** The shop's refund id, as a provider keeps it in its metadata. */
  reference: string | null;
  created_at: Generated<Date>;
}

interface NewsletterSubscriberTable {
  id: Generated<string>;
  /** Lower-cased; unique, so an address is on the list once. */
  email: string;
  created_at: Generated<Date>;
}

export type JobStateValue = "PENDING" | "RUNNING" | "SUCCEEDED" | "FAILED";

export interface JobTable {
  id: Generated<string>;
  kind: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  state: Generated<JobStateValue>;
  attempts: Generated<number>;
  max_attempts: number;
  run_at: ColumnType<Date, Date | string | undefined, Date | string>;
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  locked_by: string | null;
  last_error: string | null;
  result: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  dedupe_key: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

interface PartnerVariantTable {
  partner: string;
  variant_id: string;
  external_variant_id: string;
  updated_at: Generated<Date>;
}

export type WebhookTopicValue = "ORDERS_PAID" | "ORDERS_FULFILLED" | "ORDERS_CANCELLED" | "ORDERS_REFUNDED";
export type WebhookDeliveryStateValue = "PENDING" | "SUCCEEDED" | "FAILED";

interface WebhookSubscriptionTable {
  id: Generated<string>;
  url: string;
  topics: string[];
  secret: string;
  created_at: Generated<Date>;
}

interface WebhookDeliveryTable {
  id: Generated<string>;
  subscription_id: string;
  topic: WebhookTopicValue;
  order_id: string;
  /** Added by 015: what makes one event of a topic for an order ("" for once-per-order topics; the refund's id for ORDERS_REFUNDED). */
  event_key: Generated<string>;
  body: string;
  state: Generated<WebhookDeliveryStateValue>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

interface WebhookAttemptTable {
  id: Generated<string>;
  delivery_id: string;
  at: Generated<Date>;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

export interface Database {
  jobs: JobTable;
  partner_variants: PartnerVariantTable;
  webhook_subscriptions: WebhookSubscriptionTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_attempts: WebhookAttemptTable;
  designs: DesignTable;
  customers: CustomerTable;
  customer_addresses: CustomerAddressTable;
  customer_links: CustomerLinkTable;
  sessions: SessionTable;
  rate_limit_events: RateLimitEventTable;
  orders: OrderTable;
  order_history: OrderHistoryTable;
  staff_members: StaffMemberTable;
  staff_password_tokens: StaffPasswordTokenTable;
  staff_recovery_codes: StaffRecoveryCodeTable;
  api_tokens: ApiTokenTable;
  audit_log: AuditLogTable;
  order_lines: OrderLineTable;
  carts: CartTable;
  cart_lines: CartLineTable;
  shop_settings: ShopSettingsTable;
  promotions: PromotionTable;
  discount_codes: DiscountCodeTable;
  discount_redemptions: DiscountRedemptionTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  payment_attempts: PaymentAttemptTable;
  test_payment_charges: TestPaymentChargeTable;
  test_payment_sessions: TestPaymentSessionTable;
  payment_events: PaymentEventTable;
  refunds: RefundTable;
  disputes: DisputeTable;
  test_payment_refunds: TestPaymentRefundTable;
  app_state: AppStateTable;
  catalog_state: CatalogStateTable;
  search_words: SearchWordTable;
  media: MediaTable;
  collections: CollectionTable;
  products: ProductTable;
  product_handle_redirects: ProductHandleRedirectTable;
  seed_fixtures: SeedFixtureTable;
  product_images: ProductImageTable;
  product_mockups: ProductMockupTable;
  product_options: ProductOptionTable;
  variants: VariantTable;
  product_collections: ProductCollectionTable;
  memes: MemeTable;
  schema_migrations: MigrationTable;
}

export type ProductRow = Selectable<ProductTable>;
