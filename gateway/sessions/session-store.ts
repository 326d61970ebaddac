import session, { type SessionData } from "express-session";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

/** How long a session without "remember me" lives after its last request. */
const IDLE_SESSION_MS = 24 * 60 * 60 * 1000;
const TOUCH_GRANULARITY_MS = 60 * 60 * 1000;

function expiryOf(sess: SessionData): Date {
  const expires = sess.cookie?.expires;
  return expires ? new Date(expires) : new Date(Date.now() + IDLE_SESSION_MS);
}

type Callback = (err?: unknown, value?: unknown) => void;

/**
 * express-session's store in the sessions table: sessions survive restarts and are shared by every
 * gateway process. Each row also records its customer, so all of a customer's sessions can be ended.
 */
export class DatabaseSessionStore extends session.Store {
  constructor(private readonly db: Kysely<Database>) {
    super();
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    this.db
      .selectFrom("sessions")
      .select(["sess", "expire"])
      .where("sid", "=", sid)
      .executeTakeFirst()
      .then((row) => callback(null, row && new Date(row.expire).getTime() > Date.now() ? (row.sess as unknown as SessionData) : null))
      .catch((err: unknown) => callback(err));
  }

  override set(sid: string, sess: SessionData, callback?: Callback): void {
    const values = {
      sid,
      sess: JSON.stringify(sess),
      customer_id: sess.customerId ?? null,
      staff_id: sess.staffId ?? null,
      expire: expiryOf(sess),
    };
    this.db
      .insertInto("sessions")
      .values(values)
      .onConflict((oc) => oc.column("sid").doUpdateSet({ sess: values.sess, customer_id: values.customer_id, staff_id: values.staff_id, expire: values.expire }))
      .execute()
      .then(() => callback?.())
      .catch((err: unknown) => callback?.(err));
  }

  override destroy(sid: string, callback?: Callback): void {
    this.db
      .deleteFrom("sessions")
      .where("sid", "=", sid)
      .execute()
      .then(() => callback?.())
      .catch((err: unknown) => callback?.(err));
  }

  /** Slides the expiry of an active session, writing at most once an hour per session. */
  override touch(sid: string, sess: SessionData, callback?: Callback): void {
    const expire = expiryOf(sess);
    this.db
      .updateTable("sessions")
      .set({ expire })
      .where("sid", "=", sid)
      .where("expire", "<", new Date(expire.getTime() - TOUCH_GRANULARITY_MS))
      .execute()
      .then(() => callback?.())
      .catch((err: unknown) => callback?.(err));
  }

  /** Ends every session of a customer but, optionally, one (after a password change). */
  async destroyForCustomer(customerId: string, exceptSid?: string): Promise<void> {
    let query = this.db.deleteFrom("sessions").where("customer_id", "=", customerId);
    if (exceptSid) query = query.where("sid", "!=", exceptSid);
    await query.execute();
  }

  /** Ends every session of a staff member (disabled, or their password was reset). */
  async destroyForStaff(staffId: string): Promise<void> {
    await this.db.deleteFrom("sessions").where("staff_id", "=", staffId).execute();
  }

  async sweepExpired(): Promise<number> {
    const result = await this.db.deleteFrom("sessions").where("expire", "<", new Date()).executeTakeFirst();
    return Number(result.numDeletedRows ?? 0);
  }
}
