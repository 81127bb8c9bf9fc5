import { useLoaderData } from "react-router";
import { AccountErrorBoundary, AccountShell } from "../../features/account/account-nav.tsx";
import { PasswordForm } from "../../features/account/password-form.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import { requireCustomer, signedInMarkOrLogin } from "../../lib/require-customer.ts";
import type { Route } from "./+types/security";

export const handle = { i18n: ["account", "messages"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "pages.security"),
    path: paths.security(),
    noIndex: true,
  });

/** Signed out (no mark in this browser): to the sign-in page from the server. */
export function loader({ request }: Route.LoaderArgs) {
  return signedInMarkOrLogin(request);
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { token: requireCustomer(request).token };
}

// The token is checked in the browser as the page hydrates (the server only saw the mark).
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { t } = useTranslation("account");
  return (
    <AccountShell title={t("security.title")}>
      <p className="mt-4 text-muted">…</p>
    </AccountShell>
  );
}

export default function SecurityPage() {
  const { t } = useTranslation("account");
  const { token } = useLoaderData<typeof clientLoader>();
  return (
    <AccountShell title={t("security.title")}>
      <p className="mt-2 text-muted">{t("security.intro")}</p>
      <PasswordForm token={token} />
    </AccountShell>
  );
}

export const ErrorBoundary = AccountErrorBoundary;
