import { useId, useState } from "react";
import type { FaqItemDto } from "../../../shared/schemas/content.ts";
import { pickText, useLang } from "../../lib/bilingual.ts";

/**
 * One item open at a time; clicking the open one closes it. Each question is a real
 * button with aria-expanded controlling its answer region.
 */
export function FaqAccordion({ items }: { items: FaqItemDto[] }) {
  const lang = useLang();
  const [open, setOpen] = useState<number | null>(null);
  const base = useId();
  return (
    <div className="divide-y divide-line rounded-2xl bg-white shadow-sm" data-testid="faq">
      {items.map((item) => {
        const expanded = open === item.id;
        const buttonId = `${base}-q-${item.id}`;
        const panelId = `${base}-a-${item.id}`;
        return (
          <div key={item.id}>
            <h2>
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : item.id)}
                className="flex w-full items-center justify-between gap-4 px-6 py-5 text-start text-lg font-semibold text-brown hover:bg-cream/60"
              >
                <span>{pickText(lang, item.question_en, item.question_ar)}</span>
                <span
                  aria-hidden="true"
                  className={`text-2xl leading-none text-gold-dark transition-transform ${expanded ? "rotate-45" : ""}`}
                >
                  +
                </span>
              </button>
            </h2>
            <section
              id={panelId}
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="px-6 pb-5 leading-relaxed text-muted"
            >
              {pickText(lang, item.answer_en, item.answer_ar)}
            </section>
          </div>
        );
      })}
    </div>
  );
}
