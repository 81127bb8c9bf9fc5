import { useState } from "react";
import { SOCIAL_NETWORKS } from "../../../shared/domain/catalog.ts";
import type { SocialNetwork } from "../../../shared/schemas/catalog.ts";
import { type ImageSource, ResponsiveImage } from "../../components/ui/responsive-image.tsx";
import { SOCIAL_ICONS } from "../../components/ui/social-links.tsx";
import { useTranslation } from "../../i18n/translator.tsx";

/**
 * The home page's social block: a phone mockup and the three profiles. Pointing at (or
 * tabbing to) a profile shows its preview in the phone; following it opens the profile in a
 * new tab.
 */
export function SocialBlock({
  profiles,
  images,
}: {
  profiles: Record<SocialNetwork, string>;
  images: Record<SocialNetwork, ImageSource>;
}) {
  const { t } = useTranslation("home");
  const [active, setActive] = useState<SocialNetwork>("instagram");
  return (
    <section aria-labelledby="social-title" className="bg-white py-16">
      <div className="container-page grid items-center gap-12 md:grid-cols-2">
        <div>
          <h2 id="social-title" className="text-3xl font-bold text-brown">
            {t("social.title")}
          </h2>
          <p className="mt-4 max-w-xl leading-relaxed text-muted">{t("social.description")}</p>
          <ul className="mt-8 flex flex-col gap-3">
            {SOCIAL_NETWORKS.map((network) => {
              const Icon = SOCIAL_ICONS[network];
              return (
                <li key={network}>
                  <a
                    href={profiles[network]}
                    target="_blank"
                    rel="noopener noreferrer"
                    onMouseEnter={() => setActive(network)}
                    onFocus={() => setActive(network)}
                    data-testid={`social-${network}`}
                    className={`flex items-center gap-3 rounded-xl border px-4 py-3 font-semibold transition-colors ${
                      active === network
                        ? "border-gold-dark bg-cream text-gold-dark"
                        : "border-line hover:border-gold-dark"
                    }`}
                  >
                    <Icon className="size-6" />
                    <span>{t(`social.${network}`)}</span>
                    <span className="sr-only">{t("social.newTab")}</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
        <div className="flex justify-center">
          {/* The phone mockup: a rounded frame with a notch around the preview. */}
          <div className="relative aspect-[9/16] w-56 overflow-hidden rounded-[2.5rem] border-[10px] border-ink bg-ink shadow-xl md:w-64">
            <div className="absolute inset-x-0 top-2 z-10 mx-auto h-4 w-20 rounded-full bg-ink" />
            {SOCIAL_NETWORKS.map((network) => (
              <div
                key={network}
                aria-hidden={active !== network}
                data-testid={`social-preview-${network}`}
                data-active={active === network}
                className={`absolute inset-0 transition-opacity duration-300 ${
                  active === network ? "opacity-100" : "opacity-0"
                }`}
              >
                <ResponsiveImage
                  image={images[network]}
                  alt={t("social.preview", { network: t(`social.${network}`) })}
                  sizes="256px"
                  className="size-full object-cover"
                />
              </div>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
