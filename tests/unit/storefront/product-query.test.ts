/** spec §2 Products page, §4 Search: the listing's state in the URL. */
import { describe, expect, test } from 'vitest';
import { canonicalProductsPath, clampPage, clearFiltersHref, emptyQuery, filterChips, productsHref, toListParams, withChanges } from '@/lib/catalog/product-query';
import { readProductQuery } from '@/lib/catalog/query-schema';

const state = (over: Partial<ReturnType<typeof emptyQuery>>) => ({ ...emptyQuery(), ...over });

describe('/products URL state', () => {
  test('the plain listing is /products with no query string', () => {
    expect(productsHref(emptyQuery())).toBe('/products');
    expect(productsHref(state({ q: '   ', page: 1 }))).toBe('/products');
  });

  test('filters, search, sort and page are written to the URL and read back unchanged', () => {
    const s = state({ q: 'oak desk', category: [3, 7], style: ['Modern'], mobility: ['On castors'], width: { min: 60, max: 120 }, sort: 'price_asc', page: 3 });
    const href = productsHref(s);
    expect(href).toBe('/products?q=oak+desk&category=3&category=7&style=Modern&mobility=On+castors&width_min=60&width_max=120&sort=price_asc&page=3');
    const url = new URL(href, 'http://x');
    const raw = Object.fromEntries([...url.searchParams.keys()].map((k) => [k, url.searchParams.getAll(k)]));
    expect(readProductQuery(raw)).toMatchObject({ state: s, error: null });
  });

  test('changing a filter goes back to page 1', () => {
    expect(withChanges(state({ page: 4 }), { style: ['Classic'] }).page).toBe(1);
  });

  test('the canonical URL drops the sort and orders values, but keeps the page', () => {
    const a = canonicalProductsPath(state({ style: ['b', 'a'], category: [9, 2], sort: 'name', page: 2 }));
    const b = canonicalProductsPath(state({ style: ['a', 'b'], category: [2, 9], page: 2 }));
    expect(a).toBe(b);
    expect(a).toBe('/products?category=2&category=9&style=a&style=b&page=2');
  });

  test('each active filter has a chip whose link removes only that filter', () => {
    const s = state({ q: 'chair', category: [5], function: ['Seating'], height: { max: 90 }, sort: 'newest', page: 3 });
    const chips = filterChips(s, (id) => (id === 5 ? 'Dining' : undefined));
    expect(chips.map((c) => c.label)).toEqual(['Dining', 'Function: Seating', 'Height up to 90 cm']);
    expect(chips[0].href).toBe('/products?q=chair&function=Seating&height_max=90&sort=newest');
    expect(chips[2].href).toBe('/products?q=chair&category=5&function=Seating&sort=newest');
    expect(clearFiltersHref(s)).toBe('/products?q=chair&sort=newest');
  });

  test('ids may be repeated or comma-joined, and repeats collapse', () => {
    expect(readProductQuery({ category: ['4,5', '4'] }).state.category).toEqual([4, 5]);
    expect(readProductQuery({ page: '-2' }).state.page).toBe(1);
  });

  test('a malformed value gives the unfiltered list and a message, not a failure', () => {
    const { state, error } = readProductQuery({ style: 'Modern', width_min: 'wide' });
    expect(state).toEqual(emptyQuery());
    expect(error).toMatch(/width_min/);
    expect(readProductQuery({ sort: 'cheapest' }).error).toMatch(/sort/);
  });

  test('pages are kept within 1..total pages', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(3, 0)).toBe(1);
  });

  test('the catalogue query asks for 18 per page and leaves out empty filters', () => {
    expect(toListParams(state({ page: 2 }))).toEqual({ page: 2, limit: 18, q: undefined, categoryIds: undefined, style: undefined, function: undefined, mobility: undefined, width: undefined, height: undefined, depth: undefined, sort: undefined });
  });
});
