import { centsToDecimalString, CURRENCY_CODE } from "../shared/money.js";
import { designFileUrl, DESIGN_ATTRIBUTE, type DesignRecord } from "../designs/design.records.js";
import type { DesignService } from "../designs/design.service.js";
import type { OrderRecord } from "../orders/order.records.js";
import type { OrderService } from "../orders/order.service.js";
import type { RateLimiter } from "../shared/rate-limiter.js";
import { notSignedIn } from "../shared/errors.js";
import type { CustomerService } from "../customers/customer.service.js";

/** Downloads per account per hour: a download reads every order and design, more than a page does. */
const EXPORTS_PER_HOUR = 20;

/** The saved addresses of an account as its data download lists them: the address book implements it (services.ts hands it to the export). */
export interface SavedAddressesExport {
  addressesForExport(customerId: string): Promise<Record<string, unknown>[]>;
}

/** The download's format version: a change of its shape is a new version. */
const EXPORT_FORMAT = "satire-supply-account-export/1";

const money = (cents: number) => centsToDecimalString(cents);

function exportOrder(order: OrderRecord, statusUrl: string) {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    processedAt: order.processedAt.toISOString(),
    email: order.email,
    financialStatus: order.financialStatus,
    fulfillmentStatus: order.fulfillmentStatus,
    currencyCode: order.currencyCode,
    subtotalPrice: money(order.subtotalCents),
    totalDiscountPrice: money(order.discountCents),
    discountCode: order.discountCode,
    totalShippingPrice: money(order.shippingCents),
    totalPrice: money(order.totalCents),
    refundedPrice: money(order.refundedCents),
    shippingMethod: order.shippingMethod,
    shippingAddress: order.shippingAddress,
    payment: order.cardBrand && order.cardLast4 ? { brand: order.cardBrand, last4: order.cardLast4 } : null,
    tracking: order.tracking
      ? { ...order.tracking, shippedAt: order.tracking.shippedAt.toISOString(), deliveredAt: order.tracking.deliveredAt?.toISOString() ?? null }
      : null,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    cancelMessage: order.cancelCustomerMessage?.trim() ? order.cancelCustomerMessage.trim() : null,
    statusUrl,
    lineItems: order.lines.map((line) => ({
      title: line.productTitle,
      variantTitle: line.variantTitle,
      productHandle: line.productHandle,
      quantity: line.quantity,
      unitPrice: money(line.unitPriceCents),
      totalPrice: money(line.lineTotalCents),
      customAttributes: line.customAttributes,
      designId: line.customAttributes.find((a) => a.key === DESIGN_ATTRIBUTE)?.value ?? null,
    })),
  };
}

function exportDesign(design: DesignRecord, publicUrl: string) {
  return {
    id: design.id,
    createdAt: design.createdAt.toISOString(),
    previewUrl: `${publicUrl}${designFileUrl(design.id, "preview")}`,
    printFileUrl: `${publicUrl}${designFileUrl(design.id, "print")}`,
    preview: design.preview,
    print: design.print,
    state: design.state,
  };
}

/**
 * "Download my data": the profile, saved addresses, orders (lines, the address each order kept,
 * statuses, totals as decimal strings) and custom designs (their images' addresses) of one account.
 * Never a password hash, a session or a token.
 */
export class AccountExportService {
  constructor(
    private readonly customers: CustomerService,
    private readonly orders: OrderService,
    private readonly designs: DesignService,
    private readonly limiter: RateLimiter,
    private readonly urls: { publicUrl: string; orderStatusUrl(publicUrl: string, statusToken: string): string },
    private readonly addresses: SavedAddressesExport,
  ) {}

  async exportFor(customerId: string, now: Date = new Date()) {
    await this.limiter.take(`account-export:customer:${customerId}`, EXPORTS_PER_HOUR, 3600);
    const customer = await this.customers.findById(customerId);
    if (!customer) throw notSignedIn();
    const [addresses, orders, designs] = await Promise.all([
      this.addresses.addressesForExport(customerId),
      this.orders.listForCustomer(customerId),
      this.designs.listForCustomer(customerId),
    ]);
    return {
      format: EXPORT_FORMAT,
      exportedAt: now.toISOString(),
      currencyCode: CURRENCY_CODE,
      profile: {
        id: customer.id,
        email: customer.email,
        displayName: customer.displayName,
        hasPassword: customer.hasPassword,
        googleLinked: customer.googleLinked,
        createdAt: customer.createdAt.toISOString(),
      },
      addresses,
      orders: orders.map((order) => exportOrder(order, this.urls.orderStatusUrl(this.urls.publicUrl, order.statusToken))),
      designs: designs.map((design) => exportDesign(design, this.urls.publicUrl)),
    };
  }
}
