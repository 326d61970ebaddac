import { createHash } from "node:crypto";
import type { Transaction } from "kysely";
import type { Database } from "../../db/schema.js";
import { DomainError, notFound } from "../../shared/errors.js";
import { isUuid } from "../../shared/ids.js";
import type { JobQueue } from "../../jobs/job.service.js";
import { PermanentJobError, type JobRecord } from "../../jobs/job.records.js";
import type { JobHandler } from "../../jobs/job.runner.js";
import type { PartnerOrderRepository, PartnerOrderRow } from "./partner-order.repository.js";
import {
  FULFILLMENT_JOB_KIND,
  WITHDRAW_JOB_KIND,
  fulfillmentJobKey,
  withdrawJobKey,
  type FulfillmentPartner,
  type PartnerOrder,
  type PrintFileBody,
  type PrintFileSource,
} from "./partner.records.js";

/** What an import of partner variant ids did: `applied` false when this very mapping was imported before. */
export interface VariantIdImport {
  applied: boolean;
  /** Variants given an id they did not have. */
  imported: number;
  /** Variants named by the file that already had an id (staff's, or an earlier import's), left as they were. */
  kept: number;
  /** Keys that named no variant. */
  unknown: string[];
}

/** The order transitions the pipeline drives (the orders feature's OrderTransitionsService). */
export interface OrderTransitions {
  startFulfillment(orderId: string, actor: string): Promise<unknown>;
  fulfill(orderId: string, tracking: { carrier: string; trackingNumber: string; trackingUrl?: string | null }, actor: string): Promise<unknown>;
  note(orderId: string, entry: { actor: string; action: string; message: string }): Promise<void>;
}

const EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg" };

/**
 * Sending paid orders to the print partner, as a durable job per order: enqueued in the payment's
 * transaction, run after it by the job runner, retried with backoff, visible on the order, and
 * retryable by staff once FAILED. After the partner has the order, it moves to IN_PROGRESS.
 */
export class FulfillmentJobService {
  /** What may hold an order back from the printer (an open dispute): a reason, or null. */
  private readonly holds: ((orderId: string) => Promise<string | null>)[] = [];

  constructor(
    private readonly repository: PartnerOrderRepository,
    private readonly partner: FulfillmentPartner,
    private readonly jobs: JobQueue,
    private readonly transitions: () => OrderTransitions,
    private readonly publicUrl: string,
  ) {}

  /** Registers a check run before an order is sent: a reason stops the job (FAILED, retryable by staff). */
  holdWhile(check: (orderId: string) => Promise<string | null>): void {
    this.holds.push(check);
  }

  get partnerName(): string {
    return this.partner.name;
  }

  /**
   * In the paid order's transaction: its lines keep the partner's variant ids as they are now (what
   * was sold stays as it was sold), and the order will be sent once that commits.
   */
  async enqueue(orderId: string, trx: Transaction<Database>): Promise<void> {
    await this.repository.copyPartnerVariantIds(orderId, this.partner.name, trx);
    await this.jobs.enqueueInTransaction({ kind: FULFILLMENT_JOB_KIND, payload: { orderId, partner: this.partner.name }, dedupeKey: fulfillmentJobKey(orderId) }, trx);
  }

  /**
   * In the cancellation's transaction: when the partner already has the order (its job succeeded)
   * and can take orders back, a job to withdraw it, run after the commit. Answers whether one was made.
   */
  async withdrawIfSent(order: { id: string; orderNumber: number }, trx: Transaction<Database>): Promise<boolean> {
    if (!this.partner.withdraw) return false;
    const sent = await this.jobs.findInTransaction(fulfillmentJobKey(order.id), trx);
    if (sent?.state !== "SUCCEEDED") return false;
    await this.jobs.enqueueInTransaction({ kind: WITHDRAW_JOB_KIND, payload: { orderId: order.id, orderNumber: order.orderNumber, partner: this.partner.name }, dedupeKey: withdrawJobKey(order.id) }, trx);
    return true;
  }

  /** The job runner's handler for WITHDRAW_JOB_KIND: asks the partner, and says on the order how it went. */
  withdrawHandler(): JobHandler {
    const actor = `partner:${this.partner.name}`;
    return {
      run: async (job) => {
        const orderId = String(job.payload.orderId);
        const outcome = await this.partner.withdraw!({ id: orderId, orderNumber: Number(job.payload.orderNumber) });
        await this.transitions().note(orderId, {
          actor,
          action: outcome === "withdrawn" ? "partner_withdrawn" : "partner_withdraw_refused",
          message: outcome === "withdrawn" ? `Withdrawn from ${this.partner.name}: it will not be printed` : `${this.partner.name} had already started on it: it could not be withdrawn`,
        });
        return { partner: this.partner.name, outcome };
      },
      failed: async (job, error) => {
        await this.transitions().note(String(job.payload.orderId), { actor, action: "partner_withdraw_failed", message: `Withdrawing it from ${this.partner.name} failed: ${error}` });
      },
    };
  }

  findJob(orderId: string): Promise<JobRecord | null> {
    return this.jobs.find(fulfillmentJobKey(orderId));
  }

  /** The jobs of several orders (null for an order without one), in the order asked: for a per-request loader. */
  async findJobs(orderIds: readonly string[]): Promise<(JobRecord | null)[]> {
    const jobs = await this.jobs.findMany(orderIds.map(fulfillmentJobKey));
    const byKey = new Map(jobs.map((j) => [j.dedupeKey, j]));
    return orderIds.map((id) => byKey.get(fulfillmentJobKey(id)) ?? null);
  }

  /** Staff's retry of a FAILED job (orderRetryFulfillmentJob): due now, attempts counted afresh. */
  async retry(orderId: string, actor: string): Promise<JobRecord> {
    if (!isUuid(orderId)) throw notFound("No order with this id");
    const current = await this.findJob(orderId);
    if (!current) throw notFound("This order has no fulfilment job");
    const job = await this.jobs.retryFailed(fulfillmentJobKey(orderId));
    if (!job) throw new DomainError("INVALID_TRANSITION", `Only a failed fulfilment job can be retried; this one is ${current.state.toLowerCase()}.`, "orderId");
    await this.transitions().note(orderId, { actor, action: "partner_job_retried", message: `Sending to ${this.partner.name} retried` });
    return job;
  }

  /** The job runner's handler for FULFILLMENT_JOB_KIND. */
  handler(): JobHandler {
    return {
      run: (job) => this.run(job),
      failed: async (job, error) => {
        const orderId = String(job.payload.orderId);
        await this.transitions().note(orderId, {
          actor: `partner:${this.partner.name}`,
          action: "partner_job_failed",
          message: `Sending to ${this.partner.name} failed after ${job.attempts} attempt(s): ${error}`,
        });
      },
    };
  }

  private async run(job: JobRecord): Promise<Record<string, unknown>> {
    const orderId = String(job.payload.orderId);
    const row = await this.repository.findOrder(orderId, this.partner.name);
    if (!row) throw new PermanentJobError(`Order ${orderId} does not exist`);
    // Cancelled (or shipped by hand) before the job ran: nothing to print.
    if (row.fulfillmentStatus === "CANCELLED" || row.fulfillmentStatus === "FULFILLED") {
      return { partner: this.partner.name, skipped: row.fulfillmentStatus };
    }
    for (const hold of this.holds) {
      const reason = await hold(orderId);
      if (reason) throw new PermanentJobError(reason);
    }
    const { externalId } = await this.partner.submit(this.partnerOrder(row));
    if (row.fulfillmentStatus === "UNFULFILLED") {
      try {
        await this.transitions().startFulfillment(orderId, `partner:${this.partner.name}`);
      } catch (error) {
        // Staff moved the order on meanwhile (started, shipped or cancelled it): the partner has it all the same.
        if (!(error instanceof DomainError && error.code === "INVALID_TRANSITION")) throw error;
      }
    }
    return { partner: this.partner.name, externalId };
  }

  partnerOrder(row: PartnerOrderRow): PartnerOrder {
    return {
      id: row.id,
      orderNumber: row.orderNumber,
      email: row.email,
      fulfillmentStatus: row.fulfillmentStatus,
      recipient: row.shipping,
      lines: row.lines.map((line) => {
        const design = line.design;
        const mediaPath = line.imageUrl?.startsWith("/media/") ? line.imageUrl.slice("/media/".length) : null;
        let source: PrintFileSource;
        let fileName: string;
        let url: string;
        if (design) {
          if (!design.printType) throw new PermanentJobError(`Line ${line.position} (${line.productTitle}): design ${design.id} is missing`);
          source = { kind: "design", designId: design.id };
          fileName = `line-${line.position}-design-${design.id}.${EXTENSIONS[design.printType] ?? "bin"}`;
          url = `${this.publicUrl}/designs/${design.id}/print`;
        } else if (mediaPath) {
          source = { kind: "media", path: mediaPath };
          fileName = `line-${line.position}-${mediaPath.split("/").pop()!}`;
          url = `${this.publicUrl}/media/${mediaPath}`;
        } else {
          throw new PermanentJobError(`Line ${line.position} (${line.productTitle}) has no print file`);
        }
        return {
          position: line.position,
          variantId: line.variantId,
          productHandle: line.productHandle,
          productTitle: line.productTitle,
          variantTitle: line.variantTitle,
          quantity: line.quantity,
          partnerVariantId: line.partnerVariantId,
          printFile: { ...source, fileName, url },
        };
      }),
    };
  }

  /** The bytes of a print file (for packages on disk). */
  async readPrintFile(source: PrintFileSource): Promise<PrintFileBody> {
    const file = source.kind === "design" ? await this.repository.designPrintFile(source.designId) : await this.repository.mediaFile(source.path);
    if (!file) throw new PermanentJobError(source.kind === "design" ? `Design ${source.designId} has no print file` : `Catalog image ${source.path} is missing`);
    return file;
  }

  /**
   * PRINTFUL_VARIANTS, a one-time import: staff keep the partner's ids in /admin, so the file only
   * fills in what is missing. A variant that already has an id keeps it, and a file imported
   * before (the same keys and ids, whatever its layout) changes nothing at all, so an id staff
   * removed does not come back at the next start. A "handle/Variant title" key wins over its
   * product's "handle" key.
   */
  importVariantIds(mapping: Record<string, string>): Promise<VariantIdImport> {
    const fingerprint = createHash("sha256")
      .update(JSON.stringify(Object.entries(mapping).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))))
      .digest("hex");
    const stateKey = `partner_variants_file:${this.partner.name}`;
    return this.repository.transaction(async (trx) => {
      if ((await this.repository.findAppState(stateKey, trx)) === fingerprint) return { applied: false, imported: 0, kept: 0, unknown: [] };
      const result: VariantIdImport = { applied: true, imported: 0, kept: 0, unknown: [] };
      const keys = Object.keys(mapping).sort((a, b) => Number(!a.includes("/")) - Number(!b.includes("/")));
      const named = new Set<string>();
      for (const key of keys) {
        const slash = key.indexOf("/");
        const found = await this.repository.findVariantIdsByKey(slash < 0 ? key : key.slice(0, slash), slash < 0 ? null : key.slice(slash + 1), trx);
        if (found.length === 0) {
          result.unknown.push(key);
          continue;
        }
        const variantIds = found.filter((id) => !named.has(id));
        for (const id of variantIds) named.add(id);
        const imported = await this.repository.insertMissingVariantIds(this.partner.name, variantIds, mapping[key]!, trx);
        result.imported += imported;
        result.kept += variantIds.length - imported;
      }
      await this.repository.recordAppState(stateKey, fingerprint, trx);
      return result;
    });
  }
}
