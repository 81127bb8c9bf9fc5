import type { PolicySectionDto } from "../../../shared/schemas/content.ts";
import { pickText, useLang } from "../../lib/bilingual.ts";

/** Policy sections: a title with either points (a list) or text. */
export function PolicySections({
  sections,
  numbered = false,
}: {
  sections: PolicySectionDto[];
  numbered?: boolean;
}) {
  const lang = useLang();
  return (
    <div className="space-y-10">
      {sections.map((section) => {
        const points =
          lang === "ar" && section.points_ar.length > 0 ? section.points_ar : section.points_en;
        const text = pickText(lang, section.text_en, section.text_ar);
        const List = numbered ? "ol" : "ul";
        return (
          <section key={section.id} aria-labelledby={`policy-${section.id}`}>
            <h2 id={`policy-${section.id}`} className="text-2xl font-bold text-brown">
              {pickText(lang, section.title_en, section.title_ar)}
            </h2>
            {text ? <p className="mt-3 leading-relaxed text-ink">{text}</p> : null}
            {points.length > 0 ? (
              <List
                className={`mt-3 space-y-2 ps-6 leading-relaxed ${numbered ? "list-decimal" : "list-disc"} marker:text-gold-dark`}
              >
                {points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </List>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
