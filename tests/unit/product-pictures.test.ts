import { describe, expect, test } from 'vitest';
import { illustrationOf, productType } from '@/lib/catalog/illustrations';
import { swatchBackground, tintFor } from '@/lib/storefront/colour-swatch';
import { variantChoices, type VariantLike } from '@/lib/storefront/variant-choices';

const kind = (name: string, extra: Parameters<typeof illustrationOf>[0] = {}) => illustrationOf({ name, ...extra }).replace(/^\/illustrations\/|\.svg$/g, '');

describe('illustration of a product: its kind, from its type', () => {
  test('the product type is the name without the family name in capitals', () => {
    expect(productType('KIVIK 3-seat sofa')).toBe('3-seat sofa');
    expect(productType('NORDVIKEN / NORDVIKEN Bar table and 4 bar stools')).toBe('Bar table and 4 bar stools');
    expect(productType('SÖDERHAMN 1-seat section')).toBe('1-seat section');
    expect(productType('Tōtara side table')).toBe('Tōtara side table');
  });

  test.each([
    ['SÖDERHAMN 1-seat section', 'sofa-section'],
    ['KIVIK 3-seat sofa', 'sofa'],
    ['KIVIK Corner sofa, 5-seat', 'corner-sofa'],
    ['HEMNES Day-bed w 3 drawers/2 mattresses', 'sofa-bed'],
    ['VIMLE 3-seat sofa-bed', 'sofa-bed'],
    ['MALM Bed frame, high', 'bed'],
    ['MALM Ottoman bed', 'bed'],
    ['KURA Bed tent', 'tent'],
    ['MYDAL Bunk bed frame', 'bunk-bed'],
    ['SUNDVIK Cot', 'crib'],
    ['POÄNG Armchair', 'armchair'],
    ['POÄNG Footstool', 'footstool'],
    ['STIG Bar stool with backrest', 'bar-stool'],
    ['NORDVIKEN / NORDVIKEN Bar table and 4 bar stools', 'bar'],
    ['KULLABERG Stool', 'stool'],
    ['LERHAMN Chair', 'chair'],
    ['MARKUS Office chair', 'office-chair'],
    ['EKEDALEN Table and 4 chairs', 'table'],
    ['LACK Coffee table', 'coffee-table'],
    ['HEMNES Bedside table', 'side-table'],
    ['MICKE Desk', 'desk'],
    ['PAX Wardrobe with 2 doors', 'wardrobe'],
    ['MALM Chest of 6 drawers', 'drawers'],
    ['BILLY Bookcase', 'shelf'],
    ['KALLAX Shelving unit', 'shelving-unit'],
    ['BESTÅ TV bench', 'tv-bench'],
    ['HEMNES Sideboard', 'sideboard'],
    ['RÅSKOG Trolley', 'trolley'],
    ['SOLLERÖN 3-seat modular sofa, outdoor', 'sofa'],
    ['MALMÖ Sun lounger', 'lounger'],
    ['KIVIK Cover for 3-seat sofa', 'cushion'],
    ['BAGGANÄS Knob', 'fitting'],
  ])('%s → %s', (name, expected) => {
    expect(kind(name)).toBe(expected);
  });

  test('covers and parts by their function; the subcategory or room when the name says nothing', () => {
    expect(kind('EKTORP Three-seat sofa', { function: 'Covers & cushions' })).toBe('cushion');
    expect(kind('CAPITA Something', { function: 'Parts & fittings' })).toBe('fitting');
    expect(kind('Totara piece', { category_name: 'Wardrobes' })).toBe('wardrobe');
    expect(kind('Totara piece', { room_name: 'Bedroom' })).toBe('bed');
    expect(kind('Totara piece')).toBe('furniture');
  });
});

describe('colour of a product: tint and swatch', () => {
  test('colour names, woods and shades become colours; dark colours stay light enough to show the drawing', () => {
    expect(tintFor('White')).toBe('#f5f4f0');
    expect(tintFor('Oak veneer')).toBe('#d9b98a');
    expect(tintFor('Dark grey')).not.toBe(tintFor('Light grey'));
    expect(tintFor('Grey')).not.toBe(tintFor('Beige'));
    expect(tintFor('Black')).not.toBe('#000000');
    expect(tintFor('Natural')).toBeTruthy();
    expect(tintFor('Skiftebo')).toBeNull();
    expect(tintFor(null)).toBeNull();
  });

  test('a two-colour name gets a two-part swatch; an unknown one none', () => {
    expect(swatchBackground('White/light grey')).toMatch(/^linear-gradient/);
    expect(swatchBackground('Red')).toBe('#c0473a');
    expect(swatchBackground('Multicolour')).toMatch(/gradient/);
    expect(swatchBackground('')).toBeNull();
  });
});

describe('variant choices on a product page', () => {
  const v = (product_id: number, color: string | null, size: string | null, price = 100, in_stock = true): VariantLike => ({ product_id, sku: `00${product_id}.000.00`, color, size, price, in_stock });
  const variants = [v(1, 'White', '90x200 cm'), v(2, 'White', '140x200 cm', 150), v(3, 'Black', '140x200 cm', 150, false), v(4, 'Oak', '90x200 cm'), v(5, 'White', '90x200 cm', 120)];

  test('a colour leads to that colour in the current size when there is one, else to its first', () => {
    const { colours } = variantChoices(variants[1], variants);
    expect(colours.map((c) => [c.label, c.productId, c.current, c.inStock])).toEqual([
      ['White', 2, true, true],
      ['Black', 3, false, false],
      ['Oak', 4, false, true],
    ]);
  });

  test('a size leads to that size in the current colour; same colour and size are "other versions"', () => {
    const { sizes, others } = variantChoices(variants[0], variants);
    expect(sizes.map((s) => [s.label, s.productId, s.current])).toEqual([
      ['90x200 cm', 1, true],
      ['140x200 cm', 2, false],
    ]);
    expect(others.map((o) => o.product_id)).toEqual([5]);
  });

  test('one colour or one size means no choice for it', () => {
    const same = [v(1, 'White', '90x200 cm'), v(2, 'White', '140x200 cm')];
    const choices = variantChoices(same[0], same);
    expect(choices.colours).toEqual([]);
    expect(choices.sizes).toHaveLength(2);
  });
});
