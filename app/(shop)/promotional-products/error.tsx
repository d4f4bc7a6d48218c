'use client';
/** spec §8: "Failed to load promotions. Please try again later." */
import { ErrorPanel } from '@/components/ui/error-panel';
import { CATALOGUE_MESSAGES } from '@/lib/storefront/catalog-messages';

export default function PromotionsError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorPanel error={error} retry={retry} title="Promotional Products" text={CATALOGUE_MESSAGES.promotionsFailed} />;
}
