import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirLockedError, openPglite, processStartTime } from "../db/client.ts";
import { migratedPgliteSnapshot } from "../test/app.ts";

/** Issue 14.11: a stale lock file naming a live, unrelated process must not block start-up. */
const dirs: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-lock-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!processStartTime(process.pid))("DATA_DIR lock", () => {
  it("takes over a lock whose pid now belongs to another process (pid reuse)", async () => {
    const dir = tmp();
    // The crashed shop's pid is now this test's parent: alive, but started at another time.
    fs.writeFileSync(path.join(dir, "shop.lock"), `${process.ppid} 1`);
    // The lock is taken before the database starts: a migrated copy spares an initdb.
    const database = await openPglite(dir, { loadDataDir: migratedPgliteSnapshot() });
    expect(fs.readFileSync(path.join(dir, "shop.lock"), "utf8")).toBe(
      `${process.pid} ${processStartTime(process.pid)}`,
    );
    await database.close();
    expect(fs.existsSync(path.join(dir, "shop.lock"))).toBe(false);
  }, 60_000);

  it("still refuses a directory its live owner holds", async () => {
    const dir = tmp();
    const owner = spawn("sleep", ["30"], { stdio: "ignore" });
    try {
      await new Promise((resolve) => owner.once("spawn", resolve));
      fs.writeFileSync(path.join(dir, "shop.lock"), `${owner.pid} ${processStartTime(owner.pid!)}`);
      await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      owner.kill();
    }
  });
});
