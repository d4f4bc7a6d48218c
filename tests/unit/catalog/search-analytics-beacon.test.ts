/**
 * The browser's search events (lib/catalog/search/analytics-beacon.ts): what reaches
 * POST /api/search/events when the results page or the search box's suggestions count a search.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { countSuggestionChosen, SEARCH_EVENTS_PATH, sendSearchEvent } from '@/lib/catalog/search/analytics-beacon';

let sent: { url: string; body: unknown; type: string }[];

beforeEach(() => {
  sent = [];
  vi.stubGlobal('window', {});
  vi.stubGlobal('navigator', {
    sendBeacon: (url: string, data: Blob) => {
      void data.text().then((text) => sent.push({ url, body: JSON.parse(text), type: data.type }));
      return true;
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('sendSearchEvent', () => {
  test('sends the event as JSON to the events path, the query trimmed and cut to 100 characters', async () => {
    sendSearchEvent({ kind: 'search', query: `  ${'a'.repeat(120)} `, results: 4 });
    await settle();
    expect(sent).toEqual([{ url: SEARCH_EVENTS_PATH, type: 'application/json', body: { kind: 'search', query: 'a'.repeat(100), results: 4 } }]);
  });

  test('a blank query sends nothing', async () => {
    sendSearchEvent({ kind: 'click', query: '   ' });
    await settle();
    expect(sent).toEqual([]);
  });

  test('when the beacon is refused, a keepalive fetch carries the event', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('navigator', { sendBeacon: () => false });
    vi.stubGlobal('fetch', fetch);
    sendSearchEvent({ kind: 'click', query: 'sofa' });
    expect(fetch).toHaveBeenCalledWith(SEARCH_EVENTS_PATH, expect.objectContaining({ method: 'POST', keepalive: true, body: JSON.stringify({ kind: 'click', query: 'sofa' }) }));
  });
});

test('countSuggestionChosen: a product chosen from the suggestions counts a search with what was shown, and a click', async () => {
  countSuggestionChosen('Poäng', 5);
  await settle();
  expect(sent.map((s) => s.body)).toEqual([
    { kind: 'search', query: 'Poäng', results: 5 },
    { kind: 'click', query: 'Poäng' },
  ]);
});
