import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { UserError } from "../graphql/common.types.js";
import type { TrackingImportOutcome as Outcome } from "./tracking-import.service.js";

// A tracking import's answer: per row of the file, what happens (or happened) to the order it names.

enum TrackingImportOutcome {
  WILL_SHIP = "WILL_SHIP",
  SHIPPED = "SHIPPED",
  UNCHANGED = "UNCHANGED",
  ERROR = "ERROR",
  FAILED = "FAILED",
}

registerEnumType(TrackingImportOutcome, {
  name: "TrackingImportOutcome",
  description: "What a row of a tracking import does (a preview) or did (applied).",
  valuesConfig: {
    WILL_SHIP: { description: "Preview: the order will be marked shipped with this tracking and the customer emailed." },
    SHIPPED: { description: "Applied: the order was marked shipped and the shipping email queued." },
    UNCHANGED: { description: "The order is already shipped with this carrier and tracking number: nothing to do." },
    ERROR: { description: "Preview: the row cannot be applied; message says why." },
    FAILED: { description: "Applied: the row was not applied; message says why." },
  },
});

@ObjectType({ description: "One row of a tracking import." })
export class TrackingImportRow {
  @Field(() => Int, { description: "The row as a spreadsheet numbers it (the header is row 1)." })
  row!: number;

  @Field(() => String, { description: "The order number cell as written." })
  orderText!: string;

  @Field(() => Int, { nullable: true, description: "The order number read from it; null when the cell is not one." })
  orderNumber!: number | null;

  @Field(() => ID, { nullable: true, description: "The order's id when the number names an order." })
  orderId!: string | null;

  @Field(() => String, { description: "The carrier: a known carrier in its own spelling (USPS, UPS, FedEx, DHL), else as written." })
  carrier!: string;

  @Field(() => String, { description: "The tracking number as written (trimmed)." })
  trackingNumber!: string;

  @Field(() => String, { nullable: true, description: "The tracking link: the one given, else the known carrier's." })
  trackingUrl!: string | null;

  @Field(() => TrackingImportOutcome, { description: "What the row does or did." })
  outcome!: Outcome;

  @Field(() => String, { description: "The outcome in words, or why the row is refused." })
  message!: string;
}

@ObjectType({ description: "What a tracking import would do (a preview) or did." })
export class TrackingImportReport {
  @Field(() => Boolean, { description: "Whether any order was shipped by this request (false for a preview)." })
  applied!: boolean;

  @Field(() => [TrackingImportRow], { description: "Every row of the file but blank ones, in the file's order." })
  rows!: TrackingImportRow[];

  @Field(() => Int, { description: "Rows that will ship (a preview)." })
  willShip!: number;

  @Field(() => Int, { description: "Rows shipped (applied)." })
  shipped!: number;

  @Field(() => Int, { description: "Rows already shipped with this tracking." })
  unchanged!: number;

  @Field(() => Int, { description: "Rows refused (ERROR or FAILED)." })
  errors!: number;
}

@ObjectType({ description: "The answer of a tracking import or its preview." })
export class TrackingImportPayload {
  @Field(() => TrackingImportReport, { nullable: true, description: "Per row, what happens; null when the file is refused whole." })
  report!: TrackingImportReport | null;

  @Field(() => [UserError], { description: "Why the file is refused whole (too large, too many rows, not CSV, a column missing): nothing is changed. Empty otherwise." })
  userErrors!: UserError[];
}
