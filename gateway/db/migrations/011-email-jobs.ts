import { sql, type Kysely } from "kysely";

// Every email is one job kind ("email", payload {to, template, data, key}). The order emails were
// kinds of their own with {orderId}; their jobs, waiting or done (a failed one may be retried by
// staff), are rewritten into the one form, keyed as the order emails are keyed now.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE jobs AS j
    SET kind = 'email',
        payload = jsonb_build_object(
          'to', o.email,
          'template', CASE j.kind WHEN 'email.order_confirmation' THEN 'order_confirmation' ELSE 'shipping_notification' END,
          'data', jsonb_build_object('orderId', o.id::text),
          'key', 'order-' || o.order_number || CASE j.kind WHEN 'email.order_confirmation' THEN '-confirmation' ELSE '-shipping' END),
        dedupe_key = 'email:order-' || o.order_number || CASE j.kind WHEN 'email.order_confirmation' THEN '-confirmation' ELSE '-shipping' END,
        updated_at = now()
    FROM orders AS o
    WHERE j.kind IN ('email.order_confirmation', 'email.shipping_notification')
      AND o.id::text = j.payload->>'orderId'`.execute(db);
}
