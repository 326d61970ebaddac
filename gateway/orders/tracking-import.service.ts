import { DomainError, invalidInput } from "../shared/errors.js";
import type { Actor } from "../shared/actor.js";
import type { OrderTransitionsService } from "./order-transitions.service.js";
import type { TrackingImportRepository } from "./tracking-import.repository.js";
import { parseTrackingCsv, planTrackingImport, type PlannedRow, type TrackingCsvRow } from "./tracking-import.rules.js";

/**
 * A row's outcome. A preview answers WILL_SHIP, UNCHANGED or ERROR; applying answers SHIPPED,
 * UNCHANGED or FAILED (an error found again, or the order changed since and refused the shipment).
 */
export type TrackingImportOutcome = "WILL_SHIP" | "SHIPPED" | "UNCHANGED" | "ERROR" | "FAILED";

export interface TrackingImportRowResult extends Omit<PlannedRow, "action"> {
  outcome: TrackingImportOutcome;
}

export interface TrackingImportReport {
  applied: boolean;
  rows: TrackingImportRowResult[];
  willShip: number;
  shipped: number;
  unchanged: number;
  errors: number;
}

function report(applied: boolean, rows: TrackingImportRowResult[]): TrackingImportReport {
  const count = (...outcomes: TrackingImportOutcome[]) => rows.filter((r) => outcomes.includes(r.outcome)).length;
  return { applied, rows, willShip: count("WILL_SHIP"), shipped: count("SHIPPED"), unchanged: count("UNCHANGED"), errors: count("ERROR", "FAILED") };
}

const PREVIEW_OUTCOME = { SHIP: "WILL_SHIP", UNCHANGED: "UNCHANGED", ERROR: "ERROR" } as const;

/**
 * Staff's tracking import: a CSV of order number, carrier and tracking number, previewed (nothing
 * written), then applied. Applying reads the file and the orders again and ships each order the
 * plan says to through the transitions service, one order per transaction (its history, audit entry
 * and shipping email with it); a row that fails leaves the others shipped. An order already shipped
 * with the row's tracking is left unchanged, so applying a file again ships and emails nothing.
 */
export class TrackingImportService {
  constructor(
    private readonly orders: TrackingImportRepository,
    private readonly transitions: OrderTransitionsService,
  ) {}

  async preview(csv: Buffer | string): Promise<TrackingImportReport> {
    const planned = await this.plan(csv);
    return report(
      false,
      planned.map(({ action, ...row }) => ({ ...row, outcome: PREVIEW_OUTCOME[action] })),
    );
  }

  async apply(csv: Buffer | string, actor: Actor): Promise<TrackingImportReport> {
    const planned = await this.plan(csv);
    const rows: TrackingImportRowResult[] = [];
    for (const { action, ...row } of planned) {
      if (action === "UNCHANGED") rows.push({ ...row, outcome: "UNCHANGED" });
      else if (action === "ERROR") rows.push({ ...row, outcome: "FAILED" });
      else rows.push(await this.ship(row, actor));
    }
    return report(rows.some((r) => r.outcome === "SHIPPED"), rows);
  }

  private async plan(csv: Buffer | string): Promise<PlannedRow[]> {
    const parsed = parseTrackingCsv(csv);
    if ("error" in parsed) throw invalidInput("csv", parsed.error);
    return this.planRows(parsed.rows);
  }

  private async planRows(rows: readonly TrackingCsvRow[]): Promise<PlannedRow[]> {
    const found = await this.orders.ordersByNumbers(rows.flatMap((r) => (r.orderNumber === null ? [] : [r.orderNumber])));
    return planTrackingImport(rows, found);
  }

  /** One order shipped in its own transaction; refused (the order changed since it was read), the row is judged again. */
  private async ship(row: Omit<PlannedRow, "action">, actor: Actor): Promise<TrackingImportRowResult> {
    try {
      await this.transitions.fulfill(row.orderId!, { carrier: row.carrier, trackingNumber: row.trackingNumber, trackingUrl: row.trackingUrl }, actor);
      return { ...row, outcome: "SHIPPED", message: `Shipped with ${row.carrier} ${row.trackingNumber}` };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const [again] = await this.planRows([row]);
      if (again?.action === "UNCHANGED") return { ...row, outcome: "UNCHANGED", message: again.message };
      return { ...row, outcome: "FAILED", message: again?.action === "ERROR" ? again.message : error.message };
    }
  }
}
