/** Three reasons to shop here, with the live shipping settings (spec §9 via lib/settings). */
import { LeafIcon, ReturnIcon, TruckIcon } from '@/components/ui/icons';
import { formatMoney } from '@/lib/money';

/**
 * The strip; `freeFrom` and `fee` are decimal amounts (dollars) in the store `currency`.
 */
export function ValueStrip({ freeFrom, fee, currency }: { freeFrom: number; fee: number; currency: string }) {
  /** "$500" rather than "$500.00" in running copy. */
  const money = (n: number) => formatMoney(n, currency).replace(/\.00$/, '');
  const items = [
    {
      icon: TruckIcon,
      title: freeFrom > 0 ? `Free delivery over ${money(freeFrom)}` : 'Free delivery',
      text: fee > 0 ? `Otherwise a flat ${money(fee)} anywhere in New Zealand.` : 'Anywhere in New Zealand.',
    },
    { icon: ReturnIcon, title: '30-day returns', text: 'Changed your mind? Send it back unused within 30 days.' },
    { icon: LeafIcon, title: 'Made to last', text: 'Solid timbers and replaceable covers, chosen for years of use.' },
  ];
  // Stacked on phones rather than a sideways-scrolling row: a scrolling region must be reachable by
  // keyboard, and this one holds nothing to focus (axe: scrollable-region-focusable).
  return (
    <ul className="grid gap-3 py-6 sm:grid-cols-3">
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex items-start gap-3 rounded-[var(--radius-card)] bg-surface p-4 ring-1 ring-line">
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-soft text-brand-dark">
            <Icon />
          </span>
          <span>
            <span className="block text-sm font-semibold text-ink">{title}</span>
            <span className="block text-sm text-muted">{text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
