/**
 * Which /products queries the page cache stores (issue 18): a listing's page is stored from its
 * second request on, as a CDN's "cache on second hit" (nginx's `proxy_cache_min_uses 2`).
 *
 * Why: a query nobody asked before — a long-tail search, a crawler walking filter combinations —
 * is most often never asked again. Rendered into the page cache, it costs Next.js its ISR work on
 * top of the render (the per-segment prefetch data, the cache entry: about 5 ms of server CPU a
 * page at 100,000 products, a fifth of a new search page; bench/README.md), and the entry pushes
 * pages that shoppers do repeat out of the 50 MB cache. Rendered per request, it costs the render
 * alone and stores nothing. The second request of the same listing goes to its cached twin, and
 * every one after that is a cache hit.
 *
 * The memory is the twin keys of the last ADMISSION_CAPACITY listings asked for, oldest first (a
 * Map keeps insertion order; a key asked again moves to the end), so a listing shoppers keep asking
 * for stays admitted while a crawler's one-off queries pass through. One per process: each server
 * of several counts its own requests, so a listing may render per request once on each.
 */

/** Listings remembered: their keys are at most 200 characters (lib/storefront/cached-pages.ts), so at most about 2 MB. */
export const ADMISSION_CAPACITY = 10_000;

/** Decides, per listing key, whether its page is stored in the page cache. */
export type Admission = { admit(key: string): boolean };

/** The recently asked listings; `admit` records each request. */
export class ListingAdmission implements Admission {
  private readonly seen = new Map<string, true>();

  constructor(private readonly capacity = ADMISSION_CAPACITY) {}

  /**
   * Records a request for the listing `key` (its twin key).
   * @returns true when it was asked for before, among the last `capacity` listings: its page is
   *   served from (and stored in) the page cache; false the first time: rendered per request
   */
  admit(key: string): boolean {
    const before = this.seen.delete(key);
    this.seen.set(key, true);
    if (this.seen.size > this.capacity) this.seen.delete(this.seen.keys().next().value!);
    return before;
  }
}

/** This process's memory of the listings asked for. */
export const listingAdmission = new ListingAdmission();
