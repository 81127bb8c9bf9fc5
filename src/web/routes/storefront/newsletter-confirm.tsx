import { TokenActionPage } from "../../features/newsletter/token-action.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/newsletter-confirm";

export const handle = { i18n: ["newsletter", "messages"] as const };

// No canonical address and no indexing: the page's address carries a secret.
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "newsletter:confirm.title"),
    noIndex: true,
  });

/** `/newsletter/confirm?token=…`: the newsletter e-mail's link lands here. */
export default function NewsletterConfirmPage() {
  return <TokenActionPage action="confirm" />;
}
