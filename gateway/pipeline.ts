import fs from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { ConfigError, type Config } from "./config.js";
import type { Database } from "./db/schema.js";
import type { Logger } from "./logger.js";
import type { OrderRepository } from "./orders/order.repository.js";
import type { OrderLifecycle } from "./orders/order-lifecycle.service.js";
import type { OrderTransitionsService } from "./orders/order-transitions.service.js";
import type { CheckoutService } from "./checkout/checkout.service.js";
import type { AuditService } from "./staff/audit.service.js";
import { paymentFailedEmail, paymentFailedTemplate } from "./notifications/payment-emails.js";
import { JobRepository } from "./jobs/job.repository.js";
import { JobQueue } from "./jobs/job.service.js";
import { JobRunner, type JobHandler } from "./jobs/job.runner.js";
import { PartnerOrderRepository } from "./fulfillment/partners/partner-order.repository.js";
import { FULFILLMENT_JOB_KIND, WITHDRAW_JOB_KIND, type FulfillmentPartner } from "./fulfillment/partners/partner.records.js";
import { FiledropPartner } from "./fulfillment/partners/filedrop.partner.js";
import { PrintfulClient } from "./fulfillment/partners/printful.client.js";
import { PrintfulPartner } from "./fulfillment/partners/printful.partner.js";
import { FulfillmentJobService } from "./fulfillment/partners/fulfillment-job.service.js";
import { PrintfulWebhookService } from "./fulfillment/partners/printful-webhook.service.js";
import { createMailer } from "./notifications/mailer.js";
import { EMAIL_JOB_KIND, EmailService } from "./notifications/email.service.js";
import { orderEmail, orderEmailTemplates } from "./notifications/order-emails.js";
import { WebhookRepository } from "./notifications/webhook.repository.js";
import { WebhookService } from "./notifications/webhook.service.js";
import { WEBHOOK_JOB_KIND } from "./notifications/webhook.records.js";
import { webhookOrderPayload } from "./notifications/webhook.payload.js";
import { WebhookTargets } from "./notifications/webhook-target.js";

export type PipelineConfig = Pick<Config, "dataDir" | "publicUrl" | "fulfillmentPartner" | "printful" | "smtpUrl" | "mailFrom" | "jobs" | "webhookAllowPrivateTargets">;

interface OrdersSide {
  orderRepository: OrderRepository;
  orderLifecycle: OrderLifecycle;
  orderTransitions: OrderTransitionsService;
  checkout: Pick<CheckoutService, "onPaymentFailed">;
  /** Where subscribing and unsubscribing webhooks is written down. */
  audit: Pick<AuditService, "record">;
}

/**
 * pipeline, put together: the durable jobs, the print partner, the emails and the
 * outbound webhooks, hooked into the order's lifecycle. What each does when an order is paid,
 * fulfilled or cancelled is enqueued in that change's own transaction (so it happens exactly when
 * the change commits), and the job runner of every gateway process does it afterwards.
 */
export function createPipeline(db: Kysely<Database>, config: PipelineConfig, orders: OrdersSide, logger: Logger) {
  const jobRepository = new JobRepository(db);
  // eslint-disable-next-line prefer-const -- the queue wakes the runner, which is built from handlers that use the queue
  let runner: JobRunner;
  const jobs = new JobQueue(jobRepository, config.jobs, () => runner.wake());
  const transitions = () => orders.orderTransitions;

  const printfulClient = config.printful ? new PrintfulClient(config.printful.apiUrl, config.printful.apiToken) : null;
  const partner: FulfillmentPartner = printfulClient
    ? new PrintfulPartner(printfulClient)
    : new FiledropPartner(path.join(config.dataDir, "fulfillment"), (source) => fulfillment.readPrintFile(source));
  const fulfillment = new FulfillmentJobService(new PartnerOrderRepository(db), partner, jobs, transitions, config.publicUrl);
  const printfulWebhook =
    config.printful && printfulClient
      ? new PrintfulWebhookService(config.printful.webhookSecret, printfulClient, transitions, async (orderId) => (await orders.orderRepository.findById(orderId))?.fulfillmentStatus ?? null)
      : null;

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, "outbox") });
  const emails = new EmailService(jobs, mailer);
  const orderTemplates = orderEmailTemplates({
    publicUrl: config.publicUrl,
    findOrder: (orderId) => orders.orderRepository.findById(orderId),
  });
  for (const [name, template] of Object.entries(orderTemplates)) emails.register(name, template);
  // Every email about an order (confirmation, shipping, cancellation, refund, a dispute's notice to
  // the owners) is listed in its history once sent, with its recipient.
  emails.onSent(async (data, email) => {
    if (typeof data.orderId !== "string") return;
    await orders.orderTransitions.note(data.orderId, { actor: "system", action: "email_sent", message: `Emailed "${email.subject}" to ${email.to}` });
  });
  emails.register(paymentFailedTemplate.name, paymentFailedTemplate.template(config.publicUrl));
  // An asynchronous payment that failed after the shopper left: they are told, in its transaction.
  orders.checkout.onPaymentFailed((attempt, message, trx) => emails.enqueueInTransaction(paymentFailedEmail(attempt, message), trx));
  if (config.webhookAllowPrivateTargets) {
    logger.warn("WEBHOOK_ALLOW_PRIVATE_TARGETS is on: webhooks may be sent over http and to loopback and private addresses; for tests and development only");
  }
  const webhooks = new WebhookService(new WebhookRepository(db), jobs, new WebhookTargets({ allowPrivate: config.webhookAllowPrivateTargets }), orders.audit);

  const lifecycle = orders.orderLifecycle;
  lifecycle.on("paid", async (order, trx) => {
    await fulfillment.enqueue(order.id, trx);
    await emails.enqueueInTransaction(orderEmail("confirmation", order), trx);
    await webhooks.publish("ORDERS_PAID", webhookOrderPayload(order), trx);
  });
  lifecycle.on("fulfilled", async (order, trx) => {
    await emails.enqueueInTransaction(orderEmail("shipping", order), trx);
    await webhooks.publish("ORDERS_FULFILLED", webhookOrderPayload(order), trx);
  });
  lifecycle.on("shipping_resent", (order, trx, occasion) => emails.enqueueInTransaction(orderEmail("shipping", order, occasion), trx));
  lifecycle.on("cancelled", async (order, trx) => {
    await webhooks.publish("ORDERS_CANCELLED", webhookOrderPayload(order), trx);
    // Already with the printer: take it back where the partner allows it.
    await fulfillment.withdrawIfSent(order, trx);
  });
  // The work exists once the change commits: this process picks it up at once rather than at its next poll.
  lifecycle.onCommitted(() => runner.wake());

  const handlers = new Map<string, JobHandler>([
    [FULFILLMENT_JOB_KIND, fulfillment.handler()],
    [WITHDRAW_JOB_KIND, fulfillment.withdrawHandler()],
    [EMAIL_JOB_KIND, emails.handler()],
    [WEBHOOK_JOB_KIND, webhooks.handler()],
  ]);
  runner = new JobRunner(jobRepository, handlers, config.jobs, logger);

  return {
    jobs,
    jobRunner: runner,
    fulfillment,
    printfulWebhook,
    emails,
    webhooks,
    /** Imports what PRINTFUL_VARIANTS (when set) has that the shop lacks, and starts this process's job runner (unless JOBS_RUNNER=false); answers how to stop it. */
    async startPipeline(): Promise<() => Promise<void>> {
      if (config.printful?.variantsFile) await importVariantFile(config.printful.variantsFile, fulfillment, logger);
      if (config.jobs.runner) runner.start();
      return async () => {
        await runner.stop();
        mailer.close();
      };
    },
  };
}

async function importVariantFile(file: string, fulfillment: FulfillmentJobService, logger: Logger) {
  let mapping: unknown;
  try {
    mapping = JSON.parse(await fs.readFile(file, "utf8"));
  } catch (error) {
    throw new ConfigError("PRINTFUL_VARIANTS", `cannot read ${file} as JSON (${(error as Error).message})`);
  }
  const valid =
    mapping !== null && typeof mapping === "object" && !Array.isArray(mapping) && Object.values(mapping).every((v) => typeof v === "string" || typeof v === "number");
  if (!valid) throw new ConfigError("PRINTFUL_VARIANTS", `expected an object of "product-handle/Variant title": Printful variant id, in ${file}`);
  const entries = Object.fromEntries(Object.entries(mapping as Record<string, string | number>).map(([k, v]) => [k, String(v)]));
  // A one-time import: staff keep the ids in /admin, and the file never overwrites one they set.
  const result = await fulfillment.importVariantIds(entries);
  if (!result.applied) {
    logger.info("printful variant ids: this file was imported before; ids are kept in /admin", { file });
    return;
  }
  logger.info("printful variant ids imported", { file, imported: result.imported, kept: result.kept });
  if (result.unknown.length > 0) logger.warn("printful variant ids name no catalog variant", { keys: result.unknown });
}
