/**
 * An administrator edits the search's synonyms on /admin/search: adds a one-way set that makes
 * "moenga" (te reo Māori for bed, a word no product uses) find beds, edits and deletes a set; a
 * set of one word shows the 400 message at the form and a word another set holds the 409 naming
 * that set; the search report's link (?add=<term>#synonyms) pre-fills the first word. Then the
 * storefront's search for "moenga" finds beds. Screenshots at 390 and 1280 px.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, signInAs } from './support/sign-in';

const WORD = 'moenga';

/** Deletes the sets holding `word` left by an earlier attempt of the same run. */
async function removeSetsWith(request: APIRequestContext, word: string) {
  const sets = (await (await request.get('/api/search/synonyms')).json()) as { id: number; input: string | null; terms: string[] }[];
  for (const set of sets.filter((s) => s.input === word || s.terms.includes(word))) expect((await request.delete(`/api/search/synonyms/${set.id}`)).ok()).toBeTruthy();
}

const synonymsSection = (page: Page) => page.locator('section#synonyms');
const addForm = (page: Page) => page.getByRole('form', { name: 'Add synonyms' });
const resultCount = (page: Page) => page.getByTestId('result-count');

test('an administrator adds, refuses, edits and deletes synonym sets on /admin/search', async ({ page }) => {
  await signInAs(page.request, ADMIN);
  await removeSetsWith(page.request, WORD);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Search', exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/search$/);
  await expect(synonymsSection(page).getByRole('heading', { name: 'Synonyms' })).toBeVisible();
  const form = addForm(page);

  // One word is not a set: the API's 400 message shows at the form, nothing is added.
  await form.getByRole('textbox', { name: 'Words' }).fill(WORD);
  await form.getByRole('button', { name: 'Add synonyms' }).click();
  await expect(form.getByRole('alert')).toHaveText('A two-way set needs at least two different words.');

  // One-way: a search for "moenga" also finds beds.
  await form.getByRole('radio', { name: 'One-way' }).check();
  await form.getByRole('textbox', { name: 'Shoppers search for' }).fill(' Moenga ');
  await form.getByRole('textbox', { name: 'Also finds' }).fill('bed, Beds');
  await form.getByRole('button', { name: 'Add synonyms' }).click();
  const row = page.getByRole('row').filter({ hasText: `${WORD} →` });
  await expect(row).toHaveText(/One-way: moenga → bed, beds/);
  await expect(form.getByRole('textbox', { name: 'Shoppers search for' })).toHaveValue('');

  // A word another set already searches by: the 409 names that set.
  await form.getByRole('radio', { name: 'Two-way' }).check();
  await form.getByRole('textbox', { name: 'Words' }).fill(`${WORD}, ${WORD} rua`);
  await form.getByRole('button', { name: 'Add synonyms' }).click();
  await expect(form.getByRole('alert')).toHaveText(`“${WORD}” is already in the set “${WORD} → bed, beds”.`);

  // Edit: the dialog holds the set; saving replaces its words.
  await row.getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit synonyms' });
  await expect(dialog.getByRole('textbox', { name: 'Shoppers search for' })).toHaveValue(WORD);
  await dialog.getByRole('textbox', { name: 'Also finds' }).fill('bed, bed frame');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('admin-search-synonyms-edit-phone.png') });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveText(/One-way: moenga → bed, bed frame/);

  // The page as staff see it after these steps (the 409 still under the form), once the toasts are gone.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  for (const [label, width, height] of [['phone', 390, 844], ['desktop', 1280, 900]] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: test.info().outputPath(`admin-search-synonyms-${label}.png`), fullPage: true });
  }
  const axe = await new AxeBuilder({ page }).include('section#synonyms').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // A second set to delete, after the confirmation.
  await form.getByRole('radio', { name: 'Two-way' }).check();
  await form.getByRole('textbox', { name: 'Words' }).fill('whariki, whariki rug');
  await form.getByRole('button', { name: 'Add synonyms' }).click();
  const mats = page.getByRole('row').filter({ hasText: 'whariki' });
  await expect(mats).toHaveText(/Two-way: whariki, whariki rug/);
  await mats.getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(mats).toHaveCount(0);
  await expect(row).toBeVisible();

  await removeSetsWith(page.request, WORD);
});

test('the search report’s “add a synonym” link pre-fills the first word and focuses the words', async ({ page }) => {
  await signInAs(page.request, ADMIN);
  await page.goto('/admin/search?add=Chilly%20Bin#synonyms');
  const words = addForm(page).getByRole('textbox', { name: 'Words' });
  await expect(words).toHaveValue('Chilly Bin, ');
  await expect(words).toBeFocused();
  await expect(synonymsSection(page)).toBeInViewport();
});

test('after an administrator adds “moenga → bed”, the storefront’s search for “moenga” finds beds', async ({ page, browser }) => {
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto(`/products?q=${WORD}`);
  await expect(resultCount(shopper)).toHaveText('0 products');

  await signInAs(page.request, ADMIN);
  await removeSetsWith(page.request, WORD);
  await page.goto('/admin/search');
  const form = addForm(page);
  await form.getByRole('radio', { name: 'One-way' }).check();
  await form.getByRole('textbox', { name: 'Shoppers search for' }).fill(WORD);
  await form.getByRole('textbox', { name: 'Also finds' }).fill('bed');
  await form.getByRole('button', { name: 'Add synonyms' }).click();
  await expect(page.getByRole('row').filter({ hasText: `${WORD} →` })).toBeVisible();

  // The write expired the cached search results: the next search uses the set.
  await shopper.goto(`/products?q=${WORD}`);
  await expect(resultCount(shopper)).not.toHaveText('0 products');
  await expect(shopper.getByTestId('product-card').first()).toContainText(/bed/i);

  await removeSetsWith(page.request, WORD);
});
