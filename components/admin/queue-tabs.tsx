/**
 * The tab strip of an admin queue (Reviews, Returns): one link per state with its count, the
 * current one marked `aria-current="page"`. The states live in the URL (?status=…), so each tab is
 * a plain link the server renders.
 */
import Link from 'next/link';
import clsx from 'clsx';

export type QueueTab<K extends string> = { key: K; label: string };

export function QueueTabs<K extends string>({
  label,
  tabs,
  current,
  hrefFor,
  countOf,
}: {
  /** Accessible name of the strip, e.g. "Return status". */
  label: string;
  tabs: readonly QueueTab<K>[];
  current: K;
  hrefFor: (key: K) => string;
  countOf: (key: K) => number;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      {tabs.map((t) => (
        <Link
          key={t.key}
          href={hrefFor(t.key)}
          aria-current={t.key === current ? 'page' : undefined}
          className={clsx(
            'inline-flex items-center gap-2 rounded-full border px-3.5 py-1.5 text-sm font-medium',
            t.key === current ? 'border-brand bg-brand text-white' : 'border-line bg-surface text-ink hover:bg-brand-soft',
          )}
        >
          {t.label}
          <span className={clsx('rounded-full px-1.5 text-xs tabular-nums', t.key === current ? 'bg-white/20' : 'bg-canvas text-muted')}>{countOf(t.key)}</span>
        </Link>
      ))}
    </nav>
  );
}
