import { describe, expect, it } from "vitest";
import { fakeCartGateway as fakeGateway } from "../../../tests/fakeCartGateway";
import { mockClient } from "../../../tests/mockClient";
import { saveCart, type LocalCartLine } from "./localCart";
import { ServerCartMirror, serverCartProblemToast } from "./serverCart";
import { SERVER_CART_ID_KEY } from "./serverCartId";

const tee: LocalCartLine = { id: "v-tee", title: "Subcommittee Tee", image: "", price: 24.99, quantity: 2 };
const memeTee: LocalCartLine = { ...tee, quantity: 1, customAttributes: [{ key: "memeId", value: "m-1" }] };

describe("the server cart beside the local one (spec §4 Server cart)", () => {
  it("makes a cart on start when none is stored, keeps its id, and carries the local lines over", async () => {
    const gateway = fakeGateway();
    saveCart([tee, memeTee]);
    const mirror = new ServerCartMirror(gateway.client);
    const busy: boolean[] = [];
    mirror.subscribe(() => busy.push(mirror.isBusy()));
    await mirror.sync();
    expect(gateway.storedId()).toBe("gid://shop/Cart/1");
    expect(gateway.lines()).toEqual([
      { merchandiseId: "v-tee", quantity: 2, attributes: [] },
      { merchandiseId: "v-tee", quantity: 1, attributes: [{ key: "memeId", value: "m-1" }] },
    ]);
    expect(busy).toEqual([true, false]);
  });

  it("fetches the stored cart, and makes a new one when it is unknown or checked out", async () => {
    const gateway = fakeGateway();
    window.localStorage.setItem(SERVER_CART_ID_KEY, "gid://shop/Cart/unknown");
    saveCart([tee]);
    const mirror = new ServerCartMirror(gateway.client);
    await mirror.sync();
    const first = gateway.storedId();
    expect(first).not.toBe("gid://shop/Cart/unknown");
    expect(gateway.calls.map((c) => c.operation)).toEqual(["ServerCart", "ServerCartCreate", "ServerCartLinesAdd"]);

    gateway.carts.get(first!)!.completed = true;
    saveCart([{ ...tee, quantity: 3 }]);
    await mirror.sync();
    expect(gateway.storedId()).not.toBe(first);
    expect(gateway.lines()).toEqual([{ merchandiseId: "v-tee", quantity: 3, attributes: [] }]);
  });

  it("follows changes, and replaces the cart with a fresh one when the local cart is emptied", async () => {
    const gateway = fakeGateway();
    saveCart([tee, memeTee]);
    const mirror = new ServerCartMirror(gateway.client);
    await mirror.sync();
    saveCart([{ ...tee, quantity: 5 }]);
    await mirror.sync();
    expect(gateway.lines()).toEqual([{ merchandiseId: "v-tee", quantity: 5, attributes: [] }]);

    const before = gateway.storedId();
    saveCart([]);
    await mirror.sync();
    expect(gateway.storedId()).not.toBe(before);
    expect(gateway.lines()).toEqual([]);
  });

  it("adds what it can when the gateway refuses a line, and does not offer that line again", async () => {
    const gateway = fakeGateway({ unknownVariants: ["v-gone"] });
    saveCart([tee, { ...tee, id: "v-gone", title: "Removed" }]);
    const mirror = new ServerCartMirror(gateway.client);
    await mirror.sync();
    expect(gateway.lines()).toEqual([{ merchandiseId: "v-tee", quantity: 2, attributes: [] }]);
    const adds = gateway.calls.filter((c) => c.operation === "ServerCartLinesAdd").length;
    await mirror.sync();
    expect(gateway.calls.filter((c) => c.operation === "ServerCartLinesAdd").length).toBe(adds);
  });

  it("leaves the local cart alone when the gateway cannot be reached", async () => {
    const { client } = mockClient({});
    saveCart([tee]);
    const mirror = new ServerCartMirror(client);
    await mirror.sync();
    expect(mirror.isBusy()).toBe(false);
    expect(window.localStorage.getItem(SERVER_CART_ID_KEY)).toBeNull();
  });
});

describe("Clear Cart undone (the lines go back to the server cart they were in)", () => {
  it("goes back to the cart the clearing replaced, which still holds them: nothing is added again", async () => {
    const gateway = fakeGateway();
    saveCart([tee, memeTee]);
    const mirror = new ServerCartMirror(gateway.client);
    await mirror.sync();
    const kept = gateway.storedId();
    saveCart([]);
    await mirror.sync();
    expect(gateway.storedId()).not.toBe(kept);

    mirror.undoClear();
    saveCart([tee, memeTee]);
    await mirror.sync();
    expect(gateway.storedId()).toBe(kept);
    expect(gateway.lines()).toEqual([
      { merchandiseId: "v-tee", quantity: 2, attributes: [] },
      { merchandiseId: "v-tee", quantity: 1, attributes: [{ key: "memeId", value: "m-1" }] },
    ]);
    expect(gateway.count("ServerCartLinesAdd")).toBe(1);
  });

  it("stays on the same cart when the clearing had not been carried over yet", async () => {
    const gateway = fakeGateway();
    saveCart([tee]);
    const mirror = new ServerCartMirror(gateway.client);
    await mirror.sync();
    const kept = gateway.storedId();
    saveCart([]);
    mirror.undoClear();
    saveCart([tee]);
    await mirror.sync();
    expect(gateway.storedId()).toBe(kept);
    expect(gateway.count("ServerCartCreate")).toBe(1);
  });

  it("fills a new cart when the one the lines were in is gone, and forgets it once lines were carried over since", async () => {
    const gateway = fakeGateway();
    saveCart([tee]);
    const mirror = new ServerCartMirror(gateway.client);
    await mirror.sync();
    const kept = gateway.storedId()!;
    saveCart([]);
    await mirror.sync();
    gateway.carts.get(kept)!.completed = true;
    mirror.undoClear();
    saveCart([tee]);
    await mirror.sync();
    expect(gateway.storedId()).not.toBe(kept);
    expect(gateway.lines()).toEqual([{ merchandiseId: "v-tee", quantity: 2, attributes: [] }]);

    // A later clearing that was followed by new lines: an Undo then has no older cart to go to.
    const current = gateway.storedId();
    saveCart([]);
    await mirror.sync();
    saveCart([memeTee]);
    await mirror.sync();
    mirror.undoClear();
    saveCart([memeTee, tee]);
    await mirror.sync();
    expect(gateway.storedId()).not.toBe(current);
    expect(gateway.lines()).toHaveLength(2);
  });
});

describe("server-cart failures are told, not silent (spec §8)", () => {
  function watched(gateway: ReturnType<typeof fakeGateway>) {
    const problems: string[] = [];
    const mirror = new ServerCartMirror(gateway.client, { onProblem: (problem) => problems.push(problem) });
    return { mirror, problems };
  }

  it("a failed start is the start problem; a failed fetch later is 'load cart items'", async () => {
    const gateway = fakeGateway();
    gateway.failing.add("ServerCartCreate");
    saveCart([tee]);
    const { mirror, problems } = watched(gateway);
    await mirror.sync();
    expect(problems).toEqual(["start"]);
    expect(serverCartProblemToast("start")).toMatchObject({ title: "Cart Error", description: "There was a problem loading your cart. Please refresh the page." });

    gateway.failing.clear();
    await mirror.sync();
    expect(gateway.lines()).toEqual([{ merchandiseId: "v-tee", quantity: 2, attributes: [] }]);

    gateway.failing.add("ServerCart");
    saveCart([{ ...tee, quantity: 3 }]);
    await mirror.sync();
    expect(problems).toEqual(["start", "load"]);
    expect(serverCartProblemToast("load")).toMatchObject({ title: "Error", description: "Failed to load cart items" });
    // The kept cart is not given up for a failed fetch once started.
    expect(gateway.count("ServerCartCreate")).toBe(2);
  });

  it.each([
    ["ServerCartLinesUpdate", "update", "Failed to update item quantity", [{ ...tee, quantity: 5 }]],
    ["ServerCartLinesRemove", "remove", "Failed to remove item from cart", [memeTee]],
    ["ServerCartLinesAdd", "add", "Failed to add item to cart. Please try again.", [tee, memeTee, { ...tee, id: "v-mug" }]],
    ["ServerCartCreate", "clear", "Failed to clear cart. Please try again.", []],
  ] as const)("%s failing is the %s problem: “Error: %s”", async (operation, problem, description, change) => {
    const gateway = fakeGateway();
    saveCart([tee, memeTee]);
    const { mirror, problems } = watched(gateway);
    await mirror.sync();
    gateway.failing.add(operation);
    saveCart([...change]);
    await mirror.sync();
    expect(problems).toEqual([problem]);
    expect(serverCartProblemToast(problem)).toEqual({ title: "Error", description, type: "error" });
  });
});

describe("checking out the kept server cart (spec §4: one cart per shopper)", () => {
  it("brings the kept cart exactly to the local lines and answers its checkout URL, making no second cart", async () => {
    const gateway = fakeGateway();
    saveCart([tee, memeTee]);
    const mirror = new ServerCartMirror(gateway.client);
    await mirror.sync();
    const kept = gateway.storedId()!;
    // Another tab changed the same server cart behind this one's back.
    gateway.carts.get(kept)!.lines[0]!.quantity = 7;
    gateway.carts.get(kept)!.lines.push({ id: "line-x", merchandiseId: "v-stray", quantity: 1, attributes: [] });

    const result = await mirror.checkout();
    expect(result).toEqual({ kind: "ready", checkoutUrl: `http://shop.test/store/checkout/${kept.split("/").pop()}` });
    expect(gateway.storedId()).toBe(kept);
    expect(gateway.count("ServerCartCreate")).toBe(1);
    expect(gateway.lines()).toEqual([
      { merchandiseId: "v-tee", quantity: 2, attributes: [] },
      { merchandiseId: "v-tee", quantity: 1, attributes: [{ key: "memeId", value: "m-1" }] },
    ]);
  });

  it("refuses with “Price data missing for item: {title}” when the store will not take a line, trying it once more first", async () => {
    const gateway = fakeGateway({ unknownVariants: ["v-gone"] });
    saveCart([tee, { ...tee, id: "v-gone", title: "Removed Tee" }]);
    const mirror = new ServerCartMirror(gateway.client);
    await mirror.sync();
    const adds = gateway.count("ServerCartLinesAdd");
    expect(await mirror.checkout()).toEqual({ kind: "refused", message: "Price data missing for item: Removed Tee" });
    expect(gateway.count("ServerCartLinesAdd")).toBeGreaterThan(adds);
  });

  it("refuses, naming it, while the kept cart holds a line the store no longer sells (until the shopper removes it)", async () => {
    const gateway = fakeGateway();
    saveCart([tee, { ...tee, id: "v-withdrawn", title: "Withdrawn Tee", quantity: 1 }]);
    const mirror = new ServerCartMirror(gateway.client);
    await mirror.sync();
    expect(gateway.lines()).toHaveLength(2);
    // Staff withdraw the variant after it was added.
    const withdrawn = fakeGateway({ withdrawnVariants: ["v-withdrawn"] });
    withdrawn.carts.set(gateway.storedId()!, gateway.carts.get(gateway.storedId()!)!);
    const later = new ServerCartMirror(withdrawn.client);
    expect(await later.checkout()).toEqual({ kind: "refused", message: "Withdrawn Tee is not available right now: remove it from your cart to check out" });

    // Raising it is refused by the store, with its words.
    saveCart([tee, { ...tee, id: "v-withdrawn", title: "Withdrawn Tee", quantity: 3 }]);
    expect(await later.checkout()).toEqual({ kind: "refused", message: "Withdrawn Tee is no longer available: remove it from your cart to check out" });

    saveCart([tee]);
    expect(await later.checkout()).toMatchObject({ kind: "ready" });
    expect(withdrawn.lines()).toEqual([{ merchandiseId: "v-tee", quantity: 2, attributes: [] }]);
  });

  it("makes a new cart when the kept one was checked out, and fails when the gateway cannot be reached", async () => {
    const gateway = fakeGateway();
    saveCart([tee]);
    const mirror = new ServerCartMirror(gateway.client);
    await mirror.sync();
    const first = gateway.storedId()!;
    gateway.carts.get(first)!.completed = true;
    const result = await mirror.checkout();
    expect(gateway.storedId()).not.toBe(first);
    expect(result).toMatchObject({ kind: "ready" });
    expect(gateway.lines()).toEqual([{ merchandiseId: "v-tee", quantity: 2, attributes: [] }]);

    gateway.failing.add("ServerCart");
    await expect(mirror.checkout()).rejects.toThrow();
  });
});
