import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { AuditEntryRecord, AuditRepository, NewAuditEntry } from "./audit.repository.js";

export interface AuditPage {
  entries: AuditEntryRecord[];
  hasNextPage: boolean;
  endCursor: string | null;
}

/** Who did what to which order, and when: every staff or token action that changes an order. */
export class AuditService {
  constructor(private readonly repository: AuditRepository) {}

  /** An entry on its own, for an action that is a single write (an API token created or revoked). */
  record(entry: NewAuditEntry): Promise<void> {
    return this.repository.insert(entry);
  }

  /** An entry in the transaction of the change itself, so it commits (or not) with it. */
  recordInTransaction(entry: NewAuditEntry, trx: Transaction<Database>): Promise<void> {
    return this.repository.insertInTransaction(entry, trx);
  }

  /** Newest first, `first` at a time; `after` is the previous page's endCursor (both checked by AuditLogArgs). */
  async list(first: number, after: string | null): Promise<AuditPage> {
    const rows = await this.repository.list(first + 1, after);
    const entries = rows.slice(0, first);
    return { entries, hasNextPage: rows.length > first, endCursor: entries.at(-1)?.id ?? null };
  }
}
