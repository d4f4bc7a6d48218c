/**
 * Where the search box's suggestions come from, in the browser (docs/search.md "Suggestions as you
 * type"): one answer per query kept in memory for the page's life, and the rule that an older
 * answer never replaces a newer one. No React here, so the rule is tested on its own.
 */

/** The outcome of a load: the answer for the latest query, or 'stale' when a newer load was started meanwhile (or this one was aborted). */
export type Loaded<T> = { status: 'fresh'; value: T } | { status: 'stale' };

/**
 * The query as the cache and the server see it: lower case, leading blanks dropped, runs of blanks
 * one space, a trailing blank kept (it tells a finished word from one being typed: "sofa " vs "sofa").
 */
export const suggestionKey = (q: string) => q.toLowerCase().replace(/\s+/g, ' ').replace(/^ /, '');

/**
 * `fetcher(key, signal)` asks the server. `load(key)` answers from the memory cache when it can;
 * else aborts the load still running and asks; its answer is cached either way but returned as
 * 'fresh' only if no load started after it (request ids), so a slow answer to "so" can never
 * overwrite the list for "sofa". A failed request throws, unless it was stale.
 */
export function createSuggestionSource<T>(fetcher: (key: string, signal: AbortSignal) => Promise<T>) {
  const cache = new Map<string, T>();
  let latest = 0;
  let running: AbortController | null = null;
  return {
    /** The cached answer for `key`, if any. */
    cached: (key: string): T | undefined => cache.get(key),
    /** Marks every load under way as stale (the box was cleared or closed). */
    cancel(): void {
      latest++;
      running?.abort();
      running = null;
    },
    async load(key: string): Promise<Loaded<T>> {
      const id = ++latest;
      const hit = cache.get(key);
      if (hit !== undefined) return { status: 'fresh', value: hit };
      running?.abort();
      const controller = new AbortController();
      running = controller;
      try {
        const value = await fetcher(key, controller.signal);
        cache.set(key, value);
        return id === latest ? { status: 'fresh', value } : { status: 'stale' };
      } catch (e) {
        if (id !== latest || controller.signal.aborted) return { status: 'stale' };
        throw e;
      } finally {
        if (running === controller) running = null;
      }
    },
  };
}
