import { sql, type Kysely } from "kysely";

// A customer may delete the account. Orders stay for the shop's books, their contact data (email,
// name, street, phone) erased once the order no longer needs it: at once for an order closed more
// than 30 days ago (spec §9: returns within 30 days), else 30 days after it is fulfilled or
// cancelled. `account_deleted_at` marks an order of a deleted account; `contact_erase_after` is when
// its contact data goes (null while the order is still open); `contact_erased_at` when it went.
// A design an order still keeping its data prints from is kept without its owner
// (`owner_deleted_at`) and goes with that order's contact data.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN account_deleted_at timestamptz`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN contact_erase_after timestamptz`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN contact_erased_at timestamptz`.execute(db);
  await sql`
    ALTER TABLE orders ADD CONSTRAINT orders_contact_erasure_of_deleted_account
      CHECK ((contact_erase_after IS NULL AND contact_erased_at IS NULL) OR account_deleted_at IS NOT NULL)`.execute(db);
  // The sweep's question: which orders' contact data is due.
  await sql`CREATE INDEX orders_contact_erase_due_idx ON orders (contact_erase_after) WHERE contact_erased_at IS NULL AND contact_erase_after IS NOT NULL`.execute(db);

  await sql`ALTER TABLE designs ADD COLUMN owner_deleted_at timestamptz`.execute(db);
  await sql`CREATE INDEX designs_owner_deleted_idx ON designs (owner_deleted_at) WHERE owner_deleted_at IS NOT NULL`.execute(db);
  // The account's designs, for its download and its deletion.
  await sql`CREATE INDEX designs_customer_idx ON designs (customer_id) WHERE customer_id IS NOT NULL`.execute(db);
}
