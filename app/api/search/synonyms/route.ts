// GET /api/search/synonyms — every search synonym set (admin; docs/search.md "Editing synonyms")
// POST /api/search/synonyms — add a synonym set {kind, input?, terms} (admin)
import { json, route } from '@/lib/http/route';
import { synonymSetSchema } from '@/lib/catalog/search/synonym-schema';
import { createSynonymSet, listSynonymSets } from '@/lib/catalog/search/synonyms';

export const dynamic = 'force-dynamic';

/** → 200 [{id, kind, input, terms}] by their words; 401/403. */
export const GET = route({ auth: 'admin' }, ({ user }) => listSynonymSets(user));

/**
 * {kind: 'two_way' | 'one_way', input?, terms: string[]} → 201 {id, kind, input, terms}, words
 * normalised; 400 a two-way set of fewer than two words, a one-way set without its input or terms,
 * a word with other characters; 401/403; 409 a searched word already in another set (named).
 */
export const POST = route({ auth: 'admin', body: synonymSetSchema }, async ({ user, body }) => json(await createSynonymSet(user, body), 201));
