/**
 * The process-memory cache handler of next.config.ts (lib/server/cache/memory-cache-handler.mjs): what a
 * shopper would notice — a read or page cached before a tag is revalidated is never served again,
 * entries written afterwards are; nothing outlives the process (no files); memory stays bounded.
 * Next's real cache on the built server is covered by e2e/cache-freshness.spec.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import MemoryCacheHandler from '@/lib/server/cache/memory-cache-handler.mjs';

const fetchEntry = (body: string) => ({ kind: 'FETCH', data: { headers: {}, body, status: 200, url: '' }, revalidate: 60 });
const pageEntry = (html: string, tags: string) => ({ kind: 'APP_PAGE', html, rscData: Buffer.from('rsc'), headers: { 'x-next-cache-tags': tags }, status: 200 });

beforeEach(() => {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('totara-home.memory-cache-handler')];
  vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') });
});
afterEach(() => vi.useRealTimers());

const tick = () => vi.advanceTimersByTime(5);

describe('memory cache handler', () => {
  test('a cached read is served until one of its tags is revalidated, then never again; later writes are served', async () => {
    const cache = new MemoryCacheHandler();
    await cache.set('catalog:product:7', fetchEntry('{"stock":3}'), { fetchCache: true, tags: ['products', 'product:7'] });
    await cache.set('catalog:product:8', fetchEntry('{"stock":9}'), { fetchCache: true, tags: ['products', 'product:8'] });
    tick();
    expect((await cache.get('catalog:product:7', { kind: 'FETCH', tags: ['products', 'product:7'] }))?.value).toMatchObject({ data: { body: '{"stock":3}' } });

    await cache.revalidateTag(['product:7'], { expire: 0 });
    expect(await cache.get('catalog:product:7', { kind: 'FETCH', tags: ['products', 'product:7'] })).toBeNull();
    expect(await cache.get('catalog:product:8', { kind: 'FETCH', tags: ['products', 'product:8'] })).not.toBeNull();

    tick();
    await cache.set('catalog:product:7', fetchEntry('{"stock":1}'), { fetchCache: true, tags: ['products', 'product:7'] });
    tick();
    expect((await cache.get('catalog:product:7', { kind: 'FETCH', tags: ['products', 'product:7'] }))?.value).toMatchObject({ data: { body: '{"stock":1}' } });
  });

  test("a read is also dropped by its page's implicit tags (softTags), as revalidatePath sends them", async () => {
    const cache = new MemoryCacheHandler();
    await cache.set('k', fetchEntry('1'), { fetchCache: true, tags: ['products'] });
    tick();
    await cache.revalidateTag('_N_T_/products/layout');
    expect(await cache.get('k', { kind: 'FETCH', tags: ['products'], softTags: ['_N_T_/layout', '_N_T_/products/layout'] })).toBeNull();
  });

  test('an ISR page entry is dropped by any tag in its x-next-cache-tags header, implicit ones included', async () => {
    const cache = new MemoryCacheHandler();
    await cache.set('/route-cache/APP_PAGE/abc/$/products/7', pageEntry('<p>3 in stock</p>', 'product:7,_N_T_/layout,_N_T_/products/7'), { cacheControl: { revalidate: 300 } });
    tick();
    const hit = await cache.get('/route-cache/APP_PAGE/abc/$/products/7', { kind: 'APP_PAGE' });
    expect(hit).toMatchObject({ value: { html: '<p>3 in stock</p>' }, cacheControl: { revalidate: 300 } });
    await cache.revalidateTag('product:7', { expire: 0 });
    expect(await cache.get('/route-cache/APP_PAGE/abc/$/products/7', { kind: 'APP_PAGE' })).toBeNull();

    await cache.set('/route-cache/APP_PAGE/abc/$/products', pageEntry('<p>list</p>', '_N_T_/layout,_N_T_/products'), {});
    tick();
    await cache.revalidateTag('_N_T_/products');
    expect(await cache.get('/route-cache/APP_PAGE/abc/$/products', { kind: 'APP_PAGE' })).toBeNull();
  });

  test('handlers share one store (Next creates one per request), and nothing is written to disk', async () => {
    const cwd = process.cwd();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cache-handler-'));
    process.chdir(dir);
    try {
      await new MemoryCacheHandler().set('shared', fetchEntry('x'), { fetchCache: true, tags: [] });
      tick();
      expect(await new MemoryCacheHandler().get('shared', { kind: 'FETCH' })).not.toBeNull();
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      process.chdir(cwd);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('memory stays within maxMemoryCacheSize: the least recently used entry goes first; 0 caches nothing', async () => {
    const cache = new MemoryCacheHandler({ maxMemoryCacheSize: 1000 });
    const body = 'x'.repeat(300); // ≈ 400 bytes an entry with its overhead
    await cache.set('a', fetchEntry(body), { fetchCache: true, tags: [] });
    await cache.set('b', fetchEntry(body), { fetchCache: true, tags: [] });
    tick();
    await cache.get('a', { kind: 'FETCH' }); // a is now the most recently used
    await cache.set('c', fetchEntry(body), { fetchCache: true, tags: [] });
    tick();
    expect(await cache.get('b', { kind: 'FETCH' })).toBeNull();
    expect(await cache.get('a', { kind: 'FETCH' })).not.toBeNull();
    expect(await cache.get('c', { kind: 'FETCH' })).not.toBeNull();

    delete (globalThis as Record<symbol, unknown>)[Symbol.for('totara-home.memory-cache-handler')];
    const off = new MemoryCacheHandler({ maxMemoryCacheSize: 0 });
    await off.set('a', fetchEntry('1'), { fetchCache: true, tags: [] });
    expect(await off.get('a', { kind: 'FETCH' })).toBeNull();
  });
});
