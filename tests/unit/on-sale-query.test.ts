/** The "On sale" filter in the products query string (GET /api/products and /products share the parser). */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { clearFiltersHref, emptyQuery, filterChips, hasFilters, productsHref, toListParams } from '@/lib/catalog/product-query';
import { parseProductQuery, readProductQuery } from '@/lib/catalog/query-schema';

const raw = (href: string) => {
  const url = new URL(href, 'http://x');
  return Object.fromEntries([...url.searchParams.keys()].map((k) => [k, url.searchParams.getAll(k)]));
};

describe('on_sale in the products query', () => {
  test('on_sale=1 and on_sale=true ask for products on sale; 0, false and blank are the plain listing', () => {
    expect(parseProductQuery(new URLSearchParams('on_sale=1'))).toEqual({ onSale: true });
    expect(parseProductQuery(new URLSearchParams('on_sale=true&category=3'))).toEqual({ onSale: true, categoryIds: [3] });
    for (const off of ['on_sale=0', 'on_sale=false', 'on_sale=', '']) expect(parseProductQuery(new URLSearchParams(off))).toEqual({});
  });

  test('any other value is refused with a message naming the parameter', () => {
    expect(() => parseProductQuery(new URLSearchParams('on_sale=yes'))).toThrow('on_sale must be true or false.');
    expect(readProductQuery({ on_sale: 'maybe' })).toMatchObject({ params: {}, error: 'on_sale must be true or false.' });
  });

  test('the page state writes on_sale=1 and reads it back; it counts as a filter with its own chip', () => {
    const s = { ...emptyQuery(), q: 'sofa', onSale: true, style: ['Upholstered'], page: 2 };
    const href = productsHref(s);
    expect(href).toBe('/products?q=sofa&style=Upholstered&on_sale=1&page=2');
    expect(readProductQuery(raw(href))).toMatchObject({ state: s, error: null });
    expect(hasFilters({ ...emptyQuery(), onSale: true })).toBe(true);
    const chips = filterChips(s, () => undefined);
    expect(chips.map((c) => c.label)).toEqual(['On sale', 'Style: Upholstered']);
    expect(chips[0].href).toBe('/products?q=sofa&style=Upholstered');
    expect(clearFiltersHref(s)).toBe('/products?q=sofa');
    expect(toListParams(s)).toMatchObject({ onSale: true, q: 'sofa' });
    expect(toListParams({ ...s, onSale: false }).onSale).toBeUndefined();
  });

  test('whatever the value, the parser never throws an unexpected error and on sale reads back the same', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (value) => {
        const { params, error } = readProductQuery({ on_sale: value });
        if (error === null) {
          const back = readProductQuery(raw(productsHref(readProductQuery({ on_sale: value }).state))).state;
          expect(back.onSale).toBe(params.onSale === true);
        } else expect(error).toBe('on_sale must be true or false.');
      }),
    );
  });
});
