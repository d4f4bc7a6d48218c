/** Display helpers for the product page's facts (dimensions, stock). */

/** "80 × 105 × 51 cm" (W × H × D); a missing side shows "–"; null when none is known. */
export function dimensionsLabel(w: number | null | undefined, h: number | null | undefined, d: number | null | undefined): string | null {
  const known = (n: number | null | undefined) => typeof n === 'number' && Number.isFinite(n) && n > 0;
  if (!known(w) && !known(h) && !known(d)) return null;
  const part = (n: number | null | undefined) => (known(n) ? String(n) : '–');
  return `${part(w)} × ${part(h)} × ${part(d)} cm`;
}

export type StockState = { tone: 'in' | 'low' | 'out'; label: string };

/** In stock / Only N left / Out of stock, with the shop's low-stock threshold. */
export function stockState(stock: number | null | undefined, lowThreshold: number): StockState {
  const n = typeof stock === 'number' && Number.isFinite(stock) ? Math.max(0, Math.floor(stock)) : 0;
  if (n <= 0) return { tone: 'out', label: 'Out of stock' };
  if (n <= lowThreshold) return { tone: 'low', label: `Only ${n} left` };
  return { tone: 'in', label: 'In stock' };
}
