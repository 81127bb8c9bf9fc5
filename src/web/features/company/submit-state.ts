import { ApiError } from "../../lib/api.ts";

export type SubmitState =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "success" }
  | { kind: "error"; message: string; fields: Record<string, string> };

/**
 * Which error message shows: the server's message, else its field errors joined by spaces,
 * else the network's message, else the page's fixed text. `ApiError` already applies the
 * first two and the network message; `fallback` is the translated fixed text.
 */
export function failureState(error: unknown, fallback: string): SubmitState {
  if (error instanceof ApiError) {
    const fields = Object.fromEntries(
      Object.entries(error.errors).map(([field, messages]) => [field, messages[0] ?? ""]),
    );
    return { kind: "error", message: error.message || fallback, fields };
  }
  return { kind: "error", message: (error as Error)?.message || fallback, fields: {} };
}
