'use client';
/**
 * Error boundary for storefront pages: keeps the header and footer, says "Something went wrong";
 * when the catalogue was too busy to answer (a BusyError, told by its digest) it says so
 * in the spec's words instead, with the same "Try again".
 */
import { ErrorPanel } from '@/components/ui/error-panel';
import { BUSY_MESSAGE, isBusyDigest } from '@/lib/catalog/read/busy';

export default function ShopError({ error, retry }: { error: unknown; retry: () => void }) {
  if (isBusyDigest(error)) return <ErrorPanel error={error} retry={retry} title="The catalogue is busy" text={BUSY_MESSAGE} />;
  return <ErrorPanel error={error} retry={retry} title="Something went wrong" />;
}
