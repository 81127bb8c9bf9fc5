import { localizePath } from "../../../shared/domain/language-path.ts";
import { codeLater, HydrateLater } from "../../components/ui/hydrate-later.tsx";
import { ContactForm } from "../../features/company/contact-form.tsx";
import { ChatBanner, ContactInfo } from "../../features/company/contact-info.tsx";
import { PageHero } from "../../features/company/page-hero.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import { organizationJsonLd } from "../../lib/structured-data.ts";
import type { Route } from "./+types/contact";

// The map and the slider sit at the bottom: their code (the slider's library with it) comes
// when the browser is idle or they come near (docs/decisions/0032).
const LocationsSection = codeLater(
  () => import("../../features/company/locations-section.tsx"),
  "LocationsSection",
);

export const handle = { i18n: ["contact", "messages"] as const };

/** Locations, phones, e-mails and social links are shop settings. */
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

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFrom(matches);
  const tags = pageMeta(matches, {
    title: metaText(root, "contact:hero.title"),
    description: metaText(root, "contact:meta.description"),
    path: paths.contact(),
  });
  if (!root || !loaderData) return tags;
  // The shop and the kitchen with their addresses and opening hours.
  const organization = organizationJsonLd(root.lang, {
    origin: root.publicUrl,
    name: metaText(root, "brand"),
    url: root.publicUrl + localizePath(root.lang, paths.home()),
    shop: { ...loaderData.shop, locations: loaderData.locations },
  });
  return [...tags, { "script:ld+json": organization }];
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
      <HydrateLater>
        <LocationsSection centre={centre} locations={locations} />
      </HydrateLater>
    </>
  );
}
