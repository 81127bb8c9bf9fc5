import { useEffect, useState } from "react";

/**
 * False in the server render and until hydration: forms keep their submit button disabled so
 * an early click cannot send a password as a plain form post before the script takes over.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
