/** spec §2 Products page paging: the numbered pager's page window, as properties over any page and total. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { pagerItems, pageWindow, type PageSlot } from '@/lib/storefront/page-window';

/** A total of 1..500 pages, a current page within it, and a radius of 0..4. */
const arbWindow = fc
  .record({ total: fc.integer({ min: 1, max: 500 }), radius: fc.integer({ min: 0, max: 4 }) })
  .chain(({ total, radius }) => fc.record({ total: fc.constant(total), radius: fc.constant(radius), current: fc.integer({ min: 1, max: total }) }));

const pages = (slots: PageSlot[]) => slots.filter((s): s is number => s !== null);

describe('pageWindow', () => {
  test('always shows the first, the last and the current page', () => {
    fc.assert(
      fc.property(arbWindow, ({ current, total, radius }) => {
        const shown = pages(pageWindow(current, total, radius));
        expect(shown).toContain(1);
        expect(shown).toContain(total);
        expect(shown).toContain(current);
        expect(shown[0]).toBe(1);
        expect(shown[shown.length - 1]).toBe(total);
      }),
    );
  });

  test('pages are in order with no duplicates, and every page within the radius is shown', () => {
    fc.assert(
      fc.property(arbWindow, ({ current, total, radius }) => {
        const shown = pages(pageWindow(current, total, radius));
        for (let i = 1; i < shown.length; i++) expect(shown[i]).toBeGreaterThan(shown[i - 1]);
        for (let p = Math.max(1, current - radius); p <= Math.min(total, current + radius); p++) expect(shown).toContain(p);
      }),
    );
  });

  test('an ellipsis stands only between pages at least three apart (it hides two or more); pages with nothing between are neighbours', () => {
    fc.assert(
      fc.property(arbWindow, ({ current, total, radius }) => {
        const slots = pageWindow(current, total, radius);
        expect(slots[0]).not.toBeNull();
        expect(slots[slots.length - 1]).not.toBeNull();
        for (let i = 1; i < slots.length; i++) {
          const [a, b] = [slots[i - 1], slots[i]];
          if (b === null) expect((slots[i + 1] as number) - (a as number)).toBeGreaterThan(2);
          else if (a !== null) expect(b - a).toBe(1);
        }
      }),
    );
  });

  test('the length is bounded by 2·radius + 5 whatever the total', () => {
    fc.assert(
      fc.property(arbWindow, ({ current, total, radius }) => {
        expect(pageWindow(current, total, radius).length).toBeLessThanOrEqual(Math.min(total, 2 * radius + 5));
      }),
    );
  });

  test('out-of-range and fractional inputs are clamped, never thrown on', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), fc.double(), (current, total, radius) => {
        const slots = pageWindow(current, total, Math.min(radius, 10));
        expect(slots.length).toBeGreaterThanOrEqual(1);
        expect(slots[0]).toBe(1);
      }),
    );
  });

  test('examples', () => {
    expect(pageWindow(1, 1, 2)).toEqual([1]);
    expect(pageWindow(1, 10, 1)).toEqual([1, 2, null, 10]);
    expect(pageWindow(5, 10, 1)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(3, 10, 1)).toEqual([1, 2, 3, 4, null, 10]);
    expect(pageWindow(4, 10, 1)).toEqual([1, 2, 3, 4, 5, null, 10]);
    expect(pageWindow(165, 165, 2)).toEqual([1, null, 163, 164, 165]);
  });
});

describe('pagerItems — one list for phones and wide screens', () => {
  test('the wide items are the wide window and the narrow items the narrow window, each link once', () => {
    fc.assert(
      fc.property(arbWindow, fc.integer({ min: 0, max: 3 }), ({ current, total, radius }, narrowRadius) => {
        const items = pagerItems(current, total, radius, narrowRadius);
        const project = (flag: 'wide' | 'narrow') => items.filter((i) => i[flag]).map((i) => (i.kind === 'page' ? i.page : null));
        expect(project('wide')).toEqual(pageWindow(current, total, radius));
        expect(project('narrow')).toEqual(pageWindow(current, total, narrowRadius));
        const links = items.flatMap((i) => (i.kind === 'page' ? [i.page] : []));
        expect(new Set(links).size).toBe(links.length);
      }),
    );
  });
});
