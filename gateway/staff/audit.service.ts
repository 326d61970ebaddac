import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { invalidInput } from "../shared/errors.js";
import type { AuditEntryRecord, AuditRepository, NewAuditEntry } from "./audit.repository.js";


const MAX_PAGE = 100;

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

  /** Newest first, `first` at a time; `after` is the previous page's endCursor. */
  async list(first: number, after: string | null): Promise<AuditPage> {
    if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE) throw invalidInput("first", `first must be between 1 and ${MAX_PAGE}`);
    if (after !== null && !/^[1-9][0-9]{0,17}$/.test(after)) throw invalidInput("after", "after is not a cursor of this list");
    const rows = await this.repository.list(first + 1, after);
    const entries = rows.slice(0, first);
    return { entries, hasNextPage: rows.length > first, endCursor: entries.at(-1)?.id ?? null };
  }
}
