/**
 * The promise's value, or `late` when it has not settled within `ms`. The promise is not cancelled:
 * it finishes on its own (a query keeps its connection until the pool's own timeout). A rejection
 * within the time rejects as the promise did.
 */
export async function within<T, L>(promise: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<L>((resolve) => {
    timer = setTimeout(() => resolve(late), Math.max(0, ms));
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
