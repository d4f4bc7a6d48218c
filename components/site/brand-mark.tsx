import Link from 'next/link';

/** The shop's name (the store_name setting) with its small leaf mark; links home. */
export function BrandMark({ name, className }: { name: string; className?: string }) {
  return (
    <Link href="/" className={className ?? 'flex items-center gap-2 rounded-md text-ink'} aria-label={`${name} — home`}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <circle cx="16" cy="16" r="16" fill="#2f5d50" />
        <path d="M16 7c5 3.5 6.5 9 0 18-6.5-9-5-14.5 0-18z" fill="#e7efe9" />
        <path d="M16 11v14" stroke="#2f5d50" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <span className="font-display text-xl tracking-tight" data-testid="store-name">{name}</span>
    </Link>
  );
}
