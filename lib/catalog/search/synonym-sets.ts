/**
 * The synonym sets the search expands queries with (docs/search.md "Synonyms and New Zealand
 * words"): the one place the search reads them, cached so that a search asks the database for them
 * at most once a minute, and again as soon as the catalogue's tag expires. Server-only.
 */
import 'server-only';
import { unstable_cache } from 'next/cache';
import { asc } from 'drizzle-orm';
import { db } from '@/db/client';
import { searchSynonyms } from '@/db/schema';
import { TAGS } from '@/lib/catalog/tags';
import type { SynonymSet } from '@/lib/catalog/search/synonym-types';

async function readSynonymSets(): Promise<SynonymSet[]> {
  return db.select({ id: searchSynonyms.id, kind: searchSynonyms.kind, input: searchSynonyms.input, terms: searchSynonyms.terms }).from(searchSynonyms).orderBy(asc(searchSynonyms.id));
}

const cachedSynonymSets = unstable_cache(readSynonymSets, ['search:synonym-sets'], { tags: [TAGS.products], revalidate: 60 });

/** Every synonym set, by id: `{ id, kind, input, terms }` (SynonymSet). Called outside any other cached read, so that its own cache applies. */
export function synonymSetsForSearch(): Promise<SynonymSet[]> {
  return cachedSynonymSets();
}
