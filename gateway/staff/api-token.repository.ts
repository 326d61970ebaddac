import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

export interface ApiTokenRecord {
  id: string;
  name: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const TOKEN_COLUMNS = ["id", "name", "scopes", "created_at", "last_used_at", "revoked_at"] as const;

function toToken(row: { id: string; name: string; scopes: string[]; created_at: Date; last_used_at: Date | null; revoked_at: Date | null }): ApiTokenRecord {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    createdAt: new Date(row.created_at),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null,
    revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
  };
}

export class ApiTokenRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(token: { name: string; tokenHash: string; scopes: string[]; createdBy: string | null }): Promise<ApiTokenRecord> {
    const row = await this.db
      .insertInto("api_tokens")
      .values({ name: token.name, token_hash: token.tokenHash, scopes: token.scopes, created_by: token.createdBy })
      .returning(TOKEN_COLUMNS)
      .executeTakeFirstOrThrow();
    return toToken(row);
  }

  /** Newest first, revoked ones included (they show when they were revoked). */
  async list(): Promise<ApiTokenRecord[]> {
    const rows = await this.db.selectFrom("api_tokens").select(TOKEN_COLUMNS).orderBy("created_at", "desc").orderBy("id").execute();
    return rows.map(toToken);
  }

  async findById(id: string): Promise<ApiTokenRecord | null> {
    const row = await this.db.selectFrom("api_tokens").select(TOKEN_COLUMNS).where("id", "=", id).executeTakeFirst();
    return row ? toToken(row) : null;
  }

  async findByHash(tokenHash: string): Promise<ApiTokenRecord | null> {
    const row = await this.db.selectFrom("api_tokens").select(TOKEN_COLUMNS).where("token_hash", "=", tokenHash).executeTakeFirst();
    return row ? toToken(row) : null;
  }

  /** Marks the token revoked (the first revocation's time stays). */
  async revoke(id: string): Promise<void> {
    await this.db.updateTable("api_tokens").set({ revoked_at: new Date() }).where("id", "=", id).where("revoked_at", "is", null).execute();
  }

  /** Records a use; the condition keeps concurrent requests from writing more than once a minute. */
  async touch(id: string, now: Date, notSince: Date): Promise<void> {
    await this.db
      .updateTable("api_tokens")
      .set({ last_used_at: now })
      .where("id", "=", id)
      .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", notSince)]))
      .execute();
  }
}
