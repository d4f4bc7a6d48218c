/** Shown while a product page loads (spec §8 "Loading product information..."). */
import { Container } from '@/components/ui/container';
import { CATALOGUE_MESSAGES } from '@/lib/ui/messages';

export default function LoadingProduct() {
  return (
    <Container className="py-10">
      <div role="status" className="grid gap-8 lg:grid-cols-2" aria-live="polite">
        <div className="aspect-[4/3] animate-pulse rounded-[1.25rem] bg-[#efebe3]" aria-hidden="true" />
        <div className="space-y-4">
          <div className="h-4 w-1/4 animate-pulse rounded bg-[#efebe3]" aria-hidden="true" />
          <div className="h-9 w-2/3 animate-pulse rounded bg-[#efebe3]" aria-hidden="true" />
          <div className="h-8 w-1/3 animate-pulse rounded bg-[#efebe3]" aria-hidden="true" />
          <p className="pt-4 text-sm text-muted">{CATALOGUE_MESSAGES.productLoading}</p>
        </div>
      </div>
    </Container>
  );
}
