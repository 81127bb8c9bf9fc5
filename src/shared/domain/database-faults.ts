/**
 * Is this error the database being unreachable for a moment (a restart, a dropped or killed
 * connection, a full pool), rather than a bug or bad data? Such an error fails one request
 * with 503 and `Retry-After` (plugins/errors.ts) and the process carries on: the pool
 * reconnects by itself. Drizzle wraps a driver's error in `cause`; the chain is walked.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08")))
      return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((m) => message.includes(m)))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** SQLSTATEs (class 08, connection exception, is matched by prefix) and socket errors. */
const UNAVAILABLE_CODES = new Set([
  "57P01", // admin_shutdown: pg_terminate_backend, a fast or smart shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
  "53300", // too_many_connections
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/** What node-postgres and PGlite say when the connection is gone (they set no code). */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated", // "…unexpectedly", "…due to connection timeout"
  "is not queryable", // a client whose connection died, reused before the pool noticed
  "timeout exceeded when trying to connect",
  "Query read timeout",
  "PGlite is closed",
  "Cannot use a pool after calling end on the pool", // shutting down
];

/** Seconds a client should wait before retrying a request the database could not answer. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;
