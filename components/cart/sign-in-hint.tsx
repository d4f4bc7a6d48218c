'use client';
/** Under a visitor's "Login to Add" on the product page: links to log in (back to this page) or sign up. */
import Link from 'next/link';
import { useViewer } from '@/components/site/viewer';

export function SignInHint({ productId }: { productId: number }) {
  const { status, viewer } = useViewer();
  if (viewer) return null;
  // While the viewer is unknown the line holds its place (most readers are visitors): no layout shift.
  return (
    <p className={status === 'loading' ? 'invisible mt-2 text-sm' : 'mt-2 text-sm text-muted'} aria-hidden={status === 'loading' || undefined}>
      <Link href={`/login?next=/products/${productId}`} className="font-medium text-brand-dark underline underline-offset-4">
        Log in
      </Link>{' '}
      or{' '}
      <Link href="/signup" className="font-medium text-brand-dark underline underline-offset-4">
        create an account
      </Link>{' '}
      to add this to your cart.
    </p>
  );
}
