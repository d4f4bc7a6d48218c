/**
 * Suggestions as you type in the header's search box (docs/search.md "Suggestions as you type"):
 * driven by the keyboard alone, accessible (axe, with the list open) on a phone and a desktop,
 * a search without JavaScript, and an old answer that arrives late never replacing the new one.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** The header's search box shown at this width (the phone header has its own). */
const searchBox = (page: Page, width: number) => page.locator(width < 768 ? '#header-search-mobile' : '#header-search');

/** Focuses the box with the keyboard: Tab from the top of the page until it has the focus. */
async function tabToSearch(page: Page, width: number) {
  const box = searchBox(page, width);
  const id = width < 768 ? 'header-search-mobile' : 'header-search';
  const path: string[] = [];
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName || '');
    path.push(focused);
    if (focused === id) return box;
  }
  throw new Error(`Tab never reached the search box: ${path.join(', ')}`);
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a shopper types "sof", arrows down to a sofa and presses Enter: the sofa\'s page opens', async ({ page }) => {
      await page.goto('/');
      await tabToSearch(page, width);
      await page.keyboard.type('sof');
      const combobox = page.getByRole('combobox', { name: 'Search products' });
      await expect(combobox).toHaveAttribute('aria-expanded', 'true');
      const list = page.getByRole('listbox', { name: 'Suggestions' });
      await expect(list.getByRole('group', { name: 'Products' })).toBeVisible();
      await expect(list.getByRole('group', { name: 'Categories and rooms' }).getByRole('option', { name: /Sofas & armchairs/ })).toBeVisible();
      const options = list.getByRole('option');
      expect(await options.count()).toBeLessThanOrEqual(8);
      await expect(page.getByRole('status').filter({ hasText: /\d+ suggestions/ })).toHaveCount(1);

      await page.keyboard.press('ArrowDown');
      const first = options.first();
      await expect(first).toHaveAttribute('aria-selected', 'true');
      await expect(combobox).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
      const name = (await first.innerText()).split('\n')[0];
      expect(name.toLowerCase()).toContain('sofa');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/products\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    });

    test('Escape closes the list, a second Escape clears the box; Enter with no suggestion chosen searches', async ({ page }) => {
      await page.goto('/');
      const box = await tabToSearch(page, width);
      await page.keyboard.type('bed');
      const list = page.getByRole('listbox', { name: 'Suggestions' });
      await expect(list).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();
      await expect(box).toHaveValue('bed');
      await page.keyboard.press('Escape');
      await expect(box).toHaveValue('');

      await page.keyboard.type('bookcase');
      await expect(list).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/products\?query=bookcase$/);
      await expect(page.getByTestId('products-heading')).toHaveText('Results for “bookcase”');
    });

    test('axe finds nothing with the list open', async ({ page }) => {
      await page.goto('/products');
      await tabToSearch(page, width);
      await page.keyboard.type('be');
      await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await page.screenshot({ path: test.info().outputPath(`suggestions-${width}.png`) });
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      expect(results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} — ${n.target.join(' ')}`))).toEqual([]);
    });
  });
}

test('without JavaScript the box submits to the results page', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/');
  const box = page.locator('#header-search');
  await box.fill('wardrobe');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\?query=wardrobe$/);
  await expect(page.getByTestId('products-heading')).toHaveText('Results for “wardrobe”');
  await context.close();
});

test('an answer that arrives late never replaces the newer one', async ({ page }) => {
  // The answer for "ch" is held back until the one for "chai" has been shown.
  let releaseFirst!: () => void;
  const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
  await page.route('**/api/search/suggest?*', async (route) => {
    const q = new URL(route.request().url()).searchParams.get('q');
    if (q === 'ch') {
      await firstHeld;
      // The page may have dropped the request meanwhile; answering it then is not an error.
      await route.fulfill({ json: { query: 'ch', products: [], categories: [], brands: [{ brand_id: 1, name: 'Stale answer', url: '/products?query=stale' }] } }).catch(() => {});
      return;
    }
    await route.continue();
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const box = await tabToSearch(page, 1280);
  await page.keyboard.type('ch');
  await page.waitForRequest((r) => r.url().includes('/api/search/suggest?q=ch'));
  await page.keyboard.type('ai');
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list.getByRole('option', { name: /chair/i }).first()).toBeVisible();
  releaseFirst();
  // Give the late answer every chance to land, then check it did not.
  await page.waitForTimeout(500);
  await expect(list.getByRole('option', { name: 'Stale answer' })).toHaveCount(0);
  await expect(list.getByRole('option', { name: /chair/i }).first()).toBeVisible();
  await expect(box).toHaveValue('chai');
});
