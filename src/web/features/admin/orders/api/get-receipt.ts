import { useEffect, useState } from "react";
import { readAdminSession } from "../../../../lib/admin-session.ts";

/**
 * A customer's transfer receipt is an admin API path that needs the admin's token:
 * a bare link or <img> cannot carry it, so the file is fetched with the token and shown
 * through an object URL, revoked when the receipt leaves the screen.
 */
export function useReceiptUrl(url: string): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({
    src: null,
    failed: false,
  });
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = readAdminSession()?.token;
    fetch(url, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        objectUrl = URL.createObjectURL(await response.blob());
        if (controller.signal.aborted) URL.revokeObjectURL(objectUrl);
        else setState({ src: objectUrl, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ src: null, failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state;
}
