/**
 * /unsubscribe?token=… — where a marketing e-mail's unsubscribe link lands (docs/mail.md "Marketing
 * e-mail"). Opening it changes nothing (mail scanners open links); the page names the address and
 * its one button withdraws the consent at once (POST /api/unsubscribe). An altered link is refused.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { readUnsubscribeLink } from '@/lib/accounts/marketing-consent';
import { AppError } from '@/lib/server/errors';
import { pageMetadata } from '@/lib/storefront/page-metadata';
import { UnsubscribeButton } from '@/components/profile/unsubscribe-button';

export const dynamic = 'force-dynamic';
export const generateMetadata = (): Promise<Metadata> => pageMetadata({ path: '/unsubscribe', title: 'Unsubscribe', noindex: true });

export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  const link = typeof token === 'string' ? await readUnsubscribeLink(token).catch((e) => (e instanceof AppError ? e : Promise.reject(e))) : null;
  return (
    <div className="mx-auto w-full max-w-lg flex-1 px-4 py-16">
      <div className="rounded-[var(--radius-card)] border border-line bg-surface p-6 shadow-sm sm:p-8">
        <h1 className="font-display text-3xl text-ink">Unsubscribe</h1>
        {!link || link instanceof AppError ? (
          <>
            <p className="mt-4 text-ink" data-testid="unsubscribe-invalid">
              {link instanceof AppError && link.status === 404 ? 'This account is closed: it gets no e-mail from us.' : 'This unsubscribe link is not valid. Open the link from the e-mail again, or turn marketing e-mail off in your profile.'}
            </p>
            <Link href="/profile#email-preferences" className="mt-4 inline-block text-sm font-semibold text-brand underline-offset-4 hover:underline">
              Email preferences in your profile
            </Link>
          </>
        ) : link.subscribed ? (
          <>
            <p className="mt-4 text-ink">
              Stop ideas, offers and reminders to <span className="font-semibold">{link.email}</span>? Order and account e-mails still come.
            </p>
            <UnsubscribeButton token={token as string} />
          </>
        ) : (
          <p className="mt-4 text-ink" data-testid="unsubscribe-done">
            <span className="font-semibold">{link.email}</span> gets no marketing e-mail from us. You can turn it back on in your profile any time.
          </p>
        )}
      </div>
    </div>
  );
}
