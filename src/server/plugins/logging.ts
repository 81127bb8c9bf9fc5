import { randomUUID } from "node:crypto";
import type { FastifyServerOptions } from "fastify";

/**
 * Logs hold no personal data and no secrets. Requests are logged by method and
 * path only (no query string: guest order links carry `?key=`, searches carry what people
 * typed), never with headers (tokens, cookies) or the client's address; a failed SQL statement
 * is logged by its text and error code, never by its parameters (names, phones, addresses,
 * password hashes).
 */

/** Object keys whose values never reach a log line, at any depth pino's redaction reaches. */
export const REDACTED_KEYS = [
  "password",
  "password_confirmation",
  "current_password",
  "passwordHash",
  "password_hash",
  "token",
  "access_key",
  "accessKey",
  "key",
  "authorization",
  "cookie",
  "params",
  "email",
  "phone",
  "address",
] as const;

const redactPaths = [
  ...REDACTED_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
  'req.headers["x-forwarded-for"]',
];

type SerializedError = {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  query?: string;
  constraint?: string;
  table?: string;
  column?: string;
};

/** The stack's frames only: its first line repeats the message, which may carry data. */
function framesOf(stack: string | undefined): string | undefined {
  return stack
    ?.split("\n")
    .filter((line) => line.startsWith("    at "))
    .join("\n");
}

/**
 * A database error says what failed (SQL text, SQLSTATE, constraint) and not with which values.
 * PostgreSQL's own messages can quote a value (`invalid input syntax for type integer: "..."`,
 * a key's detail), so quoted parts are cut and `detail` is never logged.
 */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: "non-error thrown" };
  const withQuery = error as Error & { query?: unknown; params?: unknown; cause?: unknown };
  if (typeof withQuery.query === "string" && "params" in withQuery) {
    const cause = withQuery.cause as
      | (Error & { code?: string; constraint?: string; table?: string; column?: string })
      | undefined;
    return {
      type: cause?.name ?? "DatabaseError",
      message: scrub(cause?.message ?? "query failed"),
      code: cause?.code,
      constraint: cause?.constraint,
      table: cause?.table,
      column: cause?.column,
      query: withQuery.query.slice(0, 2000),
      stack: framesOf(error.stack),
    };
  }
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: scrub(error.message),
    code: typeof code === "string" ? code : undefined,
    stack: framesOf(error.stack),
  };
}

/** Cuts quoted values and anything after "params:" out of a message. */
export function scrub(message: string): string {
  return message
    .replace(/\nparams:[\s\S]*$/, "")
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/'(?:[^'\\]|\\.)*'/g, "'…'")
    .slice(0, 500);
}

/** The request as logged: method, path without its query string, route, request id. */
export function serializeRequest(request: {
  method?: string;
  url?: string;
  routeOptions?: { url?: string };
  id?: string;
}) {
  return {
    method: request.method,
    url: request.url?.split("?")[0],
    route: request.routeOptions?.url,
    id: request.id,
  };
}

/** Request ids: random, so they join a log line to the error a person reports. */
export const genReqId = () => randomUUID();

/** Adds redaction and the data-free serializers to whatever logger options a caller passes. */
export function withRedaction(
  logger: FastifyServerOptions["logger"],
): FastifyServerOptions["logger"] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    redact: { paths: redactPaths, censor: "[redacted]" },
    serializers: {
      req: serializeRequest,
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: serializeError,
    },
  } as FastifyServerOptions["logger"];
}

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";
type ChildLoggerFactory = NonNullable<FastifyServerOptions["childLoggerFactory"]>;
type Logger = ReturnType<ChildLoggerFactory>;

/**
 * A request's logger that becomes pino's child (with the request id) only when a line is
 * written at an enabled level. Fastify made a child for every request, and pino runs the
 * child's bindings through redaction: a thirtieth of a cached API answer's CPU, for a logger
 * that at LOG_LEVEL=warn almost never writes. Every line still carries its request id.
 */
class LazyRequestLogger {
  #parent: Logger;
  #bindings: Record<string, unknown>;
  #child: Logger | undefined;

  constructor(parent: Logger, bindings: Record<string, unknown>) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  /** The real child logger, made on first use (tests read it through `created`). */
  #real(): Logger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  get created(): boolean {
    return this.#child !== undefined;
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  isLevelEnabled(level: string): boolean {
    const logger = (this.#child ?? this.#parent) as Logger & {
      isLevelEnabled?: (level: string) => boolean;
    };
    return logger.isLevelEnabled ? logger.isLevelEnabled(level) : true;
  }

  #write(level: Level, args: unknown[]): void {
    if (!this.#child && !this.isLevelEnabled(level)) return;
    (this.#real()[level] as (...args: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]) {
    this.#write("fatal", args);
  }
  error(...args: unknown[]) {
    this.#write("error", args);
  }
  warn(...args: unknown[]) {
    this.#write("warn", args);
  }
  info(...args: unknown[]) {
    this.#write("info", args);
  }
  debug(...args: unknown[]) {
    this.#write("debug", args);
  }
  trace(...args: unknown[]) {
    this.#write("trace", args);
  }
  silent() {}

  child(bindings: Record<string, unknown>, options?: object): Logger {
    return this.#real().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: request loggers made lazily. A route's own `logLevel`
 * (child options) gets an ordinary child, made at once.
 */
export const lazyChildLoggerFactory: ChildLoggerFactory = (logger, bindings, options): Logger => {
  if (options && Object.keys(options).length) return logger.child(bindings, options);
  return new LazyRequestLogger(logger, bindings) as unknown as Logger;
};
