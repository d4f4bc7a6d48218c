/**
 * System Settings (spec §2 System Settings, §3 Settings, §7 GET/PUT /settings, §8 Settings).
 */
import { revalidateTag } from 'next/cache';
import { eq } from 'drizzle-orm';
import { describe, expect, test, vi } from 'vitest';
import { db } from '@/db/client';
import { settings } from '@/db/schema';
import * as settingsRoute from '@/app/api/settings/route';
import { getShopSettings } from '@/lib/settings/queries';
import { SETTING_HELP, SETTING_KEYS } from '@/lib/settings/schemas';
import { placedOrder } from '../support/buying';
import { createProduct } from '../support/factories';
import { DEFAULT_SETTINGS } from '@/db/default-settings';
import { createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';

async function adminToken() {
  return tokenFor(await createUser({ isAdmin: true }));
}
const put = async (body: unknown) => call(settingsRoute.PUT, { method: 'PUT', url: '/api/settings', body, token: await adminToken() });

describe('/api/settings', () => {
  test('GET /api/settings — the key-value map, numbers as numbers and booleans as booleans', async () => {
    const res = await call(settingsRoute.GET, { token: await adminToken() });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
    expect(typeof res.body.low_stock_threshold).toBe('number');
    expect(typeof res.body.prices_include_gst).toBe('boolean');
  });

  test('GET /api/settings — rows the shop keeps for itself in the settings table (the shared cache\'s database id) are not settings', async () => {
    await db.insert(settings).values({ key: 'cache_namespace', value: 'b5f0c3de-0000-4000-8000-000000000000' }).onConflictDoNothing();
    try {
      const res = await call(settingsRoute.GET, { token: await adminToken() });
      expect(res.body).not.toHaveProperty('cache_namespace');
      expect(Object.keys(res.body).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
    } finally {
      await db.delete(settings).where(eq(settings.key, 'cache_namespace'));
    }
  });

  test('PUT /api/settings — saves the whole map (an empty shop may still choose its currency), normalises values and invalidates the settings cache', async () => {
    vi.mocked(revalidateTag).mockClear();
    const current = (await call(settingsRoute.GET, { token: await adminToken() })).body;
    const res = await put({ ...current, currency: 'aud', time_zone: 'australia/sydney', gst_rate_percent: '12.5', prices_include_gst: false, store_name: '  Totara Home Sydney ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ currency: 'AUD', time_zone: 'Australia/Sydney', gst_rate_percent: 12.5, prices_include_gst: false, store_name: 'Totara Home Sydney' });
    const shop = await getShopSettings();
    expect(shop).toMatchObject({ currency: 'AUD', timeZone: 'Australia/Sydney', gstRatePercent: 12.5, pricesIncludeGst: false });
    expect(revalidateTag).toHaveBeenCalledWith('settings', { expire: 0 });
    // Keys left out keep their value.
    const partial = await put({ low_stock_threshold: 9 });
    expect(partial.body).toMatchObject({ low_stock_threshold: 9, currency: 'AUD' });
    // Back to the test shop's settings: the defaults, with staff signing in by password as in the demo shop (tests/support/setup.ts).
    await put({ ...DEFAULT_SETTINGS, staff_two_factor_required: false });
  });

  test('PUT /api/settings — refuses bad values and unknown keys (400) and saves nothing of that request', async () => {
    const before = (await call(settingsRoute.GET, { token: await adminToken() })).body;
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ currency: 'NZDX' }, /3-letter/],
      [{ currency: 'ZZZ' }, /ISO 4217/],
      [{ time_zone: 'Mars/Olympus_Mons' }, /IANA time zone/],
      [{ return_window_days: -1 }, /at least 0/],
      [{ return_window_days: '' }, /number/],
      [{ return_window_days: 'ten' }, /number/],
      [{ low_stock_threshold: 2.5 }, /whole number/],
      [{ gst_rate_percent: 150 }, /at most 100/],
      [{ prices_include_gst: 'yes' }, /true or false/],
      [{ support_email: 'nobody' }, /valid email/],
      [{ store_name: '' }, /required/],
      [{ store_name: 42 }, /must be text/],
      [{ gst_number: '12-345' }, /8 or 9 digits/],
      [{ gst_number: true }, /must be text/],
      [{ unpaid_order_hold_minutes: '1' }, /at least 5/],
      [{ return_window_days: 10, favourite_colour: 'green' }, /Unknown setting: favourite_colour/],
      // Delivery prices live in the delivery zones only (docs/delivery.md).
      [{ shipping_fee: 49 }, /Unknown setting: shipping_fee/],
      [{ free_shipping_threshold: 500 }, /Unknown setting: free_shipping_threshold/],
      [{}, /at least one/],
    ];
    for (const [body, message] of bad) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await put([1, 2])).status).toBe(400);
    expect((await put('null')).status).toBe(400);
    const after = (await call(settingsRoute.GET, { token: await adminToken() })).body;
    expect(after).toEqual(before);
  });

  test('PUT /api/settings — a GST number is stored as Inland Revenue prints it', async () => {
    expect((await put({ gst_number: '123 456 789' })).body.gst_number).toBe('123-456-789');
    expect((await put({ gst_number: '12345678' })).body.gst_number).toBe('12-345-678');
    await put({ gst_number: DEFAULT_SETTINGS.gst_number });
  });

  test('PUT /api/settings — the currency cannot be changed while products or orders hold amounts in it (409, nothing saved); the same code is fine', async () => {
    await createProduct();
    await placedOrder();
    const res = await put({ currency: 'AUD', store_name: 'Renamed meanwhile' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/cannot be changed from NZD to AUD: \d+ products and \d+ orders? hold amounts in NZD/);
    const after = (await call(settingsRoute.GET, { token: await adminToken() })).body;
    expect(after).toMatchObject({ currency: 'NZD', store_name: DEFAULT_SETTINGS.store_name });
    expect((await put({ currency: 'nzd' })).status).toBe(200);
  });
});

describe('System Settings help', () => {
  test("PUT /api/settings — the shop's social pages: its own page on each network or empty (hidden); home pages and other sites refused", async () => {
    const saved = await put({ facebook_url: ' https://www.facebook.com/totarahome ', instagram_url: 'https://instagram.com/totara.home/', pinterest_url: '' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ facebook_url: 'https://www.facebook.com/totarahome', instagram_url: 'https://instagram.com/totara.home/', pinterest_url: '' });
    expect((await getShopSettings()).socialLinks).toEqual([
      { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/totarahome' },
      { network: 'instagram', label: 'Instagram', href: 'https://instagram.com/totara.home/' },
    ]);
    for (const [key, value] of [
      ['facebook_url', 'https://www.facebook.com/'],
      ['instagram_url', 'https://example.com/totarahome'],
      ['pinterest_url', 'javascript:alert(1)'],
      ['facebook_url', 'not a link'],
    ] as const) {
      const res = await put({ [key]: value });
      expect(res.status, `${key}=${value}`).toBe(400);
      expect(res.body.message).toMatch(/must be the address of your own page, such as https:\/\/www\.\w+\.com\/yourshop, or empty to hide the link/);
    }
    expect((await put({ facebook_url: '', instagram_url: '' })).status).toBe(200);
    expect((await getShopSettings()).socialLinks).toEqual([]);
  });

  test('every setting says what it does', () => {
    expect(Object.keys(DEFAULT_SETTINGS).sort()).toEqual([...SETTING_KEYS].sort());
    for (const key of SETTING_KEYS) expect(SETTING_HELP[key].length, key).toBeGreaterThan(20);
  });
});
