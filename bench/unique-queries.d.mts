/** bench/unique-queries.mjs, for the TypeScript benches: a function returning a new path of the kind at each call. */
export function uniqueQueries(kind: 'search' | 'filter' | 'page'): () => string;
