import { sql, type Kysely } from "kysely";

// The newsletter list: one row per address (lower-cased), so subscribing twice changes nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE newsletter_subscribers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL UNIQUE CHECK (email = lower(email)),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}
