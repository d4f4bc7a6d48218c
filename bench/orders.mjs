#!/usr/bin/env node
/**
 * Order placement benchmark (standalone; never a timed test).
 *
 *   BASE_URL=http://127.0.0.1:3000 node bench/orders.mjs
 *
 * 1. Picks products: pages through GET /api/products (100 a page, up to BENCH_PRODUCT_PAGES pages)
 *    and keeps the in-stock ones with the most stock (at least BENCH_MIN_STOCK, default 20), up to
 *    BENCH_PRODUCTS (default 200). Each order takes one unit of one of them, round robin, so a run
 *    needs about as many units as it places orders; it warns when the picked stock looks too small.
 *    With BENCH_TOP_UP=1 and DATABASE_URL (PostgreSQL only — the embedded PGlite database belongs to
 *    the server process) it first raises those products' stock to 1,000,000 directly in the
 *    database. Use that flag on a benchmark database only: it changes the catalogue.
 * 2. Signs up BENCH_CUSTOMERS (default 20) customers through POST /api/users/register, logs each in
 *    through POST /api/users/login (bearer tokens), and saves one address and one contact for each
 *    (POST /api/users/addresses, /api/users/contacts).
 * 3. For BENCH_DURATION seconds (default 10), each customer on its own connection repeats one order
 *    placement: POST /api/cart/add {product_id, quantity: 1} then POST /api/orders for that line.
 *    That is 20 concurrent customers, each strictly sequential, like people at a checkout.
 *
 * Prints one JSON line: requests per second over both calls, per-request latency p50/p99 (ms),
 * orders placed, orders per second, placement (add + order) latency p50/p99, and failures.
 */
import autocannon from 'autocannon';
import crypto from 'node:crypto';

const BASE_URL = (process.env.BASE_URL ?? process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const MAX_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 200);
const MIN_STOCK = Number(process.env.BENCH_MIN_STOCK ?? 20);
const PRODUCT_PAGES = Number(process.env.BENCH_PRODUCT_PAGES ?? 10);
const TOP_UP = ['1', 'true', 'yes'].includes(String(process.env.BENCH_TOP_UP ?? '').toLowerCase());
const PASSWORD = 'Bench-Passw0rd!';

const log = (...a) => console.error('[bench]', ...a);

async function call(method, path, { token, body } = {}) {
  const res = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 200)}`);
  return json;
}

async function pickProducts() {
  const found = [];
  for (let page = 1; page <= PRODUCT_PAGES; page++) {
    const body = await call('GET', `/api/products?page=${page}&limit=100`);
    found.push(...body.products.filter((p) => Number(p.stock) >= (TOP_UP ? 1 : MIN_STOCK)));
    if (page >= Number(body.totalPages ?? 1)) break;
  }
  found.sort((a, b) => Number(b.stock) - Number(a.stock));
  const picked = found.slice(0, MAX_PRODUCTS);
  if (picked.length === 0) throw new Error(`no product with at least ${MIN_STOCK} in stock; seed the catalogue or use BENCH_TOP_UP=1 with DATABASE_URL`);
  if (TOP_UP) {
    if (!process.env.DATABASE_URL) throw new Error('BENCH_TOP_UP=1 needs DATABASE_URL (PostgreSQL) to raise stock directly');
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const ids = picked.map((p) => Number(p.product_id));
      const r = await client.query('UPDATE products SET stock = GREATEST(stock, 1000000) WHERE id = ANY($1::int[])', [ids]);
      log(`topped up stock of ${r.rowCount} products to 1,000,000 (BENCH_TOP_UP)`);
      for (const p of picked) p.stock = Math.max(Number(p.stock), 1_000_000);
    } finally {
      await client.end();
    }
  }
  const units = picked.reduce((n, p) => n + Number(p.stock), 0);
  log(`${picked.length} products picked, ${units} units in stock between them`);
  return { picked, units };
}

async function signUp(runId, i) {
  const user_name = `bench_${runId}_${i}`;
  const email = `${user_name}@bench.test`;
  await call('POST', '/api/users/register', { body: { user_name, email, password: PASSWORD } });
  const { token } = await call('POST', '/api/users/login', { body: { identifier: email, password: PASSWORD } });
  const address = await call('POST', '/api/users/addresses', {
    token,
    body: { first_name: 'Bench', last_name: `Customer ${i}`, street_address: `${i + 1} Queen Street`, city: 'Auckland', postal_code: '1010', country: 'New Zealand', is_default: true },
  });
  const contact = await call('POST', '/api/users/contacts', {
    token,
    body: { first_name: 'Bench', last_name: `Customer ${i}`, phone_number: '021 555 0100', email, is_default: true },
  });
  return { token, addressId: address.address_id, contactId: contact.contact_id };
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);
const round = (n) => (n === null ? null : Math.round(n * 100) / 100);

async function main() {
  const { picked, units } = await pickProducts();
  const runId = crypto.randomBytes(3).toString('hex');
  const customers = [];
  for (let i = 0; i < CUSTOMERS; i++) customers.push(await signUp(runId, i));
  log(`${customers.length} customers signed up and logged in; running ${DURATION}s`);

  let next = 0;
  const requestLatencies = [];
  const placementLatencies = [];
  const statuses = {};
  let orders = 0;

  const runs = customers.map((c) => {
    // One connection per customer: its requests are strictly sequential, so start/end pairs match.
    let sentAt = 0;
    let placementStart = 0;
    let cartItemId = null;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${c.token}` };
    const done = (status) => {
      requestLatencies.push(performance.now() - sentAt);
      statuses[status] = (statuses[status] ?? 0) + 1;
    };
    return autocannon({
      url: BASE_URL,
      connections: 1,
      duration: DURATION,
      headers,
      requests: [
        {
          method: 'POST',
          path: '/api/cart/add',
          setupRequest: (req) => {
            const product = picked[next++ % picked.length];
            sentAt = placementStart = performance.now();
            cartItemId = null;
            return { ...req, body: JSON.stringify({ product_id: Number(product.product_id), quantity: 1 }) };
          },
          onResponse: (status, body) => {
            done(status);
            if (status === 200) cartItemId = JSON.parse(body).CartItem?.cart_item_id ?? null;
          },
        },
        {
          method: 'POST',
          path: '/api/orders',
          setupRequest: (req) => {
            if (!cartItemId) return null; // the add failed: start the next placement
            sentAt = performance.now();
            return { ...req, body: JSON.stringify({ cartItems: [{ cart_item_id: cartItemId }], addressId: c.addressId, contactId: c.contactId }) };
          },
          onResponse: (status) => {
            done(status);
            if (status === 201) {
              orders += 1;
              placementLatencies.push(performance.now() - placementStart);
            }
          },
        },
      ],
    });
  });
  const results = await Promise.all(runs);

  const requests = results.reduce((n, r) => n + r.requests.total, 0);
  const seconds = Math.max(...results.map((r) => r.duration));
  requestLatencies.sort((a, b) => a - b);
  placementLatencies.sort((a, b) => a - b);
  const failures = Object.entries(statuses).filter(([s]) => !['200', '201'].includes(s));
  if (orders > units * 0.8) log('warning: the run used most of the picked stock; later orders may have failed for stock (409)');
  console.log(
    JSON.stringify({
      bench: 'orders',
      base_url: BASE_URL,
      customers: CUSTOMERS,
      duration_s: round(seconds),
      requests,
      req_per_s: round(requests / seconds),
      latency_p50_ms: round(percentile(requestLatencies, 50)),
      latency_p99_ms: round(percentile(requestLatencies, 99)),
      orders,
      orders_per_s: round(orders / seconds),
      placement_p50_ms: round(percentile(placementLatencies, 50)),
      placement_p99_ms: round(percentile(placementLatencies, 99)),
      errors: results.reduce((n, r) => n + r.errors + r.timeouts, 0),
      non_2xx: Object.fromEntries(failures),
    }),
  );
}

main().catch((e) => {
  console.error('[bench] failed:', e.message);
  process.exit(1);
});
