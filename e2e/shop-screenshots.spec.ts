/**
 * What a shopper sees, at 1280 px and 390 px: the home page, a search for "sofa" and a
 * cart with two different pieces. Each journey checks what makes the page credible — products with
 * prices, search results you can tell apart, cart lines with their own pictures — and saves the
 * screenshot under test-results/ (Playwright's output folder, ignored by git, so a run leaves the
 * tree clean; a reviewer opens them there after `npm run test:e2e`).
 */
import { expect, test, type Page } from '@playwright/test';
import { CUSTOMER, signIn } from './support/sign-in';

const WIDTHS = [
  { label: 'desktop', width: 1280, height: 900 },
  { label: 'phone', width: 390, height: 844 },
] as const;

async function noSidewaysScroll(page: Page, width: number) {
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const { label, width, height } of WIDTHS) {
  test(`a visitor lands on the home page and sees priced products (${label})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/');
    const cards = page.getByTestId('product-card');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    await expect(cards.first().getByTestId('price')).toContainText('$');
    await noSidewaysScroll(page, width);
    await page.screenshot({ path: test.info().outputPath(`home-${label}.png`) });
  });

  test(`a search for "sofa" shows sofas you can tell apart by colour (${label})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/products?query=sofa');
    const cards = page.getByTestId('product-card');
    await expect(cards.first()).toBeVisible();
    const variants = await page.getByTestId('card-variant').allTextContents();
    // Colour and size on the cards: the first page is not a grid of identical pieces.
    expect(new Set(variants.map((v) => v.trim())).size).toBeGreaterThanOrEqual(3);
    await noSidewaysScroll(page, width);
    await page.screenshot({ path: test.info().outputPath(`search-sofa-${label}.png`) });
  });
}

test('the cart shows each line with its own picture, and the header counts the units (desktop and phone)', async ({ page }) => {
  await signIn(page.request, CUSTOMER.identifier, CUSTOMER.password);
  await page.request.post('/api/cart/clear');
  // Two pieces of different kinds, in stock.
  const pick = async (query: string) => {
    const body = (await (await page.request.get(`/api/products/search?query=${query}&limit=30`)).json()) as { products: { product_id: number; stock: number }[] };
    const p = body.products.find((x) => x.stock >= 3);
    expect(p, `an in-stock ${query}`).toBeTruthy();
    return p!.product_id;
  };
  for (const id of [await pick('sofa'), await pick('bed')]) {
    expect((await page.request.post('/api/cart/add', { data: { product_id: id, quantity: 1 } })).ok()).toBeTruthy();
  }
  for (const { label, width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await page.goto('/cart');
    const thumbs = page.getByTestId('product-thumb');
    await expect(thumbs).toHaveCount(2);
    // Not one fixed icon for every line: each shows its own kind of piece.
    // A photo's address, or the drawing's symbol in the illustration sprite (…/sprite.svg#sofa).
    const pictures = await thumbs.evaluateAll((els) => els.map((el) => (el instanceof HTMLImageElement ? el.src : (el.querySelector('use')?.getAttribute('href') ?? ''))));
    expect(new Set(pictures).size).toBe(2);
    await expect(page.getByTestId('cart-count').first()).toHaveText('2');
    await noSidewaysScroll(page, width);
    await page.screenshot({ path: test.info().outputPath(`cart-${label}.png`) });
  }
  await page.request.post('/api/cart/clear');
});
