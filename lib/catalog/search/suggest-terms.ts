/**
 * Suggestions as you type (docs/search.md "Suggestions as you type"): how a query as typed becomes
 * the terms the suggestions match, and the rule for matching a short name (a category, a room, a
 * brand) against them. Pure and browser-safe: the route, the SQL and the search box share it.
 */
import { foldLetters } from '@/lib/catalog/search/fold';

/** Fewer characters than this (after trimming) suggest nothing. */
export const SUGGEST_MIN_CHARS = 2;
/** A longer query is refused (400): nobody types 100 characters into a search box. */
export const SUGGEST_MAX_CHARS = 100;
/** Suggestions in one answer, all groups together. */
export const SUGGEST_LIMIT = 8;
/** At most this many categories and rooms, and brands, so products keep most of the list. */
export const SUGGEST_CATEGORY_LIMIT = 3;
export const SUGGEST_BRAND_LIMIT = 2;

/**
 * The terms of a query as typed:
 * - `complete`: the words followed by a space or other separator, by position, each a list of
 *   alternatives (words or phrases) any of which may match — the typed word first. Before synonyms
 *   that is the word alone, plus its singular ("sofas" → sofas | sofa); with synonyms, the groups
 *   of expandQuery (lib/catalog/search/expand.ts), so a typed "couch " also suggests sofas.
 * - `partial`: the last word when the query does not end in a separator: the word still being
 *   typed, matched as a prefix ("sof" → sofa, sofas); null when the query ends in a space.
 * Words are lower case, Swedish letters folded ("poä" → poa), letters and digits only.
 */
export type SuggestTerms = { complete: string[][]; partial: string | null };

/** A query's words: lower case, folded, split on anything that is not a letter or a digit. */
export const wordsOf = (text: string): string[] =>
  foldLetters(text)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The word and its singular forms: "sofas" → sofas, sofa; "benches" → benches, bench. */
export const withSingulars = (word: string): string[] => [...new Set([word, word.replace(/es$/, ''), word.replace(/s$/, '')].filter((w) => w.length > 0))];

/**
 * The terms of a query (see SuggestTerms), or null when it suggests nothing: fewer than
 * SUGGEST_MIN_CHARS characters, or no letter or digit. `alternatives` turns the complete words
 * into their groups of alternatives; by default each word with its singulars.
 */
export function suggestTerms(q: string, alternatives: (completeWords: string[]) => string[][] = (words) => words.map(withSingulars)): SuggestTerms | null {
  const text = q.trim();
  if (text.length < SUGGEST_MIN_CHARS) return null;
  const words = wordsOf(text);
  if (words.length === 0) return null;
  const endsInWord = /[\p{L}\p{N}]$/u.test(q);
  const partial = endsInWord ? words[words.length - 1] : null;
  const completeWords = endsInWord ? words.slice(0, -1) : words;
  const complete = completeWords.length ? alternatives(completeWords).map((group) => [...new Set(group.map((alt) => wordsOf(alt).join(' ')).filter(Boolean))]).filter((g) => g.length > 0) : [];
  return { complete, partial };
}

/** The cache key of a query's terms: two spellings that match the same ("Sofa", "sofa ") share one answer. */
export const termsKey = (t: SuggestTerms): string => JSON.stringify([t.complete, t.partial]);

/**
 * Whether a short name (a category, a room, a brand) matches the terms: every complete group has an
 * alternative whose words all begin words of the name ("sofa" matches "Sofas & armchairs"), and the
 * partial word begins a word of the name ("bedr" matches "Bedroom").
 */
export function nameMatches(name: string, t: SuggestTerms): boolean {
  const words = wordsOf(name);
  const begins = (w: string) => words.some((n) => n.startsWith(w));
  const groupMatches = (group: string[]) => group.some((alt) => alt.split(' ').every(begins));
  return t.complete.every(groupMatches) && (t.partial === null || begins(t.partial));
}

/** Orders short names (categories, rooms, brands) for the terms: those whose first word starts with the first term first, then the shorter, then by name. */
export const byNameOrder =
  (t: SuggestTerms) =>
  (a: { name: string }, b: { name: string }): number => {
    const first = (t.complete[0]?.[0] ?? t.partial ?? '').split(' ')[0];
    const lead = (name: string) => ((wordsOf(name)[0] ?? '').startsWith(first) ? 0 : 1);
    return lead(a.name) - lead(b.name) || a.name.length - b.name.length || a.name.localeCompare(b.name);
  };
