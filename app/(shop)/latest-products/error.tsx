'use client';
/** spec §8: "Failed to fetch latest products. Please try again later." */
import { ErrorPanel } from '@/components/ui/error-panel';
import { CATALOGUE_MESSAGES } from '@/lib/storefront/catalog-messages';

export default function LatestError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorPanel error={error} retry={retry} title="Latest Products" text={CATALOGUE_MESSAGES.latestFailed} />;
}
