/**
 * The shop's top-level categories ("rooms") and the 17 IKEA shop categories grouped under them.
 * Every IKEA category belongs to exactly one room; the IKEA names are kept as subcategory names.
 *
 * Grouping rule: put each IKEA category where a shopper would look for most of its rows
 * (e.g. "Tables & desks" is mostly dining tables and table-and-chair sets, so it sits under Dining;
 * "Trolleys" is mostly kitchen trolleys and islands, so Kitchen & bar).
 */
export type RoomDef = { name: string; slug: string; description: string; categories: string[] };

export const ROOMS: RoomDef[] = [
  {
    name: 'Living room',
    slug: 'living-room',
    description: 'Sofas, armchairs, TV and media furniture, and room dividers.',
    categories: ['Sofas & armchairs', 'TV & media furniture', 'Room dividers'],
  },
  {
    name: 'Bedroom',
    slug: 'bedroom',
    description: 'Beds, wardrobes and chests of drawers.',
    categories: ['Beds', 'Wardrobes', 'Chests of drawers & drawer units'],
  },
  {
    name: 'Dining',
    slug: 'dining',
    description: 'Tables, desks, chairs, sideboards and buffets.',
    categories: ['Tables & desks', 'Chairs', 'Sideboards, buffets & console tables'],
  },
  {
    name: 'Kitchen & bar',
    slug: 'kitchen-and-bar',
    description: 'Bar tables and stools, café furniture, kitchen trolleys and islands.',
    categories: ['Bar furniture', 'Café furniture', 'Trolleys'],
  },
  {
    name: 'Kids & nursery',
    slug: 'kids-and-nursery',
    description: "Children's furniture and nursery furniture.",
    categories: ["Children's furniture", 'Nursery furniture'],
  },
  {
    name: 'Outdoor',
    slug: 'outdoor',
    description: 'Garden and balcony furniture, cushions and covers.',
    categories: ['Outdoor furniture'],
  },
  {
    name: 'Storage & organisation',
    slug: 'storage-and-organisation',
    description: 'Bookcases, shelving units, cabinets and cupboards.',
    categories: ['Bookcases & shelving units', 'Cabinets & cupboards'],
  },
];

/** Promotion campaign name for a room: promotions are grouped by campaign (GET /api/products/promotions). */
export const campaignName = (room: string) => `${room} sale`;

/** URL slug: lower case ASCII words joined by hyphens; "&" reads "and". */
export function slugify(text: string): string {
  return text
    .replace(/&/g, ' and ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
