import { sql, type SqlBool } from "kysely";

/**
 * Paid, not shipped, not cancelled, not given back in full: what staff still have to send. One
 * condition on the `orders` table for the orders list's To ship view and Home's figure.
 */
export const TO_SHIP = sql<SqlBool>`orders.fulfillment_status IN ('UNFULFILLED', 'IN_PROGRESS') AND orders.financial_status <> 'REFUNDED'`;
