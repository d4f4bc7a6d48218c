/**
 * The shop's delivery and return rules as search engines' merchant listings read them (issue 25):
 * the flat delivery fee and free-delivery threshold of the settings, delivery times, and the
 * change-of-mind return window. Pure: the settings are passed in.
 *
 * The return window is the `return_window_days` setting (issue 16; default 30): the returns page,
 * the structured data and the return requests (lib/orders/returns.ts) all read it.
 */
import type { ShopSettings } from '@/lib/settings/queries';

/** Working days from payment to dispatch, and from dispatch to the door (the shipping page: Auckland 2–4 … South Island 5–8). */
export const HANDLING_DAYS: [number, number] = [0, 2];
export const TRANSIT_DAYS: [number, number] = [2, 8];

export type MerchantPolicy = {
  shipping: { country: string; currency: string; feeCents: number; freeFromCents: number; handlingDays: [number, number]; transitDays: [number, number] };
  returns: { country: string; days: number; url: string };
};

/** The policy of the given settings; `siteUrl` makes the returns page's address absolute. */
export function merchantPolicy(settings: Pick<ShopSettings, 'currency' | 'shippingFeeCents' | 'freeShippingThresholdCents' | 'returnWindowDays'>, siteUrl: string): MerchantPolicy {
  return {
    shipping: {
      country: 'NZ',
      currency: settings.currency,
      feeCents: settings.shippingFeeCents,
      freeFromCents: settings.freeShippingThresholdCents,
      handlingDays: HANDLING_DAYS,
      transitDays: TRANSIT_DAYS,
    },
    returns: { country: 'NZ', days: settings.returnWindowDays, url: `${siteUrl}/returns` },
  };
}
