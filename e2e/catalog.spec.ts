/**
 * Storefront journeys on the production build with the real catalogue (spec §2 Home, Products
 * page, §4 Search and Category filter, §5 Prices, §9): browse from the home page into a room,
 * filter, search, page through and open a product; plus accessibility checks with axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, CUSTOMER, signInAs } from './support/sign-in';

const pageStatus = (page: Page) => page.getByTestId('page-status');

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the banner turns at once when its controls are used, and stays still for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const dot = (n: number) => page.getByRole('button', { name: new RegExp(`^Show slide ${n}`) });
    await expect(dot(1)).toHaveAttribute('aria-current', 'true');
    // The carousel's code loads on first use if the page has not been idle yet.
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect(dot(2)).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('group', { name: '2 of 3' })).not.toHaveAttribute('inert');
    await dot(3).click();
    await expect(dot(3)).toHaveAttribute('aria-current', 'true');
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await expect(dot(2)).toHaveAttribute('aria-current', 'true');
    // No autoplay for reduced motion: the control offers Play, and the slide stays.
    await expect(page.getByTestId('banner-pause')).toHaveText('Play');
    await page.waitForTimeout(3_500);
    await expect(dot(2)).toHaveAttribute('aria-current', 'true');
  });

  test('a visitor goes from the home page to a room, filters, searches, pages and opens a product', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('hero-banner')).toBeVisible();
    await expect(page.getByTestId('shop-now')).toHaveCount(3);
    // Autoplay: the second slide comes up by itself 3 s after the carousel starts (when the page is idle).
    await expect(page.getByRole('button', { name: /^Show slide 2/ })).toHaveAttribute('aria-current', 'true', { timeout: 8_000 });
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign Up' }).first()).toBeVisible();
    for (const title of ['Featured Products', 'Latest Products', 'Promotional Products']) {
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    // The section navigation scrolls to its section.
    await page.getByRole('navigation', { name: 'Home sections' }).getByRole('link', { name: 'Promotional Products' }).click();
    await expect(page).toHaveURL(/#promotions$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Promotional Products' })).toBeInViewport();

    // A room from the category navigation.
    const room = page.getByTestId('room-link').filter({ hasText: 'Living room' });
    await room.click();
    await expect(page).toHaveURL(/\/products\?category=\d+$/);
    await expect(page.getByTestId('products-heading')).toHaveText('Living room');
    const roomCount = Number((await page.getByTestId('result-count').innerText()).replace(/[^\d]/g, ''));
    expect(roomCount).toBeGreaterThan(18);

    // Tick rules: the room shows all its subcategories ticked; unticking one unticks the room.
    const filters = page.getByRole('complementary').getByTestId('category-filter');
    const roomBox = filters.getByRole('checkbox', { name: /^Living room/ });
    await expect(roomBox).toBeChecked();
    const sofas = filters.getByRole('checkbox', { name: /^Sofas & armchairs/ });
    await expect(sofas).toBeChecked();
    await filters.getByRole('checkbox', { name: /^TV & media furniture/ }).uncheck();
    await expect(page).toHaveURL(/category=\d+&category=\d+/);
    await expect(filters.getByRole('checkbox', { name: /^Living room/ })).not.toBeChecked();
    await expect(filters.getByRole('checkbox', { name: /^Sofas & armchairs/ })).toBeChecked();
    await expect(page.getByTestId('filter-chip')).toHaveCount(2);

    // An attribute filter, removed again with its chip.
    // Attribute groups are folded until opened.
    await page.getByRole('complementary').getByTestId('function-filter').getByRole('button', { name: /^Function/ }).click();
    const fn = page.getByRole('complementary').getByTestId('function-filter').getByRole('checkbox').first();
    await fn.check();
    await expect(page).toHaveURL(/function=/);
    // Focus stays on the box just ticked, though the filters re-render for the new address.
    await expect(page.getByRole('complementary').getByTestId('function-filter').getByRole('checkbox').first()).toBeFocused();
    await expect(page.getByTestId('filter-chip').filter({ hasText: 'Function:' })).toHaveCount(1);
    await page.getByTestId('filter-chip').filter({ hasText: 'Function:' }).click();
    await expect(page).not.toHaveURL(/function=/);

    // A size range (applies with Enter).
    await page.getByRole('complementary').getByLabel('Width up to (cm)').fill('100');
    await page.getByRole('complementary').getByLabel('Width up to (cm)').press('Enter');
    await expect(page).toHaveURL(/width_max=100/);
    await expect(page.getByTestId('filter-chip').filter({ hasText: 'Width up to 100 cm' })).toBeVisible();

    // Searching clears the filters; Clear Search appears.
    const search = page.getByRole('searchbox', { name: 'Search products' }).last();
    await search.fill('table');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/products\?q=table$/);
    await expect(page.getByTestId('products-heading')).toHaveText('Results for “table”');
    await expect(page.getByTestId('filter-chip')).toHaveCount(0);
    await expect(page.getByTestId('clear-search')).toBeVisible();

    // Paging within 1..total.
    await expect(pageStatus(page)).toHaveText(/^Page 1 of \d+$/);
    const total = Number((await pageStatus(page).innerText()).match(/of (\d+)/)![1]);
    expect(total).toBeGreaterThan(1);
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(pageStatus(page)).toHaveText(`Page 2 of ${total}`);
    await expect(page).toHaveURL(/page=2/);
    await page.getByRole('link', { name: 'Previous' }).click();
    await expect(pageStatus(page)).toHaveText(`Page 1 of ${total}`);
    await page.goto(`/products?q=table&page=${total + 5}`);
    await expect(pageStatus(page)).toHaveText(`Page ${total} of ${total}`);

    // Clear Search goes back to the whole catalogue.
    await page.getByTestId('clear-search').click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByTestId('products-heading')).toHaveText('All products');

    // A product page.
    const card = page.getByTestId('product-card').first();
    const name = (await card.getByRole('heading').innerText()).trim();
    await card.getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(/\/products\/\d+$/);
    await expect(page.getByTestId('product-name')).toHaveText(name);
    await expect(page.getByTestId('price').first()).toContainText('$');
    await expect(page.getByTestId('product-detail').getByRole('link', { name: 'Login to Add' })).toHaveAttribute('href', /^\/login\?next=%2Fproducts%2F\d+$/);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Products');
    await expect(page.getByRole('img', { name: 'No image available' }).first()).toBeVisible();
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '[]');
    // A product with variants is marked up as a ProductGroup whose variants carry the offers.
    expect(ld[0]).toMatchObject({ name });
    const offered = ld[0]['@type'] === 'ProductGroup' ? ld[0].hasVariant.find((v: { offers?: unknown }) => v.offers) : ld[0];
    expect(offered).toMatchObject({ '@type': 'Product', offers: { priceCurrency: 'NZD' } });
    expect(ld[1]['@type']).toBe('BreadcrumbList');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/products\/\d+$/);
  });

  test('ticking a filter on listings nobody asked for before stays on the page, with focus on the box', async ({ page }) => {
    // A width no other test (or earlier run against this server) asks for: both listings are first
    // requests, rendered per request (lib/server/listing-admission.ts), one after the other.
    const width = 500_000 + (Date.now() % 400_000);
    await page.goto(`/products?q=chair&width_max=${width}`);
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    const group = page.getByRole('complementary').getByTestId('function-filter');
    await group.getByRole('button', { name: /^Function/ }).click();
    const id = await group.getByRole('checkbox').first().getAttribute('id');
    await group.getByRole('checkbox').first().check();
    await expect(page).toHaveURL(/function=/);
    await expect(page.getByTestId('filter-chip').filter({ hasText: 'Function:' })).toHaveCount(1);
    await expect(page.locator(`#${id}`)).toBeFocused();
    // A client navigation, not a new document.
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });

  test('a promotion shows the original price struck through and the percentage saved', async ({ page }) => {
    await page.goto('/promotional-products');
    const card = page.getByTestId('product-card').first();
    await expect(card.locator('s')).toContainText('$');
    await expect(card.getByTestId('percent-saved')).toHaveText(/^Save \d+%$/);
  });

  test('an unknown product or page shows the friendly not-found page', async ({ page }) => {
    const res = await page.goto('/products/999999999');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: /couldn.t find that product/ })).toBeVisible();
    await page.goto('/products/not-a-number');
    await expect(page.getByTestId('not-found')).toBeVisible();
    const res2 = await page.goto('/no-such-page');
    expect(res2?.status()).toBe(404);
    await expect(page.getByRole('link', { name: 'Browse all products' })).toBeVisible();
  });

  test('static pages, robots.txt and the sitemap answer', async ({ page, request }) => {
    await page.goto('/shipping');
    await expect(page.getByTestId('shipping-fee')).toHaveText('$12.00');
    for (const [path, heading] of [['/about', 'About Us'], ['/contact', 'Contact Us'], ['/faq', 'Frequently asked questions'], ['/returns', 'Returns']]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain('Disallow: /checkout');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('/products/');
    expect((sitemap.match(/<url>/g) ?? []).length).toBeGreaterThan(1000);
  });

  test('home, products and a product page have no serious accessibility violations', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('banner-pause').click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/products');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('product-card').first().getByRole('heading').getByRole('link').click();
    await expect(page.getByTestId('product-name')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('signed in', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a customer sees Cart, My Orders, a welcome, the profile link and Logout', async ({ page }) => {
    await signInAs(page.request, CUSTOMER);
    await page.goto('/');
    const header = page.getByTestId('site-header');
    const nav = header.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    await expect(nav.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/order');
    await expect(header.getByTestId('welcome')).toHaveText('Welcome, demo');
    await expect(header.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await expect(nav.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
    await expect(page.getByTestId('site-footer').getByRole('heading', { name: 'Customer Service' })).toBeVisible();
    await page.goto('/products/14');
    await expect(page.getByRole('button', { name: 'Add to Cart' }).first()).toBeEnabled();

    await header.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByTestId('site-header').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByTestId('site-header').getByTestId('welcome')).toHaveCount(0);
  });

  test('an administrator sees the back-office links in the header and Admin Links in the footer', async ({ page }) => {
    await signInAs(page.request, ADMIN);
    await page.goto('/products');
    const nav = page.getByTestId('site-header').getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [['Admin Dashboard', '/admin'], ['Manage Orders', '/admin/orders'], ['Manage Products', '/admin/products'], ['Manage Users', '/admin/users']]) {
      await expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Cart' })).toHaveCount(0);
    await expect(page.getByTestId('welcome')).toHaveText('Welcome, admin');
    const footer = page.getByTestId('site-footer');
    await expect(footer.getByRole('heading', { name: 'Admin Links' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/admin/reports');
    await expect(footer.getByRole('heading', { name: 'Customer Service' })).toHaveCount(0);
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a shopper filters in the drawer and uses the menu', async ({ page }) => {
    await page.goto('/products');
    await page.getByTestId('open-filters').click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('checkbox', { name: /^Bedroom/ }).check();
    // The whole room goes in the address as the room alone (its subcategories are ticked too).
    await expect(page).toHaveURL(/\/products\?category=\d+$/);
    await expect(drawer.getByRole('checkbox', { name: /^Beds/ })).toBeChecked();
    await drawer.getByRole('button', { name: /^Show [\d,]+ products?$/ }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByTestId('filter-chip')).toHaveText(['Bedroom']);

    await page.getByTestId('menu-button').click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
    await menu.getByRole('link', { name: 'Products' }).click();
    await expect(menu).toBeHidden();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
