import crypto from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { freePort, postgresAnswers } from '../support/processes';
import { nginxInstalled, startNginx, startStack, type Nginx, type Stack } from './stack';

// The shop behind its front door (deploy/nginx.conf; docs/operations.md "Front door"): what a shopper and
// an admin notice through nginx's shared cache. Anonymous catalogue pages come from the cache; a
// signed-in customer only ever sees their own cart, orders and profile; an admin's price change
// reaches anonymous shoppers within the bound the pages' Cache-Control sets; a stampede on a new
// listing renders it once. The stack (e2e/front-door/stack.ts) is compose.yaml's, on this machine.

const ADMIN = { identifier: 'admin@totarahome.test', password: 'Admin123!' };
/** The pages' Cache-Control: s-maxage=10, stale-while-revalidate=20. A change shows within their sum… */
const FRESHNESS_BOUND_MS = 30_000;
/** …plus one render of the page and the polling step. */
const SLACK_MS = 5_000;

/** A price as the shop prints it (lib/money.ts formatMoney, NZD). */
const price = (dollars: number) => new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD' }).format(dollars);

type Read = { status: number; cache: string | null; cacheControl: string | null; body: string; headers: Headers };

/** A GET as a client without cookies sees it. */
async function get(url: string, headers: Record<string, string> = {}): Promise<Read> {
  const res = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  return { status: res.status, cache: res.headers.get('x-cache-status'), cacheControl: res.headers.get('cache-control'), body: await res.text(), headers: res.headers };
}

/** Not stored by any cache: what the shop answers for personal pages and the API's personal calls. */
const personal = (cacheControl: string | null) => /\bprivate\b/.test(cacheControl ?? '') && /\bno-store\b/.test(cacheControl ?? '');

test.describe('the shop through its nginx front door', () => {
  let stack: Stack | undefined;
  let nginx: Nginx;
  let token = '';

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    if (!nginxInstalled()) throw new Error('nginx is not installed: the front-door project needs it (apt-get install nginx-light; .ci/run installs it)');
    test.skip(!process.env.CI && !(await postgresAnswers()), 'no PostgreSQL at E2E_PG_URL');
    stack = await startStack();
    nginx = stack.nginx;
    const login = await fetch(`${nginx.url}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;
  });

  test.afterAll(async () => {
    await stack?.stop();
  });

  /** Products of the catalogue, read through nginx. */
  async function products(query: string): Promise<{ product_id: number; name: string; price: number; stock: number }[]> {
    const res = await get(`${nginx.url}/api/products?${query}`);
    expect(res.status).toBe(200);
    return (JSON.parse(res.body) as { products: { product_id: number; name: string; price: number; stock: number }[] }).products;
  }

  test('an anonymous product page is rendered once, then served from the cache with the shop’s own headers', async () => {
    const [product] = await products('page=3&limit=1');
    const url = `${nginx.url}/products/${product.product_id}`;

    const first = await get(url);
    expect(first.status).toBe(200);
    expect(first.cache).toMatch(/^(MISS|EXPIRED)$/);
    expect(first.cacheControl).toMatch(/\bpublic\b/);
    expect(first.cacheControl).toMatch(/\bs-maxage=\d+/);
    const second = await get(url);
    expect(second.status).toBe(200);
    expect(second.cache).toBe('HIT');
    expect(second.body === first.body, 'the cached page is the page the shop rendered').toBe(true);
    expect(second.body).toContain(product.name.replace(/&/g, '&amp;').replace(/"/g, '&quot;'));

    // The security headers are the shop's, unchanged: as an instance answers them directly.
    const direct = await get(`http://${stack!.shops[0]}/products/${product.product_id}`);
    for (const name of ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy', 'permissions-policy', 'cache-control']) {
      expect(second.headers.get(name), name).toBe(direct.headers.get(name));
    }

    // The same address asked by the client router (RSC) is its own entry: the RSC payload, never the
    // cached HTML, and the HTML is never replaced by it.
    const rscUrl = `${url}?_rsc`;
    const rsc = await get(rscUrl, { rsc: '1' });
    expect(rsc.status).toBe(200);
    expect(rsc.headers.get('content-type')).toContain('text/x-component');
    expect((await get(rscUrl, { rsc: '1' })).headers.get('content-type')).toContain('text/x-component');
    const html = await get(rscUrl);
    expect(html.headers.get('content-type')).toContain('text/html');
    const again = await get(url);
    expect(again.headers.get('content-type')).toContain('text/html');
    expect(again.body === first.body, 'the HTML entry is still the page').toBe(true);
  });

  test('two customers signed in one after the other each see only their own profile, cart and orders, none of it cached', async ({ browser }) => {
    test.setTimeout(180_000);
    const [forOrder, forA, forB] = uniqueNames((await products('page=2&limit=40')).filter((p) => p.stock >= 5)).slice(0, 3);
    expect(forB, 'three products in stock with different names').toBeTruthy();

    const a = await customer(browser, nginx.url);
    const b = await customer(browser, nginx.url);
    try {
      // A orders one product and keeps another in the cart; then B, after A, keeps a third.
      await a.addToCart(forOrder.product_id);
      const orderId = await a.order();
      await a.addToCart(forA.product_id);
      await b.addToCart(forB.product_id);

      // Each page as each customer sees it, A, then B, then A again: a page one of them got must
      // never be what the other gets.
      for (const [me, other, myLine, otherLine] of [
        [a, b, forA, forB],
        [b, a, forB, forA],
        [a, b, forA, forB],
      ] as const) {
        const profile = await me.visit('/profile');
        await expect(profile.locator('main')).toContainText(`Signed in as ${me.userName}.`);
        await expect(profile.getByRole('form', { name: 'Basic information' }).getByLabel('Email')).toHaveValue(me.email);
        expect(await profile.content()).not.toContain(other.userName);

        const cart = await me.visit('/cart');
        await expect(cart.getByText(myLine.name).first()).toBeVisible();
        await expect(cart.getByText(otherLine.name)).toHaveCount(0);
        await expect(cart.getByText(forOrder.name)).toHaveCount(0);

        const orders = await me.visit('/orders');
        await expect(orders.getByRole('cell', { name: new RegExp(`^(Order )?#${orderId}$`) })).toHaveCount(me === a ? 1 : 0);

        // The same through the API.
        for (const api of ['/api/cart', '/api/users/profile', '/api/orders']) {
          const res = await me.context.request.get(api);
          expect(res.status(), api).toBe(200);
          expect(res.headers()['x-cache-status'] ?? 'BYPASS', `${api} is not from the cache`).toBe('BYPASS');
          expect(personal(res.headers()['cache-control']), `${api}: ${res.headers()['cache-control']}`).toBe(true);
          const text = await res.text();
          expect(text.includes(other.email), `${api} names only its customer`).toBe(false);
        }
        expect(await (await me.context.request.get('/api/cart')).text()).toContain(`"product_id":${myLine.product_id}`);
      }

      // A visitor without a session gets no one's page.
      const visitor = await get(`${nginx.url}/profile`);
      expect(visitor.body).toContain('Please log in to view your profile');
      for (const who of [a, b]) expect(visitor.body.includes(who.email)).toBe(false);
      expect(personal(visitor.cacheControl), `anonymous /profile: ${visitor.cacheControl}`).toBe(true);
      expect(visitor.cache).not.toBe('HIT');
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });

  test('an admin’s price change shows to the admin at once and to anonymous shoppers within the pages’ freshness bound', async () => {
    test.setTimeout(120_000);
    // Two pages: one a shopper keeps reloading, one nobody asks for until the bound has passed
    // (the first request after a quiet spell must not get a page older than the bound either).
    const [polled, quiet] = await products('page=4&limit=2');
    const auth = { authorization: `Bearer ${token}` };
    const changes = [polled, quiet].map((p) => ({ ...p, url: `${nginx.url}/products/${p.product_id}`, changed: Math.round(p.price * 100 + 123_457) / 100 }));

    for (const p of changes) {
      const warm = await pollFor(() => get(p.url), (r) => r.cache === 'HIT', 15_000);
      expect(warm.cache, `${p.url} is in nginx's cache`).toBe('HIT');
      expect(warm.body.includes(price(p.price)), 'the page shows the price').toBe(true);
    }

    try {
      let wrote = 0;
      for (const p of changes) {
        const saved = await fetch(`${nginx.url}/api/products/${p.product_id}`, {
          method: 'PUT',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ price: p.changed }),
        });
        expect(saved.status).toBe(200);
        expect(saved.headers.get('x-cache-status') ?? 'BYPASS').toBe('BYPASS');
        expect(((await saved.json()) as { price: number }).price, 'the saved product the admin gets back').toBe(p.changed);
        wrote = Date.now();
      }

      // The admin's own read passes nginx's cache and shows the change at once.
      const own = await get(`${nginx.url}/api/products/${polled.product_id}`, auth);
      expect(own.cache).toBe('BYPASS');
      expect((JSON.parse(own.body) as { price: number }).price).toBe(changes[0].changed);

      // The shopper reloading the page sees it within the bound.
      const seen = await pollFor(() => get(changes[0].url), (r) => r.body.includes(price(changes[0].changed)), FRESHNESS_BOUND_MS + SLACK_MS + 10_000);
      const after = Date.now() - wrote;
      expect(seen.body.includes(price(changes[0].changed)), 'the reloading shopper sees the new price').toBe(true);
      expect(after, `seen ${after} ms after the write`).toBeLessThanOrEqual(FRESHNESS_BOUND_MS + SLACK_MS);

      // The quiet page, asked for once the bound has passed: the new price on the first request.
      await new Promise((r) => setTimeout(r, Math.max(0, wrote + FRESHNESS_BOUND_MS + 1_000 - Date.now())));
      const first = await get(changes[1].url);
      expect(first.status).toBe(200);
      expect(first.body.includes(price(changes[1].changed)), `the first request after the bound (${first.cache}) shows the new price`).toBe(true);
    } finally {
      for (const p of changes) {
        const restored = await fetch(`${nginx.url}/api/products/${p.product_id}`, {
          method: 'PUT',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ price: p.price }),
        });
        expect(restored.status).toBe(200);
      }
    }
  });

  test('fifty shoppers asking at once for a listing nobody asked for before get it from one render', async () => {
    // New in this run: nginx's cache and the shop's start empty.
    const query = `/products?q=chair&sort=price_desc&page=${2 + crypto.randomInt(3)}`;
    const reads = await Promise.all(Array.from({ length: 50 }, () => get(`${nginx.url}${query}`)));

    expect(reads.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(reads[0].body).toContain('data-testid="product-card"');
    expect(reads.filter((r) => r.body !== reads[0].body).length, 'answers that differ from the first').toBe(0);

    // nginx's own account: one request for this address went to an instance, the others were
    // answered from the cache (or waited on the lock for that one answer).
    const lines = nginx.accessLog().filter((line) => line.includes(`"GET ${query} `));
    expect(lines).toHaveLength(50);
    const toOrigin = lines.filter((line) => !/ upstream=- /.test(line));
    expect(toOrigin, 'requests that reached an instance').toHaveLength(1);
  });

  test('a request with a session cookie or a bearer token passes the cache; an answer that sets a cookie, or a failed one, is never stored', async () => {
    const [product] = await products('page=5&limit=1');
    const url = `${nginx.url}/products/${product.product_id}`;
    expect((await pollFor(() => get(url), (r) => r.cache === 'HIT', 15_000)).cache).toBe('HIT');
    for (const headers of <Record<string, string>[]>[
      { cookie: 'next-auth.session-token=x' },
      { cookie: 'theme=dark; __Secure-next-auth.session-token.0=x; __Secure-next-auth.session-token.1=y' },
      { authorization: 'Bearer x' },
    ]) {
      const read = await get(url, headers);
      expect(read.status).toBe(200);
      expect(read.cache, JSON.stringify(headers)).toBe('BYPASS');
    }
    // Other cookies are no session: the cached page.
    expect((await get(url, { cookie: 'theme=dark; next-auth.callback-url=%2F' })).cache).toBe('HIT');

    // The request id the shop answers (and logs an error with) is nginx's, never one a client chose:
    // the shop believes the id its trusted proxy sends.
    const viewer = await get(`${nginx.url}/api/viewer`, { 'x-request-id': 'chosen-by-the-client' });
    const id = viewer.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(nginx.accessLog().some((line) => line.includes('"GET /api/viewer ') && line.endsWith(` id=${id}`)), 'nginx logged the same id').toBe(true);

    // The shop marks its cookie-setting answers private anyway; nginx's own refusal is shown on an
    // origin that marks one public: the same configuration in front of it stores the answer
    // without the cookie and never the one with it.
    const origin = await publicOrigin();
    const stub = await startNginx([`127.0.0.1:${origin.port}`], await freePort());
    try {
      for (const path of ['/with-cookie', '/plain', '/failing']) {
        for (let i = 0; i < 3; i++) await get(`${stub.url}${path}`);
      }
      expect(origin.hits.get('/plain'), 'the plain answer came from the cache after the first').toBe(1);
      expect(origin.hits.get('/with-cookie'), 'the answer with Set-Cookie was never stored').toBe(3);
      expect(origin.hits.get('/failing'), 'a 500 marked public was never stored').toBe(3);
      expect((await get(`${stub.url}/failing`)).status).toBe(500);
      const third = await get(`${stub.url}/with-cookie`);
      expect(third.cache).toBe('MISS');
      expect(third.headers.get('set-cookie')).toContain('visitor=');
    } finally {
      await stub.stop();
      origin.server.close();
    }
  });

  test('requests stock Next.js would answer with a 500 are refused by nginx with a 4xx', async () => {
    const [product] = await products('page=6&limit=1');
    const page = `/products/${product.product_id}`;
    // A router state header as the client router sends it: the page's tree, percent-encoded JSON.
    const tree = encodeURIComponent(JSON.stringify(['', { children: ['products', { children: [['id', String(product.product_id), 'd'], { children: ['__PAGE__', {}] }] }] }, null, null, true]));
    const refused: [string, string, Record<string, string>][] = [
      ['TRACE', page, {}],
      ['GET', '/products/%C3', {}],
      ['GET', '/products/%FF%FE', {}],
      ['GET', '/products/%ED%A0%80', {}],
      ['GET', '/products/%zz', {}],
      ['GET', `${page}?_rsc=1`, { rsc: '1', 'next-router-state-tree': 'not-a-tree' }],
      ['GET', `${page}?_rsc=1`, { rsc: '1', 'next-router-state-tree': '%5B%22%E0%80%AF%22%5D' }],
    ];
    for (const [method, path, headers] of refused) {
      const status = await rawStatus(`${nginx.url}${path}`, method, headers);
      expect(status, `${method} ${path} ${JSON.stringify(headers)}`).toBeGreaterThanOrEqual(400);
      expect(status, `${method} ${path} ${JSON.stringify(headers)}`).toBeLessThan(500);
    }
    // None of them reached an instance.
    const reached = nginx.accessLog().filter((line) => /"(TRACE|GET) \/products\/(%|[0-9]+\?_rsc=1 )/.test(line) && !/ upstream=- /.test(line));
    expect(reached).toEqual([]);

    // Their well-formed twins pass: an escape that decodes, a state tree that parses.
    expect((await fetch(`${nginx.url}/products/%C3%A9`)).status).toBe(404);
    const rsc = await fetch(`${nginx.url}${page}?_rsc=2`, { headers: { rsc: '1', 'next-router-state-tree': tree }, redirect: 'manual' });
    expect([200, 307]).toContain(rsc.status);
  });
});

/** Repeats `read` until `ok` holds, for at most `ms`; the last value. */
async function pollFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    value = await read();
  }
  return value;
}

/** The status of a request sent byte for byte as given (fetch refuses TRACE and may tidy a path). */
async function rawStatus(url: string, method: string, headers: Record<string, string>): Promise<number> {
  const { host, port } = new URL(url);
  const path = url.slice(url.indexOf('/', 'http://'.length));
  return new Promise((resolve, reject) => {
    const req = http.request({ host: host.split(':')[0], port, path, method, headers }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', reject);
    req.end();
  });
}

function uniqueNames<T extends { name: string }>(list: T[]): T[] {
  const seen = new Set<string>();
  return list.filter((p) => !seen.has(p.name) && seen.add(p.name));
}

/**
 * A fresh customer in a browser context of their own, signed in through nginx with next-auth's
 * credentials endpoint (its cookie then goes with every page and request of the context).
 */
async function customer(browser: Browser, baseURL: string) {
  const id = crypto.randomBytes(4).toString('hex');
  const userName = `door_${id}`;
  const email = `door_${id}@example.test`;
  const password = `Door-pass-${id}`;
  // Writes signed in by the session cookie must name the shop's origin (lib/server/csrf.ts).
  const context: BrowserContext = await browser.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const registered = await context.request.post('/api/users/register', { data: { user_name: userName, email, password } });
  expect(registered.status()).toBe(201);
  const { csrfToken } = (await (await context.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  expect((await context.request.post('/api/auth/callback/credentials', { form: { csrfToken, identifier: email, password, json: 'true' } })).ok()).toBeTruthy();
  const session = (await (await context.request.get('/api/auth/session')).json()) as { user?: { email?: string } };
  expect(session.user?.email).toBe(email);
  const page = await context.newPage();

  return {
    context,
    email,
    userName,
    async addToCart(productId: number) {
      const res = await context.request.post('/api/cart/add', { data: { product_id: productId, quantity: 1 } });
      expect(res.ok(), await res.text()).toBeTruthy();
    },
    /** Orders everything in the cart; the order's number. */
    async order(): Promise<number> {
      const cart = (await (await context.request.get('/api/cart')).json()) as { CartItems: { cart_item_id: number }[] };
      const placed = await context.request.post('/api/orders', {
        data: {
          cartItems: cart.CartItems.map((i) => ({ cart_item_id: i.cart_item_id })),
          newAddress: { street_address: '1 Queen Street', city: 'Auckland', postal_code: '1010', country: 'New Zealand' },
          newContact: { first_name: 'Door', last_name: id, phone_number: '021 555 0199', email },
        },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      return ((await placed.json()) as { order: { order_id: number } }).order.order_id;
    },
    /** The page as this customer's browser gets it, checked to have passed the cache and to be marked personal. */
    async visit(path: string) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      const headers = res!.headers();
      expect(headers['x-cache-status'] ?? 'BYPASS', `${path} is not from the cache`).toBe('BYPASS');
      expect(personal(headers['cache-control']), `${path}: ${headers['cache-control']}`).toBe(true);
      return page;
    },
  };
}

/** An origin whose answers are all public for a minute, one of them setting a cookie; counts its requests per path. */
async function publicOrigin() {
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    res.setHeader('cache-control', 'public, s-maxage=60');
    // As Next.js answers a per-request page whose render failed: the page's public Cache-Control kept.
    if (req.url === '/failing') res.statusCode = 500;
    if (req.url === '/with-cookie') res.setHeader('set-cookie', `visitor=${crypto.randomBytes(4).toString('hex')}; Path=/; HttpOnly`);
    res.end('ok');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, hits, port: (server.address() as { port: number }).port };
}
