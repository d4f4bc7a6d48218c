'use client';
/**
 * Counts a search on the results page (docs/search.md "What shoppers searched for"): when the page
 * shows page 1 of a search it sends the query and the number of products shown, and the first
 * product the shopper opens from the results sends a click. It runs in the browser because the
 * page itself may be served from the front door's cache. Renders nothing.
 */
import { useEffect } from 'react';
import { sendSearchEvent } from '@/lib/catalog/search/analytics-beacon';

/** The last search counted in this tab, so a reload or a filter on the same search is not counted again. */
const COUNTED_KEY = 'search-counted';
/** Product links within the results section of /products. */
const RESULT_LINK = 'section[aria-labelledby="results-title"] a[href^="/products/"]';

export function SearchBeacon({ query, results, page }: { query: string | null; results: number; page: number }) {
  useEffect(() => {
    const typed = query?.trim();
    if (!typed || page !== 1) return;
    try {
      if (sessionStorage.getItem(COUNTED_KEY) === typed.toLowerCase()) return;
      sessionStorage.setItem(COUNTED_KEY, typed.toLowerCase());
    } catch {
      // Storage refused (private mode): count it anyway.
    }
    sendSearchEvent({ kind: 'search', query: typed, results });
  }, [query, results, page]);

  useEffect(() => {
    const typed = query?.trim();
    if (!typed) return;
    let clicked = false;
    const onClick = (e: MouseEvent) => {
      if (clicked || !(e.target instanceof Element) || !e.target.closest(RESULT_LINK)) return;
      clicked = true;
      sendSearchEvent({ kind: 'click', query: typed });
    };
    // auxclick: a middle click opens the product in a new tab.
    document.addEventListener('click', onClick);
    document.addEventListener('auxclick', onClick);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('auxclick', onClick);
    };
  }, [query]);

  return null;
}
