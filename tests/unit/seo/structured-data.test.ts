// The product, variant-group, organisation and website markup pass a schema.org validator
// (vocabulary + Google's required properties, tests/support/structured-data.ts), and the validator
// does fail on what it should.
import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, organizationJsonLd, productGroupJsonLd, productJsonLd, websiteJsonLd, type ProductLdInput } from '@/lib/storefront/json-ld';
import { merchantPolicy } from '@/lib/storefront/merchant-policy';
import { seededListingZones } from '@/tests/support/listing-zones';
import { reviewJsonLd } from '@/lib/reviews/json-ld';
import { structuredDataProblems } from '@/tests/support/structured-data';

const site = 'https://shop.test';
// The seeded delivery zones: every offer carries one shippingDetails entry per served zone.
const policy = merchantPolicy({ currency: 'NZD', returnWindowDays: 30, timeZone: 'Pacific/Auckland' }, site, seededListingZones());
const sofa = (id: number, color: string, price: number): ProductLdInput => ({
  url: `${site}/products/${id}`,
  name: `KIVIK 3-seat sofa, ${color}`,
  sku: `10${id}.000.00`,
  description: '3-seat sofa, 228x95 cm.',
  images: [`${site}/illustrations/sofa.png`],
  brand: 'IKEA',
  category: 'Sofas & armchairs',
  color,
  size: '228x95 cm',
  price,
  shippingClass: 'bulky',
  currency: 'NZD',
  inStock: true,
});

describe('structured data passes the schema.org validator', () => {
  it('a single product with its merchant-listing offer and breadcrumbs', async () => {
    const nodes = [productJsonLd(sofa(1, 'dark grey', 1299), policy), breadcrumbJsonLd([{ name: 'Home', url: `${site}/` }, { name: 'Sofa', url: `${site}/products/1` }])];
    expect(await structuredDataProblems(nodes)).toEqual([]);
  });

  it('a model in several colours as one ProductGroup', async () => {
    const group = productGroupJsonLd({ groupId: 'kivik-3-seat-sofa', name: 'KIVIK 3-seat sofa', siteUrl: site, brand: 'IKEA', variesBy: ['color'], variants: [sofa(1, 'dark grey', 1299), sofa(2, 'beige', 1349)] }, policy);
    expect(group.hasVariant.map((v) => (v as { isVariantOf?: { '@id': string } }).isVariantOf?.['@id'])).toEqual([group['@id'], group['@id']]);
    expect(await structuredDataProblems([group])).toEqual([]);
  });

  it('a product with ratings and reviews (lib/reviews/json-ld.ts)', async () => {
    // The fields reviewJsonLd reads of a product's first page of approved reviews.
    const page = { summary: { average: 4.5, count: 2 }, reviews: [{ title: 'Comfy', body: 'Deep seats.', created_at: '2026-11-01T00:00:00.000Z', author_name: 'Aroha', rating: 5 }] };
    const reviews = reviewJsonLd(page as unknown as Parameters<typeof reviewJsonLd>[0]);
    const rated = productJsonLd({ ...sofa(1, 'dark grey', 1299), reviews }, policy);
    expect((rated as { aggregateRating?: unknown }).aggregateRating).toMatchObject({ ratingValue: '4.50', reviewCount: 2 });
    expect(await structuredDataProblems([rated])).toEqual([]);
  });

  it('the home page Organization and WebSite with its SearchAction', async () => {
    const nodes = [organizationJsonLd({ name: 'Totara Home', url: site, logo: `${site}/logo.png`, email: 'help@totarahome.co.nz', telephone: '+64800868272' }, policy), websiteJsonLd({ name: 'Totara Home', url: site })];
    expect(await structuredDataProblems(nodes)).toEqual([]);
  });
});

describe('the validator fails what search engines refuse', () => {
  it('a property schema.org does not define', async () => {
    expect((await structuredDataProblems([{ ...productJsonLd(sofa(1, 'white', 10), policy), colour: 'white' }])).join('\n')).toMatch(/colour/);
  });

  it('a merchant listing without an offer or a picture', async () => {
    const bare: Record<string, unknown> = { ...productJsonLd(sofa(1, 'white', 10), policy) };
    delete bare.offers;
    delete bare.image;
    expect((await structuredDataProblems([bare])).length).toBeGreaterThan(0);
  });

  it('a product group without variesBy, or a variant that does not point back', async () => {
    const group = productGroupJsonLd({ groupId: 'g', name: 'G', siteUrl: site, variesBy: ['color'], variants: [sofa(1, 'white', 10), sofa(2, 'black', 10)] }, policy);
    expect(await structuredDataProblems([{ ...group, variesBy: undefined }])).toContain('ProductGroup: "variesBy" is required');
    const orphan = { ...group, hasVariant: group.hasVariant.map((v) => ({ ...v, isVariantOf: { '@id': 'elsewhere' } })) };
    expect((await structuredDataProblems([orphan])).join('\n')).toMatch(/isVariantOf/);
  });
});
