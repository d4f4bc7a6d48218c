import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:3240';
const args = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
async function shots(width, height, tag) {
  const ctx = await browser.newContext({ viewport: { width, height }, isMobile: width < 500, hasTouch: width < 500 });
  const page = await ctx.newPage();
  for (const [name, path] of [['home', '/'], ['products', '/products?category=1'], ['product', '/products/14']]) {
    await page.goto(base + path);
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `/tmp/pages-shots/${tag}-${name}.png`, fullPage: false });
  }
  if (width < 500) {
    await page.goto(base + '/products');
    await page.getByTestId('open-filters').click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/pages-shots/${tag}-drawer.png` });
  }
  // Signed in as the demo customer: the header's cart badge after an add.
  const { csrfToken } = await (await page.request.get(base + '/api/auth/csrf')).json();
  await page.request.post(base + '/api/auth/callback/credentials', { form: { csrfToken, identifier: 'customer@totarahome.test', password: 'Customer123!', json: 'true' } });
  await page.goto(base + '/products/14');
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/pages-shots/${tag}-signed-in.png` });
  await ctx.close();
}
await shots(1280, 900, 'w1280');
await shots(390, 844, 'w390');
await browser.close();
