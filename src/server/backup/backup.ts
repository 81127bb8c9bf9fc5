import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import type { Config } from "../config.ts";
import { type Database, dataDirLockHolder, openPglite } from "../db/client.ts";

const run = promisify(execFile);

/**
 * `npm run backup` / `npm run restore` (docs/decisions/0016). One snapshot file, a
 * .tar.gz holding manifest.json, the database (PGlite: its data directory as dumpDataDir
 * writes it; PostgreSQL: pg_dump's SQL, the files table included) and the uploads folder.
 */
export type Manifest = {
  format: "sweets-shop-backup";
  version: 1;
  kind: Database["kind"];
  createdAt: string;
};

const stamp = () => new Date().toISOString().replace(/[:.]/g, "-");

export function defaultBackupDir(config: Pick<Config, "dataDir">): string {
  return path.join(config.dataDir, "backups");
}

async function pack(staging: string, outFile: string): Promise<void> {
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  const temp = `${outFile}.${process.pid}.tmp`;
  await run("tar", ["-czf", temp, "-C", staging, "."]);
  fs.renameSync(temp, outFile);
}

function stage(kind: Database["kind"], uploadsDir: string): string {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "shop-backup-"));
  const manifest: Manifest = {
    format: "sweets-shop-backup",
    version: 1,
    kind,
    createdAt: new Date().toISOString(),
  };
  fs.writeFileSync(path.join(staging, "manifest.json"), JSON.stringify(manifest, null, 2));
  const uploads = path.join(staging, "uploads");
  if (fs.existsSync(uploadsDir)) fs.cpSync(uploadsDir, uploads, { recursive: true });
  else fs.mkdirSync(uploads);
  return staging;
}

export const backupFileName = (kind: Database["kind"]) =>
  `shop-${kind}-${stamp()}-${randomBytes(2).toString("hex")}.tar.gz`;

/** PGlite: from the process that holds the data directory (the shop, or this CLI if idle). */
export async function writePgliteBackup(
  database: Database,
  uploadsDir: string,
  outFile: string,
): Promise<string> {
  const staging = stage("pglite", uploadsDir);
  try {
    // dumpDataDir runs in PGlite's queue: no query is half-done in the copy.
    const dump = await database.dumpDataDir();
    fs.writeFileSync(path.join(staging, "database.tar"), Buffer.from(await dump.arrayBuffer()));
    await pack(staging, outFile);
    return outFile;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** PostgreSQL: pg_dump takes one consistent snapshot while the shop keeps running. */
export async function writePostgresBackup(
  databaseUrl: string,
  uploadsDir: string,
  outFile: string,
): Promise<string> {
  const staging = stage("postgres", uploadsDir);
  try {
    await run(
      "pg_dump",
      ["--no-owner", "--no-privileges", "--file", path.join(staging, "database.sql"), databaseUrl],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    await pack(staging, outFile);
    return outFile;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

// --- A running shop on PGlite holds its data directory: the CLI asks it to write the file. ---

const REQUEST = /^\.request-[0-9a-f]+\.json$/;

/** The shop's side: on SIGUSR2, write every requested backup (PGlite only). */
export function answerBackupRequests(database: Database, config: Config, log: (m: string) => void) {
  if (database.kind !== "pglite") return () => {};
  const dir = defaultBackupDir(config);
  let busy = Promise.resolve();
  const handle = () => {
    busy = busy.then(async () => {
      const requests = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => REQUEST.test(f)) : [];
      for (const name of requests) {
        const file = path.join(dir, name);
        const done = file.replace(/\.json$/, ".done");
        try {
          const { out } = JSON.parse(fs.readFileSync(file, "utf8")) as { out: string };
          fs.rmSync(file, { force: true });
          await writePgliteBackup(database, config.uploadsDir, out);
          log(`backup written: ${out}`);
          fs.writeFileSync(done, JSON.stringify({ ok: true, out }));
        } catch (error) {
          fs.rmSync(file, { force: true });
          fs.writeFileSync(done, JSON.stringify({ ok: false, error: (error as Error).message }));
        }
      }
    });
  };
  process.on("SIGUSR2", handle);
  return () => process.off("SIGUSR2", handle);
}

/** The CLI: writes one snapshot of the shop's data and returns its path. */
export async function backup(
  config: Config,
  dir = defaultBackupDir(config),
  /** The open database when this very process is the shop (tests). */
  running?: Database,
): Promise<string> {
  const outFile = path.resolve(dir, backupFileName(config.databaseUrl ? "postgres" : "pglite"));
  if (config.databaseUrl)
    return writePostgresBackup(config.databaseUrl, config.uploadsDir, outFile);
  if (running) return writePgliteBackup(running, config.uploadsDir, outFile);

  const holder = dataDirLockHolder(config.dataDir);
  const pid = holder === process.pid ? null : holder;
  if (pid === null) {
    const database = await openPglite(config.dataDir);
    try {
      return await writePgliteBackup(database, config.uploadsDir, outFile);
    } finally {
      await database.close();
    }
  }
  const requests = defaultBackupDir(config);
  fs.mkdirSync(requests, { recursive: true });
  const request = path.join(requests, `.request-${randomBytes(8).toString("hex")}.json`);
  const done = request.replace(/\.json$/, ".done");
  fs.writeFileSync(request, JSON.stringify({ out: outFile }));
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + 120_000;
  while (!fs.existsSync(done)) {
    if (Date.now() > deadline) {
      fs.rmSync(request, { force: true });
      throw new Error(`the shop (pid ${pid}) did not answer the backup request within 2 minutes`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const result = JSON.parse(fs.readFileSync(done, "utf8")) as { ok: boolean; error?: string };
  fs.rmSync(done, { force: true });
  if (!result.ok) throw new Error(result.error);
  return outFile;
}

/** Restores into an empty or absent DATA_DIR (PGlite) or an empty DATABASE_URL database. */
export async function restore(config: Config, file: string): Promise<Manifest> {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "shop-restore-"));
  try {
    await run("tar", ["-xzf", path.resolve(file), "-C", staging]);
    const manifest = JSON.parse(
      fs.readFileSync(path.join(staging, "manifest.json"), "utf8"),
    ) as Manifest;
    if (manifest.format !== "sweets-shop-backup") throw new Error(`${file} is not a shop backup`);
    const target = config.databaseUrl ? "postgres" : "pglite";
    if (manifest.kind !== target)
      throw new Error(
        `${file} is a ${manifest.kind} backup; restore it with ${manifest.kind === "postgres" ? "DATABASE_URL set" : "DATABASE_URL unset"}`,
      );

    if (config.databaseUrl) {
      const client = new pg.Client({ connectionString: config.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: number }>(
          "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
        );
        if (rows[0]!.n > 0)
          throw new Error("the database of DATABASE_URL is not empty: restore into an empty one");
      } finally {
        await client.end();
      }
      await run(
        "psql",
        [
          "--quiet",
          "-v",
          "ON_ERROR_STOP=1",
          "-f",
          path.join(staging, "database.sql"),
          config.databaseUrl,
        ],
        { maxBuffer: 16 * 1024 * 1024 },
      );
    } else {
      const dbDir = path.join(config.dataDir, "db");
      if (fs.existsSync(dbDir) && fs.readdirSync(dbDir).length > 0)
        throw new Error(
          `DATA_DIR ${config.dataDir} already holds a database: restore into an empty one`,
        );
      const dump = new Blob([fs.readFileSync(path.join(staging, "database.tar"))]);
      const database = await openPglite(config.dataDir, { loadDataDir: dump });
      await database.close();
    }
    const uploads = path.join(staging, "uploads");
    if (fs.existsSync(uploads)) fs.cpSync(uploads, config.uploadsDir, { recursive: true });
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
