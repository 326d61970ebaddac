import type { Logger } from "./logger.js";
import { errorFields } from "./logger.js";

export interface SweepTask {
  name: string;
  run(): Promise<unknown>;
}

/**
 * Periodic clean-up (expired sessions, old rate-limit events, abandoned carts). Every process runs
 * it; the deletes are idempotent, so several gateways sweeping the same database is harmless.
 */
export function startSweeper(tasks: SweepTask[], logger: Logger, intervalMs = 15 * 60 * 1000, firstDelayMs = 5_000): () => void {
  const sweep = async () => {
    for (const task of tasks) {
      try {
        await task.run();
      } catch (error) {
        logger.warn("sweep failed", { task: task.name, ...errorFields(error) });
      }
    }
  };
  const first = setTimeout(() => void sweep(), firstDelayMs);
  const timer = setInterval(() => void sweep(), intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
