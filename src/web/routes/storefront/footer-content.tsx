import { Link } from "react-router";
import { localizePath } from "../../../shared/domain/language-path.ts";
import { MailIcon, PhoneIcon, PinIcon } from "../../components/ui/icons.tsx";
import { socialLinks } from "../../components/ui/social-links.tsx";
import { SubscribeForm } from "../../features/newsletter/subscribe-form.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { FOOTER_LINKS, POLICY_LINKS } from "../../lib/menus.ts";
import { messagingLink } from "../../lib/messaging.ts";
import { usePaths } from "../../lib/paths.ts";
import { useRootData } from "../../lib/use-root-data.ts";

/** The footer's links, contacts and subscribe form: its code comes after the page (footer.tsx). */
export function FooterContent() {
  const { t, i18n } = useTranslation(["footer", "common"]);
  const paths = usePaths();
  const here = (to: string) => localizePath(i18n.language === "ar" ? "ar" : "en", to);
  const { shop } = useRootData();

  return (
    <>
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <Link to={paths.home()} className="flex items-center gap-2 text-lg font-bold">
            <img src="/logo.svg" alt="" width={40} height={40} />
            {t("common:brand")}
          </Link>
          <p className="mt-3 text-sm text-cream/80">{t("about")}</p>
        </div>
        <LinkList id="footer-links" title={t("links")} links={FOOTER_LINKS} />
        <LinkList id="footer-policies" title={t("policies")} links={POLICY_LINKS} />
        <div>
          <h2 className="font-bold">{t("contact")}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li className="flex items-center gap-2">
              <PinIcon className="size-4 shrink-0" />
              {t("location")}
            </li>
            {shop.phones.map((phone) => (
              <li key={phone}>
                <a
                  href={messagingLink(phone)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex items-center gap-2 hover:underline"
                  aria-label={t("phoneLabel", { phone })}
                >
                  <PhoneIcon className="size-4 shrink-0" />
                  <span dir="ltr">{phone}</span>
                </a>
              </li>
            ))}
            {shop.emails.map((email) => (
              <li key={email}>
                <a href={`mailto:${email}`} className="flex items-center gap-2 hover:underline">
                  <MailIcon className="size-4 shrink-0" />
                  <span dir="ltr">{email}</span>
                </a>
              </li>
            ))}
            <li>
              {/* A guest who lost the private link finds the order here. */}
              <Link to={here("/track")} className="font-semibold hover:underline">
                {t("trackOrder")}
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="font-bold">{t("followUs")}</h2>
          <p className="mt-3 text-sm text-cream/80">{t("followDescription")}</p>
          <SubscribeForm />
          <ul className="mt-2 flex gap-3">
            {socialLinks(shop.social).map(({ key, href, Icon }) => (
              <li key={key}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t(`social.${key}`)}
                  className="inline-flex rounded-full border border-cream/40 p-2 hover:bg-cream/10"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-cream/20 py-4 text-center text-sm text-cream/80">
        {t("copyright", { year: new Date().getFullYear() })}
      </p>
    </>
  );
}

/** One of the footer's columns of links, in the page's language. */
function LinkList({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: readonly { to: string; label: string }[];
}) {
  const { t, i18n } = useTranslation(["footer", "common"]);
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="font-bold">
        {title}
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={localizePath(i18n.language === "ar" ? "ar" : "en", link.to)}
              className="hover:underline"
            >
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
