/**
 * Properties of the category filter's tick rules (spec §4 Category filter; lib/storefront/category-ticks.ts):
 * ticking a room ticks all its subcategories; ticking every subcategory ticks the room; unticking one
 * subcategory removes the room's tick — checked over random trees and random click sequences.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { compressTicked, normalizeSelection, tickedSet, toggleCategory, type CategoryNode } from '@/lib/storefront/category-ticks';

/** A tree of 1–5 rooms with 0–5 subcategories each; every id unique, as in the database. */
const tree = fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 5 }).chain((sizes) =>
  fc.shuffledSubarray(
    Array.from({ length: sizes.reduce((a, b) => a + b + 1, 0) }, (_, i) => i + 1),
    { minLength: sizes.reduce((a, b) => a + b + 1, 0) },
  ).map((ids): CategoryNode[] => {
    let next = 0;
    return sizes.map((n) => ({ category_id: ids[next++], subcategories: Array.from({ length: n }, () => ({ category_id: ids[next++] })) }));
  }),
);
const allIds = (t: CategoryNode[]) => t.flatMap((r) => [r.category_id, ...r.subcategories.map((s) => s.category_id)]);
/** A tree with a sequence of clicks on its boxes (and on an unknown id now and then). */
const clicks = tree.chain((t) => fc.tuple(fc.constant(t), fc.array(fc.tuple(fc.constantFrom(...allIds(t), 999), fc.boolean()), { maxLength: 25 })));
const play = (t: CategoryNode[], cs: [number, boolean][]) => cs.reduce<Set<number>>((set, [id, on]) => toggleCategory(t, set, id, on), new Set());

/** Spec §4: with at least one subcategory, a room shows a tick exactly when every subcategory does. */
function expectConsistent(t: CategoryNode[], ticked: ReadonlySet<number>) {
  for (const room of t) {
    if (room.subcategories.length === 0) continue;
    expect(ticked.has(room.category_id), `room ${room.category_id}`).toBe(room.subcategories.every((s) => ticked.has(s.category_id)));
  }
}

describe('category ticks (properties)', () => {
  test('after any clicks, each room is ticked exactly when all its subcategories are', () => {
    fc.assert(fc.property(clicks, ([t, cs]) => expectConsistent(t, play(t, cs))));
  });

  test('ticking a room ticks it and all its subcategories; unticking clears them all; other rooms are untouched', () => {
    fc.assert(
      fc.property(clicks, fc.boolean(), fc.nat(), ([t, cs], on, pick) => {
        const before = play(t, cs);
        const room = t[pick % t.length];
        const after = toggleCategory(t, before, room.category_id, on);
        for (const id of [room.category_id, ...room.subcategories.map((s) => s.category_id)]) expect(after.has(id)).toBe(on);
        for (const other of t.filter((r) => r !== room)) for (const id of allIds([other])) expect(after.has(id)).toBe(before.has(id));
      }),
    );
  });

  test('unticking one subcategory of a fully ticked room removes the room tick and nothing else', () => {
    fc.assert(
      fc.property(tree, fc.nat(), fc.nat(), (t, r, s) => {
        const room = t[r % t.length];
        if (room.subcategories.length === 0) return;
        const sub = room.subcategories[s % room.subcategories.length].category_id;
        const full = toggleCategory(t, new Set(), room.category_id, true);
        const after = toggleCategory(t, full, sub, false);
        expect([...full].filter((id) => !after.has(id)).sort()).toEqual([room.category_id, sub].sort());
      }),
    );
  });

  test('a click never changes the input set and never ticks an unknown id', () => {
    fc.assert(
      fc.property(clicks, ([t, cs]) => {
        const known = new Set(allIds(t));
        let set = new Set<number>();
        for (const [id, on] of cs) {
          const copy = new Set(set);
          const next = toggleCategory(t, set, id, on);
          expect(set).toEqual(copy);
          for (const x of next) expect(known.has(x)).toBe(true);
          set = next;
        }
      }),
    );
  });

  test('the URL form round-trips: tickedSet(compressTicked(s)) = s for every reachable s', () => {
    fc.assert(
      fc.property(clicks, ([t, cs]) => {
        const ticked = play(t, cs);
        expect(tickedSet(t, compressTicked(t, ticked))).toEqual(ticked);
      }),
    );
  });

  test('normalizeSelection of any ids is sorted, unique, known, idempotent, and shows a consistent set', () => {
    fc.assert(
      fc.property(
        tree.chain((t) => fc.tuple(fc.constant(t), fc.array(fc.oneof(fc.constantFrom(...allIds(t)), fc.integer({ min: -3, max: 60 })), { maxLength: 20 }))),
        ([t, ids]) => {
          const n = normalizeSelection(t, ids);
          expect(n).toEqual([...new Set(n)].sort((a, b) => a - b));
          for (const id of n) expect(allIds(t)).toContain(id);
          expect(normalizeSelection(t, n)).toEqual(n);
          const shown = tickedSet(t, n);
          expectConsistent(t, shown);
          expect(compressTicked(t, shown)).toEqual(n);
        },
      ),
    );
  });
});
