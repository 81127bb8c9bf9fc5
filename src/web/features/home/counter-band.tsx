import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/translator.tsx";

/** Counter targets and the 2 s count-up. */
export const COUNTERS = [
  { key: "experience", target: 70 },
  { key: "workers", target: 10 },
  { key: "customers", target: 50 },
] as const;
export const COUNT_UP_MS = 2000;

const easeOut = (p: number) => 1 - (1 - p) ** 3;

/**
 * The home page's counter band. The server sends the final numbers (right without
 * JavaScript, and what screen readers read). After hydration a band that is still off screen
 * drops to 0 unseen, then counts up once, over 2 s, when it scrolls into view.
 */
export function CounterBand() {
  const { t } = useTranslation("home");
  const ref = useRef<HTMLElement>(null);
  const [progress, setProgress] = useState(1);

  useEffect(() => {
    const band = ref.current;
    if (!band || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    let frame = 0;
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((entry) => entry.isIntersecting);
        if (!visible) {
          if (first) setProgress(0);
          first = false;
          return;
        }
        first = false;
        observer.disconnect();
        const start = performance.now();
        const tick = (now: number) => {
          const p = Math.min(1, (now - start) / COUNT_UP_MS);
          setProgress(p);
          if (p < 1) frame = requestAnimationFrame(tick);
        };
        setProgress(0);
        frame = requestAnimationFrame(tick);
      },
      { threshold: 0.3 },
    );
    observer.observe(band);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <section ref={ref} aria-label={t("counters.label")} className="bg-brown py-12 text-white">
      <ul className="container-page grid gap-8 text-center sm:grid-cols-3">
        {COUNTERS.map(({ key, target }) => {
          const shown = Math.round(easeOut(progress) * target);
          return (
            <li key={key}>
              <span className="block text-5xl font-bold text-[#f3c969]" dir="ltr">
                <span aria-hidden="true" data-testid={`counter-${key}`}>
                  +{shown}
                </span>
                <span className="sr-only">+{target}</span>
              </span>
              <span className="mt-2 block text-lg font-semibold">{t(`counters.${key}`)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
