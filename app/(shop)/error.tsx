'use client';
/** Error boundary for storefront pages: keeps the header and footer, says "Something went wrong". */
import { ErrorPanel } from '@/components/ui/error-panel';

export default function ShopError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorPanel error={error} retry={retry} title="Something went wrong" />;
}
