/**
 * A search's words and what each may also match: the synonym sets staff keep on /admin/search, the
 * word's singular and plural, and hyphen/space/joined spellings (docs/search.md "Synonyms and New
 * Zealand words"). Pure and browser-safe: the search SQL (lib/catalog/search/search.ts) turns the
 * groups into a tsquery, and the back office may show what a query expands to.
 */
import pluralize from 'pluralize';
import type { SynonymSet } from '@/lib/catalog/search/synonym-types';

/** The most words a query is read as (a longer query keeps its first words: MAX_QUERY_LENGTH bounds the text anyway). */
const MAX_GROUPS = 12;
/** The most alternatives one position may match, the typed word included: bounds the size of the tsquery. */
const MAX_ALTERNATIVES = 16;

/**
 * A query's words: lower case, any character other than a letter, digit, apostrophe, slash or dot
 * separating words (so "sofa-bed" reads as "sofa bed"; "sit/stand" stays one word, as the
 * full-text parser reads it), curly apostrophes straightened, and apostrophes, slashes and dots at
 * a word's ends dropped ("kids'" → "kids").
 */
export function queryWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .split(/[^\p{L}\p{N}'/.]+/u)
    .map((w) => w.replace(/^['/.]+|['/.]+$/g, ''))
    .filter(Boolean);
}

/** The key a word or phrase is looked up by: its words, single spaces, without apostrophes ("children's" and "childrens" are one key). */
const keyOf = (words: string[]) => words.join(' ').replace(/'/g, '');

/** Whether pluralize may inflect a word: letters only, three or more ("3", "w", "children's" are left alone). */
const inflectable = (word: string) => /^\p{L}{3,}$/u.test(word);

/** A word or phrase with its last word in the singular and in the plural, the form given first ("shelves" → shelves, shelf). */
export function inflections(phrase: string): string[] {
  const words = phrase.split(' ');
  const last = words[words.length - 1];
  if (!inflectable(last)) return [phrase];
  const head = words.slice(0, -1);
  const forms = [last, pluralize.singular(last), pluralize.plural(last)].map((w) => [...head, w].join(' '));
  return [...new Set(forms)];
}

/**
 * The lookup of the synonym sets: key → the alternatives that key also finds. A two-way set's
 * every word finds every other; a one-way set's input finds its terms. A multi-word word of a set
 * is also found written as one word ("sofa bed" → "sofabed"), the shopper's joined spelling of
 * a compound the catalogue writes apart or hyphenated.
 */
function lookupOf(sets: SynonymSet[]): Map<string, string[]> {
  const lookup = new Map<string, string[]>();
  const add = (key: string, finds: string[]) => lookup.set(key, [...new Set([...(lookup.get(key) ?? []), ...finds])]);
  const addWord = (word: string, finds: string[]) => {
    const words = queryWords(word);
    if (words.length === 0) return;
    const alternatives = finds.map((t) => queryWords(t).join(' ')).filter(Boolean);
    add(keyOf(words), alternatives);
    if (words.length > 1) add(keyOf([words.join('')]), [words.join(' '), ...alternatives]);
  };
  for (const set of sets) {
    if (set.kind === 'two_way') for (const term of set.terms) addWord(term, set.terms);
    else if (set.input) addWord(set.input, set.terms);
  }
  return lookup;
}

/** The alternatives of `words` in the lookup: as typed, else with the last word in the singular, else in the plural; undefined when none. */
function find(lookup: Map<string, string[]>, words: string[]): string[] | undefined {
  for (const form of inflections(words.join(' '))) {
    const found = lookup.get(keyOf(form.split(' ')));
    if (found) return found;
  }
  return undefined;
}

/**
 * The query's words grouped by position, each group the alternatives (words or phrases) that
 * position may match, the typed word or phrase first. Multi-word synonyms ("lounge suite", "kids
 * bed") are matched longest first, so a phrase's own set wins over its words' sets; a word of no
 * set stands alone. Every alternative comes with its last word's singular and plural ("shelves" →
 * shelf, "couch" → couches, sofa, sofas …). Hyphens read as spaces ("sofa-bed" = "sofa bed"), a
 * joined word finds the set of its spaced form ("sofabed"), apostrophes do not count
 * ("childrens" = "children's"). At most MAX_GROUPS groups of MAX_ALTERNATIVES alternatives; [] for
 * a query without words. Pure; `sets` as loadSynonyms gives them.
 */
export function expandQuery(q: string, sets: SynonymSet[]): string[][] {
  const words = queryWords(q).slice(0, MAX_GROUPS);
  const lookup = lookupOf(sets);
  const longest = Math.max(1, ...[...lookup.keys()].map((k) => k.split(' ').length));
  const groups: string[][] = [];
  for (let i = 0; i < words.length; ) {
    let span = Math.min(longest, words.length - i);
    let found: string[] | undefined;
    for (; span > 1; span--) if ((found = find(lookup, words.slice(i, i + span)))) break;
    if (!found) found = find(lookup, [words[i]]);
    const typed = words.slice(i, i + span).join(' ');
    const alternatives = [typed, ...(found ?? [])].flatMap(inflections);
    groups.push([...new Set(alternatives)].slice(0, MAX_ALTERNATIVES));
    i += span;
  }
  return groups;
}
