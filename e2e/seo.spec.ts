/**
 * What search engines and social networks read: every page's link preview (og:type,
 * og:site_name, og:locale, og:url, og:image with its size and alt, summary_large_image) with each
 * picture a real 1200 × 630 PNG; a product page's structured data passing a schema.org validator
 * (the variants of one model as a ProductGroup, each named apart); meta descriptions within 160
 * characters; filtered listings kept out of the index by the one rule; the home page's Organization
 * and WebSite; an unknown product's own 404 title; a product's shipping rates per delivery zone,
 * following an administrator's change of a fee.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { jsonLdOf, structuredDataProblems } from '../tests/support/structured-data';
import {  } from './checkout-steps';
import { signIn } from './support/sign-in';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON-LD read back from the page, checked field by field
type Ld = any;

type Head = { title: string; meta: (key: string) => string | undefined; metas: (key: string) => string[]; canonical?: string; robots?: string };

/** The <head> of a page as a crawler reads it (no JavaScript). */
async function headOf(request: APIRequestContext, path: string): Promise<Head & { status: number; html: string }> {
  const res = await request.get(path);
  const html = await res.text();
  const head = html.slice(0, html.indexOf('</head>') > 0 ? html.indexOf('</head>') : html.length) + html; // streamed metadata may follow <head>
  const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  const metas = (key: string) =>
    [...head.matchAll(/<meta\s+([^>]*?)\/?>/g)]
      .map((m) => m[1])
      .filter((attrs) => new RegExp(`(?:property|name)="${key.replace(/[.:]/g, '\\$&')}"`).test(attrs))
      .map((attrs) => decode(/content="([^"]*)"/.exec(attrs)?.[1] ?? ''));
  return {
    status: res.status(),
    html,
    title: decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    meta: (key) => metas(key)[0],
    metas,
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1],
    robots: metas('robots')[0],
  };
}

/** Width and height of a PNG from its IHDR chunk. */
const pngSize = (buf: Buffer) => ({ width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) });

async function productIdBySku(request: APIRequestContext, q: string, sku: string): Promise<number> {
  const body = await (await request.get(`/api/products?q=${encodeURIComponent(q)}&limit=50`)).json();
  const hit = body.products.find((p: { sku: string }) => p.sku === sku);
  expect(hit, `product ${sku}`).toBeTruthy();
  return hit.product_id;
}

test('every kind of page carries a complete link preview whose picture is a 1200 × 630 PNG', async ({ request, baseURL }) => {
  const categories = await (await request.get('/api/categories')).json();
  const room = categories[0];
  const productId = await productIdBySku(request, 'franklin', '704.048.75');
  const pages = ['/', '/products', `/products?category=${room.category_id}`, `/products/${productId}`, '/featured-products', '/latest-products', '/promotional-products', '/about', '/contact', '/faq', '/shipping', '/returns', '/login', '/signup'];
  const pictures = new Map<string, string>();
  for (const path of pages) {
    const head = await headOf(request, path);
    expect(head.status, path).toBe(200);
    expect(head.meta('og:type'), path).toBe('website');
    expect(head.meta('og:site_name'), path).toBe('Totara Home');
    expect(head.meta('og:locale'), path).toBe('en_NZ');
    expect(head.meta('og:url'), path).toMatch(new RegExp(`^${baseURL}(/|$)`));
    expect(head.meta('og:title'), path).toBeTruthy();
    expect(head.meta('og:image'), path).toMatch(new RegExp(`^${baseURL}/`));
    expect(head.meta('og:image:width'), path).toBe('1200');
    expect(head.meta('og:image:height'), path).toBe('630');
    expect(head.meta('og:image:alt')?.length, path).toBeGreaterThan(5);
    expect(head.meta('twitter:card'), path).toBe('summary_large_image');
    expect(head.meta('twitter:image'), path).toBe(head.meta('og:image'));
    pictures.set(path, head.meta('og:image')!);
  }
  // The listing of a room shows the room; a product its own picture; the rest the shop.
  expect(pictures.get(`/products?category=${room.category_id}`)).toContain(`/og/${room.slug}/opengraph-image`);
  expect(pictures.get(`/products/${productId}`)).toContain(`/products/${productId}/opengraph-image`);
  expect(pictures.get('/about')).toContain('/og/shop/opengraph-image');
  for (const url of new Set(pictures.values())) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    expect(res.headers()['content-type'], url).toBe('image/png');
    expect(pngSize(await res.body()), url).toEqual({ width: 1200, height: 630 });
  }
  // The product's alt text names it and its price.
  expect((await headOf(request, `/products/${productId}`)).meta('og:image:alt')).toMatch(/^FRANKLIN Bar stool with backrest, foldable, white, 63 cm — \$/);
});

test("a product page's structured data passes a schema.org validator, its variants one ProductGroup with raster pictures", async ({ request, baseURL }) => {
  const white = await productIdBySku(request, 'franklin', '704.048.75');
  const black = await productIdBySku(request, 'franklin', '504.064.65');
  const [a, b] = [await headOf(request, `/products/${white}`), await headOf(request, `/products/${black}`)];
  // Each variant its own title and canonical.
  expect(a.title).toBe('FRANKLIN Bar stool with backrest, foldable, white, 63 cm'); // too long with the store name (documentTitle)
  expect(b.title).toBe('FRANKLIN Bar stool with backrest, foldable, black, 63 cm');
  expect(a.canonical).toBe(`${baseURL}/products/${white}`);
  expect(b.canonical).toBe(`${baseURL}/products/${black}`);

  const nodes = jsonLdOf(a.html);
  expect(await structuredDataProblems(nodes)).toEqual([]);
  const group = nodes.find((n) => n['@type'] === 'ProductGroup') as Ld;
  expect(group).toBeTruthy();
  expect(group.variesBy).toEqual(['https://schema.org/color', 'https://schema.org/size']);
  expect(group.hasVariant).toHaveLength(4);
  const own = group.hasVariant.find((v: Ld) => v.sku === '704.048.75');
  expect(own).toMatchObject({ name: 'FRANKLIN Bar stool with backrest, foldable, white, 63 cm', color: 'White', size: '63 cm', url: `${baseURL}/products/${white}`, isVariantOf: { '@id': group['@id'] } });
  // One shipping entry per served delivery zone, in the store currency, each written in full on its own variant's page.
  expect(own.offers.shippingDetails.length).toBeGreaterThan(1);
  for (const entry of own.offers.shippingDetails) expect(entry.shippingRate.currency).toBe('NZD');
  expect(own.offers.hasMerchantReturnPolicy.merchantReturnDays).toBe(30);
  expect(new Set(group.hasVariant.map((v: Ld) => v.name)).size).toBe(4);
  // The same group on the other variant's page.
  expect((jsonLdOf(b.html).find((n) => n['@type'] === 'ProductGroup') as Ld).productGroupID).toBe(group.productGroupID);
  // Every picture is a raster image.
  for (const v of group.hasVariant) {
    for (const src of v.image) {
      const res = await request.get(src);
      expect(res.status(), src).toBe(200);
      expect(res.headers()['content-type'], src).toMatch(/^image\/(png|jpeg|webp)$/);
    }
  }
});

test("a product's shipping rates follow the delivery zones: an administrator's new courier fee for Auckland is on the product page at once", async ({ page, request }) => {
  const cushionish = await productIdBySku(request, 'franklin', '704.048.75');
  const product = (await (await request.get(`/api/products/${cushionish}`)).json()) as { price: number; shipping_class: string };
  expect(product.shipping_class).toBe('parcel');
  const rates = async () => {
    const group = jsonLdOf((await headOf(request, `/products/${cushionish}`)).html).find((n) => n['@type'] === 'ProductGroup') as Ld;
    const own = group.hasVariant.find((v: Ld) => v.sku === '704.048.75');
    return new Map<string, Ld>(own.offers.shippingDetails.map((d: Ld) => [d.name, d]));
  };
  const before = await rates();
  // One rate per served zone (Chatham Islands is not served), each with its postcodes; a parcel goes by courier.
  expect([...before.keys()]).toContain('Courier — Auckland');
  expect([...before.keys()].some((k) => k.includes('Chatham'))).toBe(false);
  expect(before.get('Courier — Auckland').shippingDestination[0].postalCodeRange[0]).toMatchObject({ postalCodeBegin: '0600', postalCodeEnd: '0699' });
  const wellington = before.get('Courier — Wellington').shippingRate.value;

  await signIn(page.request, 'admin@totarahome.test', 'Admin123!');
  const setup = (await (await page.request.get('/api/delivery/zones')).json()) as { zones: { name: string; services: Ld[] }[] };
  const courier = setup.zones.find((z) => z.name === 'Auckland')!.services.find((s) => s.kind === 'courier');
  const save = (fee: number, freeOver: number | null) =>
    page.request.put(`/api/delivery/services/${courier.service_id}`, {
      data: { kind: 'courier', name: courier.name, fee, bulky_surcharge: courier.bulky_surcharge, free_over: freeOver, lead_days: courier.lead_days, weekdays: courier.weekdays, active: true },
    });
  try {
    expect((await save(12.5, null)).status()).toBe(200);
    const after = await rates();
    expect(after.get('Courier — Auckland').shippingRate).toEqual({ '@type': 'MonetaryAmount', value: 12.5, currency: 'NZD' });
    expect(after.get('Courier — Wellington').shippingRate.value).toBe(wellington);
  } finally {
    expect((await save(courier.fee, courier.free_over)).status()).toBe(200);
  }
});

test('product meta descriptions stay within 160 characters and end on a word', async ({ request }) => {
  const { products } = await (await request.get('/api/products?q=sofa&limit=12')).json();
  for (const p of products.slice(0, 8)) {
    const d = (await headOf(request, `/products/${p.product_id}`)).meta('description')!;
    expect(d.length, d).toBeLessThanOrEqual(160);
    expect(d, d).toMatch(/(\w[.!)]?|…)$/);
  }
});

test('a named listing is indexed under its own title; any other filter combination is named by what it shows, noindex, with the canonical of the listing it narrows', async ({ request, baseURL }) => {
  const categories = await (await request.get('/api/categories')).json();
  const room = categories.find((r: { subcategories: unknown[] }) => r.subcategories.length > 0);
  const sub = room.subcategories[0];
  const roomPage = await headOf(request, `/products?category=${room.category_id}`);
  expect(roomPage.title).toBe(`${room.name} furniture · Totara Home`);
  expect(roomPage.robots ?? 'index').not.toMatch(/noindex/);
  expect(roomPage.canonical).toBe(`${baseURL}/products?category=${room.category_id}`);

  const filtered = await headOf(request, `/products?category=${sub.category_id}&style=Upholstered`);
  expect(filtered.robots).toMatch(/noindex/);
  expect(filtered.robots).toMatch(/follow/);
  expect(filtered.canonical).toBe(`${baseURL}/products?category=${sub.category_id}`);

  // A subcategory on sale: its own name in the title, its category as the canonical.
  const subName = sub.name.replace(/_/g, ' ');
  const onSale = await headOf(request, `/products?category=${sub.category_id}&on_sale=1`);
  expect(onSale.title).toBe(`${subName} on sale · Totara Home`);
  expect(onSale.robots).toMatch(/noindex/);
  expect(onSale.canonical).toBe(`${baseURL}/products?category=${sub.category_id}`);

  const sizeOnly = await headOf(request, '/products?width_min=60');
  expect(sizeOnly.robots).toMatch(/noindex/);
  expect(sizeOnly.canonical).toBe(`${baseURL}/products`);
});

test('product titles stay under 60 characters in search results, the full name in the page', async ({ request }) => {
  // The longest product names of searches that list long ones; variant names add colour, size or SKU.
  const products: { product_id: number; name: string }[] = [];
  for (const q of ['loft bed', 'bookcase', 'wall bracket', 'table with chairs']) products.push(...(await (await request.get(`/api/products?q=${encodeURIComponent(q)}&limit=100`)).json()).products);
  const longest = [...products].sort((a, b) => b.name.length - a.name.length).slice(0, 4);
  expect(longest[0].name.length).toBeGreaterThan(46);
  for (const p of longest) {
    const head = await headOf(request, `/products/${p.product_id}`);
    expect(head.title.length, head.title).toBeLessThan(60);
    const h1 = /<h1[^>]*data-testid="product-name"[^>]*>([^<]*)<\/h1>/.exec(head.html)?.[1];
    expect(h1?.replace(/&amp;/g, '&').replace(/&#x27;/g, "'")).toBe(p.name);
    // A cut title is the start of the page's name, ending on a whole word.
    const shown = head.title.replace(/ · Totara Home$/, '').replace(/…$/, '');
    expect(`${p.name}`.startsWith(shown.split(',')[0])).toBe(true);
  }
});

test('the home page describes the shop as an Organization and a WebSite with a search', async ({ request, baseURL }) => {
  const home = await headOf(request, '/');
  const nodes = jsonLdOf(home.html);
  expect(await structuredDataProblems(nodes)).toEqual([]);
  const org = nodes.find((n) => n['@type'] === 'OnlineStore') as Ld;
  expect(org).toMatchObject({ name: 'Totara Home', url: baseURL, logo: `${baseURL}/logo.png`, contactPoint: { email: 'help@totarahome.co.nz' } });
  const logo = await request.get(org.logo);
  expect(logo.headers()['content-type']).toBe('image/png');
  const site = nodes.find((n) => n['@type'] === 'WebSite') as Ld;
  expect(site.potentialAction.target.urlTemplate).toBe(`${baseURL}/products?q={search_term_string}`);
  const search = await request.get(site.potentialAction.target.urlTemplate.replace('{search_term_string}', 'sofa'));
  expect(search.status()).toBe(200);
});

test("an unknown product answers 404 under a title of its own", async ({ request }) => {
  const page = await headOf(request, '/products/999999999');
  expect(page.status).toBe(404);
  expect(page.title).toBe('Product not found · Totara Home');
  expect(page.robots).toMatch(/noindex/);
});
