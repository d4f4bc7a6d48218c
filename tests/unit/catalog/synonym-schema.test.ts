/**
 * The synonym set's input rules as the API and the /admin/search form share them
 * (lib/catalog/search/synonym-schema.ts; docs/search.md "Editing synonyms").
 */
import { describe, expect, test } from 'vitest';
import type { SynonymSet } from '@/lib/catalog/search/synonym-types';
import { normaliseWord, searchedWords, setWords, synonymSetSchema } from '@/lib/catalog/search/synonym-schema';

const parse = (body: unknown) => synonymSetSchema.safeParse(body);
const refusal = (body: unknown) => {
  const r = parse(body);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('synonym words', () => {
  test('trimmed, lower case, single spaces, Swedish letters folded; hyphens and apostrophes as typed', () => {
    expect(normaliseWord('  Lounge \t  Suite ')).toBe('lounge suite');
    expect(normaliseWord('PÖANG')).toBe('poang');
    expect(normaliseWord('Söderhamn')).toBe('soderhamn');
    expect(normaliseWord('T-Shirt')).toBe('t-shirt');
    expect(normaliseWord("Kids' Bed")).toBe("kids' bed");
  });

  test('a two-way set keeps each word once, in the order typed, and has no input', () => {
    const r = parse({ kind: 'two_way', input: 'x', terms: ['Couch', 'sofa', ' couch', '', 'Settee'] });
    expect(r.success && r.data).toEqual({ kind: 'two_way', input: null, terms: ['couch', 'sofa', 'settee'] });
  });

  test('a one-way set leaves its input out of its terms', () => {
    const r = parse({ kind: 'one_way', input: 'Lounge Suite', terms: ['sofa', 'lounge suite', 'Armchair'] });
    expect(r.success && r.data).toEqual({ kind: 'one_way', input: 'lounge suite', terms: ['sofa', 'armchair'] });
  });

  test('refusals name what to change', () => {
    expect(refusal({ kind: 'two_way', terms: ['couch'] })).toBe('A two-way set needs at least two different words.');
    expect(refusal({ kind: 'two_way', terms: ['Couch', 'couch '] })).toBe('A two-way set needs at least two different words.');
    expect(refusal({ kind: 'one_way', input: '  ', terms: ['sofa'] })).toBe('A one-way set needs the word shoppers search for.');
    expect(refusal({ kind: 'one_way', input: 'sofa', terms: ['Sofa'] })).toBe('A one-way set needs at least one other word that “sofa” also finds.');
    expect(refusal({ kind: 'two_way', terms: ['couch', 'sofa; settee'] })).toBe('“sofa; settee” may hold only letters, digits, spaces, hyphens and apostrophes. Separate words with commas.');
  });
});

describe('how a set reads', () => {
  test('two-way: its words; one-way: input → terms; the searched words are all of a two-way set and the input of a one-way set', () => {
    const twoWay: Omit<SynonymSet, 'id'> = { kind: 'two_way', input: null, terms: ['couch', 'sofa', 'settee'] };
    const oneWay: Omit<SynonymSet, 'id'> = { kind: 'one_way', input: 'lounge suite', terms: ['sofa', 'armchair'] };
    expect(setWords(twoWay)).toBe('couch, sofa, settee');
    expect(setWords(oneWay)).toBe('lounge suite → sofa, armchair');
    expect(searchedWords(twoWay)).toEqual(['couch', 'sofa', 'settee']);
    expect(searchedWords(oneWay)).toEqual(['lounge suite']);
  });
});
