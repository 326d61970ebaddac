import { describe, expect, it } from "vitest";
import { resolveCommit, type TransactionStatus } from "../gateway/cart/commit-resolution.js";
import { isConnectionError, unavailableMessage } from "../gateway/db/database.js";

// lost COMMIT (gateway/cart/commit-resolution.ts): the database is asked, on another
// connection, what became of the transaction. The PostgreSQL side is tests/cart-outage.test.ts; here,
// the rules of asking: again while it cannot say, never past the deadline, then a clear 08007.
const answers = (...statuses: (TransactionStatus | Error)[]) => {
  const asked: number[] = [];
  const ask = () => {
    asked.push(Date.now());
    const next = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
  return { ask, asked };
};

describe("resolving a COMMIT whose answer was lost", () => {
  it("asks again while the transaction is in progress or the question fails, and answers what the database says", async () => {
    const committed = answers("in progress", new Error("Connection terminated"), "in progress", "committed");
    expect(await resolveCommit(committed.ask, new Error("lost"), 2_000)).toBe("committed");
    expect(committed.asked).toHaveLength(4);
    const aborted = answers(null, "aborted");
    expect(await resolveCommit(aborted.ask, new Error("lost"), 2_000)).toBe("aborted");
  });

  it("gives up at the deadline even when a question never comes back (a network holding it), with 08007", async () => {
    const began = Date.now();
    let asked = 0;
    const hanging = () => {
      asked += 1;
      return new Promise<TransactionStatus>(() => undefined);
    };
    const failure = new Error("Connection terminated unexpectedly");
    const error = await resolveCommit(hanging, failure, 300).catch((e: unknown) => e);
    const waited = Date.now() - began;
    expect(error).toMatchObject({ code: "08007", cause: failure });
    expect((error as Error).message).toMatch(/^Transaction resolution unknown/);
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(2_000);
    expect(asked).toBe(1);
  });

  it("is answered as the database being unavailable, telling the shopper to look before trying again", async () => {
    const error = await resolveCommit(answers(new Error("ECONNREFUSED")).ask, new Error("lost"), 100).catch((e: unknown) => e);
    expect(isConnectionError(error)).toBe(true);
    expect(unavailableMessage(error)).toBe("The shop's database did not confirm whether your change was saved; check before trying again");
    expect(unavailableMessage(Object.assign(new Error("down"), { code: "ECONNREFUSED" }))).toBe("The shop's database is unavailable; please try again shortly");
  });
});
