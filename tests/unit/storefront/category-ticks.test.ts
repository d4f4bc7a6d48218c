/** spec §4 Category filter: the tick rules of the /products category checkboxes. */
import { describe, expect, test } from 'vitest';
import { compressTicked, normalizeSelection, tickedSet, toggleCategory } from '@/lib/storefront/category-ticks';

// Living room (1) with Sofas (11), TV (12), Dividers (13); Outdoor (2) with one subcategory (21); Empty room (3).
const tree = [
  { category_id: 1, subcategories: [{ category_id: 11 }, { category_id: 12 }, { category_id: 13 }] },
  { category_id: 2, subcategories: [{ category_id: 21 }] },
  { category_id: 3, subcategories: [] },
];
const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);

describe('category tick rules', () => {
  test('ticking a room ticks all its subcategories', () => {
    expect(sorted(toggleCategory(tree, new Set(), 1, true))).toEqual([1, 11, 12, 13]);
  });

  test('unticking a room unticks all its subcategories and leaves other rooms alone', () => {
    expect(sorted(toggleCategory(tree, new Set([1, 11, 12, 13, 21, 2]), 1, false))).toEqual([2, 21]);
  });

  test('ticking every subcategory ticks the room', () => {
    let s = toggleCategory(tree, new Set(), 11, true);
    s = toggleCategory(tree, s, 12, true);
    expect(s.has(1)).toBe(false);
    s = toggleCategory(tree, s, 13, true);
    expect(sorted(s)).toEqual([1, 11, 12, 13]);
  });

  test('unticking one subcategory removes the room tick but keeps the others', () => {
    expect(sorted(toggleCategory(tree, new Set([1, 11, 12, 13]), 12, false))).toEqual([11, 13]);
  });

  test('a room with no subcategories ticks and unticks on its own', () => {
    expect(sorted(toggleCategory(tree, new Set(), 3, true))).toEqual([3]);
    expect(sorted(toggleCategory(tree, new Set([3]), 3, false))).toEqual([]);
  });

  test('does not change the set it was given', () => {
    const before = new Set([11]);
    toggleCategory(tree, before, 12, true);
    expect(sorted(before)).toEqual([11]);
  });
});

describe('category selection in the URL', () => {
  test('a fully ticked room travels as the room id alone; partial rooms as their subcategories', () => {
    expect(compressTicked(tree, new Set([1, 11, 12, 13, 21]))).toEqual([1, 21]);
    expect(compressTicked(tree, new Set([11, 13]))).toEqual([11, 13]);
  });

  test('a room id in the URL shows the room and all its subcategories ticked', () => {
    expect(sorted(tickedSet(tree, [1]))).toEqual([1, 11, 12, 13]);
    expect(sorted(tickedSet(tree, [12]))).toEqual([12]);
  });

  test('a form submitted without JavaScript is normalised by the same rules', () => {
    // Room still ticked but one subcategory unticked: the subcategories that remain.
    expect(normalizeSelection(tree, [1, 11, 13])).toEqual([11, 13]);
    // Every subcategory ticked (with or without the room): the whole room.
    expect(normalizeSelection(tree, [11, 12, 13])).toEqual([1]);
    expect(normalizeSelection(tree, [1, 11, 12, 13])).toEqual([1]);
    // Just the room: the whole room. Unknown ids are dropped; duplicates collapse.
    expect(normalizeSelection(tree, [1, 1, 999])).toEqual([1]);
    expect(normalizeSelection(tree, [21, 3])).toEqual([2, 3]);
  });
});
