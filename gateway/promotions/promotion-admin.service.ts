import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { Actor } from "../shared/actor.js";
import { DomainError, InvalidFieldsError, invalidInput, notFound } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { formatMoney } from "../shared/money.js";
import type { AuditService } from "../staff/audit.service.js";
import type { DiscountCodeRecord, PromotionKind, PromotionRecord } from "./promotion.records.js";
import { generateCode } from "./promotion.rules.js";
import type { CodeWithUses, PromotionAdminRepository } from "./promotion-admin.repository.js";
import {
  adminPromotionState,
  codeProblem,
  generateProblems,
  MAX_AMOUNT_CENTS,
  promotionProblems,
  usageLimitProblem,
  type AdminPromotionState,
  type CodeTotals,
  type PromotionDraft,
} from "./promotion-admin.rules.js";

/** A promotion as staff see it: its record, its codes' totals and its state now. */
export interface AdminPromotionRecord extends PromotionRecord {
  totals: CodeTotals;
  state: AdminPromotionState;
}

/** A promotion's fields as staff give them; on update, undefined is "as it is". */
export interface PromotionWrite {
  title?: string;
  kind?: PromotionKind;
  percentOff?: number | null;
  amountOffCents?: number | null;
  automatic?: boolean;
  minSubtotalCents?: number;
  startsAt?: Date;
  endsAt?: Date | null;
  oncePerCustomer?: boolean;
  productIds?: string[];
  collectionIds?: string[];
}

/** What a change leaves in the audit log, and whether shoppers' pages show something it changed. */
interface Change<T> {
  result: T;
  audit: { action: string; details: string } | null;
  shoppersSee: boolean;
}

/** How many times a batch of generated codes is made again for the few that collided. */
const GENERATE_ATTEMPTS = 5;
/** Codes streamed to a CSV per read. */
const CSV_BATCH = 1000;

const noPromotion = () => notFound("No promotion with this id");
const describe = (p: { title: string }) => `"${p.title}"`;
const iso = (d: Date | null) => (d ? d.toISOString() : "no end");

function what(p: Pick<PromotionRecord, "kind" | "percentOff" | "amountOffCents" | "automatic" | "minSubtotalCents">): string {
  const value = p.kind === "percentage" ? `${p.percentOff}% off` : p.kind === "fixed_amount" ? `${formatMoney(p.amountOffCents ?? 0)} off` : "free shipping";
  return `${p.automatic ? "automatic " : ""}${value}${p.minSubtotalCents > 0 ? ` over ${formatMoney(p.minSubtotalCents)}` : ""}`;
}

/** The fields an update changed, in words for the audit log. */
function changes(before: PromotionDraft, after: PromotionDraft): string[] {
  const out: string[] = [];
  if (before.title !== after.title) out.push(`title "${before.title}" → "${after.title}"`);
  if (what(before) !== what(after)) out.push(`${what(before)} → ${what(after)}`);
  if (before.startsAt.getTime() !== after.startsAt.getTime()) out.push(`starts ${iso(before.startsAt)} → ${iso(after.startsAt)}`);
  if ((before.endsAt?.getTime() ?? null) !== (after.endsAt?.getTime() ?? null)) out.push(`ends ${iso(before.endsAt)} → ${iso(after.endsAt)}`);
  if (before.oncePerCustomer !== after.oncePerCustomer) out.push(after.oncePerCustomer ? "now once per customer" : "no longer once per customer");
  if (before.productIds.join() !== after.productIds.join()) out.push(`products ${before.productIds.length} → ${after.productIds.length}`);
  if (before.collectionIds.join() !== after.collectionIds.join()) out.push(`collections ${before.collectionIds.length} → ${after.collectionIds.length}`);
  return out;
}

const draftOf = (p: PromotionRecord): PromotionDraft => ({
  title: p.title,
  kind: p.kind,
  percentOff: p.percentOff,
  amountOffCents: p.amountOffCents,
  automatic: p.automatic,
  minSubtotalCents: p.minSubtotalCents,
  startsAt: p.startsAt,
  endsAt: p.endsAt,
  oncePerCustomer: p.oncePerCustomer,
  productIds: p.productIds,
  collectionIds: p.collectionIds,
});

/**
 * Staff's promotions: create, edit, disable and enable them, add, generate and delete their codes,
 * and the standing free-shipping threshold. Every change is one transaction with its audit entry;
 * one that changes what shoppers see (the threshold, a promotion's dates, values or on/off) is then
 * announced like a catalog change, so cached pages and banners follow at once.
 */
export class PromotionAdminService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repository: PromotionAdminRepository,
    private readonly audit: AuditService,
    private readonly announce: () => Promise<void>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Every promotion in a state (or all), newest first. */
  async list(state: AdminPromotionState | null): Promise<AdminPromotionRecord[]> {
    const all = await this.withTotals(await this.repository.list());
    return state === null ? all : all.filter((p) => p.state === state);
  }

  async find(id: string): Promise<AdminPromotionRecord | null> {
    if (!isUuid(id)) return null;
    const found = await this.repository.find(id);
    return found ? (await this.withTotals([found]))[0]! : null;
  }

  codes(promotionId: string, offset: number, limit: number): Promise<CodeWithUses[]> {
    return this.repository.codes(promotionId, offset, limit);
  }

  productsNamed(ids: readonly string[]) {
    return this.repository.productsNamed(ids, this.db);
  }

  collectionsNamed(ids: readonly string[]) {
    return this.repository.collectionsNamed(ids, this.db);
  }

  /** A new promotion; a code promotion may be given its first code (and that code's usage limit). */
  async create(input: PromotionWrite & { title: string; kind: PromotionKind }, code: { code: string; usageLimit: number | null } | null, actor: Actor): Promise<AdminPromotionRecord> {
    const draft: PromotionDraft = {
      title: input.title,
      kind: input.kind,
      percentOff: input.percentOff ?? null,
      amountOffCents: input.amountOffCents ?? null,
      automatic: input.automatic ?? false,
      minSubtotalCents: input.minSubtotalCents ?? 0,
      startsAt: input.startsAt ?? this.now(),
      endsAt: input.endsAt ?? null,
      oncePerCustomer: input.oncePerCustomer ?? false,
      productIds: input.productIds ?? [],
      collectionIds: input.collectionIds ?? [],
    };
    return this.write(actor, async (trx) => {
      await this.check(draft, trx, code);
      const id = await this.repository.insert({ ...draft, title: draft.title.trim() }, trx);
      let codeNote = "";
      if (code) {
        await this.claim(code.code.trim(), trx);
        await this.repository.insertCode(id, code.code.trim(), code.usageLimit, trx);
        codeNote = `, code ${code.code.trim()}${code.usageLimit === null ? "" : ` (limit ${code.usageLimit})`}`;
      }
      const promotion = (await this.repository.findInTransaction(id, trx))!;
      const details = `${describe(promotion)}: created, ${what(promotion)}, ${iso(promotion.startsAt)} to ${iso(promotion.endsAt)}${codeNote}`;
      return { result: id, audit: { action: "promotion_created", details }, shoppersSee: true };
    }).then((id) => this.found(id));
  }

  async update(id: string, input: PromotionWrite, actor: Actor): Promise<AdminPromotionRecord> {
    if (!isUuid(id)) throw noPromotion();
    await this.write(actor, async (trx) => {
      const current = await this.locked(id, trx);
      const before = draftOf(current);
      const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as PromotionWrite;
      const after: PromotionDraft = { ...before, ...defined };
      // A change of kind drops the other kind's value unless it is given anew.
      if (input.kind !== undefined && input.kind !== before.kind) {
        if (input.percentOff === undefined) after.percentOff = after.kind === "percentage" ? before.percentOff : null;
        if (input.amountOffCents === undefined) after.amountOffCents = after.kind === "fixed_amount" ? before.amountOffCents : null;
      }
      await this.check(after, trx, null);
      if (after.automatic && !before.automatic && (await this.repository.totalsInTransaction([id], trx)).get(id)!.codeCount > 0) {
        throw invalidInput("automatic", "This promotion has codes: an automatic offer has none (make a new promotion for it)");
      }
      const changed = changes(before, { ...after, title: after.title.trim() });
      if (before.automatic !== after.automatic) changed.push(after.automatic ? "now automatic" : "no longer automatic");
      if (changed.length === 0) return { result: id, audit: null, shoppersSee: false };
      await this.repository.update(id, after, trx);
      return { result: id, audit: { action: "promotion_updated", details: `${describe(current)}: ${changed.join(", ")}` }, shoppersSee: true };
    });
    return this.found(id);
  }

  /** Turns a promotion off (its codes stop working at once) or on again. */
  async setDisabled(id: string, disabled: boolean, actor: Actor): Promise<AdminPromotionRecord> {
    if (!isUuid(id)) throw noPromotion();
    await this.write(actor, async (trx) => {
      const current = await this.locked(id, trx);
      if ((current.disabledAt !== null) === disabled) return { result: id, audit: null, shoppersSee: false };
      await this.repository.setDisabled(id, disabled, trx);
      return { result: id, audit: { action: disabled ? "promotion_disabled" : "promotion_enabled", details: `${describe(current)}: ${disabled ? "disabled" : "enabled"}` }, shoppersSee: true };
    });
    return this.found(id);
  }

  /** One code staff chose (unique whatever its case). */
  async createCode(promotionId: string, code: string, usageLimit: number | null, actor: Actor): Promise<DiscountCodeRecord> {
    const problems = [codeProblem(code), usageLimitProblem(usageLimit)].filter((p) => p !== null);
    if (problems.length > 0) throw new InvalidFieldsError(problems);
    if (!isUuid(promotionId)) throw invalidInput("promotionId", "No promotion with this id");
    return this.write(actor, async (trx) => {
      const promotion = await this.codePromotion(promotionId, trx);
      const text = code.trim();
      await this.claim(text, trx);
      const created = await this.repository.insertCode(promotionId, text, usageLimit, trx);
      await this.repository.touch(promotionId, trx);
      const limit = usageLimit === null ? "no limit" : `limit ${usageLimit}`;
      return { result: created, audit: { action: "discount_code_created", details: `${describe(promotion)}: code ${text} added (${limit})` }, shoppersSee: false };
    });
  }

  /**
   * `count` random codes (generateCode: 60 bits each), inserted in one transaction; the rare code
   * another already has is made again. Answers the codes made.
   */
  async generateCodes(promotionId: string, count: number, prefix: string | null, usageLimit: number | null, actor: Actor): Promise<string[]> {
    const problems = generateProblems(count, prefix, usageLimit);
    if (problems.length > 0) throw new InvalidFieldsError(problems);
    if (!isUuid(promotionId)) throw invalidInput("promotionId", "No promotion with this id");
    return this.write(actor, async (trx) => {
      const promotion = await this.codePromotion(promotionId, trx);
      const made: string[] = [];
      for (let attempt = 0; attempt < GENERATE_ATTEMPTS && made.length < count; attempt += 1) {
        const batch = new Set<string>();
        while (batch.size < count - made.length) batch.add(generateCode(prefix));
        made.push(...(await this.repository.insertCodesSkippingTaken(promotionId, [...batch], usageLimit, trx)));
      }
      if (made.length < count) throw new DomainError("CONFLICT", "Could not make enough unique codes; try again or use a prefix", "count");
      await this.repository.touch(promotionId, trx);
      const limit = usageLimit === null ? "no limit" : `limit ${usageLimit} each`;
      const details = `${describe(promotion)}: ${count} codes generated${prefix ? ` with prefix ${prefix}` : ""} (${limit})`;
      return { result: made, audit: { action: "discount_codes_generated", details }, shoppersSee: false };
    });
  }

  /** Deletes a code no checkout ever used (a used one stays: its orders name it; disable the promotion instead). */
  async deleteCode(id: string, actor: Actor): Promise<string> {
    if (!isUuid(id)) throw invalidInput("id", "No discount code with this id");
    return this.write(actor, async (trx) => {
      const code = await this.repository.findCode(id, trx);
      if (!code) throw invalidInput("id", "No discount code with this id");
      const promotion = await this.locked(code.promotionId, trx);
      if (await this.repository.codeEverUsed(id, trx)) {
        throw new DomainError("INVALID_TRANSITION", `${code.code} has been used at checkout, so it stays on record: disable the promotion instead`, "id");
      }
      await this.repository.deleteCode(id, trx);
      await this.repository.touch(promotion.id, trx);
      return { result: id, audit: { action: "discount_code_deleted", details: `${describe(promotion)}: code ${code.code} deleted` }, shoppersSee: false };
    });
  }

  freeShippingThresholdCents(): Promise<number> {
    return this.repository.freeShippingThresholdCents(this.db);
  }

  /** The standing free-shipping threshold (the order's subtotal from which shipping is free when no offer runs). */
  async setFreeShippingThreshold(cents: number, actor: Actor): Promise<number> {
    if (!Number.isSafeInteger(cents) || cents < 0) throw invalidInput("freeShippingThreshold", "freeShippingThreshold must be 0.00 or more");
    if (cents > MAX_AMOUNT_CENTS) throw invalidInput("freeShippingThreshold", "freeShippingThreshold must be at most 999999.99");
    return this.write(actor, async (trx) => {
      const before = await this.repository.freeShippingThresholdCents(trx);
      if (before === cents) return { result: cents, audit: null, shoppersSee: false };
      await this.repository.setFreeShippingThreshold(cents, trx);
      const details = `free shipping threshold ${formatMoney(before)} → ${formatMoney(cents)}`;
      return { result: cents, audit: { action: "shop_settings_updated", details }, shoppersSee: true };
    });
  }

  /** Codes of a promotion for its CSV, oldest first, a batch at a time. */
  async *codesForCsv(promotionId: string): AsyncGenerator<CodeWithUses[]> {
    for (let offset = 0; ; offset += CSV_BATCH) {
      const batch = await this.repository.codes(promotionId, offset, CSV_BATCH);
      if (batch.length > 0) yield batch;
      if (batch.length < CSV_BATCH) return;
    }
  }

  private async write<T>(actor: Actor, change: (trx: Transaction<Database>) => Promise<Change<T>>): Promise<T> {
    let announce = false;
    const result = await this.db.transaction().execute(async (trx) => {
      const done = await change(trx);
      if (done.audit) await this.audit.recordInTransaction({ actor, action: done.audit.action, orderId: null, orderNumber: null, details: done.audit.details }, trx);
      announce = done.audit !== null && done.shoppersSee;
      return done.result;
    });
    if (announce) await this.announce();
    return result;
  }

  /** The draft's refusals, all at once, with the codes' own when a first code comes with it. */
  private async check(draft: PromotionDraft, trx: Transaction<Database>, code: { code: string; usageLimit: number | null } | null): Promise<void> {
    const products = await this.repository.productsNamed(draft.productIds.filter(isUuid), trx);
    const collections = await this.repository.collectionsNamed(draft.collectionIds.filter(isUuid), trx);
    const problems = promotionProblems(draft, { products: new Set(products.keys()), collections: new Set(collections.keys()) });
    if (code) {
      if (draft.automatic) problems.push({ field: "code", message: "An automatic offer needs no code" });
      else problems.push(...[codeProblem(code.code), usageLimitProblem(code.usageLimit)].filter((p) => p !== null));
    }
    if (problems.length > 0) throw new InvalidFieldsError(problems);
  }

  private async claim(code: string, trx: Transaction<Database>): Promise<void> {
    if (await this.repository.codeTaken(code, trx)) throw new DomainError("CODE_TAKEN", `The code ${code} is taken (codes are the same whatever their case)`, "code");
  }

  private async codePromotion(id: string, trx: Transaction<Database>): Promise<PromotionRecord> {
    const promotion = await this.repository.lock(id, trx);
    if (!promotion) throw invalidInput("promotionId", "No promotion with this id");
    if (promotion.automatic) throw invalidInput("promotionId", "An automatic offer has no codes");
    return promotion;
  }

  private async locked(id: string, trx: Transaction<Database>): Promise<PromotionRecord> {
    const current = await this.repository.lock(id, trx);
    if (!current) throw noPromotion();
    return current;
  }

  private async found(id: string): Promise<AdminPromotionRecord> {
    return (await this.find(id))!;
  }

  private async withTotals(promotions: PromotionRecord[]): Promise<AdminPromotionRecord[]> {
    const totals = await this.repository.totals(promotions.map((p) => p.id));
    const now = this.now();
    return promotions.map((p) => {
      const t = totals.get(p.id)!;
      return { ...p, totals: t, state: adminPromotionState(p, t, now) };
    });
  }
}
