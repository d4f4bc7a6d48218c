/**
 * Storing a rendered page in the page cache (patches/README.md, issue 18): Next.js's IncrementalCache
 * — the one compiled into the page runtime that `next build` (Turbopack) serves — hands a page's entry
 * to the cache handler without serializing it first. Unpatched, 16.4.6 ran JSON.stringify over every
 * page it stored (its RSC payload Buffer as an array of numbers) to check a 2 MB limit that only
 * applies to fetch entries: about 4 ms of each uncached search page. The fetch entries' limit stays.
 */
import { createRequire } from 'node:module';
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';

type Stored = [key: string, value: unknown, ctx: unknown];
type Cache = { set(key: string, value: unknown, ctx: Record<string, unknown>): Promise<void> };
type RouteModule = {
  cacheOwner: unknown;
  getIncrementalCache(req: unknown, config: unknown, preview: unknown, manifest: unknown, minimal: boolean): Promise<Cache>;
};

const SLOT = Symbol.for('@next/cache-handlers');
const slots = globalThis as unknown as Record<symbol, unknown> & { AsyncLocalStorage?: unknown };
const stored: Stored[] = [];
let saved: unknown;

/** The IncrementalCache of the production page runtime, for a page `/x`, storing into `stored`. */
async function pageRuntimeCache() {
  // The runtime expects the AsyncLocalStorage global that Next's server sets up before loading it.
  slots.AsyncLocalStorage ??= AsyncLocalStorage;
  const require = createRequire(import.meta.url);
  const { AppPageRouteModule } = require('next/dist/compiled/next-server/app-page-turbo.runtime.prod.js');
  const routeModule: RouteModule = new AppPageRouteModule({
    userland: { loaderTree: ['', {}, {}] },
    definition: { kind: 'APP_PAGE', page: '/x/page', pathname: '/x', bundlePath: '', filename: '', appPaths: [] },
    distDir: '.next',
    relativeProjectDir: '',
  });
  const manifest = { routes: {}, dynamicRoutes: {}, notFoundRoutes: [], preview: {} };
  const cache = await routeModule.getIncrementalCache({ headers: {} }, { experimental: {}, cacheMaxMemorySize: 0 }, { previewModeId: 'p' }, manifest, false);
  return { cache, route: routeModule.cacheOwner };
}

beforeAll(() => {
  saved = slots[SLOT];
  // Where instrumentation.ts installs the shop's handler (lib/server/cache/install.ts).
  slots[SLOT] = {
    FetchCache: class {
      async get() {
        return null;
      }
      async set(...entry: Stored) {
        stored.push(entry);
      }
    },
  };
});
afterAll(() => {
  slots[SLOT] = saved;
});
beforeEach(() => {
  stored.length = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the page runtime storing into the page cache', () => {
  test('a rendered page reaches the handler without being serialized', async () => {
    const { cache, route } = await pageRuntimeCache();
    const rscData = Buffer.alloc(45_000, 7);
    const toJSON = vi.fn(() => []);
    Object.assign(rscData, { toJSON });
    const page = { kind: 'APP_PAGE', html: '<html>…</html>', rscData, headers: {}, status: 200, segmentData: new Map() };
    await cache.set('/x', page, { route, cacheControl: { revalidate: 300, expire: 3600 } });
    expect(stored).toHaveLength(1);
    expect(stored[0][1]).toBe(page);
    expect(toJSON).not.toHaveBeenCalled();
  });

  test('a fetch entry over 2 MB is still refused with a warning', async () => {
    const { cache } = await pageRuntimeCache();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const entry = (bytes: number) => ({ kind: 'FETCH', data: { headers: {}, body: 'x'.repeat(bytes), status: 200, url: '' }, revalidate: 60 });
    await cache.set('big', entry(2_200_000), { fetchCache: true, fetchUrl: 'catalogue read', tags: [] });
    await cache.set('small', entry(1_000), { fetchCache: true, fetchUrl: 'catalogue read', tags: [] });
    expect(stored.map(([key]) => key)).toEqual(['small']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('items over 2MB can not be cached'));
  });
});
