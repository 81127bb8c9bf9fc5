import { type ApiAuth, apiDownload } from "../../lib/api.ts";

/**
 * `GET /api/orders/{number}/invoice.pdf` (or a credit note), and the back office's
 * `GET /api/admin/orders/{id}/invoice.pdf`: fetched with the private link's key or the
 * session's token (a plain link cannot carry a token) and saved under the document's number.
 */
export function downloadDocument(
  url: string,
  number: string,
  opts: { auth: ApiAuth; accessKey?: string | null; fallback: string },
): Promise<string> {
  const withKey = opts.accessKey ? `${url}?key=${encodeURIComponent(opts.accessKey)}` : url;
  return apiDownload(withKey, `${number}.pdf`, { auth: opts.auth, fallback: opts.fallback });
}
