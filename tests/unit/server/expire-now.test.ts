/**
 * A route handler answers only once the cache entries it expired are gone (lib/server/cache/expire-now.ts):
 * Next.js 16 on its own runs a route handler's revalidateTag after the response has been sent, so
 * the next reader (on another instance sharing Redis) could still get the old page. Here the
 * request runs inside a WorkStore as Next.js makes one, with the real revalidateTag, and a cache
 * whose tag expiry finishes only when the test lets it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { WorkStore } from 'next/dist/server/app-render/work-async-storage.external';

// Next.js's server sets this before it loads any module; without it Next's stores cannot run.
(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;
const { workAsyncStorage } = await import('next/dist/server/app-render/work-async-storage.external');
const { route } = await import('@/lib/server/route');

// tests/support/unit-setup.ts stubs next/cache for every test; this one needs the real queue.
const { revalidateTag } = await vi.importActual<typeof import('next/cache')>('next/cache');

afterEach(() => vi.restoreAllMocks());

/** A cache handler whose expiry of tags resolves when `release()` is called. */
function slowCache() {
  const dropped: string[] = [];
  let release = () => {};
  const revalidate = vi.fn(
    (tags: string | string[]) =>
      new Promise<void>((resolve) => {
        release = () => {
          dropped.push(...[tags].flat());
          resolve();
        };
      }),
  );
  return { cache: { revalidateTag: revalidate }, dropped, release: () => release(), revalidate };
}

/** What Next.js puts in a route handler's WorkStore, as far as revalidateTag reads it. */
const storeWith = (incrementalCache: unknown) =>
  ({ route: '/api/products/[id]', page: '/api/products/[id]/route', incrementalCache, cacheLifeProfiles: {} }) as unknown as WorkStore;

const put = (handler: ReturnType<typeof route>, store: WorkStore) =>
  workAsyncStorage.run(store, () => handler(new Request('http://localhost:3000/api/products/7', { method: 'PUT' }), { params: Promise.resolve({}) }));

describe('route() — cache expiries before the answer', () => {
  test("a write's answer waits until the cache has dropped the tags it expired, and leaves none for after it", async () => {
    const { cache, dropped, release, revalidate } = slowCache();
    const store = storeWith(cache);
    const handler = route({}, () => {
      revalidateTag('products', { expire: 0 });
      revalidateTag('product:7', { expire: 0 });
      return { updated: true };
    });

    let answered = false;
    const answer = put(handler, store).then((res) => {
      answered = true;
      return res;
    });
    await vi.waitFor(() => expect(revalidate).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 25));
    expect(answered, 'answered while the old entries were still in the cache').toBe(false);

    release();
    const res = await answer;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ updated: true });
    expect(dropped).toEqual(['products', 'product:7']);
    // Nothing left for Next.js to run again once the answer has gone.
    expect(store.pendingRevalidatedTags ?? []).toEqual([]);
  });

  test('a request that expired nothing answers without touching the cache', async () => {
    const { cache, revalidate } = slowCache();
    const res = await put(route({}, () => ({ unchanged: true })), storeWith(cache));
    expect(res.status).toBe(200);
    expect(revalidate).not.toHaveBeenCalled();
  });

  test('a cache that fails to expire the tags is logged, and the write still answers', async () => {
    const store = storeWith({ revalidateTag: () => Promise.reject(new Error('Redis went away')) });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const handler = route({}, () => {
      revalidateTag('products', { expire: 0 });
      return { updated: true };
    });
    const res = await put(handler, store);
    expect(res.status).toBe(200);
    expect(String(log.mock.calls.at(-1))).toContain('Redis went away');
  });
});
