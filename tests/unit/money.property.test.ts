/** Properties of money conversion and display (lib/money.ts; docs/architecture.md "Money", spec §5 Prices, §9). */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatMoney, percentSaved, toCents, toDecimal } from '@/lib/money';

const cents = fc.integer({ min: -100_000_000_000, max: 100_000_000_000 });
const blanks = fc.constantFrom('', ' ', '\t', ' \n ');

describe('toCents / toDecimal (properties)', () => {
  test('cents → decimal → cents is the identity', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(toCents(toDecimal(c))).toBe(c);
      }),
    );
  });

  test('a 2-decimal string, with blanks around it, reads as its cents', () => {
    fc.assert(
      fc.property(cents, blanks, blanks, (c, before, after) => {
        const text = `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
        expect(toCents(`${before}${text}${after}`)).toBe(c);
      }),
    );
  });

  test('the result is always an exact whole number of cents or NaN (never Infinity)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.constantFrom(1.797e306, -1e300, 9.1e13)), (x) => {
        const c = toCents(x);
        if (!Number.isNaN(c)) expect(Number.isSafeInteger(c)).toBe(true);
      }),
    );
  });

  test('junk, blanks and non-finite numbers give NaN, never 0', () => {
    const junk = fc.string().filter((s) => !/^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(s));
    fc.assert(
      fc.property(junk, (s) => {
        expect(toCents(s)).toBeNaN();
      }),
    );
    for (const x of ['', '   ', 'abc', '12abc', '0x1A', '1,5', 'NaN', 'Infinity', '-Infinity', '--1']) expect(toCents(x), JSON.stringify(x)).toBeNaN();
    for (const x of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(toCents(x)).toBeNaN();
  });
});

describe('formatMoney (properties)', () => {
  test('never throws; a finite amount shows $ and two decimals; anything else shows N/A', () => {
    const input = fc.oneof(fc.double(), fc.string(), fc.constantFrom(null, undefined, '', '  ', 'NaN', 'Infinity'));
    fc.assert(
      fc.property(input, (x) => {
        const out = formatMoney(x, 'NZD');
        const n = typeof x === 'string' ? (/^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(x) ? Number(x) : Number.NaN) : x;
        if (typeof n === 'number' && Number.isFinite(n)) expect(out).toMatch(/^-?\$[\d,]+\.\d\d$/);
        else expect(out).toBe('N/A');
      }),
    );
  });

  test('shows the cents of toDecimal exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_00 }), (c) => {
        const digits = formatMoney(toDecimal(c), 'NZD').replace(/[$,.]/g, '');
        expect(Number(digits)).toBe(c);
      }),
    );
  });
});

describe('percentSaved (properties)', () => {
  test('null unless the original exceeds the promotional price; otherwise 0–100', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e7, noNaN: true }), fc.double({ min: 0, max: 1e7, noNaN: true }), (original, promotional) => {
        const p = percentSaved(original, promotional);
        if (!(original > promotional)) expect(p).toBeNull();
        else {
          expect(Number.isInteger(p)).toBe(true);
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(100);
        }
      }),
    );
  });
});
