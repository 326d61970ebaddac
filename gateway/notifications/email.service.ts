import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { JobQueue } from "../jobs/job.service.js";
import { PermanentJobError, type JobRecord } from "../jobs/job.records.js";
import type { JobHandler } from "../jobs/job.runner.js";
import type { Mailer } from "./mailer.js";
import type { OrderRecord } from "../orders/order.records.js";
import { orderConfirmationEmail, shippingNotificationEmail, type RenderedEmail } from "./order-emails.js";

export const EMAIL_JOB_KINDS = { confirmation: "email.order_confirmation", shipping: "email.shipping_notification" } as const;
type EmailKind = keyof typeof EMAIL_JOB_KINDS;

const TEMPLATES: Record<EmailKind, (order: OrderRecord, publicUrl: string) => RenderedEmail> = {
  confirmation: orderConfirmationEmail,
  shipping: shippingNotificationEmail,
};

export interface EmailDeps {
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
  /** The order as it is when the email is sent (the orders feature). */
  findOrder(orderId: string): Promise<OrderRecord | null>;
  /** Writes "email_sent" on the order's history. */
  note(orderId: string, entry: { actor: string; action: string; message: string }): Promise<void>;
}

/**
 * The customer's emails: an order confirmation when an order is paid, a shipping notification when
 * it is fulfilled. Never sent inside the order's transaction: the transaction enqueues a job (one
 * per order and kind), and the job runner sends it after the commit, with retries.
 */
export class EmailService {
  constructor(private readonly deps: EmailDeps) {}

  get mode(): Mailer["mode"] {
    return this.deps.mailer.mode;
  }

  /** In the order change's transaction: the email is sent once that commits. */
  enqueue(kind: EmailKind, orderId: string, trx: Transaction<Database>): Promise<void> {
    return this.deps.jobs.enqueueInTransaction({ kind: EMAIL_JOB_KINDS[kind], payload: { orderId }, dedupeKey: `email:${kind}:${orderId}` }, trx);
  }

  handler(kind: EmailKind): JobHandler {
    return { run: (job) => this.send(kind, job) };
  }

  private async send(kind: EmailKind, job: JobRecord): Promise<Record<string, unknown>> {
    const orderId = String(job.payload.orderId);
    const order = await this.deps.findOrder(orderId);
    if (!order) throw new PermanentJobError(`Order ${orderId} does not exist`);
    const email = TEMPLATES[kind](order, this.deps.publicUrl);
    const sent = await this.deps.mailer.send({ ...email, to: order.email, key: `order-${order.orderNumber}-${kind}` });
    await this.deps.note(orderId, { actor: "system", action: "email_sent", message: `Emailed "${email.subject}" to ${order.email}` });
    return { messageId: sent.messageId, ...(sent.file ? { file: sent.file } : {}) };
  }
}
