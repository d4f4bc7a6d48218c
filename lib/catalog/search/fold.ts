/** Letter folding shared by the search's SQL and the browser's search box (browser-safe). */

const FOLD_FROM = 'ÅÄÖåäöÉéÜüØøÆæ';
const FOLD_TO = 'AAOaaoEeUuOoAa';

/**
 * Swedish letters folded to ASCII, so "poang" finds POÄNG and "soderhamn" SÖDERHAMN: the query's
 * side of products.name_folded (the same translate(), db/schema.ts), done here so that the
 * database gets a plain value to look up in the index.
 */
export const foldLetters = (text: string) => text.replace(/[ÅÄÖåäöÉéÜüØøÆæ]/g, (c) => FOLD_TO[FOLD_FROM.indexOf(c)]);
