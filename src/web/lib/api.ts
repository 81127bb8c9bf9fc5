import { clearAdminSession, readAdminSession } from "./admin-session.ts";
import { readCustomerSession } from "./customer-session.ts";
import { paths } from "./paths.ts";

/**
 * The one API client. JSON and multipart, the admin or customer bearer token, and
 * every failure as one typed `ApiError` carrying the message shown and the field errors.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Field errors as the server keyed them (`{ name: ["Name is required"] }`). */
    readonly errors: Record<string, string[]> = {},
    /** The whole parsed error body, for extras some endpoints send (`message_ar`, `reason`). */
    readonly body: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** 0 = the request never reached the server (offline, DNS, CORS). */
  get isNetwork(): boolean {
    return this.status === 0;
  }

  /** The first message for a field, if the server sent one. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

type ErrorBody = { message?: unknown; errors?: Record<string, string[]> };

/** The server's message first, then validation errors joined by spaces, then a fallback. */
export function errorMessage(body: ErrorBody | null, fallback: string): string {
  if (body && typeof body.message === "string" && body.message) return body.message;
  const joined = body?.errors ? Object.values(body.errors).flat().join(" ") : "";
  return joined || fallback;
}

/**
 * Whose token goes with the call: `"admin"` reads the back office session (and a 401 sends
 * the owner to `/admin-login`), `"customer"` the storefront's. An explicit `token` wins.
 */
export type ApiAuth = "admin" | "customer" | "none";

export type ApiOptions = {
  token?: string | null;
  auth?: ApiAuth;
  signal?: AbortSignal;
  /** The fixed text when neither the server nor the network gave a message. */
  fallback?: string;
  headers?: Record<string, string>;
};

function tokenFor(opts: ApiOptions): string | null {
  if (opts.token) return opts.token;
  if (typeof window === "undefined") return null;
  if (opts.auth === "admin") return readAdminSession()?.token ?? null;
  if (opts.auth === "customer") return readCustomerSession()?.token ?? null;
  return null;
}

/** A 401 on an admin call: the session is gone (expired, revoked, password changed). */
function onUnauthorized(opts: ApiOptions, status: number): void {
  if (status !== 401 || opts.auth !== "admin" || typeof window === "undefined") return;
  clearAdminSession();
  const login = paths.admin.login();
  if (window.location.pathname !== login) window.location.assign(login);
}

function toApiError(status: number, json: unknown, opts: ApiOptions): ApiError {
  const parsed = (json && typeof json === "object" ? json : null) as
    | (ErrorBody & Record<string, unknown>)
    | null;
  return new ApiError(
    status,
    errorMessage(parsed, opts.fallback ?? `Failed (${status})`),
    parsed?.errors ?? {},
    parsed,
  );
}

export async function apiRequest<T>(
  method: string,
  url: string,
  body?: unknown,
  opts: ApiOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
  const token = tokenFor(opts);
  if (token) headers.authorization = `Bearer ${token}`;
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
    onUnauthorized(opts, response.status);
    throw toApiError(response.status, json, opts);
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

/** Back office calls: the admin token, and a 401 returns the owner to `/admin-login`. */
export const adminApi = {
  get: <T>(url: string, opts?: Omit<ApiOptions, "auth">) =>
    apiRequest<T>("GET", url, undefined, { ...opts, auth: "admin" }),
  post: <T>(url: string, body?: unknown, opts?: Omit<ApiOptions, "auth">) =>
    apiRequest<T>("POST", url, body, { ...opts, auth: "admin" }),
  put: <T>(url: string, body?: unknown, opts?: Omit<ApiOptions, "auth">) =>
    apiRequest<T>("PUT", url, body, { ...opts, auth: "admin" }),
  patch: <T>(url: string, body?: unknown, opts?: Omit<ApiOptions, "auth">) =>
    apiRequest<T>("PATCH", url, body, { ...opts, auth: "admin" }),
  delete: <T>(url: string, opts?: Omit<ApiOptions, "auth">) =>
    apiRequest<T>("DELETE", url, undefined, { ...opts, auth: "admin" }),
  upload: <T>(url: string, form: FormData, opts?: Omit<UploadOptions, "auth">) =>
    apiUpload<T>(url, form, { ...opts, auth: "admin" }),
  download: (url: string, fileName: string, opts?: Omit<ApiOptions, "auth">) =>
    apiDownload(url, fileName, { ...opts, auth: "admin" }),
};

/**
 * A file the API streams (CSV exports): fetched with the token (a plain link cannot carry
 * it) and handed to the browser as a download under the server's file name, else `fileName`.
 * Failures are the same `ApiError` as any call; resolves with the name saved.
 */
export async function apiDownload(
  url: string,
  fileName: string,
  opts: ApiOptions = {},
): Promise<string> {
  const token = tokenFor(opts);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: opts.signal,
    });
  } catch (error) {
    throw new ApiError(0, (error as Error).message || opts.fallback || "Network error");
  }
  if (!response.ok) {
    onUnauthorized(opts, response.status);
    throw toApiError(response.status, safeJson(await response.text()), opts);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fileName;
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}

export type UploadOptions = Omit<ApiOptions, "headers"> & {
  method?: "POST" | "PUT";
  /** 0..1 as the body goes out; fetch cannot report upload progress, so this uses XHR. */
  onProgress?: (fraction: number) => void;
};

/** Multipart with upload progress (product photos can be 15 MB from a phone). */
export function apiUpload<T>(url: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? "POST", url);
    xhr.setRequestHeader("accept", "application/json");
    const token = tokenFor(opts);
    if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && opts.onProgress) opts.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const json = xhr.responseText ? safeJson(xhr.responseText) : null;
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(1);
        resolve(json as T);
        return;
      }
      onUnauthorized(opts, xhr.status);
      reject(toApiError(xhr.status, json, opts));
    };
    xhr.onerror = () => reject(new ApiError(0, opts.fallback ?? "Network error"));
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    if (opts.signal) {
      if (opts.signal.aborted) {
        xhr.abort();
        return;
      }
      opts.signal.addEventListener("abort", () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
