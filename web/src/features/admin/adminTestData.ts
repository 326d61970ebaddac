// Answers of the issue-15 contract as the gateway sends them, for the admin's component tests.

export const owner = { __typename: "StaffMember", id: "s-1", email: "owner@shop.test", name: "Olive Owner", role: "OWNER", twoFactorSetupRequired: false };
export const clerk = { __typename: "StaffMember", id: "s-2", email: "clerk@shop.test", name: "Cleo Clerk", role: "STAFF", twoFactorSetupRequired: false };

const money = (amount: string) => ({ __typename: "Money", amount, currencyCode: "USD" });

export function orderRow(id: string, orderNumber: number, fulfillmentStatus: string, overrides: object = {}) {
  return {
    __typename: "AdminOrder",
    id,
    orderNumber,
    email: `buyer${orderNumber}@example.com`,
    customerName: orderNumber % 2 ? "Ada Lovelace" : null,
    accountDeletion: null,
    processedAt: "2026-11-20T15:00:00.000Z",
    financialStatus: "PAID",
    fulfillmentStatus,
    totalPrice: money("49.98"),
    lineItems: [{ __typename: "AdminOrderLine", id: `${id}-l1`, quantity: 2 }],
    ...overrides,
  };
}

export function ordersPage(nodes: object[], { totalCount = nodes.length, hasNextPage = false, endCursor = null as string | null } = {}) {
  return {
    data: {
      adminOrders: {
        __typename: "AdminOrderConnection",
        totalCount,
        nodes,
        pageInfo: { __typename: "AdminOrderPageInfo", hasNextPage, endCursor },
      },
      adminOrderCounts: { __typename: "AdminOrderCounts", all: 9, toShip: 4, unfulfilled: 3, inProgress: 1, fulfilled: 4, cancelled: 1 },
    },
  };
}

export function orderDetail(overrides: object = {}) {
  return {
    __typename: "AdminOrder",
    id: "o-4",
    orderNumber: 1004,
    email: "ada@example.com",
    customerName: "Ada Lovelace",
    accountDeletion: null,
    processedAt: "2026-11-20T15:00:00.000Z",
    financialStatus: "PAID",
    fulfillmentStatus: "UNFULFILLED",
    statusUrl: "http://shop.test/store/orders/tok-1004",
    shippingMethod: "Standard (5–7 business days)",
    shippingAddress: {
      __typename: "OrderShippingAddress",
      formatted: ["Ada Lovelace", "12 Analytical Row", "Flat 3", "London N1 9GU", "United Kingdom"],
      phone: "+44 20 7946 0000",
    },
    lineItems: [
      {
        __typename: "AdminOrderLine",
        id: "l-1",
        title: "Custom Tee",
        variantTitle: "M / Black",
        productHandle: "custom-tee",
        quantity: 2,
        originalUnitPrice: money("24.99"),
        originalTotalPrice: money("49.98"),
        image: { __typename: "Image", id: "i-1", url: "/media/tee.svg", altText: "Tee" },
        design: { __typename: "AdminDesign", id: "d-1", previewUrl: "/media/designs/d-1/preview.png", printFileUrl: "/media/designs/d-1/print.png" },
      },
      {
        __typename: "AdminOrderLine",
        id: "l-2",
        title: "Mug",
        variantTitle: null,
        productHandle: "mug",
        quantity: 1,
        originalUnitPrice: money("14.99"),
        originalTotalPrice: money("14.99"),
        image: { __typename: "Image", id: "i-2", url: "/media/mug.svg", altText: "Mug" },
        design: null,
      },
    ],
    subtotalPrice: money("64.97"),
    totalDiscountPrice: money("0.00"),
    discountCode: null,
    totalShippingPrice: money("5.99"),
    totalPrice: money("70.96"),
    refundedPrice: money("0.00"),
    refundablePrice: money("70.96"),
    refunds: [],
    disputes: [],
    payment: { __typename: "OrderPayment", brand: "visa", last4: "4242" },
    tracking: null,
    cancelReason: null,
    cancelCustomerMessage: null,
    cancelledAt: null,
    history: [
      { __typename: "OrderHistoryEntry", id: "h-1", at: "2026-11-20T15:00:00.000Z", actor: "customer", action: "paid", message: "Paid $70.96 by Visa ending 4242" },
      { __typename: "OrderHistoryEntry", id: "h-2", at: "2026-11-20T15:01:00.000Z", actor: "system", action: "email_sent", message: "Order confirmation sent" },
    ],
    fulfillmentJob: {
      __typename: "FulfillmentJob",
      id: "j-1",
      partner: "printful",
      state: "FAILED",
      attempts: 5,
      lastError: "Printful answered 503",
      nextAttemptAt: null,
      externalId: null,
      updatedAt: "2026-11-20T16:00:00.000Z",
    },
    ...overrides,
  };
}

export const userError = (code: string, message: string, field: string | null = null) => ({ __typename: "UserError", code, field, message });

/** A GraphQL answer refused by the staff guard. */
export const refused = (code: "UNAUTHENTICATED" | "FORBIDDEN") => ({ data: null, errors: [{ message: code === "FORBIDDEN" ? "Forbidden" : "Not signed in", extensions: { code } }] });
