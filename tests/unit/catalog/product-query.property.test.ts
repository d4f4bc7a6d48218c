/**
 * Properties of the products query string (lib/catalog/query-schema.ts,
 * lib/catalog/product-query.ts, lib/catalog/search/search.ts normaliseParams): whatever a URL holds, reading
 * it never throws, paging stays in range, and a state read back from its own URL is the same state.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { normaliseParams } from '@/lib/catalog/search/search';
import { clampPage, toSearchParams } from '@/lib/catalog/product-query';
import { queryRecord, readProductQuery } from '@/lib/catalog/query-schema';

const KEYS = ['page', 'limit', 'include_images', 'q', 'query', 'search', 'category', 'style', 'function', 'mobility', 'width_min', 'width_max', 'height_min', 'height_max', 'depth_min', 'depth_max', 'sort', 'other'];

/** Plausible and junk values: numbers of all kinds, lists, blanks, long text. */
const value = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.integer({ min: -1e6, max: 1e9 }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.array(fc.integer({ min: 0, max: 999 }), { maxLength: 4 }).map((a) => a.join(',')),
  fc.constantFrom('', ' ', 'true', '1', '0', 'newest', 'price_asc', 'name', 'Upholstered', 'Seating', '999999.9', '+5', '-0', '1e3', '0x10'),
  fc.string({ unit: 'grapheme', minLength: 190, maxLength: 210 }),
);
const junk = fc.dictionary(fc.constantFrom(...KEYS), fc.oneof(value, fc.array(value, { minLength: 1, maxLength: 3 })), { maxKeys: 8 });
/** Well-formed values for each key, near their limits (so that accepted states are common). */
const cm = fc.oneof(fc.integer({ min: 0, max: 1_000_000 }).map(String), fc.double({ min: 0, max: 1_000_000, noNaN: true }).map((n) => n.toFixed(1)), fc.constantFrom('999999.9', '999999.5', '0.4'));
const word = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 });
const wellFormed = fc.record(
  {
    page: fc.integer({ min: -2, max: 1e12 }).map(String),
    q: fc.string({ unit: 'grapheme', maxLength: 40 }),
    category: fc.array(fc.integer({ min: 0, max: 99_999 }).map(String), { maxLength: 5 }),
    style: fc.array(word, { maxLength: 3 }),
    mobility: fc.array(word, { maxLength: 3 }).map((a) => a.join(',')),
    width_min: cm,
    width_max: cm,
    height_max: cm,
    sort: fc.constantFrom('relevance', 'newest', 'price_asc', 'price_desc', 'name'),
  },
  { requiredKeys: [] },
);
const raw = fc.oneof(junk, wellFormed);
/** Arbitrary numbers a caller might pass straight to normaliseParams. */
const anyNumber = fc.option(fc.oneof(fc.double(), fc.integer()), { nil: undefined });

describe('products query (properties)', () => {
  test('reading any query string never throws', () => {
    fc.assert(
      fc.property(raw, (r) => {
        expect(() => readProductQuery(r)).not.toThrow();
      }),
    );
  });

  test('the page state has a page ≥ 1, unique positive category ids and whole-cm ranges', () => {
    fc.assert(
      fc.property(raw, (r) => {
        const { state } = readProductQuery(r);
        expect(Number.isSafeInteger(state.page) && state.page >= 1).toBe(true);
        expect(new Set(state.category).size).toBe(state.category.length);
        for (const id of state.category) expect(Number.isInteger(id) && id > 0).toBe(true);
        for (const d of ['width', 'height', 'depth'] as const) {
          for (const v of [state[d].min, state[d].max]) if (v !== undefined) expect(Number.isInteger(v) && v >= 0).toBe(true);
          if (state[d].min !== undefined && state[d].max !== undefined) expect(state[d].min).toBeLessThanOrEqual(state[d].max as number);
        }
      }),
    );
  });

  test('a state read back from its own URL is the same state (parse ∘ serialise ∘ parse = parse)', () => {
    fc.assert(
      fc.property(raw, (r) => {
        const first = readProductQuery(r).state;
        const again = readProductQuery(queryRecord(toSearchParams(first)));
        expect(again.error).toBeNull();
        expect(again.state).toEqual(first);
      }),
    );
  });

  test('normaliseParams clamps page to ≥ 1 and limit to 1–100, whole numbers, whatever it is given', () => {
    fc.assert(
      fc.property(anyNumber, anyNumber, fc.option(fc.string(), { nil: undefined }), (page, limit, q) => {
        const n = normaliseParams({ page, limit, q });
        expect(Number.isInteger(n.page) && n.page >= 1).toBe(true);
        expect(Number.isInteger(n.limit) && n.limit >= 1 && n.limit <= 100).toBe(true);
        expect(n.q === null || (n.q.length > 0 && n.q.length <= 200 && n.q === n.q.trim())).toBe(true);
      }),
    );
  });

  test('normaliseParams is idempotent', () => {
    fc.assert(
      fc.property(raw, (r) => {
        const { params } = readProductQuery(r);
        const once = normaliseParams(params);
        const { q, ...rest } = once;
        expect(normaliseParams({ ...rest, q: q ?? undefined })).toEqual(once);
      }),
    );
  });

  test('clampPage keeps pages within 1..totalPages', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer()), fc.oneof(fc.double(), fc.integer({ min: -5, max: 1000 })), (page, total) => {
        const p = clampPage(page, total);
        expect(Number.isInteger(p) && p >= 1).toBe(true);
        expect(p).toBeLessThanOrEqual(Math.max(1, Math.floor(total) || 1));
      }),
    );
  });
});
