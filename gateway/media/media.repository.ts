import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

export interface MediaFile {
  path: string;
  contentType: string;
  body: Buffer;
  etag: string;
}

/** Images the shop serves under /media: generated catalog artwork (and later, uploaded designs). */
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
}
