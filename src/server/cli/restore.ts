import { restore } from "../backup/backup.ts";
import { ConfigError, loadConfig } from "../config.ts";

/** npm run restore -- FILE: into an empty or absent DATA_DIR, or DATABASE_URL's empty database. */
const file = process.argv[2];
if (!file) {
  console.error("✖ Usage: npm run restore -- path/to/shop-backup.tar.gz");
  process.exit(1);
}
try {
  const config = loadConfig();
  const manifest = await restore(config, file);
  console.log(
    `Restored the ${manifest.kind} backup of ${manifest.createdAt} into ${config.databaseUrl ? "DATABASE_URL" : config.dataDir}`,
  );
} catch (error) {
  console.error(
    `✖ restore failed: ${error instanceof ConfigError ? error.message : (error as Error).message}`,
  );
  process.exit(1);
}
