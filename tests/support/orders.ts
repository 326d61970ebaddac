import type { NewOrder } from "../../gateway/orders/order.records.js";
import type { TestGateway } from "./gateway.js";

/**
 * An order as checkout would record it, made through the orders service with a real catalog
 * variant (for tests of who may see orders, independent of the checkout flow), in a transaction of
 * its own as checkout's would be.
 */
export async function placeOrderFor(
  shop: Pick<TestGateway, "running" | "database">,
  customerId: string | null,
  email: string,
  quantity = 2,
  customAttributes: { key: string; value: string }[] = [],
) {
  const { services } = shop.running.gateway;
  const { items } = await services.catalog.listProducts({ page: 1, pageSize: 1 });
  const product = items[0]!;
  const unit = product.priceCents;
  const order: NewOrder = {
    customerId,
    cartId: null,
    email,
    subtotalCents: unit * quantity,
    discountCents: 0,
    discountCode: null,
    shippingCents: 599,
    totalCents: unit * quantity + 599,
    shippingMethod: "Standard (5–7 business days)",
    shippingAddress: {
      name: "Pat Doe",
      address1: "1 Main St",
      address2: null,
      city: "Springfield",
      province: "Illinois",
      provinceCode: "IL",
      postalCode: "12345",
      country: "United States",
      countryCode: "US",
      phone: null,
    },
    cardBrand: "visa",
    cardLast4: "4242",
    lines: [
      {
        productId: product.id,
        variantId: null,
        productHandle: product.handle,
        productTitle: product.title,
        variantTitle: null,
        imageUrl: null,
        quantity,
        unitPriceCents: unit,
        discountCents: 0,
        lineTotalCents: unit * quantity,
        customAttributes,
      },
    ],
  };
  return shop.database.db.transaction().execute((trx) => services.orders.place(order, trx));
}
