/**
 * The database identity the shared cache's Redis keys carry (lib/server/cache/cache-handler.mjs,
 * docs/operations.md): instances starting together on one database agree on it, and a
 * database without it (a new or re-created one) gets another, so it never reads the old cache.
 * PostgreSQL only: the shared cache is used with DATABASE_URL alone.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { settings } from '@/db/schema';

const HANDLER = path.resolve('lib/server/cache/cache-handler.mjs');
type Module = { databaseCacheNamespace(url: string): Promise<string> };

describe.skipIf(!process.env.DATABASE_URL)('cache namespace of a database', () => {
  test('instances starting at once agree on one id; a database without it gets a new one', async () => {
    const { databaseCacheNamespace } = (await import(/* @vite-ignore */ HANDLER)) as Module;
    const url = process.env.DATABASE_URL!;

    const ids = await Promise.all(Array.from({ length: 4 }, () => databaseCacheNamespace(url)));
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await databaseCacheNamespace(url)).toBe(ids[0]);

    // As if the database had been re-created: the row is gone, the next start writes a new id.
    await db.delete(settings).where(eq(settings.key, 'cache_namespace'));
    const next = await databaseCacheNamespace(url);
    expect(next).not.toBe(ids[0]);
  });
});
