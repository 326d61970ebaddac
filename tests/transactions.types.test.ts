import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../gateway/db/schema.js";
import { CartRepository } from "../gateway/cart/cart.repository.js";
import { OrderHistoryRepository } from "../gateway/orders/order-history.repository.js";
import { OrderLifecycle, type OrderEventHandler } from "../gateway/orders/order-lifecycle.service.js";
import type { OrderRecord } from "../gateway/orders/order.records.js";
import type { JobQueue } from "../gateway/jobs/job.service.js";
import { createTestDatabase, type TestDatabase } from "./support/database.js";

// A function that runs in its caller's transaction takes `Transaction<Database>`, required
// (docs/architecture.md, "Transactions"): on PGlite's one connection, a query on the plain database
// while the transaction holds it waits forever. Most of this file is checked by `npm run typecheck`:
// each `@ts-expect-error` below must stay an error, so loosening a signature (a plain `Kysely`, an
// optional or defaulted parameter) fails the typecheck ("Unused '@ts-expect-error' directive").

type Assignable<From, To> = [From] extends [To] ? true : false;

// Kysely's `Transaction` narrows `isTransaction` to `true` (and has private state of its own): a
// plain `Kysely<Database>` cannot be passed where a transaction is asked for; a transaction can be
// used wherever a `Kysely<Database>` is.
const kyselyIsNoTransaction: Assignable<Kysely<Database>, Transaction<Database>> = false;
const transactionIsAKysely: Assignable<Transaction<Database>, Kysely<Database>> = true;

/** Never called: only compiled. */
export function loosenedSignaturesDoNotCompile(db: Kysely<Database>, carts: CartRepository, lifecycle: OrderLifecycle, jobs: JobQueue, order: OrderRecord) {
  // @ts-expect-error a repository method that locks a row takes the caller's transaction, not the database
  void carts.lockCart({ id: "cart" }, db);
  // @ts-expect-error the transaction is required, never optional
  void carts.lockCart({ id: "cart" });
  // @ts-expect-error a lifecycle event runs inside the transaction of the change that made it
  void lifecycle.paid(order, db);
  // @ts-expect-error the transaction is required, never optional
  void lifecycle.fulfilled(order);
  const handler: OrderEventHandler = async () => undefined;
  // @ts-expect-error a registered handler is given the change's transaction, never the database
  void handler(order, db);
  // @ts-expect-error the in-transaction form of a split method requires the transaction
  void jobs.enqueueInTransaction({ kind: "k", payload: {}, dedupeKey: "k" }, db);
  // What compiles: the transaction helper hands `work` a Transaction, which every in-transaction method takes.
  void carts.transaction((trx) => carts.lockCart({ id: "cart" }, trx));
  void db.transaction().execute((trx) => lifecycle.paid(order, trx));
}

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await database?.dispose();
});

describe("transactions in the types", () => {
  it("tells a transaction from the database at run time too", async () => {
    expect(kyselyIsNoTransaction).toBe(false);
    expect(transactionIsAKysely).toBe(true);
    expect(database.db.isTransaction).toBe(false);
    expect(await database.db.transaction().execute(async (trx) => trx.isTransaction)).toBe(true);
  });

  it("runs an in-transaction repository method and a lifecycle handler inside the caller's transaction", async () => {
    const carts = new CartRepository(database.db);
    const lifecycle = new OrderLifecycle(new OrderHistoryRepository(database.db));
    const seenByHandler: (string | undefined)[] = [];
    lifecycle.on("fulfilled", async (_order, trx) => {
      // The cart written earlier in this transaction, not committed yet: seen through the transaction.
      seenByHandler.push((await trx.selectFrom("carts").select("id").where("id", "=", "gid://shop/Cart/types-test").executeTakeFirst())?.id);
    });

    const locked = await carts.transaction(async (trx) => {
      await carts.insertCart({ id: "gid://shop/Cart/types-test", checkoutToken: "types-test-token", customerId: null }, trx);
      await lifecycle.happened("fulfilled", { id: "order" } as OrderRecord, trx, null);
      return carts.lockCart({ id: "gid://shop/Cart/types-test" }, trx);
    });

    expect(locked).toMatchObject({ id: "gid://shop/Cart/types-test", checkoutToken: "types-test-token", status: "OPEN" });
    expect(seenByHandler).toEqual(["gid://shop/Cart/types-test"]);
  });
});
