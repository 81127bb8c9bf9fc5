import { useLoaderData } from "react-router";
import { AccountForm } from "../../features/account/account-form.tsx";
import { AccountErrorBoundary, AccountShell } from "../../features/account/account-nav.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import { loadAccount, requireCustomer } from "../../lib/require-customer.ts";
import type { Route } from "./+types/account";

export const handle = { i18n: ["account", "messages"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "pages.account"),
    path: paths.account(),
    noIndex: true,
  });

/** Client-side: the session lives in local storage (DECISIONS), like the admin's. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const session = requireCustomer(request);
  try {
    return { token: session.token, user: await loadAccount(session, request), failed: false };
  } catch {
    return { token: session.token, user: null, failed: true };
  }
}

export function HydrateFallback() {
  const { t } = useTranslation("account");
  return (
    <AccountShell title={t("account.title")}>
      <p className="mt-4 text-muted">…</p>
    </AccountShell>
  );
}

export default function AccountPage() {
  const { t } = useTranslation("account");
  const { token, user } = useLoaderData<typeof clientLoader>();
  return (
    <AccountShell title={t("account.title")}>
      <p className="mt-2 text-muted">{t("account.intro")}</p>
      {user ? (
        <AccountForm key={user.id} user={user} token={token} />
      ) : (
        <p role="alert" className="mt-6 font-semibold text-red-700">
          {t("account.loadFailed")}
        </p>
      )}
    </AccountShell>
  );
}

export const ErrorBoundary = AccountErrorBoundary;
