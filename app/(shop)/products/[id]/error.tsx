'use client';
/** A product page that failed to load (spec §8 "Failed to load product information."). */
import { ErrorPanel } from '@/components/ui/error-panel';
import { CATALOGUE_MESSAGES } from '@/lib/catalog/messages';

export default function ProductError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorPanel error={error} retry={retry} title={CATALOGUE_MESSAGES.productFailed} text="Please check your connection and try again." />;
}
