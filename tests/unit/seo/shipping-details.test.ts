// A product's Offer.shippingDetails come from the delivery zones and services,
// one per served zone, priced by the order's own quote for one unit of the product.
import { describe, expect, it } from 'vitest';
import { productGroupJsonLd, productJsonLd, shippingDetailsLd, type ProductLdInput } from '@/lib/storefront/json-ld';
import { zoneCoverage } from '@/lib/delivery/coverage';
import { merchantPolicy } from '@/lib/storefront/merchant-policy';
import { seededListingZones, SEEDED_ZONES } from '@/tests/support/listing-zones';
import { structuredDataProblems } from '@/tests/support/structured-data';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON-LD read field by field
type Ld = any;

const site = 'https://shop.test';
const settings = { currency: 'NZD', returnWindowDays: 30, timeZone: 'Pacific/Auckland' };
/** Rural two-person delivery $149 plus $30 a bulky piece; everything else as seeded ($49, free over $500). */
const zones = seededListingZones({ Rural: { two_person: { fee: 14900, bulkySurcharge: 3000, freeOver: null } } });
const policy = merchantPolicy(settings, site, zones);

const sofa: ProductLdInput = { url: `${site}/products/1`, name: 'KIVIK 3-seat sofa', images: [`${site}/i.png`], price: 1299, shippingClass: 'bulky', currency: 'NZD', inStock: true };
const cushion: ProductLdInput = { url: `${site}/products/2`, name: 'GURLI Cushion', images: [`${site}/i.png`], price: 19.99, shippingClass: 'parcel', currency: 'NZD', inStock: true };

const details = (p: ProductLdInput, pol = policy): Ld[] => (productJsonLd(p, pol).offers as Ld)?.shippingDetails;
const zoneRate = (list: Ld[], zone: string) => list.find((d) => d.name.endsWith(`— ${zone}`));

describe('shippingDetails from the delivery zones', () => {
  it('a parcel to Auckland goes by courier at the courier fee, with its lead days', () => {
    const auckland = zoneRate(details(cushion), 'Auckland');
    expect(auckland).toMatchObject({
      '@type': 'OfferShippingDetails',
      name: 'Courier — Auckland',
      shippingRate: { '@type': 'MonetaryAmount', value: 49, currency: 'NZD' },
      deliveryTime: { '@type': 'ShippingDeliveryTime', handlingTime: { minValue: 0, maxValue: 2, unitCode: 'DAY' }, transitTime: { minValue: 0, maxValue: 0, unitCode: 'DAY' } },
    });
    expect(auckland.shippingDestination).toEqual([
      {
        '@id': 'https://shop.test/shipping#zone-1-ranges',
        '@type': 'DefinedRegion',
        addressCountry: 'NZ',
        postalCodeRange: [
          { '@type': 'PostalCodeRangeSpecification', postalCodeBegin: '0600', postalCodeEnd: '0699' },
          { '@type': 'PostalCodeRangeSpecification', postalCodeBegin: '1010', postalCodeEnd: '1072' },
          { '@type': 'PostalCodeRangeSpecification', postalCodeBegin: '2010', postalCodeEnd: '2699' },
        ],
      },
    ]);
  });

  it('a bulky piece is never quoted courier: two-person delivery everywhere, the rural fee and surcharge in the rural zone', () => {
    const list = details(sofa);
    expect(list.map((d) => d.name.split(' — ')[0])).not.toContain('Courier');
    expect(zoneRate(list, 'Auckland')).toMatchObject({ name: 'Two-person delivery — Auckland', shippingRate: { value: 0 } }); // $1,299 passes the $500 free-over
    expect(zoneRate(list, 'Rural')).toMatchObject({ name: 'Two-person delivery — Rural', shippingRate: { value: 179 }, deliveryTime: { handlingTime: { maxValue: 3 } } });
    // Its listed postcodes: runs of neighbours as ranges, the rest one by one.
    const [ranges, singles] = zoneRate(list, 'Rural').shippingDestination;
    expect(ranges.postalCodeRange[0]).toEqual({ '@type': 'PostalCodeRangeSpecification', postalCodeBegin: '0171', postalCodeEnd: '0173' });
    expect(singles).toMatchObject({ '@type': 'DefinedRegion', addressCountry: 'NZ', postalCode: ['4075', '7875', '7895'] });
  });

  it('is free when the unit alone reaches the free-over amount, and charged just under it', () => {
    expect(zoneRate(details({ ...cushion, price: 500 }), 'Wellington').shippingRate.value).toBe(0);
    expect(zoneRate(details({ ...cushion, price: 499.99 }), 'Wellington').shippingRate.value).toBe(49);
  });

  it('follows an administrator’s change of a zone fee (it was one flat fee before)', () => {
    const dearer = merchantPolicy(settings, site, seededListingZones({ Auckland: { courier: { fee: 1500 } } }));
    expect(zoneRate(details(cushion, dearer), 'Auckland').shippingRate.value).toBe(15);
    expect(zoneRate(details(cushion, dearer), 'Wellington').shippingRate.value).toBe(49);
  });

  it('a zone with no delivery service that fits is left out; a switched-off service is never the rate', () => {
    const noTwoPerson = merchantPolicy(settings, site, seededListingZones({ Islands: { two_person: { active: false } } }));
    expect(zoneRate(details(sofa, noTwoPerson), 'Islands')).toBeUndefined();
    expect(zoneRate(details(cushion, noTwoPerson), 'Islands')).toMatchObject({ name: 'Courier — Islands' });
  });

  it('a collect-only product has no shippingDetails (click & collect has no place in it)', () => {
    const offer = productJsonLd({ ...sofa, shippingClass: 'collect_only' }, policy).offers as Ld;
    expect(offer.price).toBe('1299.00');
    expect(offer).not.toHaveProperty('shippingDetails');
    expect(shippingDetailsLd({ shippingClass: 'collect_only', priceCents: 129900, assemblyFeeCents: 0 }, policy)).toBeUndefined();
  });

  it('the destinations never overlap: each postcode is in the zone an order to it is quoted for, Chatham Islands in none', () => {
    const list = details(cushion);
    expect(list.map((d) => d.name)).toEqual(['Courier — Auckland', 'Courier — Wellington', 'Courier — Christchurch', 'Courier — Other main centres', 'Courier — North Island provincial', 'Courier — South Island provincial', 'Courier — Rural', 'Courier — Islands']);
    const holders = (pc: string) =>
      list
        .filter((d) =>
          d.shippingDestination.some((r: Ld) => (r.postalCode ?? []).includes(pc) || (r.postalCodeRange ?? []).some((x: Ld) => x.postalCodeBegin <= pc && pc <= x.postalCodeEnd)),
        )
        .map((d) => d.name.split(' — ')[1]);
    expect(holders('0650')).toEqual(['Auckland']);
    expect(holders('0171')).toEqual(['Rural']);
    expect(holders('0100')).toEqual(['North Island provincial']);
    expect(holders('1081')).toEqual(['Islands']);
    expect(holders('8942')).toEqual([]);
    expect(holders('0050')).toEqual([]);
  });

  it('zone coverage gives every postcode to the zone zoneFor picks', () => {
    const coverage = zoneCoverage(SEEDED_ZONES);
    expect(coverage.get(1)).toEqual([{ from: 600, to: 699 }, { from: 1010, to: 1072 }, { from: 2010, to: 2699 }]);
    expect(coverage.get(9)).toEqual([{ from: 8942, to: 8942 }]);
    // North Island provincial starts at 0100 and stops where Rural's first listed postcode takes over.
    expect(coverage.get(5)![0]).toEqual({ from: 100, to: 170 });
  });

  it('a model in many sizes writes each shipping entry and each zone’s postcodes once, in the page’s own variant, and refers to them after', async () => {
    const sizes = Array.from({ length: 40 }, (_, i): ProductLdInput => ({ ...sofa, url: `${site}/products/${100 + i}`, name: `PAX wardrobe ${100 + i} cm`, size: `${100 + i} cm`, price: 900 + i }));
    const small = { ...cushion, url: `${site}/products/99`, name: 'PAX wardrobe 50 cm', size: '50 cm' };
    const group = productGroupJsonLd({ groupId: 'pax', name: 'PAX wardrobe', siteUrl: site, variesBy: ['size'], variants: [small, ...sizes], currentUrl: sizes[5].url }, policy);
    const variants = group.hasVariant as Ld[];
    const own = variants.find((v) => v.url === sizes[5].url);
    // The page's own variant has every entry in full, postcodes included.
    expect(own.offers.shippingDetails).toHaveLength(8);
    expect(own.offers.shippingDetails.every((d: Ld) => d['@type'] === 'OfferShippingDetails' && d.shippingDestination.every((r: Ld) => r['@type'] === 'DefinedRegion'))).toBe(true);
    // Another bulky size at another price (all free over $500): references to the same entries.
    const other = variants.find((v) => v.url === sizes[6].url);
    expect(other.offers.shippingDetails).toEqual(own.offers.shippingDetails.map((d: Ld) => ({ '@id': d['@id'] })));
    // The parcel size goes by courier: entries of its own, whose zones' postcodes are references.
    const parcel = variants[0].offers.shippingDetails as Ld[];
    expect(zoneRate(parcel, 'Auckland')).toMatchObject({ name: 'Courier — Auckland', shippingDestination: [{ '@id': `${site}/shipping#zone-1-ranges` }] });
    expect(zoneRate(parcel, 'Auckland').shippingDestination[0]).not.toHaveProperty('postalCodeRange');
    // The whole group of 41 is less than a quarter of its variants' entries written out in full.
    const one = JSON.stringify(own.offers.shippingDetails).length;
    expect(JSON.stringify(group).length).toBeLessThan((41 * one) / 4);
    expect(await structuredDataProblems([group])).toEqual([]);
  });

  it('passes the schema.org validator', async () => {
    expect(await structuredDataProblems([productJsonLd(sofa, policy), productJsonLd(cushion, policy)])).toEqual([]);
  });
});
