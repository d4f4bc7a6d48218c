/**
 * The body of the Login and Sign Up pages (spec §2): someone already signed in goes straight on
 * (admin → /admin, others → / or the safe `next` page); everyone else sees the calm centred card
 * with the form and, under it, a link to the other page that keeps `next`.
 */
import type { ReactNode } from 'react';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { currentUser } from '@/lib/auth/current-user';
import { postLoginPath, safeNextPath } from '@/lib/auth/redirect';

export type AuthSearchParams = Record<string, string | string[] | undefined>;

export async function AuthPage({
  params,
  title,
  intro,
  prompt,
  other,
  children,
}: {
  params: AuthSearchParams;
  title: string;
  intro: string;
  /** The question before the link to the other page, e.g. "New to Totara Home?". */
  prompt: string;
  other: { label: string; path: string };
  /** The form, given the safe `next` page (null: none). */
  children: (next: string | null) => ReactNode;
}) {
  const next = safeNextPath(typeof params.next === 'string' ? params.next : null);
  const user = await currentUser();
  if (user) redirect(postLoginPath(user.isAdmin, next));
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:py-16">
      <div className="w-full max-w-md">
        <div className="rounded-[var(--radius-card)] border border-line bg-surface p-6 shadow-sm sm:p-8">
          <h1 className="font-display text-3xl text-ink">{title}</h1>
          <p className="mt-2 text-sm text-muted">{intro}</p>
          <div className="mt-6">{children(next)}</div>
        </div>
        <p className="mt-6 text-center text-sm text-muted">
          {prompt}{' '}
          <Link href={next ? `${other.path}?next=${encodeURIComponent(next)}` : other.path} className="font-semibold text-brand underline-offset-4 hover:underline">
            {other.label}
          </Link>
        </p>
      </div>
    </div>
  );
}
