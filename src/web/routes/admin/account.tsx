import { useNavigate } from "react-router";
import { TwoFactorPanel } from "../../features/admin/two-factor/two-factor-panel.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import type { Route } from "./+types/account";
import { useAdmin } from "./layout.tsx";

export const handle = { i18n: ["admin", "messages", "admin-two-factor"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin-two-factor:pageTitle"),
    noIndex: true,
  });

/**
 * Every admin's own account screen (whatever their roles): two-factor sign-in, and
 * for an owner the rule that requires it of everyone. When the shop requires it and it is not
 * set up, the back office opens only this screen; once done, the admin goes on to work.
 */
export default function AdminAccountPage() {
  const { t } = useTranslation("admin-two-factor");
  const admin = useAdmin();
  const navigate = useNavigate();
  const setupRequired = admin?.twoFactorSetupRequired ?? false;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold text-brown">{t("pageTitle")}</h1>
      <TwoFactorPanel
        isOwner={admin?.roles.includes("owner") ?? false}
        setupRequired={setupRequired}
        onDone={
          setupRequired
            ? () => void navigate(paths.admin.dashboard(), { replace: true })
            : undefined
        }
      />
    </div>
  );
}
