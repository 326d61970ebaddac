import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { MediaRepository, NewMediaFile } from "./media.repository.js";

export type { NewMediaFile };

/**
 * The media other features keep for the shop to serve under /media, written inside their own
 * transaction. Files are content-addressed (media-paths.ts), so storing one that is there already
 * changes nothing; adding and removing take turns (one lock), so a removal that found a file unused
 * never races an upload that is about to use it again.
 */
export class MediaService {
  constructor(private readonly repository: MediaRepository) {}

  /** Keeps these files (those whose path is stored already stay as they are). */
  async storeInTransaction(files: readonly NewMediaFile[], trx: Transaction<Database>): Promise<void> {
    await this.repository.lockWritesInTransaction(trx);
    await this.repository.insertMissingInTransaction(files, trx);
  }

  /**
   * Removes the files of `paths` that `stillUsed` (asked under the lock, in the same transaction)
   * does not name any more; answers the paths removed.
   */
  async releaseInTransaction(paths: readonly string[], stillUsed: (paths: readonly string[]) => Promise<Set<string>>, trx: Transaction<Database>): Promise<string[]> {
    if (paths.length === 0) return [];
    await this.repository.lockWritesInTransaction(trx);
    const used = await stillUsed(paths);
    const unused = [...new Set(paths)].filter((path) => !used.has(path));
    await this.repository.deleteInTransaction(unused, trx);
    return unused;
  }
}
