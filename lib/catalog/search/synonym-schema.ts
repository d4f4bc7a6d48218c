/**
 * The input of a search synonym set (POST and PATCH /api/search/synonyms, the Synonyms form of
 * /admin/search) and how a set is named to staff; browser-safe. The rules (docs/search.md
 * "Editing synonyms"):
 *   - a word or phrase is trimmed, lower case, with single spaces, Swedish letters folded to ASCII
 *     ("Pöang" → "poang", as the search folds them); hyphens and apostrophes stay as typed
 *     ("t-shirt", "kids' bed"): the search's expansion adds the hyphen, space and joined variants;
 *   - only letters, digits, spaces, hyphens and apostrophes; at most WORD_MAX characters a word and
 *     SET_MAX words a set;
 *   - the same word twice in one set counts once; a one-way set's input is not among its terms;
 *   - two-way: at least two different words (`input` is ignored); one-way: the word shoppers search
 *     for (`input`) and at least one other word it also finds (`terms`).
 * A word already searched by another set is refused by the service (409), not here.
 */
import { z } from 'zod';
import { foldLetters } from '@/lib/catalog/search/fold';
import type { SynonymSet } from '@/lib/catalog/search/synonym-types';

export const SYNONYM_KINDS = ['two_way', 'one_way'] as const satisfies readonly SynonymSet['kind'][];
/** The most characters of one word or phrase. */
export const WORD_MAX = 60;
/** The most words and phrases in one set, the input of a one-way set included. */
export const SET_MAX = 20;

const WORD_CHARS = /^[\p{L}\p{N}' -]+$/u;

/** A word or phrase as stored: trimmed, lower case, single spaces, Swedish letters folded. */
export const normaliseWord = (word: string) => foldLetters(word.trim().replace(/\s+/g, ' ').toLowerCase());

/** Words and phrases as stored, blanks left out, each once, in the order typed. */
export const normaliseWords = (words: string[]) => [...new Set(words.map(normaliseWord).filter(Boolean))];

/** The words of a comma-separated list as staff type it in the form ("couch, sofa, settee"). */
export const splitWords = (text: string) => text.split(',');

/** How staff see a set: "couch, sofa, settee" or "lounge suite → sofa, armchair". */
export const setWords = (set: Pick<SynonymSet, 'kind' | 'input' | 'terms'>) => (set.kind === 'one_way' ? `${set.input} → ${set.terms.join(', ')}` : set.terms.join(', '));

/** The words a shopper's search is looked up by: every word of a two-way set, the input of a one-way set. */
export const searchedWords = (set: Pick<SynonymSet, 'kind' | 'input' | 'terms'>) => (set.kind === 'one_way' ? [set.input!] : set.terms);

const textList = z.array(z.string({ error: 'Each word must be text.' }), { error: 'The words must be a list.' }).max(SET_MAX * 2, `A set holds at most ${SET_MAX} words.`);

/**
 * { kind, input?, terms } → { kind, input (null for two-way), terms } normalised; every refusal is
 * one message naming what to change (400 at the door).
 */
export const synonymSetSchema = z
  .object({
    kind: z.enum(SYNONYM_KINDS, { error: 'Kind must be two_way or one_way.' }),
    input: z.string({ error: 'The searched word must be text.' }).nullable().optional(),
    terms: textList,
  })
  .transform((raw, ctx): Omit<SynonymSet, 'id'> => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message, path: [] });
      return z.NEVER;
    };
    const typed = [...(raw.kind === 'one_way' ? [raw.input ?? ''] : []), ...raw.terms].map(normaliseWord).filter(Boolean);
    for (const word of typed) {
      if (word.length > WORD_MAX) return fail(`“${word.slice(0, 20)}…” is too long: a word or phrase has at most ${WORD_MAX} characters.`);
      if (!WORD_CHARS.test(word)) return fail(`“${word}” may hold only letters, digits, spaces, hyphens and apostrophes. Separate words with commas.`);
    }
    if (raw.kind === 'two_way') {
      const terms = normaliseWords(raw.terms);
      if (terms.length < 2) return fail('A two-way set needs at least two different words.');
      if (terms.length > SET_MAX) return fail(`A set holds at most ${SET_MAX} words.`);
      return { kind: 'two_way', input: null, terms };
    }
    const input = normaliseWord(raw.input ?? '');
    if (!input) return fail('A one-way set needs the word shoppers search for.');
    const terms = normaliseWords(raw.terms).filter((t) => t !== input);
    if (terms.length === 0) return fail(`A one-way set needs at least one other word that “${input}” also finds.`);
    if (terms.length + 1 > SET_MAX) return fail(`A set holds at most ${SET_MAX} words.`);
    return { kind: 'one_way', input, terms };
  });

export type SynonymSetInput = z.output<typeof synonymSetSchema>;
export type SynonymSetBody = z.input<typeof synonymSetSchema>;
