import { sql, type Kysely } from "kysely";

// Custom designs from the Customize studio: the preview and the print file the printer gets,
// with the design state that made them. In the database so every gateway process serves them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE designs (
      id text PRIMARY KEY,
      customer_id uuid REFERENCES customers(id) ON DELETE SET NULL,
      preview bytea NOT NULL,
      preview_type text NOT NULL,
      preview_width integer NOT NULL,
      preview_height integer NOT NULL,
      print bytea NOT NULL,
      print_type text NOT NULL,
      print_width integer NOT NULL,
      print_height integer NOT NULL,
      state jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}
