/**
 * Search synonym sets (docs/search.md "Synonyms and New Zealand words", "Editing synonyms"):
 * the sets every search reads (loadSynonyms, cached) and the back office's writes. Server-only.
 *
 * Rules: a set's words are normalised and checked by synonymSetSchema
 * (lib/catalog/search/synonym-schema.ts: 400 for a two-way set of fewer than two words, a one-way
 * set without its input or terms, a word with other characters); a word that another set already
 * searches by is refused with 409 naming that set. The searched words of each set (every word of a
 * two-way set, the input of a one-way set) are kept as rows of search_synonym_terms, whose primary
 * key holds each word in one set only, also when two writes race. Every write expires the sets'
 * cache and the cached search results and facet counts, so the next search uses the change.
 */
import 'server-only';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { revalidateTag, unstable_cache } from 'next/cache';
import { db, type Executor } from '@/db/client';
import { searchSynonyms, searchSynonymTerms } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { recordAudit } from '@/lib/audit/record';
import { TAGS } from '@/lib/catalog/tags';
import { searchedWords, setWords, synonymSetSchema, type SynonymSetBody, type SynonymSetInput } from '@/lib/catalog/search/synonym-schema';
import type { SynonymSet } from '@/lib/catalog/search/synonym-types';
import { AppError, badRequest, notFound } from '@/lib/server/errors';

export type { SynonymSet };

const columns = { id: searchSynonyms.id, kind: searchSynonyms.kind, input: searchSynonyms.input, terms: searchSynonyms.terms };

/** Every set, oldest first. */
const readSynonyms = (): Promise<SynonymSet[]> => db.select(columns).from(searchSynonyms).orderBy(asc(searchSynonyms.id));

/**
 * Every synonym set, for the search's expansion (lib/catalog/search/expand.ts). Cached under
 * TAGS.synonyms, so a search reads no table for them; the writes below expire it. The five-minute
 * revalidation only covers sets changed outside the shop (a migration's seed list).
 */
export const loadSynonyms = unstable_cache(readSynonyms, ['search:synonyms'], { tags: [TAGS.synonyms], revalidate: 300 });

/**
 * Every set, read fresh, for the back office (GET /api/search/synonyms, /admin/search), in the
 * order staff read them: by their words. @returns SynonymSet[]
 * @throws 401/403 not an administrator
 */
export async function listSynonymSets(actor: SessionUser): Promise<SynonymSet[]> {
  authorize(actor, 'products.write');
  const sets = await readSynonyms();
  return sets.sort((a, b) => setWords(a).localeCompare(setWords(b), 'en-NZ'));
}

/** The input checked and normalised by the one schema, whoever calls (400 with its message). */
function parseSet(input: SynonymSetBody | SynonymSetInput): SynonymSetInput {
  const parsed = synonymSetSchema.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Please check the words of the set.');
  return parsed.data;
}

/**
 * The 409 for the first of `words` that another set (not `exceptId`) already searches by, naming
 * that set: “couch” is already in the set “couch, sofa, settee”. Null when none is taken.
 */
async function clashOf(executor: Executor, words: string[], exceptId?: number): Promise<AppError | null> {
  const [taken] = await executor
    .select({ term: searchSynonymTerms.term, ...columns })
    .from(searchSynonymTerms)
    .innerJoin(searchSynonyms, eq(searchSynonyms.id, searchSynonymTerms.synonymId))
    .where(and(inArray(searchSynonymTerms.term, words), exceptId === undefined ? undefined : ne(searchSynonymTerms.synonymId, exceptId)))
    .orderBy(asc(searchSynonymTerms.term))
    .limit(1);
  if (!taken) return null;
  return new AppError('conflict', `“${taken.term}” is already in the set “${setWords(taken)}”.`, { field: 'terms' });
}

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return (err?.code ?? err?.cause?.code) === '23505';
}

/**
 * Runs a write that inserts the set's searched words. A word another transaction took first
 * breaks search_synonym_terms' primary key: that is the same 409, naming the set read after
 * the other write committed.
 */
async function writingWords<T>(words: string[], exceptId: number | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    throw (await clashOf(db, words, exceptId)) ?? new AppError('conflict', 'One of these words is already in another set.', { field: 'terms' });
  }
}

/** A synonym set as the audit log names it: by its words. */
const synonymTarget = (set: SynonymSet) => ({ type: 'synonym_set', id: set.id, label: setWords(set) });

/** The sets' cache and every cached search result and facet count (tagged TAGS.products). */
function invalidateSynonyms() {
  revalidateTag(TAGS.synonyms, { expire: 0 });
  revalidateTag(TAGS.products, { expire: 0 });
}

/**
 * Adds a synonym set. `input` is normalised (see synonymSetSchema). @returns the stored SynonymSet
 * (201 at the door)
 * @throws 401/403 not an administrator; 400 a set the schema refuses; 409 a searched word that is
 * already in another set (the message names it)
 */
export async function createSynonymSet(actor: SessionUser, input: SynonymSetBody | SynonymSetInput): Promise<SynonymSet> {
  authorize(actor, 'products.write');
  const set = parseSet(input);
  const words = searchedWords(set);
  const created = await writingWords(words, undefined, () =>
    db.transaction(async (tx) => {
      const clash = await clashOf(tx, words);
      if (clash) throw clash;
      const [row] = await tx.insert(searchSynonyms).values(set).returning(columns);
      await tx.insert(searchSynonymTerms).values(words.map((term) => ({ term, synonymId: row.id })));
      await recordAudit(tx, actor, { action: 'synonym_set.create', target: synonymTarget(row), after: row });
      return row;
    }),
  );
  invalidateSynonyms();
  return created;
}

/**
 * Replaces a set's kind and words (the whole set is sent, as the form holds it). @returns the
 * stored SynonymSet
 * @throws 401/403 not an administrator; 404 no such set; 400 a set the schema refuses; 409 a
 * searched word that is already in another set
 */
export async function updateSynonymSet(actor: SessionUser, id: number, input: SynonymSetBody | SynonymSetInput): Promise<SynonymSet> {
  authorize(actor, 'products.write');
  const set = parseSet(input);
  const words = searchedWords(set);
  const updated = await writingWords(words, id, () =>
    db.transaction(async (tx) => {
      const [current] = await tx.select(columns).from(searchSynonyms).where(eq(searchSynonyms.id, id)).for('update');
      if (!current) throw notFound('That synonym set does not exist.');
      const clash = await clashOf(tx, words, id);
      if (clash) throw clash;
      await tx.delete(searchSynonymTerms).where(eq(searchSynonymTerms.synonymId, id));
      const [row] = await tx
        .update(searchSynonyms)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(searchSynonyms.id, id))
        .returning(columns);
      await tx.insert(searchSynonymTerms).values(words.map((term) => ({ term, synonymId: id })));
      await recordAudit(tx, actor, { action: 'synonym_set.update', target: synonymTarget(row), before: current, after: row });
      return row;
    }),
  );
  invalidateSynonyms();
  return updated;
}

/**
 * Deletes a set and its searched words. @returns { success, message }
 * @throws 401/403 not an administrator; 404 no such set
 */
export async function deleteSynonymSet(actor: SessionUser, id: number): Promise<{ success: true; message: string }> {
  authorize(actor, 'products.write');
  const deleted = await db.transaction(async (tx) => {
    // The searched words go with the set (ON DELETE CASCADE).
    const [row] = await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning(columns);
    if (!row) throw notFound('That synonym set does not exist.');
    await recordAudit(tx, actor, { action: 'synonym_set.delete', target: synonymTarget(row), before: row });
    return row;
  });
  invalidateSynonyms();
  return { success: true, message: `The set “${setWords(deleted)}” was deleted.` };
}
