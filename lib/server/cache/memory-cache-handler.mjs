/**
 * Next.js incremental cache handler (next.config.ts `cacheHandler`) that keeps every entry in this
 * process's memory and nowhere else.
 *
 * Why: Next's default handler also writes cached reads to `.next/cache/fetch-cache` and ISR pages
 * under `.next/server`, and reads them back after a restart — whatever database the new process
 * talks to. A fresh database (deleting `.data/`, the e2e run's own PGlite directory) then showed
 * products of the old one. A server process is bound to one database for its whole life, so a
 * cache that lives and dies with the process always belongs to the database it came from, and
 * "delete `.data/` to start again" really starts again. A restart starts with an empty cache: the
 * first request of each read or page renders it again.
 *
 * Serves both kinds of entry Next stores through this interface:
 *   - FETCH: `unstable_cache` reads (lib/catalog/queries.ts …); tags come with set() (ctx.tags),
 *     get() adds ctx.tags and the page's implicit ctx.softTags;
 *   - APP_PAGE / APP_ROUTE / PAGES: ISR responses; tags (explicit and implicit `_N_T_…`) come in
 *     their `x-next-cache-tags` header.
 * revalidateTag(tags, durations) drops every entry written before the call that carries one of
 * the tags, at once — `{ expire: 0 }` (what this shop uses) and any longer profile alike: a
 * shopper never gets the stale copy, the next read renders fresh data.
 *
 * Memory is bounded by `cacheMaxMemorySize` (Next passes it as maxMemoryCacheSize; default 50 MB):
 * least recently used entries go first; 0 turns caching off. Next creates a handler per request,
 * so the store lives on globalThis and is shared by all of them.
 *
 * Several server instances each keep their own cache. With REDIS_URL set, revalidateTag also
 * reaches every other instance (tag-bus.mjs, Redis pub/sub: tag names only), which drops the
 * entries it wrote before the message arrived; without it a revalidation reaches only its own
 * instance, which is right for the single process `npm run shop` starts. After a Redis restart
 * each instance drops its whole cache once it listens again, and revalidations made while Redis
 * was down are sent when it is back (tag-bus.mjs), so none is lost.
 */
import { connectTagBus } from './tag-bus.mjs';

const STORE = Symbol.for('totara-home.memory-cache-handler');
const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
const TAGS_HEADER = 'x-next-cache-tags';

/**
 * @typedef {{ value: any, lastModified: number, cacheControl: any, tags: string[], bytes: number }} Entry
 * @typedef {{ entries: Map<string, Entry>, revalidatedAt: Map<string, number>, bytes: number, maxBytes: number, bus: { publish(tags: string[]): Promise<void> } | null }} Store
 */

/** Marks `tags` revalidated now: entries written before this moment that carry one are dropped when next read. */
function markRevalidated(store, tags) {
  const now = Date.now();
  for (const tag of tags) store.revalidatedAt.set(tag, now);
}

/** Forgets every entry (the instance may have missed revalidations); the next read of each renders it again. */
function dropAll(store) {
  store.entries.clear();
  store.bytes = 0;
}

/** The process-wide store (created once, with the first handler's size limit), listening to the other instances when REDIS_URL is set. @returns {Store} */
function processStore(maxBytes) {
  const g = /** @type {Record<symbol, Store | undefined>} */ (/** @type {unknown} */ (globalThis));
  if (!g[STORE]) {
    const store = { entries: new Map(), revalidatedAt: new Map(), bytes: 0, maxBytes, bus: null };
    // Marked at the time the message arrives here, not the sender's clock: the machines' clocks may differ.
    // Back on Redis after losing it (a restart): drop everything, since revalidations sent meanwhile were missed.
    if (process.env.REDIS_URL) store.bus = connectTagBus({ url: process.env.REDIS_URL, onRevalidate: (tags) => markRevalidated(store, tags), onResync: () => dropAll(store) });
    g[STORE] = store;
  }
  return /** @type {Store} */ (g[STORE]);
}

/** Rough size of a cached value in bytes (strings counted by length), for the memory bound. */
function sizeOf(value) {
  if (!value) return 25;
  switch (value.kind) {
    case 'FETCH':
      return (value.data?.body?.length ?? JSON.stringify(value.data ?? '').length) + 100;
    case 'APP_PAGE': {
      let size = (value.html?.length ?? 0) + (value.rscData?.length ?? 0) + (value.postponed?.length ?? 0);
      if (value.segmentData) for (const [path, buffer] of value.segmentData) size += path.length + (buffer?.length ?? 0);
      return size + 100;
    }
    case 'APP_ROUTE':
      return (value.body?.length ?? 0) + 100;
    case 'PAGES':
      return (value.html?.length ?? 0) + JSON.stringify(value.pageData ?? {}).length + 100;
    default:
      return JSON.stringify(value).length;
  }
}

/** Tags an entry is stored under: the fetch's tags, or a response's x-next-cache-tags header. */
function tagsOf(value, ctx) {
  if (value?.kind === 'FETCH') return [...(ctx?.tags ?? value.tags ?? [])];
  const header = value?.headers?.[TAGS_HEADER];
  return typeof header === 'string' && header !== '' ? header.split(',') : [];
}

export default class MemoryCacheHandler {
  /** @param {{ maxMemoryCacheSize?: number }} [options] what Next passes to every cache handler */
  constructor(options = {}) {
    this.store = processStore(options.maxMemoryCacheSize ?? DEFAULT_MAX_BYTES);
  }

  /**
   * The entry stored under `key`, or null when there is none or one of its tags (or of the
   * reader's ctx.tags / ctx.softTags) was revalidated after it was written.
   * @returns {Promise<{ value: any, lastModified: number, cacheControl?: any } | null>}
   */
  async get(key, ctx = {}) {
    const { entries, revalidatedAt } = this.store;
    const entry = entries.get(key);
    if (!entry) return null;
    const tags = [...entry.tags, ...(ctx.tags ?? []), ...(ctx.softTags ?? [])];
    // `>=`: an invalidation in the same millisecond as the write may have followed it.
    if (tags.some((tag) => (revalidatedAt.get(tag) ?? -Infinity) >= entry.lastModified)) {
      this.#delete(key);
      return null;
    }
    // Most recently used last: eviction takes from the front.
    entries.delete(key);
    entries.set(key, entry);
    return { value: entry.value, lastModified: entry.lastModified, cacheControl: entry.cacheControl };
  }

  /** Stores `value` (null is a cached "not found") under `key`, evicting the least recently used entries beyond the memory bound. */
  async set(key, value, ctx = {}) {
    const store = this.store;
    this.#delete(key);
    if (store.maxBytes <= 0) return;
    const bytes = key.length + sizeOf(value);
    if (bytes > store.maxBytes) return;
    const entry = { value, lastModified: Date.now(), cacheControl: ctx.fetchCache ? undefined : ctx.cacheControl, tags: tagsOf(value, ctx), bytes };
    store.entries.set(key, entry);
    store.bytes += bytes;
    for (const oldest of store.entries.keys()) {
      if (store.bytes <= store.maxBytes) break;
      this.#delete(oldest);
    }
  }

  /**
   * Drops, from now on, every entry written before this call that carries one of `tags`, here and
   * (REDIS_URL) on every other instance. A failed publish is logged, not thrown: the write that
   * asked for it has already happened, and the other instances' pages still expire by time.
   */
  async revalidateTag(tags) {
    const list = typeof tags === 'string' ? [tags] : [...tags];
    markRevalidated(this.store, list);
    if (!this.store.bus || list.length === 0) return;
    try {
      await this.store.bus.publish(list);
    } catch (err) {
      console.error('[cache] could not tell the other instances to revalidate', list.join(', '), '-', err.message);
    }
  }

  /** Nothing is kept per request. */
  resetRequestCache() {}

  #delete(key) {
    const entry = this.store.entries.get(key);
    if (!entry) return;
    this.store.entries.delete(key);
    this.store.bytes -= entry.bytes;
  }
}
