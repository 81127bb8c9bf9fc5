import { boot } from "./boot.ts";

// Vite runs inside this process (middleware mode, hot reload); the database is opened once.
await boot("dev", { NODE_ENV: "development", ...process.env });
