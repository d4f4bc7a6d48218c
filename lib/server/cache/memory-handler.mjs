/**
 * The page cache in this process's memory (cache-handler.mjs uses it when there is no shared
 * cache): @fortedigital/nextjs-cache-handler's `local-lru` handler, with one change — an entry is
 * measured by the bytes it holds, not by `JSON.stringify(entry).length`.
 *
 * Why not the library's handler as it is:
 * - It stringifies every entry it stores to measure it. A page's entry holds its RSC payload as a
 *   Buffer, which JSON turns into an array of numbers: a noticeable share of the CPU of rendering
 *   an uncached page went to that one measurement.
 * - The measure is wrong both ways: the RSC payload counts 2–4 times its bytes (so the
 *   cacheMaxMemorySize budget held fewer pages than it should), and a page's per-segment prefetch
 *   payloads (a Map of Buffers, which JSON writes as `{}`) count nothing at all (so they were
 *   outside the budget).
 *
 * The store is still the library's LRU (`createConfiguredCache`); get, set, revalidateTag and delete
 * do what `local-lru` does (same tag rules), so the library's CacheHandler drives it unchanged.
 * Plain JS with JSDoc types, like cache-handler.mjs.
 */
import { createConfiguredCache } from '@fortedigital/nextjs-cache-handler/local-lru';

/** Next.js's prefix of a path's implicit tags (NEXT_CACHE_IMPLICIT_TAG_ID). */
const IMPLICIT_TAG_PREFIX = '_N_T_';

/**
 * What a cached value occupies, in bytes, roughly: a string its length, a Buffer or typed array its
 * byteLength, a number or boolean 8, and arrays, Maps and objects the sum of their parts (keys
 * included). The same scale as the library's JSON length for text, without building the JSON.
 * @param {unknown} value an entry as Next.js hands it to a cache handler
 * @returns {number} bytes, at least 1 (the LRU refuses 0)
 */
export function entrySize(value) {
  return Math.max(1, sizeOf(value));
}

/** @param {unknown} value */
function sizeOf(value) {
  if (value === null || value === undefined) return 0;
  switch (typeof value) {
    case 'string':
      return value.length;
    case 'number':
    case 'boolean':
    case 'bigint':
      return 8;
    case 'object':
      break;
    default:
      return 0;
  }
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (value instanceof ArrayBuffer) return value.byteLength;
  let total = 0;
  if (value instanceof Map) {
    for (const [k, v] of value) total += sizeOf(k) + sizeOf(v);
    return total;
  }
  if (Array.isArray(value) || value instanceof Set) {
    for (const v of value) total += sizeOf(v);
    return total;
  }
  for (const k in value) total += k.length + sizeOf(value[k]);
  return total;
}

/**
 * An in-memory LRU handler for the library's CacheHandler.
 * @param {{ maxItemsNumber: number, maxBytes: number }} options how many entries and how many bytes
 *   (entrySize) it holds at most; the least recently used go first
 * @returns the library's Handler: get(key, { implicitTags }), set(key, value, ctx), revalidateTag(tag), delete(key)
 */
export function createMemoryHandler({ maxItemsNumber, maxBytes }) {
  // The library's option is named per item but is the LRU's maxSize: the budget of the whole store.
  const store = createConfiguredCache(entrySize, { maxItemsNumber, maxItemSizeBytes: maxBytes });
  /** Implicit tag (a path) → when it was last revalidated, ms. */
  const revalidatedTags = new Map();
  return {
    name: 'memory',
    get(key, { implicitTags }) {
      const entry = store.get(key);
      if (!entry) return Promise.resolve(null);
      for (const tag of new Set([...entry.tags, ...implicitTags])) {
        const at = revalidatedTags.get(tag);
        if (at && at > entry.lastModified) {
          store.delete(key);
          return Promise.resolve(null);
        }
      }
      return Promise.resolve(entry);
    },
    set(key, entry, ctx) {
      if (!(ctx?.setOnlyIfNotExists && store.has(key))) store.set(key, entry);
      return Promise.resolve();
    },
    revalidateTag(tag) {
      for (const [key, { tags }] of store.entries()) if (tags.includes(tag)) store.delete(key);
      // A path's implicit tag is on no entry: remembered, so older entries of that path miss.
      if (tag.startsWith(IMPLICIT_TAG_PREFIX)) revalidatedTags.set(tag, Date.now());
      return Promise.resolve();
    },
    delete(key) {
      store.delete(key);
      return Promise.resolve();
    },
  };
}
