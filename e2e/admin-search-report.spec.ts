/**
 * What shoppers searched for (docs/search.md "What shoppers searched for"): a shopper searches
 * twice — "sofa", opening a result, then a word the shop has nothing for — and an administrator
 * finds both on /admin/search, the second under "No results", each with a working
 * "Add a synonym" link; the page reads well at 390 and 1280 px and passes axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Response } from '@playwright/test';
import {  } from './checkout-steps';
import { ADMIN, signIn } from './support/sign-in';

/**
 * Resolves when the server has answered the next search event the page sends (a beacon: its body
 * is not visible to the test, so what it carried is checked on the report).
 */
function eventSent(page: Page): Promise<Response> {
  return page.waitForResponse((r) => r.url().endsWith('/api/search/events') && r.request().method() === 'POST' && r.status() === 204);
}

async function search(page: Page, query: string): Promise<void> {
  const box = page.locator('#products-search');
  await box.fill(query);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(query)}`));
}

/** The "sofa" row of the top searches: its searches and results opened (0, 0 when not listed). */
async function sofaCounts(admin: Page): Promise<[number, number]> {
  const row = admin.getByTestId('search-top').getByTestId('search-report-row').filter({ has: admin.getByText('sofa', { exact: true }) });
  if ((await row.count()) === 0) return [0, 0];
  const cells = row.getByRole('cell');
  return [Number(await cells.nth(1).textContent()), Number(await cells.nth(2).textContent())];
}

test('a shopper searches twice and an administrator sees both searches on /admin/search, the one that found nothing under "No results"', async ({ page, browser }) => {
  const nothing = `kumarahou${Date.now().toString(36)}`;
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin.request, ADMIN.identifier, ADMIN.password);
  // Other journeys on this server may have searched for "sofa" already.
  await admin.goto('/admin/search');
  const [searchesBefore, clicksBefore] = await sofaCounts(admin);

  await page.goto('/products');
  const sofaCounted = eventSent(page);
  await search(page, 'sofa');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await sofaCounted;

  const opened = eventSent(page);
  await page.getByTestId('product-card').first().getByRole('link').first().click();
  await opened;
  await expect(page).toHaveURL(/\/products\/\d+/);

  await page.goto('/products');
  const nothingCounted = eventSent(page);
  await search(page, nothing);
  await expect(page.getByTestId('no-results')).toBeVisible();
  await nothingCounted;

  try {
    await admin.goto('/admin/search');
    await expect(admin.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
    await expect(admin.getByRole('link', { name: 'Last 7 days' })).toHaveAttribute('aria-current', 'page');

    const top = admin.getByTestId('search-top');
    const sofa = top.getByTestId('search-report-row').filter({ has: admin.getByText('sofa', { exact: true }) });
    await expect(sofa).toHaveCount(1);
    // One more search, one more result opened, and the products the page showed.
    expect(await sofaCounts(admin)).toEqual([searchesBefore + 1, clicksBefore + 1]);
    expect(Number((await sofa.getByRole('cell').nth(3).textContent())?.replace(/,/g, ''))).toBeGreaterThan(0);
    const other = top.getByTestId('search-report-row').filter({ hasText: nothing });
    await expect(other.getByRole('cell').nth(3)).toHaveText('0');

    const noResults = admin.getByTestId('search-no-results');
    await expect(noResults.getByTestId('search-report-row').filter({ hasText: nothing })).toHaveCount(1);
    await expect(noResults.getByTestId('search-report-row').filter({ has: admin.getByText('sofa', { exact: true }) })).toHaveCount(0);
    // Opened, so not under "Nobody clicked".
    await expect(admin.getByTestId('search-no-clicks').getByTestId('search-report-row').filter({ has: admin.getByText('sofa', { exact: true }) })).toHaveCount(0);

    const axe = await new AxeBuilder({ page: admin }).include('#admin-main').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    for (const [label, width, height] of [
      ['phone', 390, 844],
      ['desktop', 1280, 900],
    ] as const) {
      await admin.setViewportSize({ width, height });
      const scrollWidth = await admin.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(width);
      await admin.screenshot({ path: test.info().outputPath(`admin-search-report-${label}.png`), fullPage: true });
    }

    await admin.getByRole('link', { name: 'Last 30 days' }).click();
    await expect(admin).toHaveURL(/\/admin\/search\?days=30/);
    await expect(admin.getByRole('link', { name: 'Last 30 days' })).toHaveAttribute('aria-current', 'page');
    await expect(admin.getByTestId('search-no-results').getByTestId('search-report-row').filter({ hasText: nothing })).toHaveCount(1);

    const addSynonym = admin.getByTestId('search-no-results').getByRole('link', { name: `Add a synonym for “${nothing}”` });
    await expect(addSynonym).toHaveAttribute('href', `/admin/search?add=${nothing}#synonyms`);
    await addSynonym.click();
    await expect(admin).toHaveURL(new RegExp(`/admin/search\\?add=${nothing}#synonyms$`));
    await expect(admin.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
  } finally {
    await adminContext.close();
  }
});
