import { backup } from "../backup/backup.ts";
import { ConfigError, loadConfig } from "../config.ts";

/** npm run backup [-- DIR]: one snapshot file (default DATA_DIR/backups); prints its path. */
try {
  const config = loadConfig();
  const file = await backup(config, process.argv[2]);
  console.log(file);
} catch (error) {
  console.error(
    `✖ backup failed: ${error instanceof ConfigError ? error.message : (error as Error).message}`,
  );
  process.exit(1);
}
