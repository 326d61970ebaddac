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
    lineItems: [{ __typename: "AdminOrderLine", id: `${id}-l1`, quantity: 2, design: null }],
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
        design: {
          __typename: "AdminDesign",
          id: "d-1",
          previewUrl: "/media/designs/d-1/preview.png",
          printFileUrl: "/media/designs/d-1/print.png",
          printDpi: null,
          printWarning: null,
        },
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

type TestBestSeller = { productId: string | null; title: string; quantity: number; revenue: string };

function homePeriod(from: string, to: string, orders: number, net: string, bestSellers: TestBestSeller[] = []) {
  return {
    __typename: "AdminHomePeriod",
    from,
    to,
    orders,
    netRevenue: money(net),
    bestSellers: bestSellers.map((b) => ({ __typename: "AdminBestSeller", productId: b.productId, title: b.title, quantity: b.quantity, revenue: money(b.revenue) })),
  };
}

/** The Home figures: 30 days ending 2026-11-20 in Europe/Berlin, with orders on three of them (or none at all when `quiet`). */
export function homeAnswer({ quiet = false } = {}) {
  const days = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 9, 22 + i)).toISOString().slice(0, 10);
    const [orders, net] = quiet ? [0, "0.00"] : date === "2026-11-20" ? [2, "60.00"] : date === "2026-11-18" ? [1, "19.99"] : date === "2026-10-25" ? [3, "75.50"] : [0, "0.00"];
    return { __typename: "AdminHomeDay", date, orders, netRevenue: money(net) };
  });
  const tee = { productId: "p-tee", title: "Filibuster Tee", quantity: 3, revenue: "75.00" };
  const mug = { productId: "p-mug", title: "Red Tape Mug", quantity: 1, revenue: "14.00" };
  const gone = { productId: null, title: "Retired Hat", quantity: 1, revenue: "20.00" };
  return {
    data: {
      adminHome: {
        __typename: "AdminHome",
        timeZone: "Europe/Berlin",
        today: quiet ? homePeriod("2026-11-20", "2026-11-20", 0, "0.00") : homePeriod("2026-11-20", "2026-11-20", 2, "60.00", [{ ...tee, quantity: 2, revenue: "50.00" }]),
        last7Days: quiet ? homePeriod("2026-11-14", "2026-11-20", 0, "0.00") : homePeriod("2026-11-14", "2026-11-20", 3, "79.99", [tee, mug]),
        last30Days: quiet ? homePeriod("2026-10-22", "2026-11-20", 0, "0.00") : homePeriod("2026-10-22", "2026-11-20", 6, "155.49", [{ ...tee, quantity: 5, revenue: "125.00" }, gone, mug]),
        days,
        toShip: { __typename: "AdminHomeToShip", count: quiet ? 0 : 4, oldestPaidAt: quiet ? null : "2026-11-02T09:30:00.000Z" },
        failedPartnerJobs: quiet ? 0 : 1,
      },
    },
  };
}
