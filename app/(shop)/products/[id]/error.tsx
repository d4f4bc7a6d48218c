'use client';
/**
 * A product page that failed to load (spec §8 "Failed to load product information."). When the
 * catalogue was too busy to answer (a BusyError, told by its digest) the text says so in
 * the shop's busy message, instead of pointing at the shopper's connection.
 */
import { ErrorPanel } from '@/components/ui/error-panel';
import { BUSY_MESSAGE, isBusyDigest } from '@/lib/catalog/read/busy';
import { CATALOGUE_MESSAGES } from '@/lib/storefront/catalog-messages';

export default function ProductError({ error, retry }: { error: unknown; retry: () => void }) {
  const text = isBusyDigest(error) ? BUSY_MESSAGE : 'Please check your connection and try again.';
  return <ErrorPanel error={error} retry={retry} title={CATALOGUE_MESSAGES.productFailed} text={text} />;
}
