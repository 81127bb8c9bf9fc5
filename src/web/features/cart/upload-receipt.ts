import type { ReceiptDto } from "../../../shared/schemas/receipt.ts";
import { apiGet, apiUpload } from "../../lib/api.ts";
import { withQuery } from "../../lib/paths.ts";

const base = (number: string) => `/api/orders/${encodeURIComponent(number)}`;

/** `GET /api/orders/:number/receipts`: what the customer already sent (key or owner's token). */
export async function loadReceipts(
  number: string,
  key: string | null,
  token: string | null,
  signal?: AbortSignal,
): Promise<ReceiptDto[]> {
  const body = await apiGet<{ data: ReceiptDto[] }>(
    withQuery(`${base(number)}/receipts`, { key }),
    {
      token,
      signal,
    },
  );
  return body.data;
}

/** `POST /api/orders/:number/receipt`: one photo or PDF in the `file` field, with progress. */
export async function uploadReceipt(
  number: string,
  key: string | null,
  token: string | null,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<ReceiptDto> {
  const form = new FormData();
  form.append("file", file);
  const body = await apiUpload<{ data: ReceiptDto }>(
    withQuery(`${base(number)}/receipt`, { key }),
    form,
    { token, onProgress },
  );
  return body.data;
}
