// `npm start`: build the client if it is missing or older than the sources, then serve.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const serverBuild = path.resolve("build/server/index.js");

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const sources = [
  "src/web",
  "src/shared",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "package.json",
];
const builtAt = fs.existsSync(serverBuild) ? fs.statSync(serverBuild).mtimeMs : 0;
if (!builtAt || sources.some((source) => newestMtime(source) > builtAt)) {
  console.log(
    builtAt ? "Sources changed: rebuilding the client…" : "First start: building the client…",
  );
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Asynchronous, so a SIGTERM/SIGINT sent to this process (a service manager, `kill`) reaches
// the server, which finishes in-flight requests and closes the database before exiting.
// NODE_ENV=production before anything loads: React, React Router and Fastify's dependencies
// pick their production code at import time (React's development build renders several times
// slower), so it cannot be set from inside the server once it has started.
const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV || "production" },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
