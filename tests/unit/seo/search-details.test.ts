// Meta descriptions within 160 characters, the one indexing rule for listings, distinct
// variant names, and the raster picture addresses of product drawings.
import { describe, expect, it } from 'vitest';
import { documentTitle, metaDescription } from '@/lib/storefront/page-metadata';
import { listingIndexing, listingNaming } from '@/lib/storefront/listing-indexing';
import { emptyQuery, type ProductQuery } from '@/lib/catalog/product-query';
import { variantDetail, variantName, variesBy } from '@/lib/storefront/variant-name';
import { illustrationPngPath, parseIllustrationPng } from '@/lib/storefront/illustration-raster';

describe('metaDescription', () => {
  const long =
    '$1,299.00 at Totara Home, delivered across New Zealand. 3-seat sofa, 228x95 cm. Designed by Ola Wihlborg. Width 228 cm, height 83 cm, depth 95 cm. Colour: dark grey. Material: polyester.';

  it('keeps a short text as it is', () => {
    expect(metaDescription('Sofas and beds, delivered.')).toBe('Sofas and beds, delivered.');
  });

  it('cuts a long product description to at most 160 characters, ending on a whole word', () => {
    expect(long.length).toBeGreaterThan(160);
    const d = metaDescription(long);
    expect(d.length).toBeLessThanOrEqual(160);
    expect(d.endsWith('…')).toBe(true);
    const words = d.slice(0, -1).split(' ');
    // every word of the cut text is a whole word of the original
    for (const w of words) expect(long.split(' ')).toContain(w);
  });

  it('keeps a word that ends exactly at the limit', () => {
    const text = `${'word '.repeat(31)}word and more`; // the 159th character ends a word
    const d = metaDescription(text);
    expect(d.length).toBeLessThanOrEqual(160);
    expect(d).toBe(`${'word '.repeat(31)}word…`);
  });

});

describe('listingIndexing — one rule for filtered listings', () => {
  const tree = [
    { category_id: 1, slug: 'living-room', name: 'Living room', subcategories: [{ category_id: 11, name: 'Sofas_&_armchairs' }, { category_id: 12, name: 'TV & media furniture' }] },
    { category_id: 2, slug: 'bedroom', name: 'Bedroom', subcategories: [{ category_id: 21, name: 'Beds' }] },
  ];
  const q = (over: Partial<ProductQuery>): ProductQuery => ({ ...emptyQuery(), ...over });

  it('indexes every product, one room, one subcategory and on sale under their own address', () => {
    expect(listingIndexing(q({}), tree)).toMatchObject({ index: true, canonical: '/products' });
    expect(listingIndexing(q({ category: [1] }), tree)).toMatchObject({ index: true, canonical: '/products?category=1', room: { slug: 'living-room' } });
    expect(listingIndexing(q({ category: [12], page: 2 }), tree)).toMatchObject({ index: true, canonical: '/products?category=12&page=2' });
    expect(listingIndexing(q({ onSale: true }), tree)).toMatchObject({ index: true, canonical: '/products?on_sale=1' });
    expect(listingIndexing(q({ category: [1], sort: 'price_asc' }), tree)).toMatchObject({ index: true, canonical: '/products?category=1' });
  });

  it('keeps other filter combinations out of the index, pointing to the named listing they narrow', () => {
    expect(listingIndexing(q({ category: [11], style: ['Upholstered'] }), tree)).toMatchObject({ index: false, canonical: '/products?category=11' });
    expect(listingIndexing(q({ category: [12], onSale: true }), tree)).toMatchObject({ index: false, canonical: '/products?category=12' });
    expect(listingIndexing(q({ onSale: true, style: ['Modern'] }), tree)).toMatchObject({ index: false, canonical: '/products?on_sale=1' });
    expect(listingIndexing(q({ category: [11, 12] }), tree)).toMatchObject({ index: false, canonical: '/products?category=1' });
    expect(listingIndexing(q({ category: [1], onSale: true }), tree)).toMatchObject({ index: false, canonical: '/products?category=1' });
    expect(listingIndexing(q({ category: [11, 21] }), tree)).toMatchObject({ index: false, canonical: '/products', room: null });
    expect(listingIndexing(q({ width: { min: 60 } }), tree)).toMatchObject({ index: false, canonical: '/products' });
  });

  it('keeps searches out of the index', () => {
    expect(listingIndexing(q({ q: 'sofa' }), tree).index).toBe(false);
  });

  it('names every listing by what it shows: its categories, on sale and its other filters', () => {
    const named = (over: Partial<ProductQuery>) => {
      const n = listingNaming(q(over), tree, 'Totara Home');
      return { heading: n.heading, title: n.title };
    };
    expect(named({})).toEqual({ heading: 'All products', title: 'All products' });
    expect(named({ onSale: true })).toEqual({ heading: 'On sale', title: 'Furniture on sale' });
    expect(named({ category: [1] })).toEqual({ heading: 'Living room', title: 'Living room furniture' });
    expect(named({ category: [11] })).toEqual({ heading: 'Sofas & armchairs', title: 'Sofas & armchairs' });
    expect(named({ category: [21], onSale: true })).toEqual({ heading: 'Beds on sale', title: 'Beds on sale' });
    expect(named({ category: [21], style: ['Upholstered'], width: { min: 140 } })).toEqual({ heading: 'Beds', title: 'Beds: Style: Upholstered, Width from 140 cm' });
    expect(named({ category: [11, 21] })).toEqual({ heading: 'Sofas & armchairs and Beds', title: 'Sofas & armchairs and Beds' });
    expect(named({ q: 'oak' })).toEqual({ heading: 'Results for “oak”', title: 'Search: oak' });
    expect(listingNaming(q({ category: [12], onSale: true }), tree, 'Totara Home').description).toContain('Shop TV & media furniture on sale at Totara Home');
  });
});

describe('documentTitle — titles search results show whole', () => {
  it('adds the store name when the whole title fits', () => {
    expect(documentTitle('KIVIK 3-seat sofa, dark grey', 'Totara Home')).toEqual({ text: 'KIVIK 3-seat sofa, dark grey · Totara Home', withStoreName: true });
  });

  it('drops the store name first, then cuts at a whole word: never more than 59 characters', () => {
    const name = 'FRANKLIN Bar stool with backrest, foldable, white, 63 cm'; // 56 characters
    expect(documentTitle(name, 'Totara Home')).toEqual({ text: name, withStoreName: false });
    const long = 'SÖDERHAMN Corner sofa, 6-seat with open end, Finnsta turquoise, SKU 192.135.98'; // 78
    const t = documentTitle(long, 'Totara Home');
    expect(t.text.length).toBeLessThanOrEqual(59);
    expect(t.text).toBe('SÖDERHAMN Corner sofa, 6-seat with open end, Finnsta…');
    for (const word of t.text.slice(0, -1).split(' ')) expect(long.split(' ')).toContain(word);
  });
});

describe('variant names', () => {
  const v = (product_id: number, color: string | null, size: string | null, sku = `00${product_id}`) => ({ product_id, sku, name: 'KIVIK 3-seat sofa', color, size });

  it('names a colour variant by its colour', () => {
    const variants = [v(1, 'Dark grey', '228x95 cm'), v(2, 'Beige', '228x95 cm')];
    expect(variesBy(variants)).toEqual(['color']);
    expect(variantName({ ...variants[0], variants })).toBe('KIVIK 3-seat sofa, dark grey');
  });

  it('names a model that varies by colour and size by both', () => {
    const variants = [v(1, 'White', '140x200 cm'), v(2, 'White', '160x200 cm'), v(3, 'Oak veneer', '140x200 cm')];
    expect(variesBy(variants)).toEqual(['color', 'size']);
    expect(variantName({ ...variants[1], variants })).toBe('KIVIK 3-seat sofa, white, 160x200 cm');
  });

  it('adds the SKU when a sibling has the same colour and size, so every name is distinct', () => {
    const variants = [v(1, 'White', null, '111.111.11'), v(2, 'White', null, '222.222.22'), v(3, 'Black', null)];
    const names = variants.map((p) => variantName({ ...p, variants }));
    expect(new Set(names).size).toBe(3);
    expect(names[0]).toBe('KIVIK 3-seat sofa, white, SKU 111.111.11');
  });

  it('leaves a product without variants as it is', () => {
    expect(variantDetail({ ...v(1, 'White', null), variants: [] })).toBeNull();
    expect(variantName({ ...v(1, 'White', null) })).toBe('KIVIK 3-seat sofa');
  });
});

describe('raster drawings', () => {
  it('addresses the tinted drawing of a product and reads the address back', () => {
    const path = illustrationPngPath({ name: 'KIVIK 3-seat sofa', color: 'Dark grey' });
    expect(path).toMatch(/^\/illustrations\/sofa-[0-9a-f]{6}\.png$/);
    expect(parseIllustrationPng(path.split('/').pop()!)).toMatchObject({ kind: 'sofa' });
    expect(parseIllustrationPng('coffee-table.png')).toEqual({ kind: 'coffee-table', tint: null });
    expect(parseIllustrationPng('sofa-bed-a3a6a8.png')).toEqual({ kind: 'sofa-bed', tint: '#a3a6a8' });
    expect(parseIllustrationPng('spaceship.png')).toBeNull();
    expect(parseIllustrationPng('sofa.svg')).toBeNull();
  });
});
