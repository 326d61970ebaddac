import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GroupRunner, type Outcome } from "../gateway/shared/groups.js";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { variantsOf, type TestVariant } from "./support/cart.js";

// Group commit of cart adds: adds to different carts that arrive together share one transaction;
// each still gets its own answer or its own error.

/** A runner whose groups are recorded and released by hand, to see how jobs are grouped. */
function recordingRunner(options: { maxSize?: number } = {}) {
  const groups: string[][] = [];
  const release: (() => void)[] = [];
  const runner = new GroupRunner<string, string>(
    async (jobs) => {
      groups.push(jobs);
      await new Promise<void>((resolve) => release.push(resolve));
      return jobs.map((job): Outcome<string> => (job.endsWith("!") ? { error: new Error(`refused ${job}`) } : { value: `done ${job}` }));
    },
    { maxSize: options.maxSize ?? 10, fits: (group, job) => !group.some((other) => other[0] === job[0]) },
  );
  const next = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    release.shift()?.();
  };
  return { runner, groups, next };
}

describe("GroupRunner", () => {
  it("groups the jobs submitted in one turn of the event loop; a job that does not fit waits, in order, for the next group", async () => {
    const { runner, groups, next } = recordingRunner();
    const answers = ["a1", "b1", "c1", "a2", "x!", "a3"].map((job) => runner.submit(job).catch((e: Error) => e.message));
    for (let i = 0; i < 3; i++) await next();
    expect(await Promise.all(answers)).toEqual(["done a1", "done b1", "done c1", "done a2", "refused x!", "done a3"]);
    // One job per first letter in a group (as one add per cart).
    expect(groups).toEqual([["a1", "b1", "c1", "x!"], ["a2"], ["a3"]]);
  });

  it("takes at most maxSize jobs in a group, and groups what arrives while one runs", async () => {
    const { runner, groups, next } = recordingRunner({ maxSize: 2 });
    const answers = ["a", "b", "c"].map((job) => runner.submit(job));
    await new Promise((resolve) => setImmediate(resolve));
    answers.push(runner.submit("d"), runner.submit("e"));
    for (let i = 0; i < 3; i++) await next();
    await Promise.all(answers);
    expect(groups).toEqual([["a", "b"], ["c", "d"], ["e"]]);
  });
});

describe("concurrent cart adds", () => {
  let shop: TestGateway;
  let tee: TestVariant;
  let sticker: TestVariant;
  const ADD = `mutation($id: ID!, $lines: [CartLineInput!]!) { cartLinesAdd(cartId: $id, lines: $lines) { cart { id totalQuantity } userErrors { code field } } }`;
  const newCart = async (quantity: number) =>
    (await shop.graphql(`mutation($lines: [CartLineInput!]) { cartCreate(input: { lines: $lines }) { cart { id } } }`, { lines: [{ merchandiseId: tee.id, quantity }] }))
      .data.cartCreate.cart.id as string;
  const units = async (id: string) => (await shop.graphql(`query($id: ID!) { cart(id: $id) { totalQuantity } }`, { id })).data.cart.totalQuantity as number;

  beforeAll(async () => {
    shop = await startTestGateway();
    tee = (await variantsOf(shop, "i-survived-the-subcommittee-tee"))[0]!;
    sticker = (await variantsOf(shop, "red-tape-sticker-pack"))[0]!;
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("gives each of many carts its own answer, in far fewer statements than one transaction each", async () => {
    const carts = await Promise.all(Array.from({ length: 12 }, (_, i) => newCart(i + 1)));
    const before = shop.database.queryCount;
    const answers = await Promise.all(carts.map((id, i) => shop.graphql(ADD, { id, lines: [{ merchandiseId: sticker.id, quantity: i + 1 }] })));
    const statements = shop.database.queryCount - before;
    answers.forEach((answer, i) => expect(answer.data.cartLinesAdd).toEqual({ cart: { id: carts[i], totalQuantity: 2 * (i + 1) }, userErrors: [] }));
    for (const [i, id] of carts.entries()) expect(await units(id)).toBe(2 * (i + 1));
    // Four statements an add on its own; grouped, they share a transaction or a few.
    expect(statements).toBeLessThan((4 * carts.length) / 2);
  });

  it("refuses a bad add alone: the others in its group are written, it leaves its cart as it was", async () => {
    const carts = await Promise.all(Array.from({ length: 6 }, () => newCart(2)));
    const lines = (i: number) => [{ merchandiseId: tee.id, quantity: i === 3 ? 99_998 : 1 }];
    const answers = await Promise.all([
      ...carts.map((id, i) => shop.graphql(ADD, { id, lines: lines(i) })),
      shop.graphql(ADD, { id: "gid://shop/Cart/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", lines: lines(0) }),
    ]);
    expect(answers.map((a) => a.data.cartLinesAdd.userErrors.map((e: { code: string }) => e.code))).toEqual([[], [], [], ["INVALID_QUANTITY"], [], [], ["CART_NOT_FOUND"]]);
    expect(await Promise.all(carts.map(units))).toEqual([3, 3, 3, 2, 3, 3]);
  });

  it("when the database refuses one add's write, runs the others again on their own: only that one fails", async () => {
    const carts = await Promise.all(Array.from({ length: 5 }, () => newCart(1)));
    // PostgreSQL's jsonb takes no NUL character: the shared write fails for the whole group.
    const lines = (i: number) => [{ merchandiseId: sticker.id, attributes: i === 2 ? [{ key: "note", value: "\u0000" }] : [] }];
    const answers = await Promise.all(carts.map((id, i) => shop.graphql(ADD, { id, lines: lines(i) })));
    answers.forEach((answer, i) => {
      if (i === 2) expect(answer.errors).toHaveLength(1);
      else expect(answer.data.cartLinesAdd).toEqual({ cart: { id: carts[i], totalQuantity: 2 }, userErrors: [] });
    });
    expect(await Promise.all(carts.map(units))).toEqual([2, 2, 1, 2, 2]);
  });

  // PostgreSQL only: on the embedded database a transaction held open here would hold its one connection.
  it.skipIf(process.env.TEST_DATABASE_URL === undefined)("does not make other adds wait for a cart another transaction holds: that add waits alone", async () => {
    const carts = await Promise.all(Array.from({ length: 4 }, () => newCart(1)));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = shop.database.db.transaction().execute(async (trx) => {
      await trx.selectFrom("carts").select("id").where("id", "=", carts[0]!).forUpdate().execute();
      locked();
      await released;
    });
    await isLocked;
    // The add to the held cart goes first and on its own: the adds after it must not queue behind it.
    const held = shop.graphql(ADD, { id: carts[0], lines: [{ merchandiseId: sticker.id }] });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const others = await Promise.all(carts.slice(1).map((id) => shop.graphql(ADD, { id, lines: [{ merchandiseId: sticker.id }] })));
    others.forEach((answer) => expect(answer.data.cartLinesAdd.userErrors).toEqual([]));
    expect(await Promise.all(carts.slice(1).map(units))).toEqual([2, 2, 2]);
    release();
    await holder;
    expect((await held).data.cartLinesAdd).toEqual({ cart: { id: carts[0], totalQuantity: 2 }, userErrors: [] });
  });
});
