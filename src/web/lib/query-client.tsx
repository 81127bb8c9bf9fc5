import { QueryClient, QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "./api.ts";

/**
 * Back office and account data go through TanStack Query. A client error (4xx) is an answer,
 * not a hiccup: retrying a 403 or 404 only delays the message, so only network failures and
 * 5xx retry, once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) =>
          failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

/**
 * After a write, what is on screen under these keys is fetched again, from after the write.
 * `invalidateQueries` alone is not enough: a query that has no data yet (a search typed while
 * the write was on its way) keeps its fetch in flight, which left before the write landed, and
 * shows the old row (an inbox message saved as "handled" stayed "new"). So fetches in flight
 * under the keys are cancelled first; the invalidation then starts new ones.
 */
export async function refreshQueries(client: QueryClient, ...keys: QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => client.cancelQueries({ queryKey })));
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** One client per mounted layout (never shared between server requests). */
export function QueryProvider({ children }: { children: React.ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
