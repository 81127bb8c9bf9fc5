import { describe, expect, it } from "vitest";
import { createRenderGate } from "./render-gate.ts";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("the render gate", () => {
  it("lets `limit` renders run and starts the others in arrival order as permits return", async () => {
    const gate = createRenderGate(2);
    const started: number[] = [];
    const releases = new Map<number, () => void>();
    for (const n of [1, 2, 3, 4, 5]) {
      void gate.acquire().then((release) => {
        started.push(n);
        releases.set(n, release);
      });
    }
    await tick();
    expect(started).toEqual([1, 2]);
    expect(gate.stats()).toEqual({ active: 2, waiting: 3, limit: 2 });

    releases.get(2)!();
    await tick();
    expect(started).toEqual([1, 2, 3]);

    // A second call of the same release returns nothing more.
    releases.get(2)!();
    await tick();
    expect(started).toEqual([1, 2, 3]);

    releases.get(1)!();
    releases.get(3)!();
    await tick();
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(gate.stats()).toEqual({ active: 2, waiting: 0, limit: 2 });

    releases.get(4)!();
    releases.get(5)!();
    expect(gate.stats()).toEqual({ active: 0, waiting: 0, limit: 2 });
    // Free permits are taken at once.
    const release = await gate.acquire();
    expect(gate.stats().active).toBe(1);
    release();
  });
});
