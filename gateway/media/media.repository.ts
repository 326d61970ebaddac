import { createHash } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema.js";

export interface MediaFile {
  path: string;
  contentType: string;
  body: Buffer;
  etag: string;
}

/** A file to keep: its path below /media, its type and its bytes. */
export interface NewMediaFile {
  path: string;
  contentType: string;
  body: Buffer;
}

/** Images the shop serves under /media: generated catalog artwork and uploaded product images. */
export class MediaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findByPath(path: string): Promise<MediaFile | null> {
    const row = await this.db
      .selectFrom("media")
      .select(["path", "content_type", "body", "etag"])
      .where("path", "=", path)
      .executeTakeFirst();
    if (!row) return null;
    return { path: row.path, contentType: row.content_type, body: Buffer.from(row.body), etag: row.etag };
  }

  /** Media writes take turns for the rest of the transaction (one advisory lock). */
  async lockWritesInTransaction(trx: Transaction<Database>): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext('media-writes'))`.execute(trx);
  }

  /** Inserts the files whose path is not stored yet; the ETag is their bytes' SHA-256 (as the seed's). */
  async insertMissingInTransaction(files: readonly NewMediaFile[], trx: Transaction<Database>): Promise<void> {
    if (files.length === 0) return;
    await trx
      .insertInto("media")
      .values(files.map((f) => ({ path: f.path, content_type: f.contentType, body: f.body, etag: createHash("sha256").update(f.body).digest("hex").slice(0, 32) })))
      .onConflict((oc) => oc.column("path").doNothing())
      .execute();
  }

  async deleteInTransaction(paths: readonly string[], trx: Transaction<Database>): Promise<void> {
    if (paths.length === 0) return;
    await trx.deleteFrom("media").where("path", "in", paths).execute();
  }
}
