/**
 * Which page numbers a numbered pager shows (spec §2 Products page paging, pages 1..total): the
 * first and last page, the current one and `radius` pages either side of it, in order; `null`
 * stands for an ellipsis over the pages left out. A gap of exactly one page shows that page rather
 * than an ellipsis ("1 2 3", not "1 … 3"), so an ellipsis always hides at least two pages.
 * Pure: shared by the pager component and its property tests (tests/unit/page-window.test.ts).
 */

export type PageSlot = number | null;

/** Whole number in lo..hi (NaN and fractions handled: NaN → lo). */
const clampInt = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Number.isFinite(n) ? Math.floor(n) : lo));

/**
 * The slots for page `current` of `total` (both clamped: total ≥ 1, current in 1..total).
 * At most 2·radius + 5 slots: first, ellipsis, the window of 2·radius + 1, ellipsis, last.
 */
export function pageWindow(current: number, total: number, radius: number): PageSlot[] {
  const last = clampInt(total, 1, Number.MAX_SAFE_INTEGER);
  const here = clampInt(current, 1, last);
  const r = clampInt(radius, 0, last);
  const shown = [1];
  for (let p = Math.max(2, here - r); p <= Math.min(last - 1, here + r); p++) shown.push(p);
  if (last > 1) shown.push(last);
  const slots: PageSlot[] = [];
  for (const p of shown) {
    const prev = slots[slots.length - 1];
    if (typeof prev === 'number') {
      if (p - prev === 2) slots.push(prev + 1);
      else if (p - prev > 2) slots.push(null);
    }
    slots.push(p);
  }
  return slots;
}

/** One element of a responsive pager: a page link or an ellipsis, and where it shows. */
export type PagerItem = { kind: 'page'; page: number; wide: boolean; narrow: boolean } | { kind: 'gap'; after: number; wide: boolean; narrow: boolean };

/**
 * Merges a wide window (desktop) and a narrow one (phones) into one list, so the pager renders each
 * link once and hides what a screen size leaves out: projecting the items that are `wide` gives
 * exactly pageWindow(current, total, wideRadius), and those that are `narrow` pageWindow(…, narrowRadius).
 */
export function pagerItems(current: number, total: number, wideRadius: number, narrowRadius: number): PagerItem[] {
  const wide = pageWindow(current, total, wideRadius);
  const narrow = pageWindow(current, total, narrowRadius);
  const pagesOf = (slots: PageSlot[]) => slots.filter((s): s is number => s !== null);
  const wideSet = new Set(pagesOf(wide));
  const narrowSet = new Set(pagesOf(narrow));
  /** Is there an ellipsis right after page p in these slots? */
  const gapAfter = (slots: PageSlot[], p: number) => slots[slots.indexOf(p) + 1] === null;
  const pages = [...new Set([...wideSet, ...narrowSet])].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  for (const page of pages) {
    items.push({ kind: 'page', page, wide: wideSet.has(page), narrow: narrowSet.has(page) });
    const wideGap = wideSet.has(page) && gapAfter(wide, page);
    const narrowGap = narrowSet.has(page) && gapAfter(narrow, page);
    if (wideGap || narrowGap) items.push({ kind: 'gap', after: page, wide: wideGap, narrow: narrowGap });
  }
  return items;
}
