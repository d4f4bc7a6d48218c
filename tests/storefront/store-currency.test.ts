/**
 * Prices are shown in the store currency of the settings — the one checkout charges in
 * (spec §3 Settings "currency", §5 Prices).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import * as settingsRoute from '@/app/api/settings/route';
import { ValueStrip } from '@/components/home/value-strip';
import { ProductGrid } from '@/components/products/product-grid';
import { DEFAULT_SETTINGS } from '@/db/default-settings';
import { storeMoney } from '@/lib/settings/store-money';
import { deliveryPromise, runningMoney } from '@/lib/delivery/shopper-copy';
import { seededListingZones } from '../support/listing-zones';
import { createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';

// The cards' heart (components/saved/save-button.tsx) asks for the router, which a static render
// outside Next.js has not mounted; its navigation is not what this test looks at.
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: () => undefined }) }));

async function setCurrency(currency: string) {
  const token = await tokenFor(await createUser({ isAdmin: true }));
  const res = await call(settingsRoute.PUT, { method: 'PUT', url: '/api/settings', body: { currency }, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Renders an async server component (as React would on the server) to HTML. */
async function html(element: Promise<React.ReactElement> | React.ReactElement) {
  return renderToStaticMarkup(await element);
}

afterEach(async () => {
  await setCurrency(String(DEFAULT_SETTINGS.currency));
});

describe('store currency', () => {
  test('a product card price and its promotion are shown in the currency set in the settings', async () => {
    await setCurrency('USD');
    const markup = await html(ProductGrid({ products: [{ product_id: 1, name: 'KIVIK 3-seat sofa', price: 1299.5, original_price: 1500, color: 'Grey' }] }));
    expect(markup).toContain('US$1,299.50');
    expect(markup).toContain('US$1,500.00');
  });

  test('the store formatter follows a change of currency', async () => {
    await setCurrency('AUD');
    expect((await storeMoney()).format(20)).toBe('A$20.00');
    await setCurrency('NZD');
    expect((await storeMoney()).format('20')).toBe('$20.00');
  });

  test('the home page value strip speaks the store currency', async () => {
    const markup = await html(createElement(ValueStrip, { delivery: deliveryPromise(seededListingZones(), runningMoney('USD')) }));
    expect(markup).toContain('Free delivery over US$500');
    expect(markup).toContain('courier from US$49');
  });
});
