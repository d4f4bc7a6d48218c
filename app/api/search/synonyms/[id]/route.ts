// PATCH /api/search/synonyms/{id} — replace a synonym set's kind and words (admin; docs/search.md "Editing synonyms")
// DELETE /api/search/synonyms/{id} — delete a synonym set (admin)
import { idParams, route } from '@/lib/http/route';
import { synonymSetSchema } from '@/lib/catalog/search/synonym-schema';
import { deleteSynonymSet, updateSynonymSet } from '@/lib/catalog/search/synonyms';

/** {kind, input?, terms} (the whole set) → 200 {id, kind, input, terms}; 400 as POST; 401/403; 404 unknown set; 409 a searched word already in another set. */
export const PATCH = route({ auth: 'admin', params: idParams, body: synonymSetSchema }, ({ user, params, body }) => updateSynonymSet(user, params.id, body));

/** → 200 {success, message}; 401/403; 404 unknown set. */
export const DELETE = route({ auth: 'admin', params: idParams }, ({ user, params }) => deleteSynonymSet(user, params.id));
