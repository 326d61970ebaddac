// Lighthouse's Total Blocking Time counts every main-thread task's time over 50 ms (×4 on
// its simulated phone). Start-up work done in one go is one long task however it is written inside;
// handing the main thread back between steps lets the browser paint, handle input and run its own
// work in between, so each step is a task of its own.

interface Scheduler {
  yield(): Promise<void>;
}

/**
 * Resolves in a new task: `scheduler.yield()` where the browser has it (its continuation runs ahead
 * of other queued tasks, so start-up is not pushed behind them), else a MessageChannel message (not
 * `setTimeout(0)`, which browsers clamp to 4 ms after a few nested calls).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<Scheduler> }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
