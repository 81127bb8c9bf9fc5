import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "../../lib/api.ts";

/** Field errors a server sent, put on the form fields they name (the first message each). */
export function applyServerErrors(
  errors: Record<string, string[]>,
  setError: (name: never, error: { type: string; message: string }) => void,
  fields: readonly string[],
): boolean {
  let applied = false;
  for (const [field, messages] of Object.entries(errors)) {
    if (fields.includes(field) && messages[0]) {
      setError(field as never, { type: "server", message: messages[0] });
      applied = true;
    }
  }
  return applied;
}

/**
 * What a failed save means for a form: the server's field errors go onto the fields the form
 * has (`fields`); whatever is left (a 409, a network failure, an error keyed by a field the
 * form does not show) comes back as one message for the form's `ErrorList`, in this order
 * (server message, then field messages joined, then `fallback`).
 */
export function setServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback: string,
): string | null {
  if (!(error instanceof ApiError)) return fallback;
  let onFields = 0;
  let unmapped = 0;
  for (const [field, messages] of Object.entries(error.errors)) {
    if (!messages[0]) continue;
    if ((fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: "server", message: messages[0] });
      onFields += 1;
    } else unmapped += 1;
  }
  // Every problem is shown beside its field: no banner repeating them.
  if (onFields > 0 && unmapped === 0) return null;
  if (error.status === 0) return fallback;
  return error.message || fallback;
}
