import { ContactForm } from "../../features/company/contact-form.tsx";
import { ChatBanner, ContactInfo } from "../../features/company/contact-info.tsx";
import { LocationsSection } from "../../features/company/locations-section.tsx";
import { PageHero } from "../../features/company/page-hero.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import type { Route } from "./+types/contact";

export const handle = { i18n: ["contact", "messages"] as const };

/** Locations, phones, e-mails and social links are shop settings (DECISIONS). */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = await context.services.settings.get();
  return {
    shop: {
      phones: settings.phones,
      emails: settings.emails,
      messagingNumber: settings.messagingNumber,
      social: settings.social,
    },
    locations: settings.locations,
    centre: settings.mapCentre,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFrom(matches);
  return pageMeta(matches, {
    title: metaText(root, "contact:hero.title"),
    description: metaText(root, "contact:meta.description"),
    path: paths.contact(),
  });
};

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const { shop, locations, centre } = loaderData;
  return (
    <>
      <PageHero ns="contact" />
      <div className="container-page grid gap-10 py-16 lg:grid-cols-[22rem_1fr]">
        <ContactInfo shop={shop} location={locations[0]} />
        <div className="rounded-2xl bg-white p-8 shadow-sm">
          <ContactForm />
        </div>
      </div>
      <ChatBanner number={shop.messagingNumber} />
      <LocationsSection centre={centre} locations={locations} />
    </>
  );
}
