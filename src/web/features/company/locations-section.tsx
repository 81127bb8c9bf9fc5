import useEmblaCarousel from "embla-carousel-react";
import {
  type KeyboardEvent,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { useTranslation } from "../../i18n/translator.tsx";
import { pickText, useLang } from "../../lib/bilingual.ts";
import { MAP_HEIGHT_PX, type MapCentre, type ShopLocation } from "./location-types.ts";
import { useNearViewport } from "./use-near-viewport.ts";

const LocationsMap = lazy(() => import("./locations-map.tsx"));

/** The slider turns every 5000 ms over the list repeated three times. */
export const SLIDE_INTERVAL_MS = 5000;
export const SLIDER_REPEAT = 3;

export function LocationsSection({
  centre,
  locations,
}: {
  centre: MapCentre;
  locations: ShopLocation[];
}) {
  const { t } = useTranslation("contact");
  const mapRef = useRef<HTMLDivElement>(null);
  const near = useNearViewport(mapRef);
  return (
    <section aria-labelledby="locations-title" className="container-page py-16">
      <h2 id="locations-title" className="text-3xl font-bold text-brown">
        {t("locations.title")}
      </h2>
      <div
        ref={mapRef}
        className="relative mt-8 overflow-hidden rounded-2xl bg-[#efe6d6] shadow-sm"
        style={{ height: MAP_HEIGHT_PX }}
        data-testid="map-slot"
      >
        {near ? (
          <Suspense fallback={<MapWaiting text={t("locations.mapLoading")} />}>
            <LocationsMap centre={centre} locations={locations} label={t("locations.map")} />
          </Suspense>
        ) : (
          <MapWaiting text={t("locations.mapLoading")} />
        )}
      </div>
      <p className="mt-2 text-sm text-muted">{t("locations.mapNote")}</p>
      <LocationsSlider locations={locations} />
    </section>
  );
}

function MapWaiting({ text }: { text: string }) {
  return (
    <p className="flex h-full items-center justify-center p-6 text-center text-muted">{text}</p>
  );
}

/** An auto-rotating slider of the locations: pausable, with keyboard-usable controls. */
export function LocationsSlider({ locations }: { locations: ShopLocation[] }) {
  const { t, i18n } = useTranslation("contact");
  const lang = useLang();
  const slides = Array.from({ length: SLIDER_REPEAT }, () => locations).flat();
  const [emblaRef, embla] = useEmblaCarousel({
    loop: true,
    align: "start",
    direction: i18n.dir() === "rtl" ? "rtl" : "ltr",
  });
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on("select", onSelect);
    return () => {
      embla.off("select", onSelect);
    };
  }, [embla]);

  useEffect(() => {
    if (!embla || paused || hovered) return;
    const timer = setInterval(() => {
      if (!document.hidden) embla.scrollNext();
    }, SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [embla, paused, hovered]);

  const previous = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);
  const onKeyDown = (event: KeyboardEvent) => {
    const forward = i18n.dir() === "rtl" ? "ArrowLeft" : "ArrowRight";
    const back = i18n.dir() === "rtl" ? "ArrowRight" : "ArrowLeft";
    if (event.key === forward) next();
    else if (event.key === back) previous();
    else return;
    event.preventDefault();
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("locations.slider")}
      className="mt-10"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
      onKeyDown={onKeyDown}
      data-testid="locations-slider"
    >
      <div className="overflow-hidden" ref={emblaRef}>
        <ul className="flex">
          {slides.map((location, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is repeated on purpose
              key={i}
              aria-roledescription="slide"
              aria-label={t("locations.slide", { number: i + 1, count: slides.length })}
              aria-current={i === selected ? "true" : undefined}
              className="min-w-0 shrink-0 grow-0 basis-full pe-4 md:basis-1/2 lg:basis-1/3"
              data-testid="location-slide"
            >
              <article className="h-full rounded-2xl bg-white p-6 shadow-sm">
                <h3 className="text-lg font-bold text-brown">
                  {pickText(lang, location.title.en, location.title.ar)}
                </h3>
                <p className="mt-2 text-muted">
                  {pickText(lang, location.address.en, location.address.ar)}
                </p>
                <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="font-semibold">{t("locations.hours")}</dt>
                  <dd>{pickText(lang, location.hours.en, location.hours.ar)}</dd>
                  <dt className="font-semibold">{t("locations.mobile")}</dt>
                  <dd>
                    <a
                      href={`tel:${location.mobile.replace(/\s/g, "")}`}
                      dir="ltr"
                      className="hover:underline"
                    >
                      {location.mobile}
                    </a>
                  </dd>
                  <dt className="font-semibold">{t("locations.landline")}</dt>
                  <dd>
                    <a
                      href={`tel:${location.landline.replace(/\s/g, "")}`}
                      dir="ltr"
                      className="hover:underline"
                    >
                      {location.landline}
                    </a>
                  </dd>
                  <dt className="font-semibold">{t("locations.email")}</dt>
                  <dd>
                    <a href={`mailto:${location.email}`} className="hover:underline">
                      {location.email}
                    </a>
                  </dd>
                </dl>
              </article>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-4 flex items-center justify-center gap-3">
        <button
          type="button"
          onClick={previous}
          className="btn btn-outline"
          aria-label={t("locations.previous")}
        >
          <span aria-hidden="true" className="inline-block rtl:rotate-180">
            ‹
          </span>
        </button>
        <button
          type="button"
          onClick={() => setPaused((p) => !p)}
          className="btn btn-outline"
          data-testid="slider-pause"
        >
          {paused ? t("locations.play") : t("locations.pause")}
        </button>
        <button
          type="button"
          onClick={next}
          className="btn btn-outline"
          aria-label={t("locations.next")}
        >
          <span aria-hidden="true" className="inline-block rtl:rotate-180">
            ›
          </span>
        </button>
      </div>
    </section>
  );
}
