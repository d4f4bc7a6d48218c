/**
 * A search synonym set as the back office edits it and the search expands it (docs/search.md
 * "Synonyms and New Zealand words"); browser-safe. Words and phrases are lower case with single
 * spaces. `two_way`: every word of `terms` finds every other. `one_way`: a search for `input` also
 * finds `terms`, not the other way round.
 */
export type SynonymSet = {
  id: number;
  kind: 'two_way' | 'one_way';
  input: string | null;
  terms: string[];
};
