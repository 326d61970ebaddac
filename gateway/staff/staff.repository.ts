import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import type { Database, StaffMemberTable } from "../db/schema.js";
import type { StaffRole } from "../shared/actor.js";
import type { StaffRecord } from "./staff.records.js";

const STAFF_COLUMNS = ["id", "email", "name", "role", "created_at", "disabled_at", "last_sign_in_at", "totp_enabled_at"] as const;

type StaffRow = Pick<Selectable<StaffMemberTable>, (typeof STAFF_COLUMNS)[number]> & { has_password: boolean };

const hasPassword = sql<boolean>`password_hash IS NOT NULL`.as("has_password");

function toStaff(row: StaffRow): StaffRecord {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    createdAt: new Date(row.created_at),
    disabledAt: row.disabled_at ? new Date(row.disabled_at) : null,
    lastSignInAt: row.last_sign_in_at ? new Date(row.last_sign_in_at) : null,
    hasPassword: Boolean(row.has_password),
    twoFactorEnabled: row.totp_enabled_at !== null,
  };
}

/** What two-factor sign-in keeps for a member. */
export interface TwoFactorState {
  secret: string | null;
  pendingSecret: string | null;
  /** The last TOTP time step accepted; null when none yet. */
  lastStep: number | null;
}

/** An owner's change to a member that must not leave the shop without an active owner. */
export type GuardedChange = { role: StaffRole } | { disabled: boolean };

/** The app_state key of the shop's "two-factor sign-in required for every staff member" setting. */
const TWO_FACTOR_REQUIRED_KEY = "staff.two_factor_required";

export class StaffRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findById(id: string): Promise<StaffRecord | null> {
    const row = await this.db.selectFrom("staff_members").select([...STAFF_COLUMNS, hasPassword]).where("id", "=", id).executeTakeFirst();
    return row ? toStaff(row) : null;
  }

  async findByEmail(email: string): Promise<StaffRecord | null> {
    const row = await this.db.selectFrom("staff_members").select([...STAFF_COLUMNS, hasPassword]).where("email", "=", email).executeTakeFirst();
    return row ? toStaff(row) : null;
  }

  /** passwordHash is null for an invited member who has not set one yet. */
  async findCredentialsByEmail(email: string): Promise<{ staff: StaffRecord; passwordHash: string | null } | null> {
    const row = await this.db
      .selectFrom("staff_members")
      .select([...STAFF_COLUMNS, hasPassword, "password_hash"])
      .where("email", "=", email)
      .executeTakeFirst();
    return row ? { staff: toStaff(row), passwordHash: row.password_hash } : null;
  }

  /** Owners first, then by name. */
  async list(): Promise<StaffRecord[]> {
    const rows = await this.db
      .selectFrom("staff_members")
      .select([...STAFF_COLUMNS, hasPassword])
      .orderBy(sql`role = 'owner'`, "desc")
      .orderBy("name")
      .orderBy("email")
      .execute();
    return rows.map(toStaff);
  }

  /** Whom the shop's own notices go to (a disputed payment): the owners who are not disabled. */
  async activeOwnerEmails(trx: Transaction<Database>): Promise<string[]> {
    const rows = await trx.selectFrom("staff_members").select("email").where("role", "=", "owner").where("disabled_at", "is", null).orderBy("email").execute();
    return rows.map((r) => r.email);
  }

  /** Null when the email is taken (nothing is changed then). A null passwordHash: invited, no password yet. */
  async insert(member: { email: string; name: string; role: StaffRole; passwordHash: string | null }): Promise<StaffRecord | null> {
    const row = await this.db
      .insertInto("staff_members")
      .values({ email: member.email, name: member.name, role: member.role, password_hash: member.passwordHash })
      .onConflict((oc) => oc.column("email").doNothing())
      .returning([...STAFF_COLUMNS, hasPassword])
      .executeTakeFirst();
    return row ? toStaff(row) : null;
  }

  /**
   * Applies a role change or a disable/enable unless it would leave no active owner (an owner who
   * is not disabled and has a password): the active owners are locked first, so two owners demoting
   * each other at once cannot both succeed. Answers the member after the change, "last-owner" when
   * refused, or null when there is no such member.
   */
  async updateUnlessLastActiveOwner(id: string, change: GuardedChange): Promise<StaffRecord | "last-owner" | null> {
    return this.db.transaction().execute(async (trx) => {
      const owners = await trx
        .selectFrom("staff_members")
        .select("id")
        .where("role", "=", "owner")
        .where("disabled_at", "is", null)
        .where("password_hash", "is not", null)
        .orderBy("id")
        .forUpdate()
        .execute();
      const losesOwner = "role" in change ? change.role !== "owner" : change.disabled;
      if (losesOwner && owners.length === 1 && owners[0]!.id === id) return "last-owner";
      const set = "role" in change ? { role: change.role } : { disabled_at: change.disabled ? sql<Date>`coalesce(disabled_at, now())` : null };
      const row = await trx
        .updateTable("staff_members")
        .set({ ...set, updated_at: sql<Date>`now()` })
        .where("id", "=", id)
        .returning([...STAFF_COLUMNS, hasPassword])
        .executeTakeFirst();
      return row ? toStaff(row) : null;
    });
  }

  async recordSignIn(id: string, at: Date): Promise<void> {
    await this.db.updateTable("staff_members").set({ last_sign_in_at: at }).where("id", "=", id).execute();
  }

  async twoFactorState(id: string): Promise<TwoFactorState | null> {
    const row = await this.db
      .selectFrom("staff_members")
      .select(["totp_secret", "totp_pending_secret", "totp_last_step"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return null;
    return { secret: row.totp_secret, pendingSecret: row.totp_pending_secret, lastStep: row.totp_last_step === null ? null : Number(row.totp_last_step) };
  }

  async setPendingSecret(id: string, secret: string | null): Promise<void> {
    await this.db.updateTable("staff_members").set({ totp_pending_secret: secret }).where("id", "=", id).execute();
  }

  /**
   * Turns two-factor on with the pending secret it was confirmed with (when it is still the pending
   * one) and its recovery codes' hashes, in one transaction; false when the pending secret changed.
   */
  async enableTwoFactor(id: string, secret: string, step: number, recoveryCodeHashes: string[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("staff_members")
        .set({ totp_secret: secret, totp_pending_secret: null, totp_enabled_at: sql<Date>`now()`, totp_last_step: String(step) })
        .where("id", "=", id)
        .where("totp_pending_secret", "=", secret)
        .where("totp_secret", "is", null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      await trx.deleteFrom("staff_recovery_codes").where("staff_id", "=", id).execute();
      await trx
        .insertInto("staff_recovery_codes")
        .values(recoveryCodeHashes.map((code_hash) => ({ staff_id: id, code_hash })))
        .execute();
      return true;
    });
  }

  /** Turns two-factor off: the secret and the recovery codes are gone. False when it was off. */
  async disableTwoFactor(id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("staff_members")
        .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null })
        .where("id", "=", id)
        .where("totp_secret", "is not", null)
        .executeTakeFirst();
      await trx.deleteFrom("staff_recovery_codes").where("staff_id", "=", id).execute();
      return Number(updated.numUpdatedRows) > 0;
    });
  }

  /**
   * Accepts a TOTP time step once: only when it is later than the last one accepted (the check and
   * the write are one statement, so two requests with the same code cannot both pass).
   */
  async acceptStep(id: string, step: number): Promise<boolean> {
    const updated = await this.db
      .updateTable("staff_members")
      .set({ totp_last_step: String(step) })
      .where("id", "=", id)
      .where("totp_secret", "is not", null)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", String(step))]))
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  /** New recovery codes in place of the old ones. */
  async replaceRecoveryCodes(id: string, codeHashes: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("staff_recovery_codes").where("staff_id", "=", id).execute();
      await trx
        .insertInto("staff_recovery_codes")
        .values(codeHashes.map((code_hash) => ({ staff_id: id, code_hash })))
        .execute();
    });
  }

  /** Uses a recovery code once: true when it was there and unused (now used). */
  async useRecoveryCode(id: string, codeHash: string): Promise<boolean> {
    const updated = await this.db
      .updateTable("staff_recovery_codes")
      .set({ used_at: sql<Date>`now()` })
      .where("staff_id", "=", id)
      .where("code_hash", "=", codeHash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  async recoveryCodesLeft(id: string): Promise<number> {
    const row = await this.db
      .selectFrom("staff_recovery_codes")
      .select(sql<number>`count(*)::int`.as("left"))
      .where("staff_id", "=", id)
      .where("used_at", "is", null)
      .executeTakeFirstOrThrow();
    return Number(row.left);
  }

  async twoFactorRequired(): Promise<boolean> {
    const row = await this.db.selectFrom("app_state").select("value").where("key", "=", TWO_FACTOR_REQUIRED_KEY).executeTakeFirst();
    return row?.value === "true";
  }

  async setTwoFactorRequired(required: boolean): Promise<void> {
    const value = required ? "true" : "false";
    await this.db
      .insertInto("app_state")
      .values({ key: TWO_FACTOR_REQUIRED_KEY, value })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: sql<Date>`now()` }))
      .execute();
  }
}
