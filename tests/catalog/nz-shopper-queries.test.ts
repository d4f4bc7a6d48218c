/**
 * Searches as New Zealand shoppers type them, on the real catalogue with the seeded synonym sets
 * (migration 0026; docs/search.md "Synonyms and New Zealand words"): each query with the products
 * it must list among its first 10 results, chosen by reading the catalogue as a shopper would
 * (the pieces the words mean, by exact name), and, where the words name one kind of piece, a rule
 * every one of those 10 meets.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { getFacets, listProducts, listProductsWithFacets, searchProducts } from '@/lib/catalog/read/queries';
import { importRealCatalogue } from '../support/catalog';

beforeAll(async () => {
  await importRealCatalogue();
}, 600_000);

type ShopperQuery = {
  q: string;
  /** Exact product names each of which must be among the first 10 results (none where any piece of the kind will do: see every). */
  finds: string[];
  /** Every one of the first 10 names matches this. */
  every?: RegExp;
};

const SOFA = /sofa/i;
const KIDS_BED = /bunk bed|loft bed|extendable bed|ext bed|cot\b/i;

/** The four searches that found nothing before synonyms. */
const FIRST_FOUR: ShopperQuery[] = [
  { q: 'couch', finds: ['VIMLE Corner sofa, 4-seat', 'KIVIK Corner sofa, 5-seat'], every: SOFA },
  { q: 'lounge suite', finds: ['LIDHULT 3-seat sofa', 'LIDHULT 2-seat sofa'], every: /sofa|armchair/i },
  { q: 'closet', finds: ['PAX Corner wardrobe'], every: /wardrobe/i },
  { q: 'kids bed', finds: ['MYDAL Bunk bed frame', 'BUSUNGE Extendable bed', 'SVÄRTA Loft bed frame'], every: KIDS_BED },
];

/** More New Zealand shopper queries: NZ and British words, US words, other spellings, plurals. */
const MORE: ShopperQuery[] = [
  { q: 'couches', finds: ['VIMLE Corner sofa, 4-seat'], every: SOFA },
  { q: 'settee', finds: [], every: SOFA },
  { q: '3 seater couch', finds: ['VIMLE 3-seat sofa', 'KIVIK 3-seat sofa'], every: /3-seat/i },
  { q: '2 seater', finds: ['KLIPPAN 2-seat sofa', 'KIVIK 2-seat sofa'], every: /2-seat sofa/i },
  { q: 'loveseat', finds: ['KLIPPAN 2-seat sofa', 'LIDHULT 2-seat sofa'], every: /2-seat sofa/i },
  { q: 'l shaped couch', finds: ['LIDHULT Corner sofa, 5-seat', 'VIMLE Corner sofa, 4-seat'], every: /corner sofa/i },
  { q: 'corner couch', finds: ['VIMLE Corner sofa, 5-seat', 'KIVIK Corner sofa, 4-seat'], every: /corner sofa/i },
  { q: 'lazyboy', finds: ['MUREN Recliner', 'GISTAD Recliner', 'EKOLSUND Recliner'], every: /recliner|reclining/i },
  { q: 'lounge chair', finds: ['NOLMYRA Easy chair', 'LIDHULT Armchair'], every: /easy chair|armchair/i },
  { q: 'ottoman', finds: ['MALM Ottoman bed', 'DIHULT Pouffe', 'GRÖNLID Footstool'] },
  { q: 'pouf', finds: ['DIHULT Pouffe', 'POÄNG Footstool'], every: /pouffe|footstool/i },
  { q: 'robe', finds: ['PAX Wardrobe'], every: /wardrobe/i },
  { q: 'wardrobes', finds: ['PAX Wardrobe'], every: /wardrobe/i },
  { q: 'tallboy', finds: ['MALM Chest of 6 drawers', 'TYSSEDAL Chest of 6 drawers'], every: /chest of/i },
  { q: 'dresser', finds: ['NORDLI Chest of drawers'], every: /chest of/i },
  { q: 'lowboy', finds: ['MALM Chest of 2 drawers'], every: /chest of|bedside table/i },
  { q: 'nightstand', finds: ['HEMNES Bedside table', 'BRIMNES Bedside table'], every: /bedside table/i },
  { q: 'bedside cabinet', finds: ['HEMNES Bedside table', 'NORDLI Bedside table'], every: /bedside table/i },
  { q: 'buffet', finds: ['HEMNES Sideboard', 'LIATORP Sideboard'], every: /sideboard/i },
  { q: 'hall table', finds: ['HAVSTA Console table', 'LIATORP Console table', 'LISTERBY Console table'], every: /console table/i },
  { q: 'bookshelf', finds: ['BILLY Bookcase'], every: /bookcase/i },
  { q: 'bookshelves', finds: ['BILLY Bookcase', 'HEMNES Bookcase'], every: /bookcase/i },
  { q: 'cube storage', finds: ['KALLAX Shelving unit with 4 inserts'], every: /kallax/i },
  { q: 'cupboard', finds: ['IVAR Cabinet', 'EKET Cabinet'], every: /cabinet/i },
  { q: 'display cabinet', finds: ['DETOLF Glass-door cabinet', 'HAVSTA Glass-door cabinet'], every: /glass-door cabinet/i },
  { q: 'tv unit', finds: ['BESTÅ TV bench'], every: /tv bench/i },
  { q: 'entertainment unit', finds: ['BESTÅ TV bench'], every: /tv/i },
  { q: 'lounge table', finds: ['LACK Coffee table'], every: /coffee table/i },
  { q: 'end table', finds: ['LACK Side table', 'HOL Side table'], every: /side table/i },
  { q: 'dining suite', finds: [], every: /table.*(chair|bench)/i },
  { q: 'outdoor setting', finds: ['SOLLERÖN 4-seat conversation set, outdoor', 'MASTHOLMEN 4-seat conversation set, outdoor'], every: /outdoor/i },
  { q: 'deck chair', finds: ['ÄPPLARÖ Chair, outdoor', 'TÄRNÖ Chair, outdoor'], every: /chair.*outdoor/i },
  { q: 'garden bench', finds: ['ÄPPLARÖ Bench, outdoor', 'ÄPPLARÖ Bench with backrest, outdoor'], every: /bench.*outdoor/i },
  { q: 'patio table', finds: ['TÄRNÖ Table, outdoor', 'ÄPPLARÖ Table, outdoor'], every: /table.*outdoor/i },
  { q: 'sunbed', finds: ['ÄPPLARÖ Sun lounger', 'TORHOLMEN Sun lounger'], every: /lounger/i },
  { q: 'bbq', finds: ['TOSTERÖ Cover for barbecue'] },
  { q: 'bach furniture', finds: ['MYDAL Bunk bed frame', 'FYRESDAL Day-bed frame'] },
  { q: 'daybed', finds: ['HEMNES Day-bed frame with 3 drawers', 'FYRESDAL Day-bed frame'], every: /day-bed/i },
  { q: 'bed head', finds: ['NORDLI Headboard', 'SLÄKT Headboard'], every: /headboard/i },
  { q: 'crib', finds: ['SUNDVIK Cot', 'GULLIVER Cot', 'SNIGLAR Cot'], every: /\bcot\b/i },
  { q: 'high chair', finds: ['ANTILOP Highchair with tray', 'BLÅMES Highchair with tray'] },
  { q: 'change table', finds: ['SNIGLAR Changing table', 'GULLIVER Changing table'] },
  { q: 'kids desk', finds: ["FLISAT Children's desk"], every: /children's/i },
  { q: 'kids chair', finds: ["MAMMUT Children's chair", 'AGAM Junior chair'], every: /children's|junior/i },
  { q: 'childrens table', finds: ["MAMMUT Children's table", "FLISAT Children's table"], every: /children's/i },
  { q: 'toy box', finds: ['STUVA / FRITIDS Toy storage with wheels'], every: /toy storage/i },
  { q: 'bunks', finds: ['MYDAL Bunk bed frame', 'TUFFING Bunk bed frame'], every: /bunk bed/i },
  { q: 'computer desk', finds: ['MALM Desk', 'BRUSALI Corner desk'], every: /desk/i },
  { q: 'standing desk', finds: ['KNOTTEN Standing desk', 'IDÅSEN Desk sit/stand', 'BEKANT Desk sit/stand'] },
  { q: 'desk chair', finds: ['MOLTE Desk chair', 'MARKUS Office chair'], every: /chair/i },
  { q: 'kitchen stool', finds: ['GLENN Bar stool', 'RÅSKOG Bar stool'], every: /bar stool/i },
  { q: 'island bench', finds: ['TORNVIKEN Kitchen island', 'VADHOLMA Kitchen island'] },
  { q: 'cart', finds: ['RÅSKOG Trolley', 'SUNNERSTA Trolley'], every: /trolley/i },
  { q: 'step ladder', finds: ['BEKVÄM Stepladder, 3 steps', 'BEKVÄM Step stool'], every: /step/i },
  { q: 'rocking chair', finds: ['POÄNG Rocking-chair', 'GRÖNADAL Rocking-chair'], every: /rocking-chair/i },
  { q: 'vanity', finds: ['MALM Dressing table', 'HEMNES Dressing table with mirror'], every: /dressing table/i },
  { q: 'clothes rack', finds: ['IVAR Clothes rail', 'JONAXEL Adjustable clothes rail'], every: /clothes rail/i },
  { q: 'shoe rack', finds: ['HEMNES Bench with shoe storage', 'PLATSA Wardrobe with shoe shelf'] },
  { q: 'bean bag', finds: ['BUSSAN Beanbag, in/outdoor'] },
  { q: 'blanket box', finds: ['KORNSJÖ Storage bench', 'BOSNÄS Footstool with storage'] },
  { q: 'chaise lounge', finds: ['KIVIK Chaise longue', 'SÖDERHAMN Chaise longue'], every: /chaise longue/i },
];

const top10 = async (q: string) => (await searchProducts(q, { limit: 10 })).products.map((p) => p.name);

describe('New Zealand shopper queries find what the shopper means, among the first 10', () => {
  test('the list is long enough: the first four and at least 40 more', () => {
    expect(FIRST_FOUR).toHaveLength(4);
    expect(MORE.length).toBeGreaterThanOrEqual(40);
  });

  test.each([...FIRST_FOUR, ...MORE].map((c) => [c.q, c] as const))('%s', async (_q, c) => {
    const names = await top10(c.q);
    expect(names.length).toBeGreaterThanOrEqual(Math.max(1, c.finds.length));
    for (const name of c.finds) expect(names, `${c.q} → ${name}`).toContain(name);
    if (c.every) for (const name of names) expect(name, `${c.q}: every result`).toMatch(c.every);
  });
});

describe('spellings of one word find the same products', () => {
  const ids = async (q: string) => (await listProducts({ q, limit: 100, sort: 'name' })).products.map((p) => p.product_id);

  test('sofa-bed, sofa bed and sofabed list the same sofa-beds', async () => {
    const hyphen = await ids('sofa-bed');
    expect(hyphen.length).toBeGreaterThan(50);
    expect(await ids('sofa bed')).toEqual(hyphen);
    expect(await ids('sofabed')).toEqual(hyphen);
    const names = (await searchProducts('sofabed', { limit: 10 })).products.map((p) => p.name);
    for (const name of names) expect(name).toMatch(/sofa-bed/i);
  });

  test('singular and plural find the same products: shelf/shelves, bench/benches, couch/couches, wardrobe/wardrobes', async () => {
    for (const [one, many] of [
      ['shelf', 'shelves'],
      ['bench', 'benches'],
      ['couch', 'couches'],
      ['wardrobe', 'wardrobes'],
    ]) {
      expect(await ids(many), `${one}/${many}`).toEqual(await ids(one));
    }
    expect(await top10('shelves')).toContain('IVAR Shelf');
  });

  test('apostrophes do not count: childrens, children’s and children\'s chair list the same first 10', async () => {
    const plain = await top10('childrens chair');
    expect(plain.filter((n) => /children's chair/i.test(n)).length).toBeGreaterThanOrEqual(5);
    expect(await top10('children’s chair')).toEqual(plain);
    expect(await top10("children's chair")).toEqual(plain);
  });
});

describe('ranking with synonyms', () => {
  test('of two pieces of the same kind, the one named as typed comes first: "pouffe" lists the pouffes before the footstools it also finds', async () => {
    const names = await top10('pouffe');
    const firstFootstool = names.findIndex((n) => /footstool/i.test(n));
    const lastPouffe = names.map((n) => /pouffe/i.test(n)).lastIndexOf(true);
    expect(firstFootstool).toBeGreaterThan(-1);
    expect(lastPouffe).toBeLessThan(firstFootstool);
  });

  test('the words as typed keep their own matches: "sideboard" still finds the sideboards, "bunk bed" the bunk beds first', async () => {
    expect((await top10('sideboard')).slice(0, 3).every((n) => /sideboard/i.test(n))).toBe(true);
    expect((await top10('bunk bed')).slice(0, 5).every((n) => /bunk bed/i.test(n))).toBe(true);
  });
});

describe('synonyms in the counts', () => {
  test('the products page of "couch" counts its sofas in the facets, as many as the list holds', async () => {
    const { list, facets } = await listProductsWithFacets({ q: 'couch' });
    expect(list.total).toBeGreaterThan(100);
    const seating = facets.function.find((f) => f.value === 'Seating');
    expect(seating?.count).toBeGreaterThan(50);
    const rooms = facets.categories.reduce((n, room) => n + room.count, 0);
    expect(rooms).toBeGreaterThanOrEqual(list.total);
    expect((await getFacets({ q: 'couch' })).function).toEqual(facets.function);
  });
});
