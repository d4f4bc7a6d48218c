import { describe, expect, test } from 'vitest';
import { DESCRIPTION_CHARS, toCardView } from '@/components/products/card-view';

describe('product card data (components/products/card-view.ts)', () => {
  test('a long description is cut at a word, under the two lines a card shows', () => {
    const description = 'Corner sofa, 3-seat. Sold as a set. Designed by IKEA of Sweden and friends. Width 250 cm, depth 180 cm, height 85 cm. Colour: grey.';
    const card = toCardView({ product_id: 7, name: ' SANDBACKEN ', description, price: 583.88 }, 'NZD');
    expect(card.description!.length).toBeLessThanOrEqual(DESCRIPTION_CHARS + 1);
    expect(card.description).toMatch(/^Corner sofa, 3-seat\. .*[a-z,.]…$/);
    expect(description.startsWith(card.description!.slice(0, -1))).toBe(true);
    expect(card.name).toBe('SANDBACKEN');
  });

  test('the primary photo is used, else the illustration of the kind; a blank name is left to the card', () => {
    const withPhoto = toCardView({ product_id: 1, name: 'A', price: 10, images: [{ image_url: '/b.jpg', sort_order: 2 }, { image_url: '/a.jpg', is_primary: true, sort_order: 5 }] }, 'NZD');
    expect(withPhoto.image).toBe('/a.jpg');
    const drawn = toCardView({ product_id: 2, name: '  ', description: 'Bar stool with backrest', price: 10, images: [] }, 'NZD');
    expect(drawn.image).toBeNull();
    expect(drawn.fallback).toBe('/illustrations/bar-stool.svg');
    expect(drawn.name).toBeNull();
  });

  test('the price reaches the card formatted in the store currency, with the promotion worked out', () => {
    expect(toCardView({ product_id: 4, name: 'A', price: 1299 }, 'NZD').price).toEqual({ now: '$1,299.00', was: null, saved: null });
    expect(toCardView({ product_id: 4, name: 'A', price: 75, original_price: 100 }, 'USD').price).toEqual({ now: 'US$75.00', was: 'US$100.00', saved: 25 });
    expect(toCardView({ product_id: 4, name: 'A', price: 'N/A' }, 'NZD').price).toBeNull();
  });

  test('stock and availability are passed only when known (no stock → no add-to-cart control)', () => {
    expect(toCardView({ product_id: 3, name: 'A', price: 1 }, 'NZD')).not.toHaveProperty('stock');
    expect(toCardView({ product_id: 3, name: 'A', price: 1, stock: 0, in_stock: false }, 'NZD')).toMatchObject({ stock: 0, inStock: false });
  });

  test('the average of approved reviews reaches the card only when there are reviews', () => {
    expect(toCardView({ product_id: 5, name: 'A', price: 1, rating_average: 4.5, rating_count: 12 }, 'NZD').rating).toEqual({ average: 4.5, count: 12 });
    expect(toCardView({ product_id: 5, name: 'A', price: 1, rating_average: null, rating_count: 0 }, 'NZD')).not.toHaveProperty('rating');
  });
});
