/**
 * Suggestions as you type, without a database (docs/search.md "Suggestions as you type"): how a
 * query as typed becomes terms, how a short name matches them, and the search box's rule that an
 * older answer never replaces a newer one, with its memory of answers.
 */
import { describe, expect, test } from 'vitest';
import { nameMatches, suggestTerms } from '@/lib/catalog/search/suggest-terms';
import { createSuggestionSource, suggestionKey } from '@/components/site/suggestion-source';

describe('suggestTerms', () => {
  test('the last word is being typed unless a separator follows it', () => {
    expect(suggestTerms('sof')).toEqual({ complete: [], partial: 'sof' });
    expect(suggestTerms('kivik 3')).toEqual({ complete: [['kivik']], partial: '3' });
    expect(suggestTerms('Sofas ')).toEqual({ complete: [['sofas', 'sofa']], partial: null });
    expect(suggestTerms('3-s')).toEqual({ complete: [['3']], partial: 's' });
  });

  test('letters are folded and lower case; fewer than 2 characters or no letter suggests nothing', () => {
    expect(suggestTerms('POÄ')).toEqual({ complete: [], partial: 'poa' });
    for (const q of ['', 's', '  s  ', '!!', '--']) expect(suggestTerms(q), q).toBeNull();
  });

  test('alternatives replace the complete words: each group the words or phrases its position may match', () => {
    const terms = suggestTerms('couch gr', (words) => words.map((w) => (w === 'couch' ? ['couch', 'Sofa', 'lounge suite'] : [w])));
    expect(terms).toEqual({ complete: [['couch', 'sofa', 'lounge suite']], partial: 'gr' });
  });
});

describe('nameMatches', () => {
  test('every complete group and the partial word begin words of the name', () => {
    expect(nameMatches('Sofas & armchairs', suggestTerms('sof')!)).toBe(true);
    expect(nameMatches('Sofas & armchairs', suggestTerms('couch ', () => [['couch', 'sofa']])!)).toBe(true);
    expect(nameMatches('Bedroom', suggestTerms('bedr')!)).toBe(true);
    expect(nameMatches('Beds', suggestTerms('bedr')!)).toBe(false);
    expect(nameMatches('Chests of drawers & drawer units', suggestTerms('chest dr')!)).toBe(true);
    expect(nameMatches('Chests of drawers & drawer units', suggestTerms('chest sofa')!)).toBe(false);
  });
});

/** A fetcher whose answers the test releases by hand, in any order; it ignores the abort signal, as a slow network may. */
function controlledFetcher() {
  const pending = new Map<string, (value: string) => void>();
  const asked: string[] = [];
  const fetcher = (key: string) =>
    new Promise<string>((resolve) => {
      asked.push(key);
      pending.set(key, resolve);
    });
  return { fetcher, asked, answer: (key: string) => pending.get(key)!(`answer for ${key}`) };
}

describe('createSuggestionSource', () => {
  test('an older answer arriving after a newer one is stale: it never replaces the newer list', async () => {
    const { fetcher, answer } = controlledFetcher();
    const source = createSuggestionSource(fetcher);
    const first = source.load('so');
    const second = source.load('sofa');
    answer('sofa');
    answer('so');
    expect(await second).toEqual({ status: 'fresh', value: 'answer for sofa' });
    expect(await first).toEqual({ status: 'stale' });
    // The late answer is still worth keeping for when "so" is typed again.
    expect(source.cached('so')).toBe('answer for so');
  });

  test('the first load started is aborted when a newer one starts', async () => {
    const signals: AbortSignal[] = [];
    const source = createSuggestionSource((key, signal) => {
      signals.push(signal);
      return new Promise<string>((resolve, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    });
    const first = source.load('so');
    void source.load('sof');
    expect(signals[0].aborted).toBe(true);
    expect(signals[1].aborted).toBe(false);
    expect(await first).toEqual({ status: 'stale' });
  });

  test('a query asked before is answered from memory, without a request', async () => {
    const { fetcher, asked, answer } = controlledFetcher();
    const source = createSuggestionSource(fetcher);
    const once = source.load('bed');
    answer('bed');
    await once;
    expect(await source.load('bed')).toEqual({ status: 'fresh', value: 'answer for bed' });
    expect(asked).toEqual(['bed']);
  });

  test('cancel makes the load under way stale (the box was cleared)', async () => {
    const { fetcher, answer } = controlledFetcher();
    const source = createSuggestionSource(fetcher);
    const load = source.load('be');
    source.cancel();
    answer('be');
    expect(await load).toEqual({ status: 'stale' });
  });

  test('a failed request of the latest query throws; the box shows nothing rather than old suggestions', async () => {
    const source = createSuggestionSource(() => Promise.reject(new Error('network')));
    await expect(source.load('sofa')).rejects.toThrow('network');
  });

  test('suggestionKey: case and blanks do not make a new query, a trailing space does', () => {
    expect(suggestionKey('  Sofa   Bed')).toBe('sofa bed');
    expect(suggestionKey('sofa ')).toBe('sofa ');
    expect(suggestionKey('sofa')).not.toBe(suggestionKey('sofa '));
  });
});
