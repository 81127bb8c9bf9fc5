import { useState } from "react";
import { Link, useLoaderData } from "react-router";
import { AccountForm } from "../../features/account/account-form.tsx";
import { AccountErrorBoundary, AccountShell } from "../../features/account/account-nav.tsx";
import { EmailVerificationPanel } from "../../features/account/email-verification-panel.tsx";
import { PrivacySection } from "../../features/account/privacy-section.tsx";
import { AccountTraderSection } from "../../features/trader/account-trader-section.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { clearCustomerSession, useCustomerSession } from "../../lib/customer-session.ts";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths, usePaths } from "../../lib/paths.ts";
import { loadAccount, requireCustomer, signedInMarkOrLogin } from "../../lib/require-customer.ts";
import { useRootData } from "../../lib/use-root-data.ts";
import type { Route } from "./+types/account";

export const handle = { i18n: ["account", "messages"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "pages.account"),
    path: paths.account(),
    noIndex: true,
  });

/** Client-side: the session lives in local storage, like the admin's. */
/** Signed out (no mark in this browser): to the sign-in page from the server. */
export function loader({ request }: Route.LoaderArgs) {
  return signedInMarkOrLogin(request);
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const session = requireCustomer(request);
  try {
    return { token: session.token, user: await loadAccount(session, request), failed: false };
  } catch {
    return { token: session.token, user: null, failed: true };
  }
}

// The token is checked in the browser as the page hydrates (the server only saw the mark).
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { t } = useTranslation("account");
  return (
    <AccountShell title={t("account.title")}>
      <p className="mt-4 text-muted">…</p>
    </AccountShell>
  );
}

export default function AccountPage() {
  const { googleSignIn } = useRootData();
  const { t } = useTranslation("account");
  const links = usePaths();
  const { token, user } = useLoaderData<typeof clientLoader>();
  // Saving a new e-mail address makes it unverified: the session's copy follows the saves.
  const session = useCustomerSession();
  const verified = session?.user.id === user?.id ? session?.user.email_verified : undefined;
  const [deleted, setDeleted] = useState(false);
  if (deleted)
    return (
      <AccountShell title={t("account.title")}>
        <div role="status" className="mt-6 max-w-2xl rounded-lg bg-pistachio/10 p-4">
          <p className="font-semibold text-pistachio">{t("privacy.deleted")}</p>
          <p className="mt-3">
            <Link to={links.home()} className="btn btn-primary">
              {t("privacy.home")}
            </Link>
          </p>
        </div>
      </AccountShell>
    );
  return (
    <AccountShell title={t("account.title")}>
      <p className="mt-2 text-muted">{t("account.intro")}</p>
      {user ? (
        <>
          <EmailVerificationPanel
            verified={verified ?? user.email_verified}
            token={token}
            googleSignIn={googleSignIn}
          />
          <AccountForm key={user.id} user={user} token={token} />
          <AccountTraderSection token={token} />
          <PrivacySection
            token={token}
            onDeleted={() => {
              setDeleted(true);
              clearCustomerSession();
            }}
          />
        </>
      ) : (
        <p role="alert" className="mt-6 font-semibold text-red-700">
          {t("account.loadFailed")}
        </p>
      )}
    </AccountShell>
  );
}

export const ErrorBoundary = AccountErrorBoundary;
