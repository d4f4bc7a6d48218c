/**
 * Category navigation on the home page (spec §2 Home): the rooms, each opening the filtered
 * catalogue, and the in-page links that scroll to Featured, Latest and Promotional Products.
 */
import Link from 'next/link';
import { IllustrationArt } from '@/components/products/illustration';
import { illustrationFor } from '@/lib/catalog/illustrations';

export type RoomLink = { category_id: number; name: string; slug: string };

export const ROOM_PICTURES: Record<string, string> = {
  'living-room': '/illustrations/sofa.svg',
  bedroom: '/illustrations/bed.svg',
  dining: '/illustrations/table.svg',
  'kitchen-and-bar': '/illustrations/bar.svg',
  'kids-and-nursery': '/illustrations/kids.svg',
  outdoor: '/illustrations/outdoor.svg',
  'storage-and-organisation': '/illustrations/shelf.svg',
};

export function RoomNav({ rooms }: { rooms: RoomLink[] }) {
  if (rooms.length === 0) return null;
  return (
    <nav aria-labelledby="rooms-title" className="py-8">
      <h2 id="rooms-title" className="font-display text-2xl text-ink sm:text-3xl">
        Shop by room
      </h2>
      <ul className="-mx-4 mt-5 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-4 sm:overflow-visible sm:px-0 lg:grid-cols-7">
        {rooms.map((r) => (
          <li key={r.category_id} className="w-32 shrink-0 snap-start sm:w-auto">
            <Link
              href={`/products?category=${r.category_id}`}
              className="group flex h-full flex-col items-center gap-2 rounded-[var(--radius-card)] border border-line bg-surface p-3 text-center text-sm font-medium text-ink hover:border-brand hover:text-brand-dark"
              data-testid="room-link"
            >
              <IllustrationArt src={ROOM_PICTURES[r.slug] ?? illustrationFor(r.name)} alt="" className="h-16 w-auto transition-transform group-hover:-translate-y-0.5" />
              {r.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const SECTIONS = [
  { href: '#featured', label: 'Featured Products' },
  { href: '#latest', label: 'Latest Products' },
  { href: '#promotions', label: 'Promotional Products' },
];

/** In-page links to the three product sections; sticks under the header while scrolling. */
export function SectionNav() {
  return (
    <nav aria-label="Home sections" className="sticky top-[7.25rem] z-30 -mx-4 border-y border-line bg-canvas/95 px-4 backdrop-blur md:top-16 lg:top-[6.75rem] sm:mx-0 sm:rounded-full sm:border sm:px-2">
      <ul className="flex gap-1 overflow-x-auto py-2 text-sm">
        {SECTIONS.map((s) => (
          <li key={s.href} className="shrink-0">
            <a href={s.href} className="block rounded-full px-4 py-2 font-medium text-ink hover:bg-brand-soft hover:text-brand-dark">
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
