/**
 * No dead ends (docs/search.md "No dead ends"), on the production build with the real catalogue: a
 * shopper's misspelt search that finds nothing says so, offers "Did you mean …" whose link finds
 * products, and the rooms; a search that finds only near names says so above them, with the
 * categories that match. Both pages axe-clean at 390 and 1280 px.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${v.help} — ${n.target.join(' ')}`));
}

const ROOMS = ['Living room', 'Bedroom', 'Dining', 'Kitchen & bar', 'Kids & nursery', 'Outdoor', 'Storage & organisation'];

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a misspelt search that finds nothing offers "Did you mean", whose link finds products, and every room', async ({ page }, info) => {
      await page.goto('/products');
      const box = page.getByTestId('search-form').getByRole('searchbox', { name: 'Search products' });
      await box.fill('wardorbe');
      await box.press('Enter');
      await expect(page).toHaveURL(/q=wardorbe/);

      const empty = page.getByTestId('no-results');
      await expect(empty).toContainText('No products match “wardorbe”');
      await expect(page.getByTestId('result-count')).toHaveText('0 products');
      const rooms = page.getByRole('list', { name: 'Browse by room' });
      for (const room of ROOMS) await expect(rooms.getByRole('link', { name: room, exact: true })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Categories that match' }).getByRole('link', { name: 'Wardrobes' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: info.outputPath(`no-results-${width}.png`), fullPage: true });

      await page.getByTestId('did-you-mean').getByRole('link', { name: 'wardrobe' }).click();
      await expect(page).toHaveURL(/q=wardrobe(&|$)/);
      await expect(page.getByTestId('no-results')).toHaveCount(0);
      await expect(page.getByTestId('result-count')).not.toHaveText('0 products');
      await expect(page.getByTestId('product-card').first()).toContainText(/wardrobe/i);
      await expect(page.getByTestId('did-you-mean')).toHaveCount(0);
    });

    test('a room link of a search that found nothing opens that room', async ({ page }) => {
      await page.goto('/products?q=qwzxv');
      await expect(page.getByTestId('no-results')).toContainText('No products match “qwzxv”');
      await expect(page.getByTestId('did-you-mean')).toHaveCount(0);
      await page.getByRole('list', { name: 'Browse by room' }).getByRole('link', { name: 'Bedroom' }).click();
      await expect(page.getByTestId('products-heading')).toHaveText(/Bedroom/);
      await expect(page.getByTestId('result-count')).not.toHaveText('0 products');
    });

    test('a search that finds only near names says so above them, with the correction and the categories that match', async ({ page }, info) => {
      await page.goto('/products?q=dinning+table');
      const note = page.getByTestId('weak-results');
      await expect(note).toContainText('Nothing matches “dinning table” exactly');
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      const categories = note.getByRole('list', { name: 'Categories that match' });
      await expect(categories.getByRole('link', { name: 'Dining' })).toBeVisible();
      await expect(categories.getByRole('link', { name: 'Tables & desks' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: info.outputPath(`weak-results-${width}.png`), fullPage: true });

      await note.getByTestId('did-you-mean').getByRole('link', { name: 'dining table' }).click();
      await expect(page).toHaveURL(/q=dining\+table/);
      await expect(page.getByTestId('weak-results')).toHaveCount(0);
      await expect(page.getByTestId('product-card').first()).toContainText(/dining table/i);
    });
  });
}
