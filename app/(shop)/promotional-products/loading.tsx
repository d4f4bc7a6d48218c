/** spec §8: "Loading promotional offers..." */
import { ListLoading } from '@/components/products/list-page';
import { CATALOGUE_MESSAGES } from '@/lib/storefront/catalog-messages';

export default function Loading() {
  return <ListLoading title="Promotional Products" message={CATALOGUE_MESSAGES.promotionsLoading} />;
}
