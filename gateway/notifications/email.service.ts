import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { JobQueue } from "../jobs/job.service.js";
import { PermanentJobError, type JobRecord } from "../jobs/job.records.js";
import type { JobHandler } from "../jobs/job.runner.js";
import type { Mailer } from "./mailer.js";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The one job kind every email travels as. */
export const EMAIL_JOB_KIND = "email";

/**
 * An email to send once the change that asks for it commits. `data` is what the template needs to
 * render (ids, not secrets: a job's payload is stored and shown to staff); `idempotencyKey` names
 * the email for good: one job per key, ever, and the message's id, so a retry is the same message.
 */
export interface EmailRequest {
  to: string;
  template: string;
  data: Record<string, unknown>;
  idempotencyKey: string;
}

/** How one kind of email is written, from its data, when it is sent. */
export interface EmailTemplate {
  render(data: Record<string, unknown>): Promise<RenderedEmail>;
}

/**
 * Told after a message has gone (an order's history line, say), with the data it was rendered from;
 * a failure here retries the job, which sends the same message (same Message-ID).
 */
export type EmailSentListener = (data: Record<string, unknown>, email: { to: string; subject: string }) => Promise<void>;

/**
 * Every email the shop sends: a job per message, enqueued in the transaction of the change it
 * tells of and sent by the job runner after the commit, with retries. Templates are registered by
 * the features whose emails they are (pipeline.ts).
 */
export class EmailService {
  private readonly templates = new Map<string, EmailTemplate>();
  private readonly sentListeners: EmailSentListener[] = [];

  constructor(
    private readonly jobs: JobQueue,
    private readonly mailer: Mailer,
  ) {}

  get mode(): Mailer["mode"] {
    return this.mailer.mode;
  }

  register(name: string, template: EmailTemplate): void {
    if (this.templates.has(name)) throw new Error(`email template ${name} is registered twice`);
    this.templates.set(name, template);
  }

  onSent(listener: EmailSentListener): void {
    this.sentListeners.push(listener);
  }

  /** In the change's transaction: the email is sent once that commits, at most once per key. */
  async enqueueInTransaction(email: EmailRequest, trx: Transaction<Database>): Promise<void> {
    await this.jobs.enqueueInTransaction(this.job(email), trx);
  }

  /** On its own, for a change already committed. */
  async enqueue(email: EmailRequest): Promise<void> {
    await this.jobs.enqueue(this.job(email));
  }

  /**
   * The address's owner deleted the account (in that transaction): email jobs to it, sent or still
   * queued, forget it; a queued one then fails for good unsent. An order's emails are left to the
   * order, which keeps its contact data until its return window has passed (OrderErasureService).
   */
  async forgetRecipientInTransaction(to: string, trx: Transaction<Database>): Promise<void> {
    await this.jobs.erasePayloadValueInTransaction(EMAIL_JOB_KIND, "to", to, "orderId", trx);
  }

  /** The runner's handler for the email kind. */
  handler(): JobHandler {
    return { run: (job) => this.send(job) };
  }

  private job(email: EmailRequest) {
    if (!this.templates.has(email.template)) throw new Error(`no email template ${email.template}`);
    return {
      kind: EMAIL_JOB_KIND,
      payload: { to: email.to, template: email.template, data: email.data, key: email.idempotencyKey },
      dedupeKey: `email:${email.idempotencyKey}`,
    };
  }

  private async send(job: JobRecord): Promise<Record<string, unknown>> {
    const { to, template, data, key } = job.payload as { to: unknown; template: unknown; data: unknown; key: unknown };
    if (typeof to !== "string" || typeof template !== "string" || typeof key !== "string" || !data || typeof data !== "object") {
      throw new PermanentJobError("The email job's payload is not {to, template, data, key}");
    }
    // Erased when its recipient deleted the account (forgetRecipientInTransaction, an order's erasure): never sent.
    if (to === "") throw new PermanentJobError("The recipient's address was erased (the customer deleted their account)");
    const email = this.templates.get(template);
    if (!email) throw new PermanentJobError(`No email template ${template}`);
    return this.deliver(email, to, data as Record<string, unknown>, key);
  }

  private async deliver(template: EmailTemplate, to: string, data: Record<string, unknown>, key: string): Promise<Record<string, unknown>> {
    const email = await template.render(data);
    const sent = await this.mailer.send({ ...email, to, key });
    for (const listener of this.sentListeners) await listener(data, { to, subject: email.subject });
    return { messageId: sent.messageId, ...(sent.file ? { file: sent.file } : {}) };
  }
}
