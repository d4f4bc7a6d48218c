/**
 * Where the shop's cache handler lives (lib/server/cache/install.ts): in the slot every IncrementalCache
 * of Next.js reads when next.config names no `cacheHandler` — installed once, not imported again per
 * request — beside whatever a platform put there.
 */
import { afterEach, describe, expect, test } from 'vitest';
import nextConfig from '@/next.config';
import { installCacheHandler } from '@/lib/server/cache/install';
// @ts-expect-error plain JS module (JSDoc types only)
import ShopCacheHandler from '@/lib/server/cache/cache-handler.mjs';

const SLOT = Symbol.for('@next/cache-handlers');
const g = globalThis as Record<symbol, Record<string, unknown> | undefined>;

afterEach(() => {
  delete g[SLOT];
});

describe('cache handler installation', () => {
  test("Next.js finds the shop's handler in its slot, and a platform's other handlers stay", () => {
    const remote = { get: async () => undefined };
    g[SLOT] = { RemoteCache: remote };
    installCacheHandler();
    expect(g[SLOT]?.FetchCache).toBe(ShopCacheHandler);
    expect(g[SLOT]?.RemoteCache).toBe(remote);
  });

  test('next.config names no cacheHandler: with one, Next.js would ignore the slot and import that module on every request', () => {
    expect(nextConfig).not.toHaveProperty('cacheHandler');
  });
});
