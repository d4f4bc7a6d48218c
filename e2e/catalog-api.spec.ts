import { expect, test } from '@playwright/test';

// The catalogue REST contract on the production build, seeded on first start with the real IKEA data.

test('an API client pages through the seeded catalogue', async ({ request }) => {
  const first = await request.get('/api/products');
  expect(first.status()).toBe(200);
  expect(first.headers()['cache-control']).toContain('s-maxage=');
  const body = await first.json();
  expect(body).toMatchObject({ currentPage: 1, totalPages: Math.ceil(2962 / 18), total: 2962 });
  expect(body.products).toHaveLength(18);

  const last = await (await request.get('/api/products?page=9999')).json();
  expect(last.currentPage).toBe(last.totalPages);
  expect(last.products.length).toBeGreaterThan(0);

  const bad = await request.get('/api/products?page=abc');
  expect(bad.status()).toBe(400);
  expect((await bad.json()).message).toContain('page must be a whole number');
});

test('a shopper searching for "sofa" sees sofas first, and a typo still finds wardrobes', async ({ request }) => {
  const sofas = await (await request.get('/api/products/search?query=sofa&limit=5')).json();
  for (const p of sofas.products) expect(p.name.toLowerCase()).toContain('sofa');
  const wardrobes = await (await request.get('/api/products/search?query=wardrob&limit=5')).json();
  for (const p of wardrobes.products) expect(p.name.toLowerCase()).toContain('wardrobe');
});

test('the home page lists come back as the contract shows', async ({ request }) => {
  const featured = await (await request.get('/api/products/featured')).json();
  expect(featured).toHaveLength(8);
  const latest = await (await request.get('/api/products/latest')).json();
  expect(latest).toHaveLength(8);
  const groups = await (await request.get('/api/products/promotions?limit=3')).json();
  expect(groups.length).toBe(7);
  expect(groups[0].products[0]).toMatchObject({ originalPrice: expect.any(Number), promotionalPrice: expect.any(Number) });
  const categories = await (await request.get('/api/categories')).json();
  expect(categories.map((c: { name: string }) => c.name)).toContain('Living room');
});

test('a product page link to a missing product answers 404 with the message', async ({ request }) => {
  const res = await request.get('/api/products/99999999');
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ message: 'Product not found.' });
  const one = await (await request.get(`/api/products/${(await (await request.get('/api/products/featured?limit=1')).json())[0].product_id}`)).json();
  expect(one.brand_name).toBe('IKEA');
});

test('a filtered listing renders per request at the origin and tells the front door it may keep it', async ({ request }) => {
  // A width no other test (or earlier run against this server) asks for.
  const width = 500_000 + (Date.now() % 400_000);
  for (const query of [`sort=name&width_max=${width}`, `category=1&sort=price_asc&page=2&width_max=${width}`]) {
    for (let i = 0; i < 2; i++) {
      const res = await request.get(`/products?${query}`);
      expect(res.status()).toBe(200);
      expect(await res.text()).toContain('data-testid="product-grid"');
      // Rendered by /products itself (no ISR twin), from the cached catalogue reads …
      expect(res.headers()['x-nextjs-cache']).toBeUndefined();
      // … and public for a short while, so nginx or the CDN answers the next shopper.
      expect(res.headers()['cache-control']).toMatch(/^public, s-maxage=\d+, stale-while-revalidate=\d+$/);
    }
    // A client navigation gets the RSC payload of the same page.
    const rsc = await request.get(`/products?${query}`, { headers: { rsc: '1' } });
    expect(rsc.headers()['content-type']).toContain('text/x-component');
  }
});
