import { toMoney } from "../shared/money.js";
import type { AdminHomeRecord, BestSeller, DayTotals, HomePeriod } from "./admin-home.records.js";
import type { AdminBestSeller, AdminHome, AdminHomeDay, AdminHomePeriod } from "./admin-home.types.js";

const toBestSeller = (b: BestSeller): AdminBestSeller => ({ productId: b.productId, title: b.title, quantity: b.quantity, revenue: toMoney(b.revenueCents) });
const toDay = (d: DayTotals): AdminHomeDay => ({ date: d.date, orders: d.orders, netRevenue: toMoney(d.netRevenueCents) });
const toPeriod = (p: HomePeriod): AdminHomePeriod => ({
  from: p.from,
  to: p.to,
  orders: p.orders,
  netRevenue: toMoney(p.netRevenueCents),
  bestSellers: p.bestSellers.map(toBestSeller),
});

export function toAdminHome(home: AdminHomeRecord): AdminHome {
  return {
    timeZone: home.timeZone,
    today: toPeriod(home.today),
    last7Days: toPeriod(home.last7Days),
    last30Days: toPeriod(home.last30Days),
    days: home.days.map(toDay),
    toShip: home.toShip,
    failedPartnerJobs: home.failedPartnerJobs,
  };
}
