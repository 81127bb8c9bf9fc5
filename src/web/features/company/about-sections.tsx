import { useState } from "react";
import { Link } from "react-router";
import { type ImageSource, ResponsiveImage } from "../../components/ui/responsive-image.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { usePaths } from "../../lib/paths.ts";
import { AnimatedTitle } from "./animated-title.tsx";

const FEATURES = ["expertChefs", "strangeFlavours", "bestDishes"] as const;
const FEATURE_ICONS: Record<(typeof FEATURES)[number], string> = {
  expertChefs: "M12 3a4 4 0 0 0-4 4H7a3 3 0 0 0 0 6v6h10v-6a3 3 0 0 0 0-6h-1a4 4 0 0 0-4-4Z",
  strangeFlavours: "M12 21c-5-3-8-7-8-11a8 8 0 0 1 16 0c0 4-3 8-8 11Zm0-15v9m-3-3h6",
  bestDishes: "M3 14h18M5 14a7 7 0 0 1 14 0M12 5V3M4 18h16",
};

/** Expert Chefs / Strange Flavours / Best Dishes. */
export function AboutFeatures() {
  const { t } = useTranslation("about");
  return (
    <section
      aria-label={t("features.label")}
      className="container-page -mt-10 grid gap-6 md:grid-cols-3"
    >
      {FEATURES.map((key) => (
        <article key={key} className="rounded-2xl bg-white p-6 text-center shadow-md">
          <svg
            viewBox="0 0 24 24"
            className="mx-auto size-12 text-gold-dark"
            fill="none"
            stroke="currentColor"
            strokeWidth={1.6}
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d={FEATURE_ICONS[key]} />
          </svg>
          <h2 className="mt-4 text-xl font-bold text-brown">{t(`features.${key}.title`)}</h2>
          <p className="mt-2 text-muted">{t(`features.${key}.description`)}</p>
        </article>
      ))}
    </section>
  );
}

const WHY_POINTS = ["recipes", "ingredients", "daily", "world"] as const;
const STATS = ["years", "employees", "branches"] as const;

/** 'Why us' with the year 1975 (the story says 1951; this second founding date lives here). */
export function AboutWhyUs() {
  const { t } = useTranslation("about");
  return (
    <section aria-labelledby="about-why-title" className="container-page py-16">
      <div className="grid items-center gap-10 md:grid-cols-[1fr_15rem]">
        <div>
          <AnimatedTitle id="about-why-title" className="text-3xl font-bold text-brown">
            {t("whyUs.title")}
          </AnimatedTitle>
          <p className="mt-4 max-w-3xl leading-relaxed text-muted">{t("whyUs.description")}</p>
          <ul className="mt-6 grid gap-3 sm:grid-cols-2">
            {WHY_POINTS.map((point) => (
              <li key={point} className="flex gap-3">
                <span aria-hidden="true" className="mt-2 size-2.5 shrink-0 rounded-full bg-gold" />
                <span>{t(`whyUs.points.${point}`)}</span>
              </li>
            ))}
          </ul>
          <ul className="mt-8 flex flex-wrap gap-3">
            {STATS.map((stat) => (
              <li
                key={stat}
                className="rounded-full bg-white px-4 py-2 font-semibold text-brown shadow-sm"
              >
                {t(`whyUs.stats.${stat}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex aspect-square flex-col items-center justify-center rounded-full border-8 border-gold/30 bg-white text-center">
          <span className="text-sm font-semibold text-muted">{t("whyUs.yearLabel")}</span>
          <span className="text-6xl font-bold text-gold-dark" dir="ltr">
            {t("whyUs.year")}
          </span>
        </div>
      </div>
    </section>
  );
}

/** Mission beside a photo; 800 px tall on desktop. */
export function AboutMission({ image }: { image: ImageSource | undefined }) {
  const { t } = useTranslation("about");
  return (
    <section
      aria-labelledby="mission-title"
      data-testid="mission"
      className="grid bg-white lg:h-[800px] lg:grid-cols-2"
    >
      <div className="relative min-h-64 overflow-hidden lg:h-full">
        {image ? (
          <ResponsiveImage
            image={image}
            alt=""
            sizes="(min-width: 1024px) 50vw, 100vw"
            className="absolute inset-0 size-full object-cover"
          />
        ) : null}
      </div>
      <div className="flex items-center px-6 py-16 lg:px-16">
        <div className="max-w-xl">
          <AnimatedTitle id="mission-title" className="text-4xl font-bold text-brown">
            {t("mission.title")}
          </AnimatedTitle>
          <p className="mt-6 text-lg leading-relaxed text-muted">{t("mission.description")}</p>
        </div>
      </div>
    </section>
  );
}

/** Vision over the gold overlay (opacity 0.25) with the logo; 800 px tall on desktop. */
export function AboutVision() {
  const { t } = useTranslation("about");
  return (
    <section
      aria-labelledby="vision-title"
      data-testid="vision"
      className="relative isolate flex items-center overflow-hidden bg-brown py-20 text-white lg:h-[800px]"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gold"
        style={{ opacity: 0.25 }}
        data-testid="vision-overlay"
      />
      <div className="container-page grid items-center gap-10 lg:grid-cols-[1fr_20rem]">
        <div>
          <AnimatedTitle id="vision-title" className="text-4xl font-bold">
            {t("vision.title")}
          </AnimatedTitle>
          <p className="mt-6 max-w-2xl text-xl leading-relaxed">{t("vision.text")}</p>
        </div>
        <img
          src="/logo.svg"
          alt={t("vision.logo")}
          width={320}
          height={320}
          loading="lazy"
          className="mx-auto size-48 rounded-full bg-cream p-6 lg:size-80"
        />
      </div>
    </section>
  );
}

/** How many photos show before 'View More'. */
export const GALLERY_FIRST = 6;

/** Gallery with 'View More' revealing the rest of the photos. */
export function AboutGallery({ images }: { images: ImageSource[] }) {
  const { t } = useTranslation("about");
  const [all, setAll] = useState(false);
  const shown = all ? images : images.slice(0, GALLERY_FIRST);
  return (
    <section aria-labelledby="gallery-title" className="container-page py-16">
      <AnimatedTitle id="gallery-title" className="text-3xl font-bold text-brown">
        {t("gallery.title")}
      </AnimatedTitle>
      <p className="mt-2 text-muted">{t("gallery.description")}</p>
      <ul id="about-gallery" className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-3">
        {shown.map((image, i) => (
          <li key={image.src} className="aspect-[4/3] overflow-hidden rounded-xl bg-white">
            <ResponsiveImage
              image={image}
              alt={t("gallery.alt", { number: i + 1 })}
              sizes="(min-width: 768px) 33vw, 50vw"
              className="size-full object-cover transition-transform duration-500 hover:scale-105"
            />
          </li>
        ))}
      </ul>
      {!all && images.length > GALLERY_FIRST ? (
        <div className="mt-8 text-center">
          <button
            type="button"
            className="btn btn-outline px-8"
            aria-controls="about-gallery"
            aria-expanded={false}
            onClick={() => setAll(true)}
          >
            {t("gallery.viewMore")}
          </button>
        </div>
      ) : null}
    </section>
  );
}

const PARTNER_POINTS = ["prices", "fresh", "packing", "brand", "support"] as const;

/** Partners band: up to five points and 'Join Us' to /traders. */
export function AboutPartners() {
  const paths = usePaths();
  const { t } = useTranslation("about");
  return (
    <section
      aria-labelledby="partners-title"
      className="bg-gradient-to-br from-brown to-gold-dark py-16 text-white"
    >
      <div className="container-page text-center">
        <AnimatedTitle id="partners-title" className="text-3xl font-bold">
          {t("partners.title")}
        </AnimatedTitle>
        <ul className="mx-auto mt-8 grid max-w-5xl gap-4 text-start sm:grid-cols-2 lg:grid-cols-5">
          {PARTNER_POINTS.slice(0, 5).map((point) => (
            <li key={point} className="rounded-xl bg-white/10 p-4">
              {t(`partners.points.${point}`)}
            </li>
          ))}
        </ul>
        <Link
          to={paths.traders()}
          className="btn mt-10 bg-white px-10 py-3 text-brown hover:bg-cream"
        >
          {t("partners.joinUs")}
        </Link>
      </div>
    </section>
  );
}
