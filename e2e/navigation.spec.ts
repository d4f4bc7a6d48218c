/**
 * Navigation shoppers expect, on the production build with the real catalogue: numbered paging on
 * /products and the promotions page, the "On sale" filter, out-of-stock cards, and the phone menu's
 * rooms and categories. Screenshots (looked at by hand, not compared) go to test-results/.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

const pager = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });
/** The numbered link of page n (its accessible name is "Page n", plus ", first/last page" at the ends). */
const pageLink = (page: Page, n: number) => pager(page).getByRole('link', { name: new RegExp(`^Page ${n}(,|$)`) });
const firstCardName = (page: Page) => page.getByTestId('product-card').first().getByRole('heading').innerText();
const totalPages = async (page: Page) => Number((await page.getByTestId('page-status').innerText()).match(/of (\d+)/)![1]);
const current = (page: Page) => pager(page).locator('[aria-current="page"]');

/** Serious or critical WCAG 2.2 AA violations (as e2e/catalog.spec.ts checks them). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

/** The page is no wider than the viewport (nothing scrolls sideways). */
async function expectNoSidewaysScroll(page: Page) {
  const [scroll, viewport] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll).toBeLessThanOrEqual(viewport);
}

async function shot(page: Page, target: Page | Locator, name: string) {
  await target.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a shopper jumps to page 3, then the last page, then the first with the numbered pager; the sort stays', async ({ page }) => {
    await page.goto('/products?sort=name');
    await expect(current(page)).toHaveText('1');
    await expect(pageLink(page, 1)).toHaveAttribute('aria-current', 'page');
    const last = await totalPages(page);
    expect(last).toBeGreaterThan(10);
    // A wide screen shows two pages either side of the current one, then an ellipsis and the last page.
    await expect(pageLink(page, 3)).toBeVisible();
    await expect(pageLink(page, 4)).toBeHidden();
    await expect(pageLink(page, last)).toBeVisible();
    const onPage1 = await firstCardName(page);
    await shot(page, pager(page), 'pager-desktop');

    await pageLink(page, 3).click();
    await expect(page).toHaveURL(/\/products\?sort=name&page=3$/);
    await expect(pageLink(page, 3)).toHaveAttribute('aria-current', 'page');
    await expect(pageLink(page, 1)).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('page-status')).toHaveText(`Page 3 of ${last}`);
    // Neighbours of page 3 up to page 5 now show.
    await expect(pageLink(page, 5)).toBeVisible();
    const onPage3 = await firstCardName(page);
    expect(onPage3).not.toBe(onPage1);

    await pager(page).getByRole('link', { name: /last page$/ }).click();
    await expect(page).toHaveURL(new RegExp(`sort=name&page=${last}$`));
    await expect(current(page)).toHaveText(String(last));
    await expect(pager(page).getByRole('link', { name: 'Next' })).toHaveCount(0);
    const onLast = await firstCardName(page);
    expect(onLast).not.toBe(onPage3);

    await pager(page).getByRole('link', { name: /first page$/ }).click();
    await expect(page).toHaveURL(/\/products\?sort=name$/);
    await expect(current(page)).toHaveText('1');
    expect(await firstCardName(page)).toBe(onPage1);
    await expect(pager(page).getByRole('link', { name: 'Previous' })).toHaveCount(0);
  });

  test('a shopper ticks "On sale": every card shows a sale price, the chip and the count agree with the API', async ({ page, request }) => {
    await page.goto('/products');
    const filters = page.getByRole('complementary');
    const box = filters.getByRole('checkbox', { name: /^On sale/ });
    const label = await filters.getByTestId('on-sale-filter').locator('label').innerText();
    const count = Number(label.replace(/[^\d]/g, ''));
    expect(count).toBeGreaterThan(18);
    await box.check();
    await expect(page).toHaveURL(/\/products\?on_sale=1$/);
    await expect(page.getByTestId('products-heading')).toHaveText('On sale');
    await expect(page.getByTestId('filter-chip')).toHaveText(['On sale']);
    await expect(page.getByTestId('result-count')).toHaveText(`${count.toLocaleString('en-NZ')} products`);
    const api = await (await request.get('/api/products?on_sale=1')).json();
    expect(api.total).toBe(count);

    const cards = page.getByTestId('product-card');
    await expect(cards).toHaveCount(18);
    for (const card of await cards.all()) {
      await expect(card.locator('s')).toContainText('$');
      await expect(card.getByTestId('percent-saved')).toHaveText(/^Save \d+%$/);
    }
    // Paging keeps the filter.
    await pageLink(page, 2).click();
    await expect(page).toHaveURL(/on_sale=1&page=2$/);
    await expect(page.getByTestId('product-card').first().getByTestId('percent-saved')).toBeVisible();

    // The chip removes the filter.
    await page.getByTestId('filter-chip').click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByTestId('products-heading')).toHaveText('All products');
  });

  test('the promotions page lists every offer, paged, and a campaign narrows it', async ({ page, request }) => {
    const groups: { name: string; products: unknown[] }[] = await (await request.get('/api/products/promotions')).json();
    const all = groups.reduce((n, g) => n + g.products.length, 0);
    await page.goto('/promotional-products');
    await expect(page.getByTestId('result-count')).toContainText(`${all.toLocaleString('en-NZ')} offers`);
    await expect(page.getByTestId('product-card')).toHaveCount(24);
    const first = await firstCardName(page);
    await pageLink(page, 2).click();
    await expect(page).toHaveURL(/\/promotional-products\?page=2$/);
    await expect(pageLink(page, 2)).toHaveAttribute('aria-current', 'page');
    expect(await firstCardName(page)).not.toBe(first);
    for (const card of await page.getByTestId('product-card').all()) await expect(card.getByTestId('percent-saved')).toBeVisible();

    const campaigns = page.getByRole('navigation', { name: 'Campaigns' });
    const bedroom = groups.find((g) => g.name === 'Bedroom sale')!;
    await campaigns.getByRole('link', { name: /^Bedroom sale/ }).click();
    await expect(page).toHaveURL(/campaign=Bedroom\+sale$/);
    await expect(campaigns.getByRole('link', { name: /^Bedroom sale/ })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('result-count')).toContainText(`${bedroom.products.length} offers`);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('an out-of-stock product shows a clear badge and no add button, on its card and its page', async ({ page, request }) => {
    // The catalogue marks items not sold online as stock 0: find one through the API.
    let soldOut: { product_id: number; name: string; sku: string } | undefined;
    for (let p = 1; !soldOut && p <= 30; p++) {
      const body = await (await request.get(`/api/products?limit=100&sort=name&page=${p}`)).json();
      soldOut = body.products.find((x: { stock: number }) => x.stock === 0);
    }
    expect(soldOut).toBeDefined();
    await page.goto(`/products?q=${encodeURIComponent(soldOut!.sku)}`);
    const card = page.getByTestId('product-card').first();
    await expect(card.getByRole('heading')).toHaveText(soldOut!.name);
    await expect(card.getByTestId('out-of-stock')).toHaveText('Out of stock');
    // Only the heart is left to press: saving a sold-out product is how a shopper waits for it.
    await expect(card.getByRole('button')).toHaveAccessibleName(`Save ${soldOut!.name} for later`);
    await shot(page, card, 'out-of-stock-card');

    await card.getByRole('link').click();
    await expect(page.getByTestId('stock-state')).toHaveText('Out of stock');
    await expect(page.getByTestId('product-detail').getByRole('button', { name: /Add|Login to Add|Out of Stock/ })).toHaveCount(0);
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the pager fits a phone: one page either side of the current one', async ({ page }) => {
    await page.goto('/products?page=5');
    await expect(pageLink(page, 5)).toHaveAttribute('aria-current', 'page');
    for (const n of [1, 4, 6]) await expect(pageLink(page, n)).toBeVisible();
    for (const n of [3, 7]) await expect(pageLink(page, n)).toBeHidden();
    await expect(pager(page).getByRole('link', { name: 'Previous' })).toBeVisible();
    await expect(pager(page).getByRole('link', { name: 'Next' })).toBeVisible();
    await pager(page).scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await shot(page, pager(page), 'pager-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await pageLink(page, 6).click();
    await expect(page).toHaveURL(/page=6$/);
    await expect(pageLink(page, 6)).toHaveAttribute('aria-current', 'page');
  });

  test('a shopper opens the menu, a room and one of its categories', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('menu-button').click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const rooms = menu.getByTestId('menu-rooms');
    await expect(rooms.getByText('Bedroom', { exact: true })).toBeVisible();
    await expect(rooms.locator('summary')).toHaveCount(7);
    await rooms.getByText('Bedroom', { exact: true }).click();
    await expect(rooms.getByRole('link', { name: 'All bedroom' })).toBeVisible();
    await shot(page, page, 'menu-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await rooms.getByRole('link', { name: 'Wardrobes' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/products\?category=\d+$/);
    await expect(page.getByTestId('products-heading')).toHaveText('Wardrobes');

    // Escape closes the menu and gives the focus back to its button.
    await page.getByTestId('menu-button').click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByTestId('menu-button')).toBeFocused();
    await expect(page.getByTestId('menu-button')).toHaveAttribute('aria-expanded', 'false');

    await page.getByTestId('menu-button').click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'On sale' }).click();
    await expect(page).toHaveURL(/\/promotional-products$/);
  });
});
