import { invalidInput } from "../shared/errors.js";
import type { AdminHomeRepository, DayRow } from "./admin-home.repository.js";
import { isUnknownTimeZone } from "./admin-home.repository.js";
import type { AdminHomeRecord, DayTotals, HomePeriod, HomePeriodKey } from "./admin-home.records.js";

/** How many days the chart covers (today included), and the periods' lengths in days. */
const CHART_DAYS = 30;
const PERIOD_DAYS: Record<HomePeriodKey, number> = { TODAY: 1, LAST_7_DAYS: 7, LAST_30_DAYS: 30 };
const BEST_SELLERS = 5;

/** An IANA name's shape ("UTC", "Europe/Berlin", "America/Argentina/Buenos_Aires", "Etc/GMT+5"): no offsets such as "+05:30", which PostgreSQL reads the POSIX way round. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

const unknownZone = (timeZone: string) => invalidInput("timeZone", `Unknown time zone "${timeZone.slice(0, 64)}": give an IANA name such as "Europe/Berlin" or "UTC".`);

/** The name, once it is an IANA time zone both JavaScript and the database know; else INVALID_INPUT. */
function checkedZone(timeZone: string): string {
  if (timeZone.length > 64 || !ZONE_NAME.test(timeZone)) throw unknownZone(timeZone);
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
  } catch {
    throw unknownZone(timeZone);
  }
  return timeZone;
}

/** The local date (YYYY-MM-DD) of an instant in a time zone. */
function localDate(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** A calendar date moved by whole days (calendar arithmetic: no time zone involved). */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The staff's Home: orders and revenue today and over the last 7 and 30 days (each ending today,
 * in the staff's time zone), the orders waiting to ship, the print partner's failed jobs, each
 * period's best sellers and the last 30 days day by day.
 */
export class AdminHomeService {
  constructor(private readonly repository: AdminHomeRepository) {}

  async summary(timeZone: string): Promise<AdminHomeRecord> {
    const zone = checkedZone(timeZone);
    const today = localDate(new Date(), zone);
    const first = addDays(today, 1 - CHART_DAYS);
    let rows: DayRow[];
    try {
      rows = await this.repository.dailyTotals(zone, first, today);
    } catch (error) {
      if (isUnknownTimeZone(error)) throw unknownZone(zone);
      throw error;
    }
    const byDate = new Map(rows.map((r) => [r.date, r]));
    const days: DayTotals[] = Array.from({ length: CHART_DAYS }, (_, i) => {
      const date = addDays(first, i);
      const row = byDate.get(date);
      return { date, orders: row?.orders ?? 0, netRevenueCents: row?.netRevenueCents ?? 0 };
    });

    const starts = Object.fromEntries((Object.keys(PERIOD_DAYS) as HomePeriodKey[]).map((key) => [key, addDays(today, 1 - PERIOD_DAYS[key])])) as Record<HomePeriodKey, string>;
    const bestSellers = await this.repository.bestSellers(zone, starts, today, BEST_SELLERS);
    const period = (key: HomePeriodKey): HomePeriod => {
      const inside = days.slice(CHART_DAYS - PERIOD_DAYS[key]);
      return {
        key,
        from: starts[key],
        to: today,
        orders: inside.reduce((sum, d) => sum + d.orders, 0),
        netRevenueCents: inside.reduce((sum, d) => sum + d.netRevenueCents, 0),
        bestSellers: bestSellers.get(key) ?? [],
      };
    };
    return {
      timeZone: zone,
      today: period("TODAY"),
      last7Days: period("LAST_7_DAYS"),
      last30Days: period("LAST_30_DAYS"),
      days,
      toShip: await this.repository.toShip(),
      failedPartnerJobs: await this.repository.failedPartnerJobs(),
    };
  }
}
