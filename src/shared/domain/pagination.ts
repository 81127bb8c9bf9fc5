export type PageItem = number | "ellipsis-start" | "ellipsis-end";

/** A page count is at least 1 so an empty list still renders "page 1 of 1". */
export function lastPage(total: number, perPage: number): number {
  if (!(perPage > 0)) throw new RangeError(`perPage must be positive, got ${perPage}`);
  if (!(total > 0)) return 1;
  return Math.ceil(total / perPage);
}

function validLast(last: number): number {
  return Number.isFinite(last) ? Math.max(1, Math.floor(last)) : 1;
}

/** Page numbers come from URLs, so anything odd (0, -3, 2.7, NaN, 999) lands on a real page. */
export function clampPage(page: number, last: number): number {
  const lastValid = validLast(last);
  if (!Number.isFinite(page)) return 1;
  return Math.min(lastValid, Math.max(1, Math.floor(page)));
}

/**
 * "up to 5 page numbers, with ellipses and first/last pages".
 * Rule: the first and the last page are always shown; the remaining `max - 2` numbers
 * form a run centred on the current page, slid inwards at either end so the count stays
 * constant; an ellipsis marks each gap between the run and the first/last page. With
 * `last <= max` every page is shown and no ellipsis appears.
 */
export function pageWindow(current: number, last: number, max = 5): PageItem[] {
  const lastValid = validLast(last);
  const page = clampPage(current, lastValid);
  // First, current and last are the least a window can show.
  const size = Math.max(3, Math.floor(max));

  if (lastValid <= size) return Array.from({ length: lastValid }, (_, i) => i + 1);

  const runLength = size - 2;
  const idealStart = page - Math.floor((runLength - 1) / 2);
  const runStart = Math.min(Math.max(2, idealStart), lastValid - runLength);
  const runEnd = runStart + runLength - 1;

  const items: PageItem[] = [1];
  if (runStart > 2) items.push("ellipsis-start");
  for (let n = runStart; n <= runEnd; n++) items.push(n);
  if (runEnd < lastValid - 1) items.push("ellipsis-end");
  items.push(lastValid);
  return items;
}
