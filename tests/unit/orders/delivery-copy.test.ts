/**
 * What the shop's pages say about delivery (lib/delivery/shopper-copy.ts):
 * the product page's line per shipping class, the FAQ answers and the home page's promise follow the
 * delivery zones and services, never a flat fee.
 */
import { describe, expect, test } from 'vitest';
import { deliveryPromise, faqDeliveryAnswers, postcodesText, productDeliveryLine, runningMoney, weekdaysText } from '@/lib/delivery/shopper-copy';
import { seededListingZones, SEEDED_ZONES } from '@/tests/support/listing-zones';

const money = runningMoney('NZD');
const today = '2026-11-26';
const seeded = seededListingZones();
/** The administrator's rural change of e2e/delivery.spec.ts: $149 plus $30 per bulky piece, never free. */
const ruralDear = seededListingZones({ Rural: { two_person: { fee: 14900, bulkySurcharge: 3000, freeOver: null } } });

const cushion = { shippingClass: 'parcel' as const, unitPrice: 1999, assemblyFee: 0 };
const sofa = { shippingClass: 'bulky' as const, unitPrice: 39900, assemblyFee: 5000 };
const bigSofa = { shippingClass: 'bulky' as const, unitPrice: 129900, assemblyFee: 5000 };
const bench = { shippingClass: 'collect_only' as const, unitPrice: 25000, assemblyFee: 0 };

describe('product page delivery line', () => {
  test('a parcel: courier from the lowest fee with its free-over amount, and free click & collect at Epsom', () => {
    expect(productDeliveryLine(cushion, seeded, today, money)).toEqual(['Courier from $49 · free over $500', 'Click & collect free (Epsom warehouse)']);
  });

  test('a bulky piece is never offered courier: two-person delivery, assembly where it runs (with the piece’s assembly fee)', () => {
    const line = productDeliveryLine(sofa, seeded, today, money);
    expect(line.join(' · ')).not.toMatch(/courier/i);
    expect(line).toEqual([
      'Two-person delivery from $49 · free over $500',
      'With assembly from $99 (in Auckland, Wellington, Christchurch and Other main centres)',
      'Click & collect free (Epsom warehouse)',
    ]);
  });

  test('a bulky piece whose price reaches the free-over amount: delivery free, assembly still charged', () => {
    expect(productDeliveryLine(bigSofa, seeded, today, money)).toEqual([
      'Free two-person delivery',
      'With assembly from $50 (in Auckland, Wellington, Christchurch and Other main centres)',
      'Click & collect free (Epsom warehouse)',
    ]);
  });

  test('a zone priced apart is named: the rural fee and its lack of free delivery', () => {
    expect(productDeliveryLine(sofa, ruralDear, today, money)[0]).toBe('Two-person delivery from $49 (except Rural) · free over $500 (except Rural)');
    // A parcel still goes by courier at $49 everywhere.
    expect(productDeliveryLine(cushion, ruralDear, today, money)[0]).toBe('Courier from $49 · free over $500');
  });

  test('follows a fee the administrator changed everywhere', () => {
    const dearer = seededListingZones(Object.fromEntries(SEEDED_ZONES.map((z) => [z.name, { courier: { fee: 5900 } }])));
    expect(productDeliveryLine(cushion, dearer, today, money)[0]).toBe('Courier from $59 · free over $500');
  });

  test('collect only: click & collect only, from the pickup location', () => {
    expect(productDeliveryLine(bench, seeded, today, money)).toEqual(['Click & collect only, from Epsom warehouse, 25 Manukau Road, Epsom, Auckland 1023', 'Free']);
    const closed = seededListingZones({ Auckland: { click_collect: { active: false } } });
    expect(productDeliveryLine(bench, closed, today, money)).toEqual(['Click & collect only — no pickup point is open at the moment']);
    expect(productDeliveryLine(cushion, closed, today, money)).toEqual(['Courier from $49 · free over $500']);
  });
});

describe('FAQ and home page', () => {
  test('the FAQ answers quote each service’s lowest fee, its free-over amount and the lead days', () => {
    const { cost, time } = faqDeliveryAnswers(ruralDear, money);
    expect(cost).toContain('what you order: courier from $49, free over $500; two-person delivery from $49, free over $500 (except Rural).');
    expect(cost).toContain('Click & collect from our Epsom warehouse is free.');
    expect(cost).not.toMatch(/flat/i);
    expect(time).toContain('courier 2 working days, two-person delivery 3 working days and two-person delivery with assembly 5 working days');
    expect(time).toContain('ready from 1 working day');
  });

  test('the home promise is "free delivery over $500" only while every zone’s delivery is free from $500', () => {
    expect(deliveryPromise(seeded, money)).toEqual({ title: 'Free delivery over $500', text: 'Otherwise courier from $49 and two-person delivery from $49, by where you live. Click & collect in Epsom.' });
    expect(deliveryPromise(ruralDear, money)).toEqual({ title: 'Delivery from $49', text: 'Courier from $49 and two-person delivery from $49, by where you live. Click & collect in Epsom.' });
  });
});

describe('shipping page details', () => {
  test('weekdays read as a span or a list', () => {
    expect(weekdaysText([1, 2, 3, 4, 5])).toBe('Mon–Fri');
    expect(weekdaysText([1, 2, 3, 4, 5, 6])).toBe('Mon–Sat');
    expect(weekdaysText([1, 3, 5])).toBe('Mon, Wed, Fri');
    expect(weekdaysText([1, 2, 3, 4, 5, 6, 7])).toBe('Every day');
  });

  test('postcodes: ranges, listed postcodes as runs, with the seeded place names', () => {
    const byName = (n: string) => SEEDED_ZONES.find((z) => z.name === n)!;
    expect(postcodesText(byName('Auckland'))).toEqual(['0600–0699', '1010–1072', '2010–2699']);
    expect(postcodesText(byName('Other main centres'))).toContain('Tauranga 3110–3119');
    expect(postcodesText(byName('Islands'))).toEqual(['Great Barrier 0991', 'Waiheke 1081', 'Stewart Island 9818']);
    expect(postcodesText(byName('Rural')).slice(0, 2)).toEqual(['0171–0173', '0181–0184']);
  });
});
