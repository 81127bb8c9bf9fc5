import { useRouteLoaderData } from "react-router";
import type { SeasonBanner as Banner } from "../../../shared/domain/seasons.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { useLang } from "../../lib/bilingual.ts";

/**
 * While a season is open for orders: its name, its ready days and the same days in the Hijri
 * calendar, rendered by the server from the root's data (no code or request of its own).
 */
export function SeasonBanner() {
  const root = useRouteLoaderData("root") as { season?: Banner | null } | undefined;
  const lang = useLang();
  const { t } = useTranslation("common");
  const season = root?.season;
  if (!season) return null;
  return (
    <aside
      className="bg-pistachio/20 px-4 py-2 text-center text-sm text-brown"
      data-testid="season-banner"
    >
      <strong>{season.name[lang]}</strong>
      {" · "}
      {t("season.banner", {
        from: season.from[lang],
        to: season.to[lang],
        hijriFrom: season.hijriFrom[lang],
        hijriTo: season.hijriTo[lang],
      })}
    </aside>
  );
}
