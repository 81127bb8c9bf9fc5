import { type ElementType, type ReactNode, useEffect, useRef } from "react";

/** Scroll-in titles animate for 3 s after a 0.3 s delay. */
export const TITLE_ANIMATION = { duration: 3000, delay: 300 } as const;

/**
 * A heading that fades up when it first scrolls into view. The server renders it visible (no
 * JavaScript, no hidden text); a title already on screen at hydration is left alone, and
 * `prefers-reduced-motion` turns the effect off entirely.
 */
export function AnimatedTitle({
  as: Tag = "h2",
  id,
  className,
  children,
}: {
  as?: ElementType;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined" || !el.animate) return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    let first = true;
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry) return;
      if (first) {
        first = false;
        if (entry.isIntersecting) {
          observer.disconnect();
          return;
        }
        el.style.opacity = "0";
        return;
      }
      if (!entry.isIntersecting) return;
      observer.disconnect();
      el.style.opacity = "";
      el.animate(
        [
          { opacity: 0, transform: "translateY(1.5rem)" },
          { opacity: 1, transform: "none" },
        ],
        { ...TITLE_ANIMATION, easing: "ease-out", fill: "backwards" },
      );
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      el.style.opacity = "";
    };
  }, []);
  return (
    <Tag ref={ref} id={id} className={className}>
      {children}
    </Tag>
  );
}
