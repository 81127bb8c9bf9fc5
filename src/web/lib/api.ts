/** SPEC 8: the server's message first, then validation errors joined by spaces, then a fallback. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

type ErrorBody = { message?: unknown; errors?: Record<string, string[]> };

export function errorMessage(body: ErrorBody | null, fallback: string): string {
  if (body && typeof body.message === "string" && body.message) return body.message;
  const joined = body?.errors ? Object.values(body.errors).flat().join(" ") : "";
  return joined || fallback;
}

export type ApiOptions = {
  token?: string | null;
  signal?: AbortSignal;
  fallback?: string;
  headers?: Record<string, string>;
};

export async function apiRequest<T>(
  method: string,
  url: string,
  body?: unknown,
  opts: ApiOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: payload, signal: opts.signal });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, (error as Error).message || opts.fallback || "Network error");
  }
  const text = await response.text();
  const json = text ? safeJson(text) : null;
  if (!response.ok) {
    const parsed = (json ?? null) as ErrorBody | null;
    throw new ApiError(
      response.status,
      errorMessage(parsed, opts.fallback ?? `Failed (${response.status})`),
      parsed?.errors ?? {},
    );
  }
  return json as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const apiGet = <T>(url: string, opts?: ApiOptions) =>
  apiRequest<T>("GET", url, undefined, opts);
export const apiPost = <T>(url: string, body?: unknown, opts?: ApiOptions) =>
  apiRequest<T>("POST", url, body, opts);
export const apiPut = <T>(url: string, body?: unknown, opts?: ApiOptions) =>
  apiRequest<T>("PUT", url, body, opts);
export const apiPatch = <T>(url: string, body?: unknown, opts?: ApiOptions) =>
  apiRequest<T>("PATCH", url, body, opts);
export const apiDelete = <T>(url: string, opts?: ApiOptions) =>
  apiRequest<T>("DELETE", url, undefined, opts);
