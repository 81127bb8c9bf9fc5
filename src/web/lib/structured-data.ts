import type { Language } from "../../shared/domain/language.ts";
import { parseOpeningHours } from "../../shared/domain/opening-hours.ts";
import type { ShopLocation } from "../../shared/schemas/settings.ts";
import { pickText } from "./bilingual.ts";

/**
 * schema.org structured data for search engines, in the page's language (see
 * docs/decisions/0028). Rendered by `meta` as `<script type="application/ld+json">`: it costs
 * the HTML a few hundred bytes and the scripts nothing.
 */

type Crumb = { name: string; url: string };

/** Home › Shop › … as a BreadcrumbList of absolute URLs. */
export function breadcrumbJsonLd(crumbs: Crumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

/** The FAQ page's questions and answers. */
export function faqJsonLd(lang: Language, items: { question: string; answer: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    inLanguage: lang,
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

export type ShopFacts = {
  phones: string[];
  emails: string[];
  social: Record<string, string>;
  locations: ShopLocation[];
};

/**
 * The shop as an Organization, and each of its places (the shop, the kitchen) as a
 * LocalBusiness with its address, contacts, position and opening hours from the settings. An
 * hours text that does not read as days and times (see `parseOpeningHours`) is left out.
 */
export function organizationJsonLd(
  lang: Language,
  opts: { origin: string; name: string; url: string; shop: ShopFacts },
) {
  const { origin, name, url, shop } = opts;
  const organization = {
    "@type": "Organization",
    "@id": `${origin}/#organization`,
    name,
    url,
    logo: `${origin}/logo.svg`,
    email: shop.emails[0],
    telephone: shop.phones[0],
    sameAs: Object.values(shop.social),
  };
  const places = shop.locations.map((location, i) => {
    const hours = parseOpeningHours(location.hours.en);
    return {
      "@type": "Bakery",
      "@id": `${origin}/#place-${i + 1}`,
      name: pickText(lang, location.title.en, location.title.ar),
      parentOrganization: { "@id": organization["@id"] },
      url,
      image: `${origin}/logo.svg`,
      address: {
        "@type": "PostalAddress",
        streetAddress: pickText(lang, location.address.en, location.address.ar),
      },
      geo: { "@type": "GeoCoordinates", latitude: location.lat, longitude: location.lng },
      telephone: location.landline,
      email: location.email,
      openingHoursSpecification: hours
        ? [
            {
              "@type": "OpeningHoursSpecification",
              dayOfWeek: hours.days.map((day) => `https://schema.org/${day}`),
              opens: hours.opens,
              closes: hours.closes,
            },
          ]
        : undefined,
    };
  });
  return {
    "@context": "https://schema.org",
    "@graph": [organization, ...places],
  };
}
