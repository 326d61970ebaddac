/**
 * How many pages a worker renders at once; the others wait their turn, first come first served.
 * A render is CPU work on the worker's one thread with short waits for its data: a few at once keep
 * the thread busy, while thirty-two at once (a crawler's connections) only interleave, each taking
 * thirty-two times as long, with every one's tree, cache and markup held in memory meanwhile.
 */
export class RenderSlots {
  private busy = 0;
  private readonly waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];

  constructor(private readonly slots: number) {}

  /** Runs `task` in a slot; null when none came free within `waitMs` (the task is then not run). */
  async run<T>(task: () => Promise<T>, waitMs: number): Promise<T | null> {
    if (this.busy >= this.slots) {
      const started = await new Promise<boolean>((resolve) => {
        const turn = {
          start: () => {
            clearTimeout(turn.timer);
            resolve(true);
          },
          timer: setTimeout(() => {
            this.waiting.splice(this.waiting.indexOf(turn), 1);
            resolve(false);
          }, waitMs),
        };
        this.waiting.push(turn);
      });
      if (!started) return null;
    } else {
      this.busy++;
    }
    try {
      return await task();
    } finally {
      // The slot goes to the next in line as it is, or is given back.
      const next = this.waiting.shift();
      if (next) next.start();
      else this.busy--;
    }
  }

  /** Renders under way, and renders waiting for a slot. */
  get load(): { running: number; waiting: number } {
    return { running: this.busy, waiting: this.waiting.length };
  }
}
