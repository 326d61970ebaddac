import DataLoader from "dataloader";
import { madeOnFirstRead } from "./shared/made-on-first-read.js";
import type { Kysely } from "kysely";
import type { JobRecord } from "./jobs/job.records.js";
import type { DisputeRecord, RefundRecord } from "./refunds/refund.records.js";
import type { Database } from "./db/schema.js";
import { CatalogRepository } from "./catalog/catalog.repository.js";
import { CatalogService } from "./catalog/catalog.service.js";
import { createCatalogLoaders, type CatalogLoaders } from "./catalog/catalog.loaders.js";
import { CatalogCache } from "./catalog/catalog.cache.js";
import { CatalogChanges, productsTouched } from "./catalog/catalog.changes.js";
import { CatalogWriter } from "./catalog/catalog.writer.js";
import { ProductAdminRepository } from "./catalog/product-admin.repository.js";
import { ProductAdminService } from "./catalog/product-admin.service.js";
import { CatalogCsvRepository } from "./catalog/catalog-csv.repository.js";
import { CatalogCsvService } from "./catalog/catalog-csv.service.js";
import { ProductImagesRepository } from "./catalog/product-images.repository.js";
import { ProductImagesService } from "./catalog/product-images.service.js";
import { ProductMockupsRepository } from "./catalog/product-mockups.repository.js";
import { printFileSize } from "./catalog/product-mockups.records.js";
import { ProductMockupsService } from "./catalog/product-mockups.service.js";
import { CatalogBulkRepository } from "./catalog/catalog-bulk.repository.js";
import { CatalogBulkService } from "./catalog/catalog-bulk.service.js";
import { CollectionAdminRepository } from "./catalog/collection-admin.repository.js";
import { CollectionAdminService } from "./catalog/collection-admin.service.js";
import { PromotionAdminRepository } from "./promotions/promotion-admin.repository.js";
import { PromotionAdminService } from "./promotions/promotion-admin.service.js";
import { MemeRepository } from "./memes/meme.repository.js";
import { MemeService } from "./memes/meme.service.js";
import { MemeAdminRepository } from "./memes/meme-admin.repository.js";
import { MemeAdminService } from "./memes/meme-admin.service.js";
import { MediaRepository } from "./media/media.repository.js";
import { MediaService } from "./media/media.service.js";
import { OrderRepository } from "./orders/order.repository.js";
import { OrderService } from "./orders/order.service.js";
import { OrderHistoryRepository } from "./orders/order-history.repository.js";
import { OrderLifecycle } from "./orders/order-lifecycle.service.js";
import { OrderTransitionsService } from "./orders/order-transitions.service.js";
import { AuditRepository } from "./staff/audit.repository.js";
import { AuditService } from "./staff/audit.service.js";
import { StaffRepository } from "./staff/staff.repository.js";
import { StaffService } from "./staff/staff.service.js";
import { ApiTokenRepository } from "./staff/api-token.repository.js";
import { ApiTokenService } from "./staff/api-token.service.js";
import { StaffTokenRepository } from "./staff/staff-token.repository.js";
import { StaffAccountsService } from "./staff/staff-accounts.service.js";
import { TwoFactorService } from "./staff/two-factor.service.js";
import { staffPasswordLinkTemplate } from "./staff/staff-emails.js";
import { fulfillmentJobKey } from "./fulfillment/partners/partner.records.js";
import { OrderAdminRepository } from "./orders/order-admin.repository.js";
import { OrderShippingService } from "./orders/order-shipping.service.js";
import { OrderAdminService } from "./orders/order-admin.service.js";
import { AdminHomeRepository } from "./admin-home/admin-home.repository.js";
import { AdminHomeService } from "./admin-home/admin-home.service.js";
import { TrackingImportRepository } from "./orders/tracking-import.repository.js";
import { TrackingImportService } from "./orders/tracking-import.service.js";
import { DesignRepository } from "./designs/design.repository.js";
import { DesignService } from "./designs/design.service.js";
import type { DesignRecord } from "./designs/design.records.js";
import type { Config } from "./config.js";
import { CustomerRepository } from "./customers/customer.repository.js";
import { CustomerService } from "./customers/customer.service.js";
import { AddressBookRepository } from "./customers/address-book.repository.js";
import { AddressBookService } from "./customers/address-book.service.js";
import { CustomerRecoveryService } from "./customers/customer-recovery.service.js";
import { CustomerLinkRepository } from "./customers/customer-link.repository.js";
import { CustomerVerificationRepository } from "./customers/customer-verification.repository.js";
import { customerLinkTemplate, emailChangeNoticeTemplate } from "./customers/customer-emails.js";
import { AccountDeletionRepository } from "./account-data/account-deletion.repository.js";
import { AccountDeletionService } from "./account-data/account-deletion.service.js";
import { AccountExportService } from "./account-data/account-export.service.js";
import { OrderErasureRepository } from "./orders/order-erasure.repository.js";
import { OrderErasureService } from "./orders/order-erasure.service.js";
import { RateLimiter } from "./shared/rate-limiter.js";
import { DatabaseSessionStore } from "./sessions/session-store.js";
import { CartRepository } from "./cart/cart.repository.js";
import { CartService } from "./cart/cart.service.js";
import { CheckoutService } from "./checkout/checkout.service.js";
import { PromotionRepository } from "./promotions/promotion.repository.js";
import { CartDiscountService } from "./promotions/cart-discount.service.js";
import { FreeShippingService } from "./promotions/free-shipping.service.js";
import { TestPaymentProvider } from "./checkout/test-payment-provider.js";
import { StripePaymentProvider } from "./checkout/stripe-payment-provider.js";
import { StripeWebhookService } from "./checkout/stripe-webhook.service.js";
import { PaymentAttemptRepository } from "./checkout/payment-attempt.repository.js";
import { NewsletterRepository } from "./newsletter/newsletter.repository.js";
import { RefundRepository } from "./refunds/refund.repository.js";
import { RefundService } from "./refunds/refund.service.js";
import { DisputeService } from "./refunds/dispute.service.js";
import { cancellationEmail, disputeEmail, refundEmail, refundEmailTemplates } from "./refunds/refund-emails.js";
import { CancellationService } from "./refunds/cancellation.service.js";
import { orderStatusUrl } from "./orders/order.view.js";
import { webhookOrderPayload } from "./notifications/webhook.payload.js";
import { centsToDecimalString } from "./shared/money.js";
import { NewsletterService } from "./newsletter/newsletter.service.js";
import type { Logger } from "./logger.js";
import { createPipeline, type PipelineConfig } from "./pipeline.js";

/** Catalog answers kept per process (GraphQL's and REST's together); enough for every page of every sort and the common searches. */
const CATALOG_CACHE_ENTRIES = 2000;

/** The domain services, built once per process; GraphQL and REST call the same instances. */
export function createServices(
  db: Kysely<Database>,
  config: Pick<Config, "authLimits" | "catalogCacheSeconds" | "payments" | "google"> & PipelineConfig,
  logger: Logger,
) {
  const catalogRepository = new CatalogRepository(db);
  const catalogCache = new CatalogCache({ ttlMs: config.catalogCacheSeconds * 1000, maxEntries: CATALOG_CACHE_ENTRIES });
  const catalogChanges = new CatalogChanges(catalogCache, db);
  const sessionStore = new DatabaseSessionStore(db);
  const rateLimiter = new RateLimiter(db);
  const orderRepository = new OrderRepository(db);
  const orderHistory = new OrderHistoryRepository(db);
  const orders = new OrderService(orderRepository, rateLimiter);
  // The order's lifecycle hook point: features that act when an order is paid, fulfilled or
  // cancelled register their handlers on it here (they run inside the change's transaction).
  const orderLifecycle = new OrderLifecycle(orderHistory);
  // A paid order adds to its products' sales counts (in its transaction): the best-selling order, the
  // featured list and the related products of their collections change, here and in every other process.
  orderLifecycle.onCommitted((event, order) => {
    if (event !== "paid") return;
    const sold = order.lines.flatMap((line) => (line.productId === null ? [] : [line.productId]));
    catalogChanges.changed(productsTouched(sold)).catch(() => undefined);
  });
  const audit = new AuditService(new AuditRepository(db));
  // Every catalog write: one transaction, its audit entry, one announcement to every gateway process.
  const catalogWriter = new CatalogWriter(db, catalogChanges, audit);
  const productAdminRepository = new ProductAdminRepository(db);
  const productAdmin = new ProductAdminService(productAdminRepository, catalogWriter, {
    requirePartnerVariantIds: config.fulfillmentPartner === "printful",
  });
  const mediaRepository = new MediaRepository(db);
  const mediaService = new MediaService(mediaRepository);
  const productImagesRepository = new ProductImagesRepository(db);
  const orderTransitions = new OrderTransitionsService(db, orderRepository, orderHistory, audit, orderLifecycle);
  const apiTokens = new ApiTokenService(new ApiTokenRepository(db), audit);
  const productMockupsRepository = new ProductMockupsRepository(db);
  const designs = new DesignService(new DesignRepository(db), rateLimiter, async (productId) => {
    const area = await productMockupsRepository.printArea(productId);
    return area && printFileSize(area);
  });
  const carts = new CartService(new CartRepository(db), designs);
  // Promotions: a cart's discount code judged every time the cart is priced; the free-shipping rule in force.
  const promotionRepository = new PromotionRepository(db);
  const cartDiscounts = new CartDiscountService(promotionRepository, carts, rateLimiter);
  carts.judgeDiscountsWith(cartDiscounts);
  const freeShipping = new FreeShippingService(promotionRepository);
  // Who takes the money (PAYMENT_PROVIDER): the test provider, whose "page" is the checkout page's
  // card fields, or Stripe Checkout, whose page is Stripe's own (the store pages then take no card).
  const testPayments = config.payments.provider === "test" ? new TestPaymentProvider(db) : null;
  const stripePayments = config.payments.provider === "stripe" ? new StripePaymentProvider(config.payments.stripe) : null;
  const payments = stripePayments ?? testPayments!;
  const addressBook = new AddressBookService(new AddressBookRepository(db));
  const checkout = new CheckoutService(
    carts,
    orders,
    payments,
    new PaymentAttemptRepository(db),
    { publicUrl: config.publicUrl, sessionMinutes: config.payments.sessionMinutes },
    { freeShipping, cartDiscounts },
    orderLifecycle,
    logger,
  );
  // "Save this address to my account": kept when the order is placed, in its transaction (never for a guest).
  checkout.onOrderPlaced(async (attempt, order, trx) => {
    if (attempt.draft.saveAddress && order.customerId !== null) await addressBook.saveFromCheckout(order.customerId, order.shippingAddress, trx);
  });
  // A cart changed while a payment page was open for it: that page stops taking money.
  carts.onChanged((cartId) => {
    checkout.cartChanged(cartId).catch((error: unknown) => logger.warn("an open payment could not be closed after its cart changed", { cartId, error: (error as Error).message }));
  });
  // Jobs, print partner, emails, outbound webhooks: hooked into the order's lifecycle and checkout's.
  const pipeline = createPipeline(db, config, { orderRepository, orderLifecycle, orderTransitions, checkout, audit }, logger);
  // Money given back: the refunds ledger and disputes, on the provider that took the money. A refund
  // that succeeds emails the customer and tells integrators (ORDERS_REFUNDED), in its transaction;
  // a dispute emails the owners and holds its order from the printer while it is open.
  const refundRepository = new RefundRepository(db);
  const refunds = new RefundService(db, refundRepository, orderTransitions, payments, checkout, logger);
  const disputes = new DisputeService(db, refundRepository, orderTransitions, payments.name, checkout);
  const cancellations = new CancellationService(db, orderTransitions, orderLifecycle, refunds, logger);
  refunds.onSucceeded(async (order, refund, trx) => {
    await pipeline.emails.enqueueInTransaction(refundEmail(order, refund), trx);
    await pipeline.webhooks.publish("ORDERS_REFUNDED", webhookOrderPayload(order), trx, {
      key: refund.id,
      extra: { refund: { id: refund.id, amount: centsToDecimalString(refund.amountCents), currencyCode: refund.currencyCode, reason: refund.reason, createdAt: refund.createdAt.toISOString() } },
    });
  });
  refunds.onCommitted(() => pipeline.jobRunner.wake());
  orderLifecycle.on("cancelled", async (order, trx) => {
    if (order.cancelCustomerMessage !== null) await pipeline.emails.enqueueInTransaction(cancellationEmail(order), trx);
  });
  const staffRepository = new StaffRepository(db);
  disputes.onOpened(async (order, dispute, trx) => {
    for (const owner of await staffRepository.activeOwnerEmails(trx)) await pipeline.emails.enqueueInTransaction(disputeEmail(owner, order, dispute), trx);
  });
  // A dispute won: the order held from the printer may go now (its job was stopped by the hold).
  disputes.onClosed((dispute) => {
    if (dispute.outcome !== "WON") return;
    pipeline.fulfillment.retry(dispute.orderId, "system").catch(() => undefined);
  });
  pipeline.fulfillment.holdWhile((orderId) => disputes.holdOf(orderId));
  for (const [name, template] of Object.entries(
    refundEmailTemplates({
      publicUrl: config.publicUrl,
      findOrder: (orderId) => orderRepository.findById(orderId),
      findDispute: async (orderId, disputeId) => (await refundRepository.disputesOf([orderId])).get(orderId)!.find((d) => d.id === disputeId) ?? null,
      statusUrl: orderStatusUrl,
    }),
  )) {
    pipeline.emails.register(name, template);
  }
  // Staff accounts: the owner's side, password links (sent by the email jobs, the token minted when
  // the email is written) and two-factor sign-in.
  // Deleted accounts' orders: an open one gets its contact data's erase time when it ships or is cancelled.
  const orderErasure = new OrderErasureService(db, new OrderErasureRepository(db), orderHistory);
  orderLifecycle.on("fulfilled", (order, trx) => orderErasure.orderClosedInTransaction(order, trx));
  orderLifecycle.on("cancelled", (order, trx) => orderErasure.orderClosedInTransaction(order, trx));
  const staffAccounts = new StaffAccountsService(staffRepository, new StaffTokenRepository(db), audit, pipeline.emails, sessionStore, rateLimiter);
  pipeline.emails.register(staffPasswordLinkTemplate.name, staffPasswordLinkTemplate.template(config.publicUrl, staffAccounts.mintLink));
  // Customers' emailed links (reset, verification, change of email), minted as staff's are.
  const customerRepository = new CustomerRepository(db);
  const customerRecovery = new CustomerRecoveryService(
    customerRepository,
    new CustomerLinkRepository(db),
    new CustomerVerificationRepository(db),
    pipeline.emails,
    sessionStore,
    rateLimiter,
  );
  pipeline.emails.register(customerLinkTemplate.name, customerLinkTemplate.template(config.publicUrl, customerRecovery.mintLink));
  pipeline.emails.register(emailChangeNoticeTemplate.name, emailChangeNoticeTemplate.template(config.publicUrl));
  const customers = new CustomerService(customerRepository, rateLimiter, config.authLimits, sessionStore, customerRecovery, config.google !== null);
  return {
    ...pipeline,
    sessionStore,
    rateLimiter,
    customers,
    customerRecovery,
    addressBook,
    // "Download my data" (the address book lists its addresses for it) and "Delete account".
    accountExport: new AccountExportService(customers, orders, designs, rateLimiter, { publicUrl: config.publicUrl, orderStatusUrl }, addressBook),
    accountDeletion: new AccountDeletionService(db, new AccountDeletionRepository(db), orderErasure, designs, pipeline.emails, checkout, rateLimiter, customerRecovery),
    catalog: new CatalogService(catalogRepository),
    catalogCache,
    catalogChanges,
    catalogWriter,
    productAdmin,
    // The catalog in and out of a spreadsheet, through the product service's own rules.
    catalogCsv: new CatalogCsvService(new CatalogCsvRepository(db), productAdmin, catalogWriter),
    // A product's gallery: uploads checked, resized once and kept content-addressed in media.
    productImages: new ProductImagesService(productImagesRepository, productAdminRepository, mediaService, catalogWriter),
    // What the design studio prints on: a product's print area and its blank mock-ups (kept in media as images are).
    productMockups: new ProductMockupsService(
      productMockupsRepository,
      productAdminRepository,
      mediaService,
      (paths, trx) => productImagesRepository.mediaPathsInUse(paths, trx),
      catalogWriter,
    ),
    // The collections, their order and the products in each in a chosen order; images as products' are.
    collectionAdmin: new CollectionAdminService(new CollectionAdminRepository(db), catalogWriter, mediaService, (paths, trx) => productImagesRepository.mediaPathsInUse(paths, trx)),
    // Bulk changes (owners): prices and statuses across a selection, previewed, then in one write.
    catalogBulk: new CatalogBulkService(new CatalogBulkRepository(db, productAdminRepository), catalogWriter, {
      requirePartnerVariantIds: config.fulfillmentPartner === "printful",
    }),
    // Promotions on the shop's side: a change shoppers see is announced as a catalog change, so
    // cached answers and pages (the banner, the threshold) follow it in every process.
    promotionAdmin: new PromotionAdminService(db, new PromotionAdminRepository(db), audit, () => catalogChanges.changed()),
    memes: new MemeService(new MemeRepository(db)),
    // The gallery on the shop's side: its images go through the same check and media as products'.
    memeAdmin: new MemeAdminService(
      new MemeAdminRepository(db),
      mediaService,
      (paths, trx) => productImagesRepository.mediaPathsInUse(paths, trx),
      catalogWriter,
    ),
    media: mediaRepository,
    orders,
    orderLifecycle,
    orderTransitions,
    orderAdmin: new OrderAdminService(orderRepository, new OrderAdminRepository(db, fulfillmentJobKey), orderHistory, (ids) => designs.findMany(ids)),
    orderShipping: new OrderShippingService(orderTransitions, orderRepository),
    adminHome: new AdminHomeService(new AdminHomeRepository(db)),
    // Tracking from a spreadsheet: each order shipped through the transitions, one at a time.
    trackingImport: new TrackingImportService(new TrackingImportRepository(db), orderTransitions),
    audit,
    apiTokens,
    staff: new StaffService(staffRepository, apiTokens, rateLimiter, config.authLimits),
    staffAccounts,
    twoFactor: new TwoFactorService(staffRepository, audit, rateLimiter, config.authLimits),
    designs,
    newsletter: new NewsletterService(new NewsletterRepository(db), rateLimiter),
    carts,
    cartDiscounts,
    freeShipping,
    checkout,
    /** The test provider's card payments, when it is the provider (the checkout page hands it the card). */
    testPayments,
    /** Stripe's webhook (POST /api/webhooks/stripe), when Stripe takes the money. */
    stripeWebhook: stripePayments
      ? new StripeWebhookService(stripePayments, checkout, logger, {
          refundChanged: (refund, event) => refunds.refundChanged(refund, event),
          paymentRefunded: (paymentId, event) => refunds.paymentRefunded(paymentId, event),
          disputeChanged: (dispute, event) => disputes.changed(dispute, event),
        })
      : null,
    refunds,
    disputes,
    cancellations,
    /** Where the store's checkout form may send the browser to pay, besides the shop itself (Stripe's page). */
    paymentPageOrigins: stripePayments ? [stripePayments.checkoutOrigin] : [],
    /** Per-request batch loaders (fresh for every request, so nothing is cached across requests; each made when first used). */
    createLoaders: madeOnFirstRead<RequestLoaders>({
      catalog: () => createCatalogLoaders(catalogRepository),
      fulfillmentJobs: () => new DataLoader((orderIds: readonly string[]) => pipeline.fulfillment.findJobs(orderIds)),
      refunds: () => new DataLoader(async (orderIds: readonly string[]) => {
        const found = await refunds.findByOrders(orderIds);
        return orderIds.map((id) => found.get(id) ?? []);
      }),
      refundable: () => new DataLoader(async (orderIds: readonly string[]) => {
        const found = await refunds.refundableByOrders(orderIds);
        return orderIds.map((id) => found.get(id) ?? 0);
      }),
      disputes: () => new DataLoader(async (orderIds: readonly string[]) => {
        const found = await disputes.findByOrders(orderIds);
        return orderIds.map((id) => found.get(id) ?? []);
      }),
      designs: () => new DataLoader(async (ids: readonly string[]) => {
        const found = new Map((await designs.findMany(ids)).map((d) => [d.id, d]));
        return ids.map((id) => found.get(id) ?? null);
      }),
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

export interface RequestLoaders {
  catalog: CatalogLoaders;
  /** AdminOrder.fulfillmentJob, by order id, one query per page of orders. */
  fulfillmentJobs: DataLoader<string, JobRecord | null>;
  /** AdminOrder.refunds, by order id. */
  refunds: DataLoader<string, RefundRecord[]>;
  /** AdminOrder.refundablePrice in cents, by order id. */
  refundable: DataLoader<string, number>;
  /** AdminOrder.disputes, by order id. */
  disputes: DataLoader<string, DisputeRecord[]>;
  /** The design of an order's or a cart's line (OrderLineItem.design, CartLine.design), by design id: one query for all the lines. */
  designs: DataLoader<string, DesignRecord | null>;
}

// The GraphQL context and Express's per-request locals carry the services and loaders; their layers
// sit below the features and name none, so the types are filled in here, where the features meet.
declare module "./graphql/context.js" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GraphQLServices extends Services {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GraphQLLoaders extends RequestLoaders {}
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** This request's batch loaders (REST adapters share them with GraphQL's per-request ones). */
      loaders: RequestLoaders;
    }
  }
}
