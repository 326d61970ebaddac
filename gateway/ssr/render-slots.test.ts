import { describe, expect, it } from "vitest";
import { RenderSlots } from "./render-slots.js";

/** A task the test finishes when it wants. */
function task(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    run: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    finish,
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("RenderSlots", () => {
  it("runs as many at once as it has slots, the rest in the order they came", async () => {
    const slots = new RenderSlots(2);
    const log: string[] = [];
    const [a, b, c, d] = ["a", "b", "c", "d"].map((name) => task(log, name));
    const results = [a!, b!, c!, d!].map((t) => slots.run(t.run, 10_000));
    await tick();
    expect(log).toEqual(["start a", "start b"]);
    expect(slots.load).toEqual({ running: 2, waiting: 2 });
    b!.finish();
    await tick();
    expect(log).toEqual(["start a", "start b", "end b", "start c"]);
    a!.finish();
    c!.finish();
    d!.finish();
    expect(await Promise.all(results)).toEqual(["a", "b", "c", "d"]);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it("gives up on a wait longer than allowed without running the task, and frees the slot of a task that failed", async () => {
    const slots = new RenderSlots(1);
    const log: string[] = [];
    const long = task(log, "long");
    const first = slots.run(long.run, 10_000);
    expect(await slots.run(async () => "never", 20)).toBeNull();
    expect(slots.load).toEqual({ running: 1, waiting: 0 });
    long.finish();
    await first;
    await expect(slots.run(() => Promise.reject(new Error("render failed")), 10)).rejects.toThrow("render failed");
    expect(await slots.run(async () => "next", 10)).toBe("next");
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });
});
