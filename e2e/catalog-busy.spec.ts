/**
 * An overloaded catalogue page (docs/operations.md "An overloaded catalogue
 * page"): when the catalogue's bounded reads (lib/catalog/read/read-guard.ts) refuse a search page's
 * uncached render, the shopper sees the spec's busy message with "Try again" — not the generic
 * error page — and the refusal is never stored as the page.
 *
 * It starts a second server of the same build (e2e/serve.sh, E2E_SKIP_BUILD=1, its own embedded
 * database) with CATALOGUE_READS_AT_ONCE=0 and CATALOGUE_READ_QUEUE_LIMIT=0, so every uncached
 * catalogue read is refused at once: the gate is full without any timing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';

const BUSY_MESSAGE = 'The catalogue is busy right now. Please try again in a moment.';
const port = Number(process.env.E2E_PORT ?? 3100) + 1;
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;
// The config's Origin header names the main server; this spec's pages and calls go to its own.
test.use({ extraHTTPHeaders: { origin: base } });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = spawn('bash', ['e2e/serve.sh', String(port)], {
    env: { ...process.env, E2E_SKIP_BUILD: '1', CATALOGUE_READS_AT_ONCE: '0', CATALOGUE_READ_QUEUE_LIMIT: '0' },
    detached: true, // its own process group, so afterAll stops the server with its children
    stdio: 'ignore',
  });
  for (let i = 0; i < 280; i++) {
    const ready = await fetch(`${base}/api/health?ready`).then((r) => r.ok, () => false);
    if (ready) return;
    await new Promise((r) => setTimeout(r, 1_000));
  }
  throw new Error(`the busy server on port ${port} did not start`);
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
});

test('a search page the catalogue is too busy to render: the busy message with Try again, never cached; the API answers 503', async ({ page }) => {
  const path = `/products?q=wardrobe&sort=price_desc&page=2`;
  const first = await page.goto(`${base}${path}`);
  // Next.js answers a page whose render threw with 500, and offers a page no way to choose another
  // status; it keeps the listing's public Cache-Control on it, so the front door never stores a 5xx
  // and serves its stale copy instead (docs/operations.md "Known limits of Next.js").
  expect(first?.status()).toBe(500);
  expect(first?.headers()['x-nextjs-cache']).toBeUndefined();
  const panel = page.getByTestId('error-panel');
  await expect(panel.getByRole('heading', { name: 'The catalogue is busy' })).toBeVisible();
  await expect(panel).toContainText(BUSY_MESSAGE);
  await expect(panel).not.toContainText('Something went wrong');
  await expect(panel).not.toContainText('Reference:');
  await expect(panel.getByRole('button', { name: 'Try again' })).toBeVisible();
  // The shop's header stays, so the shopper can go elsewhere.
  await expect(page.getByRole('banner')).toBeVisible();

  // The refusal was not stored as the page: asking again renders again (still busy here).
  const again = await page.request.get(`${base}${path}`);
  expect(again.status()).toBe(500);
  expect(again.headers()['x-nextjs-cache']).toBeUndefined();
  // Next.js sends an errored render as its error shell: the boundary renders in the browser from the error's digest.
  expect(await again.text()).toContain('CATALOGUE_BUSY');

  // Try again asks the server again and shows the same calm message.
  await panel.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('error-panel')).toContainText(BUSY_MESSAGE);

  // A product page refused the same way is not cached either, and its own boundary keeps the spec's title
  // but says the catalogue is busy, not that the shopper's connection failed; a missing one is still a 404.
  // (A page of its own: Try again above may still be re-fetching the search page.)
  const productPage = await page.context().newPage();
  const product = await productPage.goto(`${base}/products/14`);
  expect(product?.status()).toBe(500);
  expect(product?.headers()['cache-control']).toContain('no-store');
  const productPanel = productPage.getByTestId('error-panel');
  await expect(productPanel.getByRole('heading', { name: 'Failed to load product information.' })).toBeVisible();
  await expect(productPanel).toContainText(BUSY_MESSAGE);
  await expect(productPanel).not.toContainText('connection');
  await expect(productPanel).not.toContainText('Reference:');
  expect((await page.request.get(`${base}/products/999999`)).status()).toBe(404);

  // The API says the same as 503 with Retry-After.
  const api = await page.request.get(`${base}/api/products?q=wardrobe&limit=5`);
  expect(api.status()).toBe(503);
  expect(api.headers()['retry-after']).toBeTruthy();
  expect(await api.json()).toEqual({ message: BUSY_MESSAGE, code: 'busy' });
});
