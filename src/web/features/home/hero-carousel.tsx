import { useEffect, useState } from "react";
import { Link } from "react-router";
import { type ImageSource, ResponsiveImage } from "../../components/ui/responsive-image.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { pickText, useLang } from "../../lib/bilingual.ts";
import { usePaths } from "../../lib/paths.ts";

/** 4000 ms a slide, looping. */
export const HERO_INTERVAL_MS = 4000;

/**
 * The home page hero: three slides that keep turning whatever the visitor clicks, pause while the
 * tab is hidden and resume when it is shown again. A Pause button is the one exception, so
 * anyone who needs the page still can stop the motion (WCAG 2.2.2).
 */
export function HeroCarousel({
  images,
  title,
}: {
  images: ImageSource[];
  /** The owner's headline (settings); empty = the default title ("Home"). */
  title?: { en: string; ar: string };
}) {
  const paths = usePaths();
  const { t } = useTranslation("home");
  const lang = useLang();
  const headline = (title && pickText(lang, title.en.trim(), title.ar.trim())) || t("hero.title");
  const count = images.length;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  // Only the first slide is in the server HTML; the next one is added just before it shows.
  const [mounted, setMounted] = useState(1);

  useEffect(() => {
    if (count < 2 || paused) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      clearInterval(timer);
      timer = setInterval(() => setIndex((i) => (i + 1) % count), HERO_INTERVAL_MS);
    };
    const onVisibility = () => (document.hidden ? clearInterval(timer) : start());
    if (!document.hidden) start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [count, paused]);

  useEffect(() => {
    const needed = Math.min(count, index + 2);
    if (mounted >= needed) return;
    // A dot pressed for a slide not in the page yet: now.
    if (mounted <= index) {
      setMounted(needed);
      return;
    }
    // The next slide comes half an interval before it shows, time to fetch its picture; not
    // with the page, whose first seconds (bandwidth, main thread) go to what it shows.
    const timer = setTimeout(() => setMounted(needed), HERO_INTERVAL_MS / 2);
    return () => clearTimeout(timer);
  }, [index, count, mounted]);

  return (
    <section
      aria-roledescription={t("hero.carousel")}
      aria-label={t("hero.label")}
      className="relative isolate flex min-h-[26rem] items-center overflow-hidden bg-brown text-white md:min-h-[32rem]"
    >
      {images.slice(0, mounted).map((image, i) => (
        <div
          key={image.src}
          aria-hidden={i !== index}
          data-testid="hero-slide"
          data-active={i === index}
          className={`absolute inset-0 -z-10 transition-opacity duration-700 ${
            i === index ? "opacity-100" : "opacity-0"
          }`}
        >
          <ResponsiveImage
            image={image}
            alt=""
            sizes="100vw"
            priority={i === 0}
            className="size-full object-cover"
          />
        </div>
      ))}
      {/* The dark overlay keeps white text readable on any photo. */}
      <div className="absolute inset-0 -z-10 bg-black/55" />
      <div className="container-page py-16">
        <h1 className="text-4xl font-bold md:text-6xl">{headline}</h1>
        <p className="mt-4 line-clamp-2 max-w-2xl text-lg md:text-xl">{t("hero.description")}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={paths.shop()} className="btn btn-primary px-6 py-3">
            {t("hero.primary")}
          </Link>
          <Link
            to={paths.traders()}
            className="btn border border-white px-6 py-3 text-white hover:bg-white hover:text-brown"
          >
            {t("hero.secondary")}
          </Link>
        </div>
      </div>
      {count > 1 ? (
        <div className="absolute inset-x-0 bottom-4 flex items-center justify-center gap-2">
          {images.map((image, i) => (
            <button
              key={image.src}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={t("hero.goTo", { number: i + 1, count })}
              aria-current={i === index ? "true" : undefined}
              className="group p-2"
            >
              <span
                className={`block h-2.5 rounded-full transition-all ${i === index ? "w-8 bg-white" : "w-2.5 bg-white/60 group-hover:bg-white"}`}
              />
            </button>
          ))}
          <button
            type="button"
            onClick={() => setPaused((p) => !p)}
            className="ms-3 rounded-full bg-black/40 px-3 py-1 text-xs font-semibold hover:bg-black/60"
          >
            {paused ? t("hero.play") : t("hero.pause")}
          </button>
        </div>
      ) : null}
    </section>
  );
}
