import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, TestPaymentChargeTable } from "../db/schema.js";
import { cardBrand } from "./card.js";
import type { ChargeRecord, ChargeRequest, ChargeResult, PaymentProvider } from "./payment-provider.js";

/** The built-in test cards (docs/api.md "Carts"). */
export const TEST_CARDS = {
  approved: "4242424242424242",
  declined: "4000000000000002",
} as const;

const DECLINED_MESSAGE = "Your card was declined.";

function toRecord(row: Pick<Selectable<TestPaymentChargeTable>, "status" | "reference" | "card_brand" | "card_last4" | "decline_message">): ChargeRecord {
  if (row.status === "APPROVED") return { status: "approved", reference: row.reference, brand: row.card_brand, last4: row.card_last4 };
  if (row.status === "VOIDED") return { status: "voided", reference: row.reference };
  return { status: "declined", message: row.decline_message ?? DECLINED_MESSAGE };
}

/**
 * A provider that moves no money: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 and every
 * other number are declined (so a real card typed by mistake is never "approved").
 *
 * It behaves as a payment service outside the machine would: its ledger (table
 * test_payment_charges) is written by single autocommitted statements on the root connection,
 * never inside the shop's transactions, so what it charged survives any crash of the gateway; one
 * charge per idempotency key, a repeat answering the first.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly testMode = true;

  constructor(private readonly ledger: Kysely<Database>) {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const approved = request.card.number === TEST_CARDS.approved;
    const inserted = await this.ledger
      .insertInto("test_payment_charges")
      .values({
        idempotency_key: request.idempotencyKey,
        reference: `test_${randomUUID()}`,
        status: approved ? "APPROVED" : "DECLINED",
        amount_cents: request.amountCents,
        currency_code: request.currencyCode,
        card_brand: cardBrand(request.card.number),
        card_last4: request.card.number.slice(-4),
        decline_message: approved ? null : DECLINED_MESSAGE,
      })
      .onConflict((oc) => oc.column("idempotency_key").doNothing())
      .returning(["status", "reference", "card_brand", "card_last4", "decline_message"])
      .executeTakeFirst();
    const record = inserted ? toRecord(inserted) : await this.findCharge(request.idempotencyKey);
    if (!record) throw new Error(`test provider: no charge for key ${request.idempotencyKey}`);
    // A key whose charge was voided is spent: it never charges again.
    return record.status === "voided" ? { status: "declined", message: DECLINED_MESSAGE } : record;
  }

  async findCharge(idempotencyKey: string): Promise<ChargeRecord | null> {
    const row = await this.ledger
      .selectFrom("test_payment_charges")
      .select(["status", "reference", "card_brand", "card_last4", "decline_message"])
      .where("idempotency_key", "=", idempotencyKey)
      .executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  async void(reference: string): Promise<void> {
    await this.ledger
      .updateTable("test_payment_charges")
      .set({ status: "VOIDED", updated_at: sql`now()` })
      .where("reference", "=", reference)
      .where("status", "=", "APPROVED")
      .execute();
  }
}
