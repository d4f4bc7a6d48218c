/**
 * expandQuery (lib/catalog/search/expand.ts): what each position of a query may match — synonym
 * sets, singular and plural, hyphen/space/joined spellings — and searchGroups, which decides when
 * the search reads the text as typed instead.
 */
import { describe, expect, test } from 'vitest';
import { expandQuery, queryWords } from '@/lib/catalog/search/expand';
import { searchGroups } from '@/lib/catalog/search/search';
import type { SynonymSet } from '@/lib/catalog/search/synonym-types';

let nextId = 1;
const twoWay = (...terms: string[]): SynonymSet => ({ id: nextId++, kind: 'two_way', input: null, terms });
const oneWay = (input: string, ...terms: string[]): SynonymSet => ({ id: nextId++, kind: 'one_way', input, terms });

const SETS: SynonymSet[] = [
  twoWay('sofa', 'couch', 'settee'),
  twoWay('sofa bed', 'sleeper sofa'),
  oneWay('lounge suite', 'sofa', 'armchair'),
  twoWay('kids', "children's", 'junior'),
  oneWay('kids bed', 'bunk bed', 'cot'),
  oneWay('robe', 'wardrobe'),
  twoWay('standing desk', 'sit/stand desk'),
];

describe('expandQuery', () => {
  test('a two-way set: the typed word first, then the others, each with its singular and plural', () => {
    expect(expandQuery('couch', SETS)).toEqual([['couch', 'couches', 'sofa', 'sofas', 'settee', 'settees']]);
    expect(expandQuery('sofa', SETS)[0].slice(0, 2)).toEqual(['sofa', 'sofas']);
    expect(expandQuery('sofa', SETS)[0]).toContain('couch');
  });

  test('a one-way set finds its terms from its input only', () => {
    expect(expandQuery('robe', SETS)).toEqual([['robe', 'robes', 'wardrobe', 'wardrobes']]);
    expect(expandQuery('wardrobe', SETS)).toEqual([['wardrobe', 'wardrobes']]);
  });

  test('multi-word synonyms are matched longest first, as one position', () => {
    expect(expandQuery('lounge suite', SETS)).toEqual([['lounge suite', 'lounge suites', 'sofa', 'sofas', 'armchair', 'armchairs']]);
    // "kids bed" has a set of its own, which wins over the set of "kids".
    expect(expandQuery('kids bed', SETS)).toEqual([['kids bed', 'kids beds', 'bunk bed', 'bunk beds', 'cot', 'cots']]);
    // "kids desk" has none: "kids" expands, "desk" stands alone.
    expect(expandQuery('kids desk', SETS)).toEqual([
      ['kids', 'kid', "children's", 'junior', 'juniors'],
      ['desk', 'desks'],
    ]);
  });

  test('a plural finds the set of its singular, and the other way round', () => {
    expect(expandQuery('couches', SETS)[0]).toEqual(['couches', 'couch', 'sofa', 'sofas', 'settee', 'settees']);
    expect(expandQuery('lounge suites', SETS)[0]).toContain('armchair');
    expect(expandQuery('kid', SETS)[0]).toContain("children's");
  });

  test('words of no set still get their singular or plural: shelves/shelf, benches/bench', () => {
    expect(expandQuery('oak shelves', [])).toEqual([
      ['oak', 'oaks'],
      ['shelves', 'shelf'],
    ]);
    expect(expandQuery('benches', [])).toEqual([['benches', 'bench']]);
  });

  test('hyphen, space and joined spellings meet: sofa-bed, sofa bed and sofabed reach the same set', () => {
    const spaced = expandQuery('sofa bed', SETS);
    expect(spaced).toEqual([['sofa bed', 'sofa beds', 'sleeper sofa', 'sleeper sofas']]);
    expect(expandQuery('sofa-bed', SETS)).toEqual(spaced);
    expect(expandQuery('Sofabed', SETS)).toEqual([['sofabed', 'sofabeds', ...spaced[0]]]);
  });

  test('apostrophes do not count, curly or straight: childrens = children’s = children\'s', () => {
    const alternatives = (q: string) => expandQuery(q, SETS)[0].slice(1);
    expect(alternatives('childrens')).toContain('kids');
    expect(alternatives('children’s')).toContain('kids');
    expect(alternatives("children's")).toContain('kids');
  });

  test('a slash joins a word as the full-text parser reads it ("sit/stand")', () => {
    expect(queryWords('Desk sit/stand, white')).toEqual(['desk', 'sit/stand', 'white']);
    expect(expandQuery('standing desk', SETS)[0]).toContain('sit/stand desk');
  });

  test('words are lower case, punctuation separates them, digits are left alone; no words, no groups', () => {
    expect(expandQuery('3-Seat SOFA!', [])).toEqual([['3'], ['seat', 'seats'], ['sofa', 'sofas']]);
    expect(expandQuery('  ', SETS)).toEqual([]);
    expect(expandQuery('—', SETS)).toEqual([]);
  });

  test('is bounded: at most 12 positions of at most 16 alternatives', () => {
    const long = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    expect(expandQuery(long, []).length).toBe(12);
    const wide = [twoWay(...Array.from({ length: 40 }, (_, i) => `chair${String.fromCharCode(97 + (i % 26))}${i}`))];
    expect(expandQuery(wide[0].terms[0], wide)[0].length).toBe(16);
  });
});

describe('searchGroups', () => {
  test('null when nothing is added, for a SKU, and for the search syntax; the groups otherwise', () => {
    expect(searchGroups('3 55', [])).toBeNull();
    expect(searchGroups('904.203.32', SETS)).toBeNull();
    expect(searchGroups('"couch"', SETS)).toBeNull();
    expect(searchGroups('couch -leather', SETS)).toBeNull();
    expect(searchGroups('couch or sofa', SETS)).toBeNull();
    expect(searchGroups(null, SETS)).toBeNull();
    expect(searchGroups('couch', SETS)).toEqual(expandQuery('couch', SETS));
  });
});
