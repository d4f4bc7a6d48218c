/** Three reasons to shop here; delivery as the delivery zones charge it (lib/delivery/shopper-copy.ts deliveryPromise). */
import { LeafIcon, ReturnIcon, TruckIcon } from '@/components/ui/icons';

/** The strip; `delivery` is the delivery promise's title and text. */
export function ValueStrip({ delivery }: { delivery: { title: string; text: string } }) {
  const items = [
    { icon: TruckIcon, title: delivery.title, text: delivery.text },
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
