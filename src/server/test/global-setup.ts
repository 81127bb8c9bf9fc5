import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { migrationsFolder, openPglite, openPostgres } from "../db/client.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tar of a migrated PGlite data directory: each test file starts from a copy. */
    pgliteSnapshot: string;
    /** A migrated PostgreSQL database each test file's database is created from. */
    pgTemplate: string;
  }
}

/** Changes whenever a migration does, so a template never outlives its schema. */
function migrationsHash(): string {
  const hash = createHash("sha256");
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).sort()) {
    const full = path.join(migrationsFolder, String(file));
    if (fs.statSync(full).isFile()) hash.update(String(file)).update(fs.readFileSync(full));
  }
  return hash.digest("hex").slice(0, 12);
}

/**
 * Migrates once per run instead of once per test file: PGlite's initdb and the migrations
 * cost seconds per file, loading a data directory a fraction of that. On PostgreSQL the
 * migrated template database is kept between runs while the migrations are unchanged.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const pg = (await import("pg")).default;
    const template = `shop_test_tpl_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      // One run at a time prepares templates (two `npm run test:pg` in parallel).
      await admin.query("select pg_advisory_lock(727274)");
      const { rows } = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like 'shop_test_tpl_%'",
      );
      for (const { datname } of rows) {
        if (datname !== template)
          await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
      if (!rows.some((r) => r.datname === template)) {
        const building = `${template}_building`;
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${building}`);
        const url = new URL(serverUrl);
        url.pathname = `/${building}`;
        const database = await openPostgres(url.toString(), 1);
        await database.migrate();
        await database.close();
        // Renamed only when complete: an interrupted run leaves no half-migrated template.
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
      }
    } finally {
      await admin.query("select pg_advisory_unlock(727274)").catch(() => {});
      await admin.end();
    }
    project.provide("pgTemplate", template);
    project.provide("pgliteSnapshot", "");
    return;
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-pglite-snapshot-"));
  const file = path.join(dir, "migrated.tar");
  // Like the PostgreSQL template, the snapshot is kept between runs while what makes it is
  // unchanged: initdb and the migrations run while no test can (~8 s on a 2-core machine).
  const cached = path.join(os.tmpdir(), `shop-pglite-migrated-${pgliteSnapshotKey()}.tar`);
  for (const old of fs.readdirSync(os.tmpdir())) {
    // Older schemas' snapshots; runs using one hold their own link (below).
    if (/^shop-pglite-migrated-\w+\.tar$/.test(old) && path.join(os.tmpdir(), old) !== cached)
      fs.rmSync(path.join(os.tmpdir(), old), { force: true });
  }
  if (!fs.existsSync(cached)) {
    const database = await openPglite();
    await database.migrate();
    const tar = await database.dumpDataDir();
    await database.close();
    // Written aside and renamed: a parallel run never reads half a file.
    const partial = `${cached}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await tar.arrayBuffer()));
    fs.renameSync(partial, cached);
  }
  // This run's own link: another checkout's run replacing the cache cannot pull it away.
  fs.linkSync(cached, file);
  project.provide("pgliteSnapshot", file);
  project.provide("pgTemplate", "");
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/** The migrations, how client.ts opens PGlite, and the PGlite release: what the snapshot holds. */
function pgliteSnapshotKey(): string {
  // The package hides its package.json (exports): find it above the entry point.
  let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  while (!fs.existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
  const pglite = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as {
    version: string;
  };
  return createHash("sha256")
    .update(migrationsHash())
    .update(fs.readFileSync(fileURLToPath(new URL("../db/client.ts", import.meta.url))))
    .update(pglite.version)
    .digest("hex")
    .slice(0, 12);
}
