/**
 * The shop's delivery copy comes from the delivery zones: a bulky sofa's page
 * offers two-person delivery at its fee and never courier; a fee an administrator changes in
 * /admin/delivery shows on the cached Shipping, FAQ and home pages at once (restored afterwards).
 */
import { expect, test } from '@playwright/test';
import {  } from './checkout-steps';
import { signIn } from './support/sign-in';

type Service = { service_id: number; kind: string; name: string; fee: number; bulky_surcharge: number; free_over: number | null; lead_days: number; weekdays: number[]; active: boolean; capacity_per_window: number | null };
type Zone = { zone_id: number; name: string; served: boolean; services: Service[] };
type Listed = { product_id: number; price: number; shipping_class: string };

/** "$49", "$67.50": the product line's running money. */
const running = (dollars: number) => `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;

test('a bulky sofa’s page offers two-person delivery at its fee and never courier; a parcel’s offers courier', async ({ page }) => {
  await signIn(page.request, 'admin@totarahome.test', 'Admin123!');
  const { zones } = (await (await page.request.get('/api/delivery/zones')).json()) as { zones: Zone[] };
  const twoPerson = zones.filter((z) => z.served).flatMap((z) => z.services.filter((s) => s.kind === 'two_person' && s.active));
  // One bulky unit: the fee plus one bulky surcharge, the lowest over the zones.
  const lowest = Math.min(...twoPerson.map((s) => s.fee + s.bulky_surcharge));

  let sofa: Listed | undefined;
  let parcel: Listed | undefined;
  for (let p = 1; p <= 10 && !(sofa && parcel); p++) {
    const { products } = (await (await page.request.get(`/api/products?q=sofa&limit=100&page=${p}`)).json()) as { products: Listed[] };
    sofa ??= products.find((x) => x.shipping_class === 'bulky' && x.price < 500);
    parcel ??= products.find((x) => x.shipping_class === 'parcel' && x.price < 500);
  }
  expect(sofa, 'a bulky sofa under the free-over amount').toBeTruthy();

  await page.goto(`/products/${sofa!.product_id}`);
  const line = page.getByTestId('product-delivery');
  await expect(line).toContainText(`Two-person delivery from ${running(lowest)}`);
  await expect(page.locator('main')).not.toContainText(/courier/i);
  await expect(page.getByRole('link', { name: 'Shipping' }).first()).toHaveAttribute('href', '/shipping');

  if (parcel) {
    await page.goto(`/products/${parcel.product_id}`);
    await expect(page.getByTestId('product-delivery')).toContainText(/^Courier from \$/);
  }
});

test('a fee changed in /admin/delivery shows on the Shipping, FAQ and home pages, and is restored', async ({ page }) => {
  await signIn(page.request, 'admin@totarahome.test', 'Admin123!');
  const { zones } = (await (await page.request.get('/api/delivery/zones')).json()) as { zones: Zone[] };
  const wellington = zones.find((z) => z.name === 'Wellington')!;
  const service = wellington.services.find((s) => s.kind === 'two_person')!;
  const save = (fee: number, freeOver: number | null) =>
    page.request.put(`/api/delivery/services/${service.service_id}`, {
      data: { kind: service.kind, name: service.name, fee, bulky_surcharge: service.bulky_surcharge, free_over: freeOver, lead_days: service.lead_days, weekdays: service.weekdays, active: service.active, capacity_per_window: service.capacity_per_window },
    });
  const row = () => page.getByTestId(`shipping-zone-${wellington.zone_id}`).getByRole('listitem').filter({ hasText: service.name }).first();

  await page.goto('/shipping');
  await expect(page.getByTestId('shipping-not-served')).toContainText('Chatham Islands (8942)');
  await expect(row()).toContainText(`$${service.fee.toFixed(2)}`);
  try {
    // $67.50, never free, in Wellington only.
    expect((await save(67.5, null)).status()).toBe(200);
    await page.goto('/shipping');
    await expect(row()).toContainText('$67.50');
    await expect(row()).not.toContainText('free over');
    await page.goto('/faq');
    await expect(page.getByTestId('faq-delivery-cost')).toContainText(/two-person delivery from \$[\d.]+, free over \$[\d.,]+ \((except|in) [^)]*\)/);
    await page.goto('/');
    await expect(page.getByText(/^Delivery from \$/)).toBeVisible();
  } finally {
    expect((await save(service.fee, service.free_over)).status()).toBe(200);
  }
  await page.goto('/shipping');
  await expect(row()).toContainText(`$${service.fee.toFixed(2)}`);
});
