import os from "node:os";

/**
 * At most `limit` server renders at once; the rest wait their turn, first come first served.
 * A render is CPU work on the one event loop: ten interleaved renders made every other request
 * (/healthz, the API, a cached page) wait behind all ten. With a short queue they get a turn
 * between renders, and throughput stays the same: more concurrent renders never made one
 * thread faster.
 */
export function createRenderGate(limit = defaultRenderLimit()) {
  let active = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    // The permit passes straight to the next in line, so `active` stays at the limit.
    if (next) next();
    else active--;
  };

  return {
    /** Resolves when a render may start; call the returned function once when it is done. */
    async acquire(): Promise<() => void> {
      if (active < limit) active++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release();
      };
    },
    /** Renders running and waiting (tests, metrics). */
    stats: () => ({ active, waiting: waiting.length, limit }),
  };
}
export type RenderGate = ReturnType<typeof createRenderGate>;

/** One render per core the process may use, and at least two (one can wait on the database). */
export function defaultRenderLimit(): number {
  const fromEnv = Number(process.env.SSR_CONCURRENCY);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return Math.max(2, os.availableParallelism());
}
