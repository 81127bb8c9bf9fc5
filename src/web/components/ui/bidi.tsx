import { Fragment } from "react";
import { listSeparator } from "../../../shared/domain/bidi.ts";
import type { Lang } from "../../../shared/domain/money.ts";
import { optionLabel } from "../../../shared/domain/weight-options.ts";

/**
 * A customer's own text and mixed-direction fragments, each in its own `<bdi>`
 * (direction from its first strong letter), joined the page's way. A Latin address on an Arabic
 * page reads "12, rue de la République، Lyon، فرنسا", not "…Lyon 12 ,rue de la République".
 * Plain-text twins: `src/shared/domain/bidi.ts`.
 */
export function IsolatedList({ parts, lang }: { parts: ReadonlyArray<string>; lang: Lang }) {
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reordered
    <Fragment key={index}>
      {index > 0 ? listSeparator(lang) : null}
      <bdi>{part}</bdi>
    </Fragment>
  ));
}

/** A line's weight and quantity, "1 كغ × 2", the weight isolated so it never swaps around. */
export function Quantity({ grams, qty, lang }: { grams: number; qty: number; lang: Lang }) {
  return (
    <>
      <bdi>{optionLabel(grams, lang)}</bdi> × {qty}
    </>
  );
}
