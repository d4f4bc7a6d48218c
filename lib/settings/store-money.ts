/**
 * The store currency's money formatter for server components and metadata (spec §3 Settings
 * "currency", §5 Prices): the currency checkout charges in is the one every price is shown in.
 */
import 'server-only';
import { cache } from 'react';
import { formatMoney } from '@/lib/money';
import { getShopSettingsCached } from './queries';

export type StoreMoney = {
  /** ISO 4217 code of the store currency, e.g. "NZD". */
  currency: string;
  /** Decimal amount (dollars, not cents) → "$1,299.50" in the store currency; "N/A" when not a number. */
  format: (amount: number | string | null | undefined) => string;
};

/** Reads the cached settings once per request (React cache) and binds the formatter to their currency. */
export const storeMoney = cache(async (): Promise<StoreMoney> => {
  const { currency } = await getShopSettingsCached();
  return { currency, format: (amount) => formatMoney(amount, currency) };
});
