'use client';
/**
 * The heart on product cards and the product page (docs/saved-items.md): a toggle button
 * (aria-pressed) that saves the product for later or removes it. The pages it sits on are cached
 * for every shopper, so its state comes from the browser: the ids the viewer saved arrive with
 * GET /api/viewer, the one per-user call a page already makes (components/site/viewer.tsx).
 *
 * A visitor's tap goes to the login page with the intent in the return address's fragment
 * (`next=/products/12#save=12`): the fragment never reaches a server or a cache key, and once back
 * and signed in, the heart of that product saves it (once per page) and clears the fragment.
 */
import { useEffect, useState } from 'react';
import clsx from 'clsx';
import { useRouter } from 'next/navigation';
import { useViewer } from '@/components/site/viewer';
import { HeartIcon } from '@/components/ui/icons';
import { api, serverMessage } from '@/lib/api/client';

/** The return address's fragment that carries a visitor's "save this" through the login. */
export const saveIntent = (productId: number) => `#save=${productId}`;

/** Whether a saved intent has been acted on in this page (a product may have two hearts on it). */
let intentTaken = false;

export function SaveButton({ productId, name, variant = 'card' }: { productId: number; name: string; variant?: 'card' | 'page' }) {
  const router = useRouter();
  const { status, viewer, savedIds } = useViewer();
  const known = status === 'ready';
  const [own, setOwn] = useState<boolean | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const saved = own ?? savedIds.has(productId);

  async function set(next: boolean) {
    setPending(true);
    setError(null);
    setOwn(next);
    try {
      if (next) await api.saved.save({ product_id: productId });
      else await api.saved.remove({ product_id: productId });
    } catch (e) {
      setOwn(!next);
      setError(serverMessage(e) ?? (next ? 'Could not save this item. Please try again.' : 'Could not remove this item. Please try again.'));
    } finally {
      setPending(false);
    }
  }

  useEffect(() => {
    if (!known || !viewer || intentTaken || window.location.hash !== saveIntent(productId)) return;
    intentTaken = true;
    history.replaceState(null, '', window.location.pathname + window.location.search);
    // Saving twice keeps one row, so an intent for an item already saved is harmless.
    api.saved.save({ product_id: productId }).then(
      () => setOwn(true),
      (e) => setError(serverMessage(e) ?? 'Could not save this item. Please try again.'),
    );
  }, [known, viewer, productId]);

  function onClick() {
    if (!viewer) {
      const here = window.location.pathname + window.location.search + saveIntent(productId);
      router.push(`/login?reason=save&next=${encodeURIComponent(here)}`);
      return;
    }
    void set(!saved);
  }

  const label = saved ? `Remove ${name} from saved items` : `Save ${name} for later`;
  return (
    <>
      <button
        type="button"
        aria-pressed={saved}
        aria-label={label}
        title={saved ? 'Saved — tap to remove' : 'Save for later'}
        disabled={!known || pending}
        onClick={onClick}
        data-testid="save-button"
        className={clsx(
          'inline-flex items-center justify-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-wait',
          variant === 'card' ? 'size-10 bg-surface/95 shadow-sm ring-1 ring-line hover:ring-brand' : 'h-12 gap-2 border border-line bg-surface px-4 text-sm font-medium hover:border-brand',
          saved ? 'text-danger' : 'text-ink/80',
        )}
      >
        <HeartIcon filled={saved} className="size-5" />
        {variant === 'page' && <span className="text-ink">{saved ? 'Saved' : 'Save for later'}</span>}
      </button>
      <span role="status" className={error && variant === 'page' ? 'mt-1 block text-sm text-danger' : 'sr-only'}>
        {error ?? ''}
      </span>
    </>
  );
}
