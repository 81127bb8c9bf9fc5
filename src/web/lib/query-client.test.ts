import { QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { createQueryClient, refreshQueries } from "./query-client.tsx";

type Row = { status: string };

/**
 * A list whose first fetch leaves before a write and answers after it (the request reached the
 * server first); every later fetch answers at once with what the server holds then.
 */
function raceList() {
  const server = { status: "new" };
  let releaseFirst: () => void = () => {};
  let calls = 0;
  const client = createQueryClient();
  const queryKey = ["admin", "inbox", "list", { q: "Huda" }];
  const observer = new QueryObserver<Row>(client, {
    queryKey,
    queryFn: () => {
      calls += 1;
      const seen = { ...server };
      if (calls > 1) return Promise.resolve(seen);
      return new Promise<Row>((resolve) => {
        releaseFirst = () => resolve(seen);
      });
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  /** The owner's save: the server row changes, then the screen's data is refreshed. */
  const write = async (refresh: () => Promise<unknown>) => {
    server.status = "handled";
    const done = refresh();
    releaseFirst();
    await done;
    await Promise.resolve();
    const shown = client.getQueryData<Row>(queryKey)?.status;
    unsubscribe();
    return shown;
  };
  return { client, write };
}

describe("refreshQueries", () => {
  it("shows the row as written even when a search's first fetch left before the write", async () => {
    const { client, write } = raceList();
    expect(await write(() => refreshQueries(client, ["admin", "inbox"]))).toBe("handled");
  });

  // Why the helper exists: TanStack Query reuses a fetch in flight for a query with no data, so
  // invalidation alone shows the answer from before the write. If a release changes that, this
  // fails and refreshQueries can become a plain invalidateQueries again.
  it("invalidateQueries alone keeps the answer from before the write", async () => {
    const { client, write } = raceList();
    expect(await write(() => client.invalidateQueries({ queryKey: ["admin", "inbox"] }))).toBe(
      "new",
    );
  });
});
