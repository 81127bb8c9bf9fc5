/**
 * Fisher–Yates shuffle into a new list. The home page shuffles on the server, per request, so
 * the client hydrates the same order it was sent (products are shuffled on each load).
 */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
