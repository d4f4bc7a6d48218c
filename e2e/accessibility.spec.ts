/**
 * Accessibility of every page: axe (WCAG 2.1 A and AA, plus best practice) on each
 * storefront, customer and back-office page at 390 px and 1280 px, with its dialogs open too; any
 * violation fails. One table, PAGES: to cover a new page or dialog, add a row.
 *
 * A row names who looks (a visitor, the demo customer, the administrator), the address (or a
 * function of the data the run set up), and optionally what to do first (open a dialog) and the
 * widths it applies to (a menu that exists on phones only), and what axe leaves out (the outbox
 * message's sandboxed frame: its document is the e-mail, written for mail clients, not our page).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { RENDERED_EMAIL, confirmOrder, openOutboxMessage } from './checkout-steps';
import { logIn } from './support/sign-in';

const ACCOUNTS = {
  customer: { identifier: 'customer@totarahome.test', password: 'Customer123!' },
  admin: { identifier: 'admin@totarahome.test', password: 'Admin123!' },
};
type Who = 'visitor' | keyof typeof ACCOUNTS;

/** What the rows' addresses need: made once per run through the REST API. */
type Data = { productId: number; roomId: number; cartItemId: number; orderId: number; deliveredOrderId: number; twoPersonOrderId: number };

type Row = {
  name: string;
  who: Who;
  path: string | ((d: Data) => string);
  /** Brings the page into the state to check (a dialog open, a toast shown). */
  act?: (page: Page, d: Data) => Promise<void>;
  widths?: number[];
  /** Selectors axe leaves out. */
  exclude?: string[];
};

const WIDTHS = [390, 1280];
const PHONE = [390];

const openDialog = (button: string | RegExp) => async (page: Page) => {
  await page.getByRole('button', { name: button }).first().click();
  await expect(page.getByRole('dialog').or(page.getByRole('alertdialog')).first()).toBeVisible();
};

const PAGES: Row[] = [
  // Storefront
  { name: 'home', who: 'visitor', path: '/' },
  { name: 'home, menu open', who: 'visitor', path: '/', act: openDialog('Open menu'), widths: PHONE },
  { name: 'all products', who: 'visitor', path: '/products' },
  { name: 'a room, filters open', who: 'visitor', path: (d) => `/products?category=${d.roomId}`, act: openDialog(/^Filters/), widths: PHONE },
  { name: 'a room filtered', who: 'visitor', path: (d) => `/products?category=${d.roomId}&style=Upholstered` },
  { name: 'search', who: 'visitor', path: '/products?q=sofa' },
  { name: 'search without results', who: 'visitor', path: '/products?q=wardorbe' },
  { name: 'search with only near names', who: 'visitor', path: '/products?q=dinning+table' },
  { name: 'a product with variants', who: 'visitor', path: (d) => `/products/${d.productId}` },
  { name: 'featured products', who: 'visitor', path: '/featured-products' },
  { name: 'latest products', who: 'visitor', path: '/latest-products' },
  { name: 'promotional products', who: 'visitor', path: '/promotional-products' },
  { name: 'about', who: 'visitor', path: '/about' },
  { name: 'contact', who: 'visitor', path: '/contact' },
  { name: 'faq', who: 'visitor', path: '/faq' },
  { name: 'shipping', who: 'visitor', path: '/shipping' },
  { name: 'returns', who: 'visitor', path: '/returns' },
  { name: 'privacy policy', who: 'visitor', path: '/privacy' },
  { name: 'terms of sale', who: 'visitor', path: '/terms' },
  { name: 'log in', who: 'visitor', path: '/login' },
  { name: 'sign up', who: 'visitor', path: '/signup' },
  { name: 'unknown page', who: 'visitor', path: '/no-such-page' },
  { name: 'unknown product', who: 'visitor', path: '/products/999999999' },
  // Customer
  { name: 'cart', who: 'customer', path: '/cart' },
  { name: 'cart, remove dialog', who: 'customer', path: '/cart', act: openDialog(/^Remove /) },
  { name: 'order confirmation', who: 'customer', path: (d) => `/order-confirmation?items=${d.cartItemId}` },
  { name: 'orders', who: 'customer', path: '/orders' },
  { name: 'orders, cancel dialog', who: 'customer', path: '/orders', act: openDialog('Cancel Order') },
  { name: 'order details, return items dialog', who: 'customer', path: '/order', act: async (page, d) => {
    await page.getByTestId('order-row').filter({ hasText: `#${d.deliveredOrderId}` }).getByRole('button', { name: 'Show Details' }).click();
    await page.locator(`#order-${d.deliveredOrderId}-details`).getByTestId('return-items').click();
    await expect(page.getByRole('dialog', { name: `Return items of order #${d.deliveredOrderId}` })).toBeVisible();
  } },
  { name: 'order details, change delivery day dialog', who: 'customer', path: '/order', act: async (page, d) => {
    await page.getByTestId('order-row').filter({ hasText: `#${d.twoPersonOrderId}` }).getByRole('button', { name: 'Show Details' }).click();
    await page.locator(`#order-${d.twoPersonOrderId}-details`).getByRole('button', { name: 'Change delivery day' }).click();
    await expect(page.getByRole('dialog', { name: 'Change delivery day' }).getByTestId('delivery-slot')).toBeVisible();
  } },
  { name: 'checkout', who: 'customer', path: (d) => `/checkout/${d.orderId}` },
  { name: 'profile', who: 'customer', path: '/profile' },
  // Back office
  { name: 'dashboard', who: 'admin', path: '/admin' },
  { name: 'admin menu open', who: 'admin', path: '/admin', act: openDialog('Open admin menu'), widths: PHONE },
  { name: 'product management', who: 'admin', path: '/admin/product' },
  { name: 'product management, delete dialog', who: 'admin', path: '/admin/product', act: openDialog('Delete') },
  { name: 'product management, edit details dialog', who: 'admin', path: '/admin/product', act: openDialog(/^Edit details of /) },
  { name: 'product management, import CSV dialog', who: 'admin', path: '/admin/product', act: openDialog('Import CSV') },
  { name: 'stock', who: 'admin', path: '/admin/stock' },
  { name: 'stock, adjust dialog', who: 'admin', path: '/admin/stock', act: openDialog(/^Adjust /) },
  { name: 'stock, transfer dialog', who: 'admin', path: '/admin/stock', act: openDialog(/^Transfer /) },
  { name: "a product's stock history", who: 'admin', path: (d) => `/admin/stock/${d.productId}` },
  { name: 'stock locations', who: 'admin', path: '/admin/stock/locations' },
  { name: 'categories', who: 'admin', path: '/admin/categories' },
  { name: 'categories, delete dialog', who: 'admin', path: '/admin/categories', act: openDialog(/^Delete /) },
  { name: 'delivery', who: 'admin', path: '/admin/delivery' },
  { name: 'delivery, service dialog', who: 'admin', path: '/admin/delivery', act: openDialog('Edit Two-person delivery (Auckland)') },
  { name: 'delivery, zone dialog', who: 'admin', path: '/admin/delivery', act: openDialog('Edit zone Auckland') },
  { name: 'delivery schedule', who: 'admin', path: '/admin/delivery/schedule' },
  { name: 'order management', who: 'admin', path: '/admin/order' },
  { name: 'order management, refund dialog', who: 'admin', path: '/admin/order', act: async (page, d) => {
    await page.getByTestId(`order-row-${d.deliveredOrderId}`).getByRole('button', { name: 'Refund…' }).click();
    await expect(page.getByTestId('refund-dialog').getByTestId('refundable')).toContainText('can still be refunded');
  } },
  { name: 'user management', who: 'admin', path: '/admin/user' },
  { name: 'user management, reset password dialog', who: 'admin', path: '/admin/user', act: openDialog('Reset Password') },
  { name: 'administrators', who: 'admin', path: '/admin/administrators' },
  { name: 'roles', who: 'admin', path: '/admin/roles' },
  { name: 'audit log', who: 'admin', path: '/admin/audit' },
  { name: 'merchant management', who: 'admin', path: '/admin/merchant' },
  { name: 'merchant management, delete dialog', who: 'admin', path: '/admin/merchant', act: openDialog('Delete') },
  { name: 'finance center', who: 'admin', path: '/admin/finance' },
  { name: 'settings', who: 'admin', path: '/admin/settings' },
  { name: 'settings saved (a toast)', who: 'admin', path: '/admin/settings', act: async (page) => {
    await page.getByRole('button', { name: /^Save/ }).first().click();
    const toast = page.locator('[data-sonner-toast][data-mounted="true"]').first();
    await expect(toast).toBeVisible();
    // Checked once it has faded in: mid-transition its text is blended with the page behind it.
    await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  } },
  { name: 'returns queue', who: 'admin', path: '/admin/returns' },
  { name: 'reviews queue', who: 'admin', path: '/admin/reviews' },
  { name: 'discount codes', who: 'admin', path: '/admin/discount-codes' },
  { name: 'outbox', who: 'admin', path: '/admin/outbox' },
  { name: 'search: synonyms', who: 'admin', path: '/admin/search' },
  { name: 'search: synonyms, add link from the report', who: 'admin', path: '/admin/search?add=chilly%20bin#synonyms' },
  // An outbox message (/admin/outbox/{id}): our page, without the sandboxed frame of the rendered e-mail.
  { name: 'an outbox message', who: 'admin', path: '/admin/outbox', exclude: [RENDERED_EMAIL], act: async (page) => {
    await openOutboxMessage(page, page.getByRole('table', { name: 'Outbox messages' }).getByRole('row').nth(1));
    await expect(page.locator(RENDERED_EMAIL)).toBeVisible();
  } },
];

async function apiLogin(request: APIRequestContext, who: keyof typeof ACCOUNTS) {
  const res = await request.post('/api/users/login', { data: ACCOUNTS[who] });
  expect(res.ok()).toBeTruthy();
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/**
 * The run's data: a product with variants, a room, the customer's unpaid order (whose e-mail fills
 * the outbox) and cart line, a paid order of theirs marked delivered (to refund and to return), and
 * a bulky piece's order with a booked two-person day (to change it).
 */
async function setUp(request: APIRequestContext): Promise<Data> {
  const customer = await apiLogin(request, 'customer');
  const rooms = await (await request.get('/api/categories')).json();
  const { products } = await (await request.get('/api/products?q=franklin&limit=20')).json();
  const product = products.find((p: { sku: string }) => p.sku === '704.048.75');
  const inStock = (await (await request.get('/api/products?limit=50')).json()).products.filter((p: { stock: number }) => p.stock >= 5);
  const add = async (id: number) => (await (await request.post('/api/cart/add', { headers: customer, data: { product_id: id, quantity: 1 } })).json()).CartItem.cart_item_id as number;
  const ordered = await add(inStock[0].product_id);
  const placed = await request.post('/api/orders', {
    headers: customer,
    data: {
      cartItems: [{ cart_item_id: ordered }],
      newAddress: { street_address: '12 Ponsonby Road', city: 'Auckland', postal_code: '1011', country: 'New Zealand' },
      newContact: { first_name: 'Sam', last_name: 'Taylor', phone_number: '021 555 0101', email: 'customer@totarahome.test' },
    },
  });
  expect(placed.status()).toBe(201);
  const orderId = (await placed.json()).order.order_id as number;
  const delivered = await request.post('/api/orders', {
    headers: customer,
    data: { cartItems: [{ cart_item_id: await add(inStock[2].product_id) }], newAddress: { street_address: '12 Ponsonby Road', city: 'Auckland', postal_code: '1011', country: 'New Zealand' }, newContact: { first_name: 'Sam', last_name: 'Taylor', phone_number: '021 555 0101', email: 'customer@totarahome.test' } },
  });
  expect(delivered.status()).toBe(201);
  const deliveredOrderId = (await delivered.json()).order.order_id as number;
  const card = await request.post('/api/payments/methods/add', { headers: customer, data: { payment_type: 'credit_card', stripe_payment_method_id: 'pm_card_visa' } });
  expect(card.status()).toBe(201);
  const paid = await request.post('/api/payments/submit', { headers: customer, data: { orderId: deliveredOrderId, paymentMethodId: (await card.json()).paymentMethod.payment_method_id } });
  expect(paid.ok()).toBeTruthy();
  const admin = await apiLogin(request, 'admin');
  expect((await request.put(`/api/orders/${deliveredOrderId}`, { headers: admin, data: { status: 'delivered' } })).ok()).toBeTruthy();
  let bulky: { product_id: number } | undefined;
  for (let p = 1; p <= 10 && !bulky; p++) bulky = (await (await request.get(`/api/products?limit=100&page=${p}`)).json()).products.find((x: { stock: number; shipping_class: string }) => x.shipping_class === 'bulky' && x.stock >= 5);
  const twoPerson = await request.post('/api/orders', {
    headers: customer,
    data: { cartItems: [{ cart_item_id: await add(bulky!.product_id) }], newAddress: { street_address: '12 Ponsonby Road', city: 'Auckland', postal_code: '1011', country: 'New Zealand' }, newContact: { first_name: 'Sam', last_name: 'Taylor', phone_number: '021 555 0101', email: 'customer@totarahome.test' } },
  });
  expect(twoPerson.status()).toBe(201);
  const twoPersonOrderId = (await twoPerson.json()).order.order_id as number;
  const cartItemId = await add(inStock[1].product_id);
  return { productId: product.product_id, roomId: rooms[0].category_id, cartItemId, orderId, deliveredOrderId, twoPersonOrderId };
}

/** A browser context signed in as `who` (through the login form, so the session cookie is real). */
async function pageFor(browser: Browser, who: Who, width: number, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL });
  const page = await context.newPage();
  if (who !== 'visitor') {
    await logIn(page, ACCOUNTS[who].identifier, ACCOUNTS[who].password);
    await expect(page).not.toHaveURL(/\/login/);
  }
  return page;
}

/** One line per violation and element, readable in the failure. */
function describe(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${v.help} — ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ')}`));
}

let data: Data;

test.beforeAll(async ({ request }) => {
  data = await setUp(request);
});

for (const width of WIDTHS) {
  test.describe(`${width} px`, () => {
    for (const row of PAGES.filter((r) => (r.widths ?? WIDTHS).includes(width))) {
      test(`${row.name} has no accessibility violations`, async ({ browser, baseURL }) => {
        const page = await pageFor(browser, row.who, width, baseURL!);
        await page.goto(typeof row.path === 'function' ? row.path(data) : row.path);
        await page.waitForLoadState('networkidle');
        if (row.act) await row.act(page, data);
        const axe = new AxeBuilder({ page });
        for (const selector of row.exclude ?? []) axe.exclude(selector);
        const results = await axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
        expect(describe(results.violations), `${row.name} at ${width} px`).toEqual([]);
        await page.context().close();
      });
    }
  });
}

// Defects axe does not see on its own.

test("the order-confirmed message stays on its page and does not follow the customer to the checkout", async ({ browser, baseURL, request }) => {
  const page = await pageFor(browser, 'customer', 1280, baseURL!);
  // Every toast the document shows, however briefly (the checkout is a client-side navigation: same document).
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __toasts: string[] }).__toasts = []);
    new MutationObserver(() => document.querySelectorAll('[data-sonner-toast]').forEach((t) => seen.includes(t.textContent ?? '') || seen.push(t.textContent ?? ''))).observe(document, { childList: true, subtree: true });
  });
  const customer = await apiLogin(request, 'customer');
  const { products } = await (await request.get('/api/products?limit=50')).json();
  await request.post('/api/cart/add', { headers: customer, data: { product_id: products.find((p: { stock: number }) => p.stock >= 5).product_id, quantity: 1 } });
  const orderId = await confirmOrder(page);
  await expect(page).toHaveURL(new RegExp(`/checkout/${orderId}$`));
  const toasts = await page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
  expect(toasts.filter((t) => /confirmed/i.test(t))).toEqual([]);
  await page.context().close();
});

test("an admin's editable price cell is named by the price it shows", async ({ browser, baseURL }) => {
  const page = await pageFor(browser, 'admin', 1280, baseURL!);
  await page.goto('/admin/product');
  const cell = page.locator('[data-testid^="price-"][role="button"]').first();
  // What a sighted person reads: the cell's text without its screen-reader-only words.
  const shown = (await cell.evaluate((el) => [...el.childNodes].filter((n) => !(n instanceof Element && n.classList.contains('sr-only'))).map((n) => n.textContent).join(''))).trim();
  expect(shown).toMatch(/^\$[\d,]+\.\d{2}$/);
  // "Price of {product}: $3,687.20" — the shown price, not the raw "3687.2".
  await expect(cell).toHaveAccessibleName(new RegExp(`^Price of .+: ${shown.replace(/[$.]/g, '\\$&')}$`));
  await expect(cell).toHaveAccessibleDescription('Double-click or press Enter to edit.');
  await page.context().close();
});
