import { sql, type Kysely } from "kysely";

// Staff accounts the owner runs from /admin: disabled members (refused at sign-in, every session
// ended), members invited by an emailed link (no password until they set one), the last full
// sign-in, password-reset and invitation links (only a SHA-256 of the token is kept, minted when
// the email is written), and two-factor sign-in with TOTP (the secret, the last time step used so a
// code works once, and one-time recovery codes kept as hashes).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE staff_members
      ALTER COLUMN password_hash DROP NOT NULL,
      ADD COLUMN disabled_at timestamptz,
      ADD COLUMN last_sign_in_at timestamptz,
      ADD COLUMN totp_secret text,
      ADD COLUMN totp_pending_secret text,
      ADD COLUMN totp_enabled_at timestamptz,
      ADD COLUMN totp_last_step bigint`.execute(db);

  // One row per link asked for. token_hash is null until the email job writes the message and mints
  // the token (a retried job mints a new one, replacing the hash); used_at ends it for good.
  await sql`
    CREATE TABLE staff_password_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      staff_id uuid NOT NULL REFERENCES staff_members(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('reset', 'invitation')),
      token_hash text UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX staff_password_tokens_staff_idx ON staff_password_tokens (staff_id)`.execute(db);

  await sql`
    CREATE TABLE staff_recovery_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      staff_id uuid NOT NULL REFERENCES staff_members(id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (staff_id, code_hash)
    )`.execute(db);
}
