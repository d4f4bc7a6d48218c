/**
 * The shop's delivery and return rules as search engines' merchant listings read them:
 * the served delivery zones with their services (each product's rate per zone is quoted by
 * lib/delivery/listing-rates.ts), and the change-of-mind return window. Pure: the settings
 * and zones are passed in.
 *
 * The return window is the `return_window_days` setting (default 30): the returns page,
 * the structured data and the return requests (lib/orders/returns.ts) all read it.
 */
import type { ListingZone } from '@/lib/delivery/listing-rates';
import { todayIn } from '@/lib/delivery/calendar';
import type { ShopSettings } from '@/lib/settings/queries';

export type MerchantPolicy = {
  /** `today` (YYYY-MM-DD, the shop's time zone) is the day the rates are quoted on; `siteUrl` names the shipping entries' @ids. */
  shipping: { country: string; currency: string; zones: ListingZone[]; today: string; siteUrl: string };
  returns: { country: string; days: number; url: string };
};

/**
 * The policy of the given settings; `siteUrl` makes the returns page's address absolute; `zones`
 * (lib/delivery/queries.ts getListingZones) are what product offers are shipped by — none
 * where no offer is shown (the home page's Organization).
 */
export function merchantPolicy(settings: Pick<ShopSettings, 'currency' | 'returnWindowDays' | 'timeZone'>, siteUrl: string, zones: ListingZone[] = []): MerchantPolicy {
  return {
    shipping: { country: 'NZ', currency: settings.currency, zones, today: todayIn(settings.timeZone), siteUrl },
    returns: { country: 'NZ', days: settings.returnWindowDays, url: `${siteUrl}/returns` },
  };
}
