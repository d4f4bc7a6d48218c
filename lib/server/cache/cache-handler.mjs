/**
 * Next.js incremental cache handler (next.config.ts `cacheHandler`): ISR pages and `unstable_cache`
 * reads, stored by @fortedigital/nextjs-cache-handler.
 *
 *   REDIS_URL and DATABASE_URL set → `redis-strings`: one cache shared by every instance, so a
 *     revalidateTag on one instance is seen by all at once (the entries carrying the tag are
 *     deleted from Redis). Each Redis command gives up after REDIS_TIMEOUT_MS and the client
 *     reconnects by itself, so a Redis outage turns reads into cache misses (pages rendered
 *     afresh, 200), never into hung or failed requests.
 *   otherwise → in this process's memory (memory-handler.mjs: the library's `local-lru`, measuring
 *     entries by their bytes): `npm run shop`, the e2e journeys, the embedded database, which
 *     only one process may open (a shared cache would have nobody to share with, and would
 *     outlive a deleted `.data/`).
 *
 * Keys never outlive what they were rendered from: in Redis they are prefixed with the build id
 * and the database's own identity, a random id this handler writes once into the settings row
 * `cache_namespace` (so a new or re-created database, or a new build, starts with an empty cache,
 * and the old entries expire by their TTL); in memory they die with the process.
 *
 * A revalidateTag made while Redis is unreachable is dropped by the library (logged). It cannot
 * leave a stale page behind after a Redis restart, because the Redis of the shared cache keeps
 * nothing on disk (docs/operations.md: run it without RDB/AOF persistence), so it comes back empty.
 *
 * cacheMaxMemorySize (Next passes it as maxMemoryCacheSize; default 50 MB) bounds the local
 * cache (entries measured by the bytes they hold, memory-handler.mjs); 0 turns caching off in
 * both modes. Redis memory is Redis's own setting (maxmemory, allkeys-lru).
 * Plain JS with JSDoc types, loaded by Next.js and imported as it is by its tests.
 */
import { CacheHandler } from '@fortedigital/nextjs-cache-handler';
import createRedisHandler from '@fortedigital/nextjs-cache-handler/redis-strings';
import { createClient } from 'redis';
import pg from 'pg';
import { createMemoryHandler } from './memory-handler.mjs';

const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
/** A Redis on the same network answers in about a millisecond; past this, the read is a miss. */
const REDIS_TIMEOUT_MS = 500;
/** An entry without a revalidate period goes stale after a day (the library's default is a year), so old builds' keys leave Redis. */
const DEFAULT_STALE_AGE_S = 24 * 60 * 60;
const NAMESPACE_KEY = 'cache_namespace';

let maxBytes = DEFAULT_MAX_BYTES;

/**
 * The database's cache identity: the settings row `cache_namespace`, created with a random id on
 * first use (concurrent starts agree: the first insert wins, everyone reads it back).
 * @param {string} url DATABASE_URL
 * @returns {Promise<string>}
 */
export async function databaseCacheNamespace(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, query_timeout: 5_000 });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO settings (key, value) VALUES ($1, to_jsonb(gen_random_uuid()::text)) ON CONFLICT (key) DO NOTHING`,
      [NAMESPACE_KEY],
    );
    const { rows } = await client.query(`SELECT value #>> '{}' AS id FROM settings WHERE key = $1`, [NAMESPACE_KEY]);
    return rows[0].id;
  } finally {
    await client.end();
  }
}

/** A node-redis client that fails fast while Redis is away and reconnects on its own. */
function redisClient(url) {
  const client = createClient({
    url,
    // Rejected at once while reconnecting, not queued: a queued read would hold the request up.
    disableOfflineQueue: true,
    commandOptions: { timeout: REDIS_TIMEOUT_MS },
    // Notices a connection that died without closing (a network drop) within seconds.
    pingInterval: 5_000,
    socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 1_000) },
  });
  let lastLogged = 0;
  client.on('error', (err) => {
    // Once per 10 s: every reconnect attempt while Redis is down reports the same refusal.
    if (Date.now() - lastLogged < 10_000) return;
    lastLogged = Date.now();
    console.error('[cache] Redis:', err.message, '- pages are rendered without the shared cache until it answers');
  });
  client.on('ready', () => console.info('[cache] Redis shared cache ready'));
  // Not awaited: while Redis is unreachable the handler answers misses; the client keeps trying.
  client.connect().catch((err) => console.error('[cache] Redis connect:', err.message));
  return client;
}

CacheHandler.onCreation(async ({ buildId }) => {
  const ttl = { defaultStaleAge: DEFAULT_STALE_AGE_S };
  if (maxBytes <= 0) return { handlers: [], ttl };
  const local = () => ({ handlers: [createMemoryHandler({ maxItemsNumber: 100_000, maxBytes })], ttl });
  const redisUrl = process.env.REDIS_URL?.trim();
  const databaseUrl = process.env.DATABASE_URL?.trim();
  // Never a shared cache during `next build`, which must not open the database or Redis: what the
  // build prerenders (pages without database reads) stays in its own memory.
  if (!redisUrl || process.env.NEXT_PHASE === 'phase-production-build') return local();
  if (!databaseUrl) {
    console.warn('[cache] REDIS_URL is ignored with the embedded database (one process): the page cache stays in memory');
    return local();
  }
  let namespace;
  try {
    namespace = await databaseCacheNamespace(databaseUrl);
  } catch (err) {
    // No identity, no shared cache: a local one would disagree with the other instances.
    console.error('[cache] could not read the database identity for the shared cache, caching nothing:', err.message);
    return { handlers: [], ttl };
  }
  const handler = createRedisHandler({
    client: redisClient(redisUrl),
    keyPrefix: `shop:${buildId ?? 'dev'}:${namespace}:`,
    timeoutMs: REDIS_TIMEOUT_MS,
    keyExpirationStrategy: 'EXAT',
  });
  return { handlers: [handler], ttl };
});

/** The library's handler; records the cacheMaxMemorySize Next passes before the first use configures it. */
export default class ShopCacheHandler extends CacheHandler {
  /** @param {{ maxMemoryCacheSize?: number }} context what Next passes to every cache handler */
  constructor(context) {
    super(context);
    if (typeof context?.maxMemoryCacheSize === 'number') maxBytes = context.maxMemoryCacheSize;
  }
}
