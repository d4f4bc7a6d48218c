/**
 * Search synonyms edited in the back office: GET/POST /api/search/synonyms,
 * PATCH/DELETE /api/search/synonyms/{id} through their route handlers on a real database — what
 * an administrator sees, what the search reads (loadSynonyms) and which searched words are held
 * (search_synonym_terms).
 */
import { eq, sql } from 'drizzle-orm';
import { revalidateTag } from 'next/cache';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { GET, POST } from '@/app/api/search/synonyms/route';
import { DELETE, PATCH } from '@/app/api/search/synonyms/[id]/route';
import { db } from '@/db/client';
import { searchSynonyms, searchSynonymTerms } from '@/db/schema';
import { loadSynonyms } from '@/lib/catalog/search/synonyms';
import { createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';

let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  adminToken = await tokenFor(await createUser({ isAdmin: true }));
  customerToken = await tokenFor(await createUser());
});
beforeEach(() => vi.mocked(revalidateTag).mockClear());

// Words of their own for each test (letters and digits), so no test meets another's sets or a seeded one.
let n = 0;
const run = Date.now().toString(36);
const word = (w: string) => `${w}${run}${n++}`;

const list = (token: string | null = adminToken) => call(GET, { url: '/api/search/synonyms', token: token ?? undefined });
const post = (body: unknown, token: string | null = adminToken) => call(POST, { method: 'POST', url: '/api/search/synonyms', body, token: token ?? undefined });
const patch = (id: number | string, body: unknown, token: string | null = adminToken) =>
  call(PATCH, { method: 'PATCH', url: `/api/search/synonyms/${id}`, params: { id: String(id) }, body, token: token ?? undefined });
const del = (id: number | string, token: string | null = adminToken) => call(DELETE, { method: 'DELETE', url: `/api/search/synonyms/${id}`, params: { id: String(id) }, token: token ?? undefined });
const searchedWordsOf = async (id: number) =>
  (await db.select({ term: searchSynonymTerms.term }).from(searchSynonymTerms).where(eq(searchSynonymTerms.synonymId, id))).map((r) => r.term).sort();
const expired = (tag: string) => vi.mocked(revalidateTag).mock.calls.some(([t]) => t === tag);

describe('who may edit synonyms', () => {
  test('GET, POST, PATCH and DELETE /api/search/synonyms — visitor 401, customer 403, and nothing changes', async () => {
    const couch = word('couch');
    const made = await post({ kind: 'two_way', terms: [couch, word('sofa')] });
    expect(made.status).toBe(201);

    for (const token of [null, customerToken]) {
      const status = token ? 403 : 401;
      expect((await list(token)).status).toBe(status);
      expect((await post({ kind: 'two_way', terms: [word('lounge'), word('sofa')] }, token)).status).toBe(status);
      expect((await patch(made.body.id, { kind: 'two_way', terms: [couch, word('settee')] }, token)).status).toBe(status);
      expect((await del(made.body.id, token)).status).toBe(status);
    }
    const [row] = await db.select().from(searchSynonyms).where(eq(searchSynonyms.id, made.body.id));
    expect(row.terms).toEqual(made.body.terms);
  });

  test('every answer is private, no-store', async () => {
    expect((await list()).res.headers.get('cache-control')).toBe('private, no-store');
    expect((await post({ kind: 'two_way', terms: ['x'] })).res.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('POST /api/search/synonyms', () => {
  test('a two-way set: words trimmed, lower case, single spaces, Swedish letters folded, each once; every word is searched; the search reads it and its caches expire', async () => {
    const couch = word('couch');
    const sofa = word('sofa');
    const res = await post({ kind: 'two_way', input: 'ignored', terms: [`  ${couch.toUpperCase()} `, sofa, `${sofa} `, `Söderhamn   ${sofa}`, ''] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), kind: 'two_way', input: null, terms: [couch, sofa, `soderhamn ${sofa}`] });
    expect(await searchedWordsOf(res.body.id)).toEqual([couch, sofa, `soderhamn ${sofa}`].sort());

    expect((await list()).body).toContainEqual(res.body);
    expect(await loadSynonyms()).toContainEqual(res.body);
    // The sets' cache and the cached search results and facet counts (tagged products).
    expect(expired('synonyms')).toBe(true);
    expect(expired('products')).toBe(true);
  });

  test('a one-way set: its input is the searched word; its terms may also appear in other sets; hyphens stay as typed', async () => {
    const suite = word('suite');
    const sofa = word('sofa');
    const res = await post({ kind: 'one_way', input: ` Lounge  ${suite.toUpperCase()}`, terms: [sofa, 'Arm-Chair', `lounge ${suite}`] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), kind: 'one_way', input: `lounge ${suite}`, terms: [sofa, 'arm-chair'] });
    expect(await searchedWordsOf(res.body.id)).toEqual([res.body.input]);

    // "sofa…" is only found by the set above, not searched by it: a two-way set may hold it.
    const other = await post({ kind: 'two_way', terms: [sofa, word('couch')] });
    expect(other.status).toBe(201);
  });

  test('400 with a clear message: one word, the same word twice, a one-way set without its input or terms, other characters, a wrong kind; nothing stored', async () => {
    const before = (await db.select().from(searchSynonyms)).length;
    const refusals: [unknown, string][] = [
      [{ kind: 'two_way', terms: [word('couch')] }, 'A two-way set needs at least two different words.'],
      [{ kind: 'two_way', terms: ['Sofa', ' sofa '] }, 'A two-way set needs at least two different words.'],
      [{ kind: 'one_way', terms: [word('sofa')] }, 'A one-way set needs the word shoppers search for.'],
      [{ kind: 'one_way', input: 'lounge suite', terms: ['Lounge Suite'] }, 'A one-way set needs at least one other word that “lounge suite” also finds.'],
      [{ kind: 'two_way', terms: ['couch', 'sofa/settee'] }, '“sofa/settee” may hold only letters, digits, spaces, hyphens and apostrophes. Separate words with commas.'],
      [{ kind: 'both', terms: ['couch', 'sofa'] }, 'Kind must be two_way or one_way.'],
    ];
    for (const [body, message] of refusals) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await post({ kind: 'two_way', terms: 'couch, sofa' })).status).toBe(400);
    expect((await post({ kind: 'two_way', terms: ['couch', 'x'.repeat(61)] })).status).toBe(400);
    expect((await post({ kind: 'two_way', terms: Array.from({ length: 21 }, (_, i) => `word${i}`) })).body.message).toBe('A set holds at most 20 words.');
    expect(await db.select().from(searchSynonyms)).toHaveLength(before);
  });

  test('409 naming the set when a searched word is already in another set (two-way or one-way); nothing stored', async () => {
    const couch = word('couch');
    const sofa = word('sofa');
    const settee = word('settee');
    await post({ kind: 'two_way', terms: [couch, sofa, settee] });
    const suite = word('suite');
    const oneWay = await post({ kind: 'one_way', input: suite, terms: [sofa] });
    expect(oneWay.status).toBe(201);
    const before = (await db.select().from(searchSynonyms)).length;

    const clash = await post({ kind: 'two_way', terms: [word('chesterfield'), couch.toUpperCase()] });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(`“${couch}” is already in the set “${couch}, ${sofa}, ${settee}”.`);

    const asInput = await post({ kind: 'one_way', input: settee, terms: [word('sofa')] });
    expect(asInput.status).toBe(409);
    expect(asInput.body.message).toBe(`“${settee}” is already in the set “${couch}, ${sofa}, ${settee}”.`);

    const withOneWayInput = await post({ kind: 'two_way', terms: [suite, word('lounge')] });
    expect(withOneWayInput.status).toBe(409);
    expect(withOneWayInput.body.message).toBe(`“${suite}” is already in the set “${suite} → ${sofa}”.`);

    expect(await db.select().from(searchSynonyms)).toHaveLength(before);
  });

  test('two admins adding the same word at once: one set is stored, the other answers 409 naming it', async () => {
    const shared = word('divan');
    const [a, b] = await Promise.all([post({ kind: 'two_way', terms: [shared, word('daybed')] }), post({ kind: 'two_way', terms: [word('sofa bed'), shared] })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const [won, lost] = a.status === 201 ? [a, b] : [b, a];
    expect(lost.body.message).toBe(`“${shared}” is already in the set “${won.body.terms.join(', ')}”.`);
    const holders = await db.select().from(searchSynonymTerms).where(eq(searchSynonymTerms.term, shared));
    expect(holders).toEqual([{ term: shared, synonymId: won.body.id }]);
  });

  // PostgreSQL only: PGlite runs one transaction at a time, so no write can wait on another's key.
  test.skipIf(!process.env.DATABASE_URL)('a word taken by a write not yet committed: the POST waits on its key, then answers 409 naming that set', async () => {
    const shared = word('futon');
    const other = word('sofa bed');
    let release!: () => void;
    let taken!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const wordTaken = new Promise<void>((r) => (taken = r));
    const holder = db.transaction(async (tx) => {
      const [row] = await tx.insert(searchSynonyms).values({ kind: 'two_way', terms: [shared, other] }).returning();
      await tx.insert(searchSynonymTerms).values([shared, other].map((term) => ({ term, synonymId: row.id })));
      taken();
      await held;
      return row;
    });
    await wordTaken;
    const pending = post({ kind: 'two_way', terms: [word('daybed'), shared] });
    // Until the POST's insert waits on the uncommitted key (its check before the insert saw nothing).
    for (let i = 0; i < 100; i++) {
      const { rows } = (await db.execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)) as unknown as { rows: { n: number }[] };
      if (rows[0].n > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    release();
    await holder;
    const res = await pending;
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`“${shared}” is already in the set “${shared}, ${other}”.`);
  });
});

describe('PATCH /api/search/synonyms/{id}', () => {
  test('replaces the words: the searched words follow, the removed ones are free again, its own words do not clash; the caches expire', async () => {
    const couch = word('couch');
    const sofa = word('sofa');
    const made = await post({ kind: 'two_way', terms: [couch, sofa] });
    vi.mocked(revalidateTag).mockClear();

    const settee = word('settee');
    const res = await patch(made.body.id, { kind: 'two_way', terms: [sofa, ` ${settee.toUpperCase()}`] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: made.body.id, kind: 'two_way', input: null, terms: [sofa, settee] });
    expect(await searchedWordsOf(made.body.id)).toEqual([settee, sofa].sort());
    expect(await loadSynonyms()).toContainEqual(res.body);
    expect(expired('synonyms') && expired('products')).toBe(true);

    // "couch…" left the set: another set may take it.
    expect((await post({ kind: 'two_way', terms: [couch, word('lounge')] })).status).toBe(201);

    // Two-way → one-way: only the input is searched now.
    const oneWay = await patch(made.body.id, { kind: 'one_way', input: sofa, terms: [settee, word('couch')] });
    expect(oneWay.status).toBe(200);
    expect(oneWay.body.input).toBe(sofa);
    expect(await searchedWordsOf(made.body.id)).toEqual([sofa]);
  });

  test('404 for a set that does not exist; 400 for a refused set; 409 naming the other set, the set unchanged', async () => {
    expect((await patch(99_999_999, { kind: 'two_way', terms: [word('a'), word('b')] })).status).toBe(404);
    expect((await patch('abc', { kind: 'two_way', terms: [word('a'), word('b')] })).status).toBe(400);

    const couch = word('couch');
    const sofa = word('sofa');
    const mine = await post({ kind: 'two_way', terms: [couch, sofa] });
    const armchair = word('armchair');
    const theirs = await post({ kind: 'two_way', terms: [armchair, word('recliner')] });

    const one = await patch(mine.body.id, { kind: 'two_way', terms: [couch] });
    expect(one.status).toBe(400);
    expect(one.body.message).toBe('A two-way set needs at least two different words.');

    const clash = await patch(mine.body.id, { kind: 'two_way', terms: [couch, armchair] });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(`“${armchair}” is already in the set “${theirs.body.terms.join(', ')}”.`);
    expect(await searchedWordsOf(mine.body.id)).toEqual([couch, sofa].sort());
  });
});

describe('DELETE /api/search/synonyms/{id}', () => {
  test('deletes the set and frees its words; 404 once gone and for an unknown id; the caches expire', async () => {
    const couch = word('couch');
    const sofa = word('sofa');
    const made = await post({ kind: 'two_way', terms: [couch, sofa] });
    vi.mocked(revalidateTag).mockClear();

    const res = await del(made.body.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: `The set “${couch}, ${sofa}” was deleted.` });
    expect(await searchedWordsOf(made.body.id)).toEqual([]);
    expect((await list()).body.map((s: { id: number }) => s.id)).not.toContain(made.body.id);
    expect(await loadSynonyms()).not.toContainEqual(made.body);
    expect(expired('synonyms') && expired('products')).toBe(true);

    const again = await del(made.body.id);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('That synonym set does not exist.');
    expect((await del(99_999_999)).status).toBe(404);
    expect((await post({ kind: 'two_way', terms: [couch, sofa] })).status).toBe(201);
  });
});
