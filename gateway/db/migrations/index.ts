import type { Kysely } from "kysely";
import * as catalog from "./001-catalog.js";
import * as customersOrders from "./002-customers-orders.js";
import * as designs from "./005-designs.js";
import * as carts from "./003-carts.js";
import * as newsletter from "./004-newsletter.js";
import * as payments from "./006-payments.js";
import * as staffOrders from "./007-staff-orders.js";
import * as pipeline from "./008-pipeline.js";
import * as catalogScale from "./009-catalog-scale.js";
import * as lineQuantity from "./010-line-quantity.js";
import * as emailJobs from "./011-email-jobs.js";
import * as shippingAddress from "./012-shipping-address.js";
import * as paymentPort from "./013-payment-port.js";
import * as staffAccounts from "./014-staff-accounts.js";
import * as refunds from "./015-refunds.js";
import * as catalogAdmin from "./016-catalog-admin.js";
import * as collectionsAdmin from "./017-collections-admin.js";
import * as memesAdmin from "./018-memes-admin.js";
import * as customerLinks from "./019-customer-links.js";
import * as customerAddresses from "./020-customer-addresses.js";
import * as accountDeletion from "./021-account-deletion.js";
import * as promotions from "./022-promotions.js";
import * as orderShipping from "./023-order-shipping.js";
import * as printAreas from "./024-print-areas.js";
import * as designPrintDpi from "./025-design-print-dpi.js";
import * as searchWords from "./026-search-words.js";

export interface Migration {
  name: string;
  up(db: Kysely<unknown>): Promise<void>;
}

// Forward-only and append-only: a released migration is never edited, a new one is added.
export const migrations: Migration[] = [
  { name: "001-catalog", up: catalog.up },
  { name: "002-customers-orders", up: customersOrders.up },
  { name: "003-carts", up: carts.up },
  { name: "004-newsletter", up: newsletter.up },
  { name: "005-designs", up: designs.up },
  { name: "006-payments", up: payments.up },
  { name: "007-staff-orders", up: staffOrders.up },
  { name: "008-pipeline", up: pipeline.up },
  { name: "009-catalog-scale", up: catalogScale.up },
  { name: "010-line-quantity", up: lineQuantity.up },
  { name: "011-email-jobs", up: emailJobs.up },
  { name: "012-shipping-address", up: shippingAddress.up },
  { name: "013-payment-port", up: paymentPort.up },
  { name: "014-staff-accounts", up: staffAccounts.up },
  { name: "015-refunds", up: refunds.up },
  { name: "016-catalog-admin", up: catalogAdmin.up },
  { name: "017-collections-admin", up: collectionsAdmin.up },
  { name: "018-memes-admin", up: memesAdmin.up },
  { name: "019-customer-links", up: customerLinks.up },
  { name: "020-customer-addresses", up: customerAddresses.up },
  { name: "021-account-deletion", up: accountDeletion.up },
  { name: "022-promotions", up: promotions.up },
  { name: "023-order-shipping", up: orderShipping.up },
  { name: "024-print-areas", up: printAreas.up },
  { name: "025-design-print-dpi", up: designPrintDpi.up },
  { name: "026-search-words", up: searchWords.up },
];
