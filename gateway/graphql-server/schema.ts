import "reflect-metadata";
import type { GraphQLSchema } from "graphql";
import { buildSchema } from "type-graphql";
import { CatalogResolver } from "../catalog/catalog.resolver.js";
import { CollectionFieldResolver, ProductFieldResolver, VariantFieldResolver } from "../catalog/catalog.fields.js";
import { MemeResolver } from "../memes/meme.resolver.js";
import { MemeAdminResolver } from "../memes/meme-admin.resolver.js";
import { CustomerResolver } from "../customers/customer.resolver.js";
import { AddressBookResolver } from "../customers/address-book.resolver.js";
import { CustomerRecoveryResolver } from "../customers/customer-recovery.resolver.js";
import { AccountDataResolver } from "../account-data/account-data.resolver.js";
import { CustomerOrdersResolver, OrderLineDesignResolver, OrderResolver } from "../orders/order.resolver.js";
import { DesignResolver } from "../designs/design.resolver.js";
import { PrintQualityResolver } from "../designs/print-quality.resolver.js";
import { CartLineDesignResolver, CartResolver } from "../cart/cart.resolver.js";
import { CartDiscountResolver } from "../promotions/cart-discount.resolver.js";
import { ShopResolver } from "../checkout/shop.resolver.js";
import { NewsletterResolver } from "../newsletter/newsletter.resolver.js";
import { OrderAdminResolver } from "../orders/order-admin.resolver.js";
import { OrderShippingResolver } from "../orders/order-shipping.resolver.js";
import { AdminHomeResolver } from "../admin-home/admin-home.resolver.js";
import { OrderSelectionResolver } from "../orders/order-selection.resolver.js";
import { TrackingImportResolver } from "../orders/tracking-import.resolver.js";
import { StaffResolver } from "../staff/staff.resolver.js";
import { StaffAccountsResolver } from "../staff/staff-accounts.resolver.js";
import { FulfillmentJobResolver } from "../fulfillment/partners/fulfillment-job.resolver.js";
import { WebhookResolver } from "../notifications/webhook.resolver.js";
import { RefundResolver } from "../refunds/refund.resolver.js";
import { ProductAdminResolver } from "../catalog/product-admin.resolver.js";
import { ProductImagesResolver } from "../catalog/product-images.resolver.js";
import { ProductMockupsResolver } from "../catalog/product-mockups.resolver.js";
import { CatalogBulkResolver } from "../catalog/catalog-bulk.resolver.js";
import { CollectionAdminResolver } from "../catalog/collection-admin.resolver.js";
import { PromotionAdminResolver } from "../promotions/promotion-admin.resolver.js";
import { guardResolvers } from "./errors.js";
import { signedInChecker } from "../graphql/auth.js";
import { checkArgument } from "../shared/validation.js";

// Every resolver of the API, feature by feature.
const resolvers = [
  CatalogResolver,
  ProductFieldResolver,
  VariantFieldResolver,
  CollectionFieldResolver,
  MemeResolver,
  CustomerResolver,
  AddressBookResolver,
  CustomerRecoveryResolver,
  AccountDataResolver,
  OrderResolver,
  CustomerOrdersResolver,
  DesignResolver,
  PrintQualityResolver,
  OrderLineDesignResolver,
  CartResolver,
  CartLineDesignResolver,
  CartDiscountResolver,
  ShopResolver,
  NewsletterResolver,
  StaffResolver,
  StaffAccountsResolver,
  OrderAdminResolver,
  OrderShippingResolver,
  AdminHomeResolver,
  OrderSelectionResolver,
  TrackingImportResolver,
  FulfillmentJobResolver,
  WebhookResolver,
  RefundResolver,
  ProductAdminResolver,
  ProductImagesResolver,
  ProductMockupsResolver,
  MemeAdminResolver,
  CatalogBulkResolver,
  CollectionAdminResolver,
  PromotionAdminResolver,
] as const;

export async function buildGatewaySchema(): Promise<GraphQLSchema> {
  const schema = await buildSchema({
    resolvers,
    authChecker: signedInChecker,
    // Arguments are checked against their classes' class-validator declarations (shared/validation.ts),
    // the same check REST runs; a failure is INVALID_INPUT naming the field, never the input echoed back.
    validateFn: checkArgument,
  });
  guardResolvers(schema);
  // TypeGraphQL gives the root types no description; Sandbox shows this one first.
  schema.getQueryType()!.description =
    "What the storefront reads: the catalog (products, collections), the meme gallery, carts, and the signed-in customer with their orders; and, for the shop's staff and API tokens, every order and the audit log.";
  const mutation = schema.getMutationType();
  if (mutation) mutation.description = "What the storefront changes: accounts and sign-in, carts and checkout; and, for the shop's staff and API tokens, orders' fulfilment and API tokens. Expected failures come back as userErrors.";
  return schema;
}
