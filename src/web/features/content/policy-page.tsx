import type { PolicySectionDto } from "../../../shared/schemas/content.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { PolicySections } from "./policy-sections.tsx";

/** Privacy, terms and refund: the page's intro paragraphs and its stored sections. */
export function PolicyBody({ ns, sections }: { ns: string; sections: PolicySectionDto[] }) {
  const { t } = useTranslation(ns);
  const intro = t("intro", { returnObjects: true }) as unknown as Record<string, string>;
  return (
    <div className="container-page max-w-4xl py-12">
      <div className="space-y-4 text-lg leading-relaxed text-muted" data-testid="policy-intro">
        {Object.entries(intro).map(([key, paragraph]) => (
          <p key={key}>{paragraph}</p>
        ))}
      </div>
      <div className="mt-10">
        <PolicySections sections={sections} />
      </div>
    </div>
  );
}
