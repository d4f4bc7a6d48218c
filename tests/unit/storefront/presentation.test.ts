/** Storefront display rules: fallback pictures (spec §9), structured data, facts, header links (spec §2). */
import { describe, expect, test } from 'vitest';
import { illustrationFor } from '@/lib/catalog/illustrations';
import { breadcrumbJsonLd, productJsonLd, safeJsonLd } from '@/lib/storefront/json-ld';
import { dimensionsLabel, stockState } from '@/lib/storefront/product-facts';
import { isUsableImageUrl, orderedImages, primaryImageUrl } from '@/lib/storefront/product-image';
import { footerServiceColumn, roleLinks } from '@/lib/storefront/site-nav';
import { merchantPolicy } from '@/lib/storefront/merchant-policy';
import { seededListingZones } from '@/tests/support/listing-zones';

describe('fallback illustration', () => {
  test('is chosen from what the piece is, most specific text first', () => {
    expect(illustrationFor('Bar table, in/outdoor', 'Bar furniture')).toBe('/illustrations/bar.svg');
    expect(illustrationFor('Three-seat sofa-bed', 'Sofas & armchairs')).toBe('/illustrations/sofa-bed.svg');
    expect(illustrationFor('Bedside table', 'Beds')).toBe('/illustrations/side-table.svg');
    expect(illustrationFor('Wardrobe with sliding doors')).toBe('/illustrations/wardrobe.svg');
    expect(illustrationFor('Cot', "Nursery furniture")).toBe('/illustrations/crib.svg');
  });

  test('falls back to the room, then to a general picture', () => {
    expect(illustrationFor(null, undefined, 'Bedroom')).toBe('/illustrations/bed.svg');
    expect(illustrationFor('Frame', 'Accessories')).toBe('/illustrations/furniture.svg');
  });
});

describe('product pictures', () => {
  const img = (image_url: string, sort_order: number, is_primary = false) => ({ image_url, sort_order, is_primary });

  test('the primary image wins, else the lowest sort order', () => {
    expect(primaryImageUrl([img('/api/images/b', 0), img('/api/images/a', 1, true)])).toBe('/api/images/a');
    expect(primaryImageUrl([img('/api/images/b', 2), img('https://cdn.example/a.jpg', 1)])).toBe('https://cdn.example/a.jpg');
    expect(primaryImageUrl([])).toBeNull();
    expect(primaryImageUrl(null)).toBeNull();
  });

  test('unsafe or blank addresses are never used', () => {
    expect(isUsableImageUrl('javascript:alert(1)')).toBe(false);
    expect(isUsableImageUrl('//evil.example/x.png')).toBe(false);
    expect(isUsableImageUrl('  ')).toBe(false);
    expect(primaryImageUrl([img('data:image/png;base64,xx', 0, true)])).toBeNull();
    expect(orderedImages([img('/x', 2), img('javascript:1', 0), img('/y', 1, true), img('/z', 0)]).map((i) => i.image_url)).toEqual(['/y', '/z', '/x']);
  });
});

describe('product structured data', () => {
  const base = { url: 'https://shop.test/products/7', name: 'EKTORP Sofa', sku: 'IK-1', images: ['https://shop.test/i.png'], currency: 'NZD', inStock: true, shippingClass: 'bulky' as const };
  const policy = merchantPolicy({ currency: 'NZD', returnWindowDays: 30, timeZone: 'Pacific/Auckland' }, 'https://shop.test', seededListingZones());

  test('carries the offer with price, NZD and availability', () => {
    const ld = productJsonLd({ ...base, price: 1299.5 }, policy);
    expect(ld.offers).toMatchObject({ price: '1299.50', priceCurrency: 'NZD', availability: 'https://schema.org/InStock', url: base.url });
    expect(productJsonLd({ ...base, price: 10, inStock: false }, policy).offers?.availability).toBe('https://schema.org/OutOfStock');
  });

  test("ships an item under its zone's free-over amount for the service fee, one at or over it free, and states the 30-day return window", () => {
    const firstRate = (price: number) => (productJsonLd({ ...base, price }, policy).offers?.shippingDetails?.[0] as { shippingRate?: { value: number } }).shippingRate;
    expect(firstRate(499.99)).toEqual({ '@type': 'MonetaryAmount', value: 49, currency: 'NZD' });
    expect(firstRate(500)?.value).toBe(0);
    expect(productJsonLd({ ...base, price: 10 }, policy).offers?.hasMerchantReturnPolicy).toMatchObject({ merchantReturnDays: 30, applicableCountry: 'NZ', returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow' });
  });

  test('leaves the offer out when the price is not a number', () => {
    expect(productJsonLd({ ...base, price: 'call us' }, policy).offers).toBeUndefined();
    expect(productJsonLd({ ...base, price: null }, policy).offers).toBeUndefined();
  });

  test('cannot close its script element, whatever the product is called', () => {
    const json = safeJsonLd(productJsonLd({ ...base, name: '</script><script>alert(1)</script> & co', price: 1 }, policy));
    expect(json).not.toMatch(/<|>/);
    expect(JSON.parse(json).name).toBe('</script><script>alert(1)</script> & co');
  });

  test('breadcrumbs are numbered from 1', () => {
    expect(breadcrumbJsonLd([{ name: 'Home', url: 'u1' }, { name: 'Sofa', url: 'u2' }]).itemListElement.map((i) => i.position)).toEqual([1, 2]);
  });
});

describe('product facts', () => {
  test('dimensions read width × height × depth in cm, with gaps marked', () => {
    expect(dimensionsLabel(80, 105, 51)).toBe('80 × 105 × 51 cm');
    expect(dimensionsLabel(80, null, undefined)).toBe('80 × – × – cm');
    expect(dimensionsLabel(null, null, null)).toBeNull();
  });

  test('stock reads in stock, only N left at or under the threshold, or out of stock', () => {
    expect(stockState(12, 5)).toEqual({ tone: 'in', label: 'In stock' });
    expect(stockState(5, 5)).toEqual({ tone: 'low', label: 'Only 5 left' });
    expect(stockState(0, 5).label).toBe('Out of stock');
    expect(stockState(-3, 5).label).toBe('Out of stock');
  });
});

describe('header and footer links by role', () => {
  test('visitors get no role links; customers Cart and My Orders; admins the back office', () => {
    expect(roleLinks(null)).toEqual([]);
    expect(roleLinks({ userName: 'demo', isAdmin: false }).map((l) => [l.label, l.href])).toEqual([
      ['Cart', '/cart'],
      ['My Orders', '/order'],
    ]);
    expect(roleLinks({ userName: 'admin', isAdmin: true }).map((l) => l.href)).toEqual(['/admin', '/admin/orders', '/admin/products', '/admin/users']);
  });

  test('the footer shows Customer Service, or Admin Links to administrators', () => {
    expect(footerServiceColumn(null).title).toBe('Customer Service');
    expect(footerServiceColumn({ userName: 'demo', isAdmin: false }).links.map((l) => l.label)).toEqual(['FAQ', 'Shipping', 'Returns', 'Contact us']);
    expect(footerServiceColumn({ userName: 'admin', isAdmin: true })).toMatchObject({ title: 'Admin Links', links: [{ href: '/admin' }, { href: '/admin/reports' }, { href: '/admin/settings' }] });
  });
});
