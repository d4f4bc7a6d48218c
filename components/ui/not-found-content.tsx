/** A friendly 404: what happened and where to go next. */
import Link from 'next/link';
import { buttonClasses } from './button';

/** `title`: the heading ("We couldn't find that page" unless a page names what is missing). */
export function NotFoundContent({ title = 'We couldn\u2019t find that page' }: { title?: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="not-found">
      <svg viewBox="0 0 240 180" className="mx-auto h-32 w-auto" aria-hidden="true" fill="none" stroke="#2f5d50" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        <path d="M24 148h192" stroke="#d8d1c3" />
        <rect x="68" y="26" width="104" height="114" rx="4" fill="#f3e7d8" />
        <path d="M120 30v106M76 140v6M164 140v6" />
        <path d="M120 30l34 12v90l-34 4" fill="#fff" />
        <path d="M144 84v12" />
      </svg>
      <p className="mt-6 text-sm font-semibold uppercase tracking-[0.18em] text-brand-dark">Error 404</p>
      <h1 className="mt-2 font-display text-3xl text-ink">{title}</h1>
      <p className="mt-3 text-muted">It may have moved, or the piece you were looking for is no longer in our range.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href="/products" className={buttonClasses('primary', 'md')}>
          Browse all products
        </Link>
        <Link href="/" className={buttonClasses('outline', 'md')}>
          Go to the home page
        </Link>
      </div>
      <p className="mt-6 text-sm text-muted">
        Need a hand?{' '}
        <Link href="/contact" className="font-medium text-brand-dark underline underline-offset-4">
          Contact us
        </Link>
      </p>
    </div>
  );
}
