/** What one job of a group came to (its value may still be on its way: work moved out of the group). */
export type Outcome<R> = { value: R | Promise<R> } | { error: unknown };

interface Waiting<J, R> {
  job: J;
  resolve: (value: R | Promise<R>) => void;
  reject: (error: unknown) => void;
}

/**
 * Runs submitted jobs in groups, for work whose fixed cost per transaction dwarfs its cost per job
 * (the cart adds: one BEGIN, one lock, one write and one COMMIT serve a whole group, where each
 * statement's fixed cost, in PGlite's WebAssembly or in a PostgreSQL backend and its round trip,
 * is most of an add's). A group starts once the event loop has handled the input at hand
 * (setImmediate): the embedded database answers without ever yielding to I/O, so the requests read
 * in one turn of the loop reach here one after another and would otherwise each find the previous
 * group already done. A job never waits for a group to fill, only for that turn and for the group
 * ahead of it. One group runs at a time; a job that `fits` refuses to a group waits, in order, for
 * the next.
 */
export class GroupRunner<J, R> {
  private queue: Waiting<J, R>[] = [];
  private running = false;

  constructor(
    private readonly runGroup: (jobs: J[]) => Promise<Outcome<R>[]>,
    private readonly options: { maxSize: number; fits: (group: readonly J[], job: J) => boolean },
  ) {}

  submit(job: J): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      if (this.running) return;
      this.running = true;
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const group = this.takeGroup();
        let outcomes: Outcome<R>[];
        try {
          outcomes = await this.runGroup(group.map((w) => w.job));
        } catch (error) {
          outcomes = group.map(() => ({ error }));
        }
        group.forEach((waiting, i) => {
          const outcome = outcomes[i] ?? { error: new Error("A grouped job got no outcome") };
          if ("error" in outcome) waiting.reject(outcome.error);
          else waiting.resolve(outcome.value);
        });
      }
    } finally {
      this.running = false;
    }
  }

  private takeGroup(): Waiting<J, R>[] {
    const group: Waiting<J, R>[] = [];
    const jobs: J[] = [];
    const rest: Waiting<J, R>[] = [];
    for (const waiting of this.queue) {
      if (group.length < this.options.maxSize && this.options.fits(jobs, waiting.job)) {
        group.push(waiting);
        jobs.push(waiting.job);
      } else rest.push(waiting);
    }
    this.queue = rest;
    return group;
  }
}

/** The outcome's value, or its error thrown. */
export function settle<R>(outcome: Outcome<R>): R | Promise<R> {
  if ("error" in outcome) throw outcome.error;
  return outcome.value;
}
