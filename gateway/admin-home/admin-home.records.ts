/** One day of the shop in the staff's time zone: its paid orders and what they brought in, net of refunds. */
export interface DayTotals {
  /** The local date, YYYY-MM-DD. */
  date: string;
  orders: number;
  /** The day's orders' totals less what was refunded on them so far, in cents. */
  netRevenueCents: number;
}

/** A product among a period's best sellers. */
export interface BestSeller {
  /** Null for lines kept without a product id. */
  productId: string | null;
  title: string;
  quantity: number;
  /** What its lines were paid (after their share of a discount), in cents. */
  revenueCents: number;
}

export type HomePeriodKey = "TODAY" | "LAST_7_DAYS" | "LAST_30_DAYS";

/** A period ending today: from its first day to today (inclusive local dates). */
export interface HomePeriod {
  key: HomePeriodKey;
  from: string;
  to: string;
  orders: number;
  netRevenueCents: number;
  bestSellers: BestSeller[];
}

/** The staff's first screen: how the shop is doing, and what needs them. */
export interface AdminHomeRecord {
  timeZone: string;
  today: HomePeriod;
  last7Days: HomePeriod;
  last30Days: HomePeriod;
  /** The last 30 days, oldest first, one entry per day (days without orders included). */
  days: DayTotals[];
  toShip: { count: number; oldestPaidAt: Date | null };
  failedPartnerJobs: number;
}
