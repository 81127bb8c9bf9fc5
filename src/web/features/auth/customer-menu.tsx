import { Link, useNavigate } from "react-router";
import { useTranslation } from "../../i18n/translator.tsx";
import { clearCustomerSession, useCustomerSession } from "../../lib/customer-session.ts";
import { usePaths } from "../../lib/paths.ts";
import { logout } from "./auth-api.ts";

/**
 * The one customer sign-out: forgets the session here, ends it on the server, goes home.
 * The header's menus use it too.
 */
export function useSignOut(): () => Promise<void> {
  const paths = usePaths();
  const session = useCustomerSession();
  const navigate = useNavigate();
  return async () => {
    const token = session?.token;
    clearCustomerSession();
    if (token) await logout(token);
    navigate(paths.home());
  };
}

/** The header's signed-in state: the customer's name (to /account) and a real logout. */
export function CustomerMenu() {
  const paths = usePaths();
  const { t } = useTranslation();
  const session = useCustomerSession();
  const onLogout = useSignOut();
  if (!session) return null;

  return (
    <div className="flex items-center gap-2" data-testid="customer-menu">
      <Link
        to={paths.account()}
        className="max-w-40 truncate rounded-md px-2 py-1 font-semibold hover:bg-line"
        title={t("header.signedInAs", { name: session.user.name })}
      >
        <span className="sr-only">{t("header.signedInAs", { name: "" })}</span>
        <span data-testid="customer-name">{session.user.name}</span>
      </Link>
      <button
        type="button"
        className="rounded-md px-2 py-1 text-sm font-semibold text-gold-dark hover:bg-line"
        onClick={() => void onLogout()}
      >
        {t("header.logout")}
      </button>
    </div>
  );
}
