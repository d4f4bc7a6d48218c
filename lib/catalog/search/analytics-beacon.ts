/**
 * The browser's side of search counting (docs/search.md "What shoppers searched for"): sends one
 * event to POST /api/search/events without waiting for it or holding up a navigation. Browser-safe;
 * nothing of the shopper goes with it but the query and the result count.
 */
import { MAX_COUNTED_QUERY, type SearchEvent } from './analytics-schema';

export const SEARCH_EVENTS_PATH = '/api/search/events';

/**
 * Sends an event with navigator.sendBeacon (it survives the page being left), or a keepalive
 * fetch where the beacon is refused. Queries longer than the counted limit are cut to it; blank
 * ones are not sent. Never throws; the answer is not read.
 */
export function sendSearchEvent(event: SearchEvent): void {
  const query = event.query.trim().slice(0, MAX_COUNTED_QUERY).trim();
  if (!query || typeof window === 'undefined') return;
  const body = JSON.stringify({ ...event, query });
  try {
    if (navigator.sendBeacon?.(SEARCH_EVENTS_PATH, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // Some browsers refuse a JSON beacon; the fetch below carries it instead.
  }
  void fetch(SEARCH_EVENTS_PATH, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(() => undefined);
}

/**
 * For the search box's suggestions: the shopper typed `typed`, was offered `shown` suggestions and
 * chose a product among them, going straight to it — counted as a search with `shown` results and
 * a click. (A suggestion that opens the results page is counted there instead: do not call this.)
 */
export function countSuggestionChosen(typed: string, shown: number): void {
  sendSearchEvent({ kind: 'search', query: typed, results: Math.max(0, Math.trunc(shown)) });
  sendSearchEvent({ kind: 'click', query: typed });
}
