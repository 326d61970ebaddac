import type { Kysely, Selectable } from "kysely";
import type { Database, StaffMemberTable } from "../db/schema.js";
import type { StaffRole } from "../shared/actor.js";
import type { StaffRecord } from "./staff.records.js";

const STAFF_COLUMNS = ["id", "email", "name", "role", "created_at"] as const;

function toStaff(row: Pick<Selectable<StaffMemberTable>, (typeof STAFF_COLUMNS)[number]>): StaffRecord {
  return { id: row.id, email: row.email, name: row.name, role: row.role, createdAt: new Date(row.created_at) };
}

export class StaffRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findById(id: string): Promise<StaffRecord | null> {
    const row = await this.db.selectFrom("staff_members").select(STAFF_COLUMNS).where("id", "=", id).executeTakeFirst();
    return row ? toStaff(row) : null;
  }

  async findCredentialsByEmail(email: string): Promise<{ staff: StaffRecord; passwordHash: string } | null> {
    const row = await this.db
      .selectFrom("staff_members")
      .select([...STAFF_COLUMNS, "password_hash"])
      .where("email", "=", email)
      .executeTakeFirst();
    return row ? { staff: toStaff(row), passwordHash: row.password_hash } : null;
  }

  /** Null when the email is taken (nothing is changed then). */
  async insert(member: { email: string; name: string; role: StaffRole; passwordHash: string }): Promise<StaffRecord | null> {
    const row = await this.db
      .insertInto("staff_members")
      .values({ email: member.email, name: member.name, role: member.role, password_hash: member.passwordHash })
      .onConflict((oc) => oc.column("email").doNothing())
      .returning(STAFF_COLUMNS)
      .executeTakeFirst();
    return row ? toStaff(row) : null;
  }
}
