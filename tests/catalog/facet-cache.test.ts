/**
 * A search or filter nobody asked before counts its own facets, and only those. The whole
 * catalogue's counts (which fill in the values the query cannot reach, at count 0) come from their
 * own cache entry. Next.js skips the cache for an unstable_cache called inside another one's
 * computation, so they must not be read from inside the query's entry: they were, and every new
 * query counted the whole catalogue again.
 *
 * Next's cache needs a running server, so this file stands in for it with one that behaves the same
 * way in the two respects that matter: an entry per key and arguments, and no cache inside another
 * entry's computation (next/dist/server/web/spec-extension/unstable-cache.js, isNestedUnstableCache).
 */
import { beforeAll, expect, test, vi } from 'vitest';
import { getFacets } from '@/lib/catalog/read/queries';
import { importRealCatalogue } from '../support/catalog';

/** Every entry computed (a miss, or any call inside another entry's computation), as `[key parts, args]` JSON. */
const computed = vi.hoisted(() => [] as string[]);

vi.mock('next/cache', async () => {
  const { AsyncLocalStorage } = await import('node:async_hooks');
  const insideEntry = new AsyncLocalStorage<true>();
  const entries = new Map<string, unknown>();
  return {
    unstable_cache:
      <A extends unknown[], R>(fn: (...args: A) => Promise<R>, keyParts: string[]) =>
      async (...args: A): Promise<R> => {
        const key = JSON.stringify([keyParts, args]);
        if (insideEntry.getStore()) {
          computed.push(key);
          return fn(...args);
        }
        if (!entries.has(key)) {
          computed.push(key);
          entries.set(key, await insideEntry.run(true, () => fn(...args)));
        }
        return entries.get(key) as R;
      },
    revalidateTag: vi.fn(),
    revalidatePath: vi.fn(),
    updateTag: vi.fn(),
    cacheTag: vi.fn(),
    cacheLife: vi.fn(),
  };
});

beforeAll(async () => {
  await importRealCatalogue();
});

/** The whole catalogue's facet counts: the facets entry computed for no filter at all (and so no search's expansion). */
const wholeCatalogueCounts = () => computed.filter((key) => /^\[\["catalog:facet[^"]*"\],\[\{\}(,null)?\]\]$/.test(key));

test("new searches and filters count only their own facets; the whole catalogue's come from the cache", async () => {
  const catalogue = await getFacets({});
  expect(wholeCatalogueCounts()).toHaveLength(1);

  const sofa = await getFacets({ q: 'sofa' });
  await getFacets({ style: ['Modern'] });
  await getFacets({ q: 'billy', categoryIds: [catalogue.categories[0].category_id] });
  expect(wholeCatalogueCounts()).toHaveLength(1);
  // The synonym sets the searches expand with are read once, from their own entry, never inside a search's.
  expect(computed.filter((key) => key.includes('search:synonyms'))).toHaveLength(1);

  // What the shopper sees is unchanged: every style of the catalogue is offered, those no sofa has at 0.
  expect(sofa.style.map((v) => v.value)).toEqual(catalogue.style.map((v) => v.value));
  expect(sofa.style.some((v) => v.count === 0)).toBe(true);
  expect(sofa.style.some((v) => v.count > 0)).toBe(true);
  const sofaTotal = sofa.categories.reduce((sum, room) => sum + room.count, 0);
  expect(sofaTotal).toBeGreaterThan(0);
  expect(sofaTotal).toBeLessThan(catalogue.categories.reduce((sum, room) => sum + room.count, 0));
});
