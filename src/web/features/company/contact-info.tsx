import { ChatIcon, MailIcon, PhoneIcon, PinIcon } from "../../components/ui/icons.tsx";
import { socialLinks } from "../../components/ui/social-links.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { pickText, useLang } from "../../lib/bilingual.ts";
import { messagingLink } from "../../lib/messaging.ts";
import type { ShopLocation } from "./location-types.ts";

type Shop = {
  phones: string[];
  emails: string[];
  messagingNumber: string;
  social: { instagram: string; facebook: string; tiktok: string };
};

/** The info card: phones, e-mails and the main address from shop settings, then social links. */
export function ContactInfo({
  shop,
  location,
}: {
  shop: Shop;
  location: ShopLocation | undefined;
}) {
  const { t } = useTranslation("contact");
  const lang = useLang();
  return (
    <aside aria-labelledby="contact-info-title" className="rounded-2xl bg-brown p-8 text-cream">
      <h2 id="contact-info-title" className="text-2xl font-bold">
        {t("info.title")}
      </h2>
      <dl className="mt-6 space-y-5">
        <div>
          <dt className="flex items-center gap-2 font-semibold">
            <PhoneIcon className="size-5" />
            {t("info.phones")}
          </dt>
          {shop.phones.map((phone) => (
            <dd key={phone} className="ms-7">
              <a href={`tel:${phone.replace(/\s/g, "")}`} dir="ltr" className="hover:underline">
                {phone}
              </a>
            </dd>
          ))}
        </div>
        <div>
          <dt className="flex items-center gap-2 font-semibold">
            <MailIcon className="size-5" />
            {t("info.emails")}
          </dt>
          {shop.emails.map((email) => (
            <dd key={email} className="ms-7">
              <a href={`mailto:${email}`} className="hover:underline">
                {email}
              </a>
            </dd>
          ))}
        </div>
        {location ? (
          <div>
            <dt className="flex items-center gap-2 font-semibold">
              <PinIcon className="size-5" />
              {t("info.address")}
            </dt>
            <dd className="ms-7">{pickText(lang, location.address.en, location.address.ar)}</dd>
          </div>
        ) : null}
      </dl>
      <h3 className="mt-8 font-semibold">{t("info.follow")}</h3>
      <ul className="mt-3 flex gap-3">
        {socialLinks(shop.social).map(({ key, href, Icon }) => (
          <li key={key}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="flex size-11 items-center justify-center rounded-full bg-cream/15 hover:bg-cream/30"
            >
              <Icon className="size-5" />
              <span className="sr-only">
                {t(`info.${key}`)} {t("info.newTab")}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** The messaging-app banner: opens a conversation with a prefilled greeting. */
export function ChatBanner({ number }: { number: string }) {
  const { t } = useTranslation("contact");
  return (
    <section aria-labelledby="chat-title" className="container-page">
      <div className="flex flex-col items-center gap-6 rounded-3xl bg-pistachio px-8 py-10 text-white md:flex-row md:justify-between">
        <div className="flex items-center gap-4">
          <ChatIcon className="size-12 shrink-0" />
          <div>
            <h2 id="chat-title" className="text-2xl font-bold">
              {t("chat.title")}
            </h2>
            <p className="mt-1">{t("chat.description")}</p>
          </div>
        </div>
        <a
          href={messagingLink(number, t("chat.text"))}
          target="_blank"
          rel="noopener noreferrer"
          className="btn bg-white px-8 py-3 text-pistachio hover:bg-cream"
        >
          {t("chat.button")}
        </a>
      </div>
    </section>
  );
}
