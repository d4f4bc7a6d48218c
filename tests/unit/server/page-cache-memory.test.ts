/**
 * The page cache in memory (lib/server/cache/memory-handler.mjs): its budget (cacheMaxMemorySize)
 * counts the bytes a page's entry holds — its HTML, its RSC payload and its per-segment prefetch
 * payloads — and a revalidated tag or path still empties what it should.
 */
import { describe, expect, test } from 'vitest';
// @ts-expect-error plain JS module (JSDoc types only)
import { createMemoryHandler, entrySize } from '@/lib/server/cache/memory-handler.mjs';

type Entry = { lastModified: number; lifespan: null; tags: string[]; value: unknown };
type Handler = {
  get(key: string, meta: { implicitTags: string[] }): Promise<Entry | null>;
  set(key: string, entry: Entry, ctx?: { setOnlyIfNotExists?: boolean }): Promise<void>;
  revalidateTag(tag: string): Promise<void>;
};

const MB = 1024 * 1024;

/** A page's entry as Next.js 16 hands it to the handler (kind APP_PAGE). */
function pageEntry({ html = 'x'.repeat(50_000), rsc = 0, segments = 0, tags = [] as string[], at = Date.now() } = {}): Entry {
  return {
    lastModified: at,
    lifespan: null,
    tags,
    value: {
      kind: 'APP_PAGE',
      html,
      rscData: Buffer.alloc(rsc, 7),
      headers: { 'x-next-cache-tags': tags.join(',') },
      postponed: undefined,
      status: 200,
      segmentData: new Map(segments ? [['/_tree', Buffer.alloc(segments, 7)]] : []),
    },
  };
}

async function kept(handler: Handler, keys: string[]) {
  const found = await Promise.all(keys.map((k) => handler.get(k, { implicitTags: [] })));
  return found.filter(Boolean).length;
}

describe('page cache in memory', () => {
  test("an entry counts its bytes: a 1 MB RSC payload is 1 MB of the budget, not the 2–4 MB of its JSON", async () => {
    const handler: Handler = createMemoryHandler({ maxItemsNumber: 1000, maxBytes: 10 * MB });
    const keys = Array.from({ length: 8 }, (_, i) => `/products?query=q${i}`);
    for (const key of keys) await handler.set(key, pageEntry({ rsc: MB }));
    // 8 × ~1.05 MB fit in 10 MB.
    expect(await kept(handler, keys)).toBe(8);
    expect(entrySize(pageEntry({ rsc: MB }))).toBeGreaterThan(MB);
    expect(entrySize(pageEntry({ rsc: MB }))).toBeLessThan(1.1 * MB);
  });

  test('the per-segment prefetch payloads count too, so they cannot grow past the budget', async () => {
    const handler: Handler = createMemoryHandler({ maxItemsNumber: 1000, maxBytes: 10 * MB });
    const keys = Array.from({ length: 8 }, (_, i) => `/products?query=s${i}`);
    for (const key of keys) await handler.set(key, pageEntry({ segments: 3 * MB }));
    // Each entry holds ~3 MB: only the three most recent fit.
    expect(await kept(handler, keys)).toBe(3);
    expect(await handler.get(keys[7], { implicitTags: [] })).not.toBeNull();
    expect(await handler.get(keys[0], { implicitTags: [] })).toBeNull();
  });

  test("a revalidated tag empties its entries; a revalidated path misses entries written before it", async () => {
    const handler: Handler = createMemoryHandler({ maxItemsNumber: 1000, maxBytes: 10 * MB });
    const before = Date.now() - 1000;
    await handler.set('/products/14', pageEntry({ tags: ['product:14'], at: before }));
    await handler.set('/products/15', pageEntry({ tags: ['product:15'], at: before }));
    await handler.revalidateTag('product:14');
    expect(await handler.get('/products/14', { implicitTags: [] })).toBeNull();
    expect(await handler.get('/products/15', { implicitTags: [] })).not.toBeNull();

    await handler.revalidateTag('_N_T_/products/15');
    expect(await handler.get('/products/15', { implicitTags: ['_N_T_/products/15'] })).toBeNull();
    // Written after the path was revalidated: served.
    await handler.set('/products/15', pageEntry({ tags: ['product:15'], at: Date.now() + 1 }));
    expect(await handler.get('/products/15', { implicitTags: ['_N_T_/products/15'] })).not.toBeNull();
  });

  test('setOnlyIfNotExists keeps the entry already there', async () => {
    const handler: Handler = createMemoryHandler({ maxItemsNumber: 1000, maxBytes: 10 * MB });
    await handler.set('/', pageEntry({ html: 'first' }));
    await handler.set('/', pageEntry({ html: 'second' }), { setOnlyIfNotExists: true });
    const entry = await handler.get('/', { implicitTags: [] });
    expect((entry?.value as { html: string }).html).toBe('first');
  });
});
