import { afterEach, beforeEach, vi } from "vitest";

// A React warning or a stray error log is a bug: any console.error/warn fails the test,
// unless the test itself expects it (vi.spyOn(console, "warn").mockImplementation(...)).
const seen: string[] = [];

beforeEach(() => {
  seen.length = 0;
  for (const level of ["error", "warn"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      seen.push(`console.${level}: ${args.map(String).join(" ")}`);
    });
  }
});

afterEach(() => {
  const calls = [...seen];
  vi.restoreAllMocks();
  if (calls.length > 0) throw new Error(`Unexpected console output:\n${calls.join("\n")}`);
});
