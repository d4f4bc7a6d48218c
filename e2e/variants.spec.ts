/**
 * Products of one model in several colours and sizes: a shopper searches, sees each
 * card's colour, opens one and switches colour and size on the product page — each choice is the
 * other variant's own page (URL, SKU and colour change). Saves screenshots of a product page with
 * variants at 1280 px and 390 px (product-variants-{desktop,phone}.png under test-results/).
 */
import { expect, test, type Page } from '@playwright/test';

const fact = (page: Page, label: string) => page.getByTestId('product-facts').locator('div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

async function openFranklin(page: Page) {
  await page.goto('/products?q=franklin');
  const cards = page.getByTestId('product-card').filter({ hasText: 'FRANKLIN Bar stool with backrest, foldable' });
  await expect(cards).toHaveCount(4);
  // Cards tell the variants apart: colour and size, and a differently tinted drawing per colour.
  const variants = await cards.getByTestId('card-variant').allInnerTexts();
  expect(variants.map((t) => t.trim()).sort()).toEqual(['Black · 63 cm', 'Black · 74 cm', 'White · 63 cm', 'White · 74 cm']);
  const tints = await cards.locator('.ill').evaluateAll((els) => els.map((e) => e.getAttribute('data-tint')));
  expect(new Set(tints).size).toBe(2);
  await cards.filter({ hasText: 'White' }).filter({ hasText: '63 cm' }).getByRole('link', { name: 'FRANKLIN Bar stool with backrest, foldable' }).click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await expect(page.getByTestId('product-name')).toHaveText('FRANKLIN Bar stool with backrest, foldable');
}

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(label, () => {
    test.use({ viewport });

    test('a shopper switches a bar stool from white to black, then to the taller size', async ({ page }) => {
      await openFranklin(page);
      const colour = page.getByRole('group', { name: /^Colour/ });
      const size = page.getByRole('group', { name: /^Size/ });
      await expect(colour.getByRole('link', { name: 'White' })).toHaveAttribute('aria-current', 'page');
      await expect(size.getByRole('link', { name: /^63 cm/ })).toHaveAttribute('aria-current', 'page');
      await expect(fact(page, 'SKU')).toHaveText('704.048.75');
      await expect(fact(page, 'Colour')).toHaveText('White');

      const whiteUrl = page.url();
      await colour.getByRole('link', { name: 'Black' }).click();
      await expect(page).not.toHaveURL(whiteUrl);
      await expect(fact(page, 'Colour')).toHaveText('Black');
      await expect(fact(page, 'SKU')).toHaveText('504.064.65');
      await expect(page.getByRole('group', { name: /^Colour/ }).getByRole('link', { name: 'Black' })).toHaveAttribute('aria-current', 'page');
      // The size stays what it was.
      await expect(page.getByRole('group', { name: /^Size/ }).getByRole('link', { name: /^63 cm/ })).toHaveAttribute('aria-current', 'page');
      // The picture: the drawing of a bar stool tinted black, with both choices in view (the phone's is the page's top 1,100 px).
      await page.screenshot({ path: test.info().outputPath(`product-variants-${label}.png`), ...(label === 'phone' ? { fullPage: true, clip: { x: 0, y: 0, width: 390, height: 1100 } } : {}) });

      await page.getByRole('group', { name: /^Size/ }).getByRole('link', { name: /^74 cm/ }).click();
      await expect(fact(page, 'SKU')).toHaveText('604.067.85');
      await expect(fact(page, 'Colour')).toHaveText('Black');
      await expect(fact(page, 'Size')).toHaveText('74 cm');
    });
  });
}
