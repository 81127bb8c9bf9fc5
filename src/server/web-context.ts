import type { Lang } from "../shared/schemas/fields.ts";
import type { Services } from "./services.ts";

/** What the Fastify SSR plugin hands React Router loaders (`context` in a loader). */
export type WebLoadContext = {
  services: Services;
  lang: Lang;
  /**
   * The shopper's display currency: the `currency` cookie's code when the owner
   * lists it, else "USD". Already normalised: the page cache keys on it.
   */
  currency: string;
  /** i18n namespaces the matched routes declare in `handle.i18n`: the page's texts. */
  namespaces: readonly string[];
  nonce: string;
  googleSignIn: boolean;
  /** Whether password resets are offered (SMTP_URL set): the forgot-password page says so. */
  passwordReset: boolean;
  /**
   * The origin of every absolute link the page renders (canonical, alternates, og:*): PUBLIC_URL
   * or the request's origin once its host passed the Host check (`publicOrigin`, ADR 0027). The
   * page cache keys on it.
   */
  publicUrl: string;
  /**
   * Set while rendering when a loader failed because the database could not be reached
   * (entry.server's handleError): the page then goes out as 503 with Retry-After, which a
   * load balancer retries elsewhere, instead of 500.
   */
  databaseUnavailable?: boolean;
};
