'use client';
/** Generic error boundary (spec §2 "Shows Something went wrong"), with a retry. */
import { ErrorPanel } from '@/components/ui/error-panel';

export default function AppError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <main id="main">
      <ErrorPanel error={error} retry={retry} title="Something went wrong" />
    </main>
  );
}
