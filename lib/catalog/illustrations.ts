/**
 * Fallback artwork for products without a photo (spec §9 "a fallback product image is used when an
 * image is missing or fails to load"). The catalogue has no photos, so every product is drawn by
 * the line illustration of its kind (`public/illustrations/<kind>.svg`), chosen from its product
 * type (the name without the family name), then its description, subcategory and room.
 * Pure: used by server and client components and by the cart and order mappers.
 */

export const ILLUSTRATIONS = [
  'sofa', 'sofa-section', 'corner-sofa', 'sofa-bed', 'armchair', 'footstool', 'bed', 'bunk-bed', 'crib',
  'table', 'coffee-table', 'side-table', 'desk', 'chair', 'office-chair', 'stool', 'bar-stool', 'bar',
  'bench', 'lounger', 'wardrobe', 'shelf', 'shelving-unit', 'cabinet', 'drawers', 'tv-bench',
  'sideboard', 'box', 'outdoor', 'trolley', 'divider', 'tent', 'kids', 'cushion', 'fitting', 'furniture',
] as const;
export type Illustration = (typeof ILLUSTRATIONS)[number];

/**
 * First matching rule wins, so the more specific kinds come first ("bar stool" before "stool",
 * "sofa-bed" before "bed", "table and 4 chairs" before "chair"). Covers and spare parts are
 * recognised only at the start of a type ("Cover for 3-seat sofa", "Knob"), so "Wardrobe with 2
 * doors" stays a wardrobe.
 */
const RULES: [RegExp, Illustration][] = [
  [/^(cover|cushion|chair pad|seat pad|pad|pillow|throw)\b/, 'cushion'],
  [/^(handle|knob|drop handle|cup handle|legs?|pair of legs|castor|hinge|bracket|fitting|connector|underframe|plinth|door|glass door|drawer front|table top|top panel|shelf insert|drawer insert|armrest|backrest|headrest|seat shell|rail|post|hook|frame for)\b/, 'fitting'],
  [/\b(bed tent|tent|canopy|tunnel|play ?house)\b/, 'tent'],
  [/\b(crib|cot|cots|cradle|changing table|baby|nursery)\b/, 'crib'],
  [/\b(bunk|loft bed)\b/, 'bunk-bed'],
  [/sofa-?beds?|sofa bed|chair-bed|day-bed|daybed|futon/, 'sofa-bed'],
  [/corner sofa|corner section|chaise longue|u-shaped|l-shaped/, 'corner-sofa'],
  [/\b(\d|one|two|three)-seat (section|module)|seat (section|module)|sofa section|armchair section|\bmodular (sofa|seating) section/, 'sofa-section'],
  [/\b(sofa|sofas|couch|loveseat)\b|seat sofa|modular sofa/, 'sofa'],
  [/\b(bed|beds|bedframe|bed frame|divan|mattress|headboard|bed base)\b/, 'bed'],
  [/\b(footstool|foot-rest|footrest|pouffe|ottoman|beanbag)\b/, 'footstool'],
  [/\b(armchair|armchairs|easy chair|wing chair|recliner|rocking-chair|rocking chair|lounge chair)\b/, 'armchair'],
  [/\b(sun lounger|lounger|deck chair|deck-chair|hammock)\b/, 'lounger'],
  [/\bbar table\b/, 'bar'],
  [/\b(bar stool|bar stools)\b/, 'bar-stool'],
  [/\bbar\b/, 'bar'],
  [/\btables?\b.*\b(chairs?|stools?|benches|bench|armchairs?)\b|conversation set/, 'table'],
  [/\b(office chair|swivel chair|desk chair|work chair|gaming chair|conference chair)\b/, 'office-chair'],
  [/\b(tv|media)\b/, 'tv-bench'],
  [/\b(step stool|stool|stools)\b/, 'stool'],
  [/\b(bench|benches)\b/, 'bench'],
  [/\b(chair|chairs|highchair|seat)\b/, 'chair'],
  [/\b(coffee table|nest of tables|coffee tables)\b/, 'coffee-table'],
  [/\b(side table|bedside table|plant stand|tray table|side tables)\b/, 'side-table'],
  [/\b(desk|desks|workstation|sit\/stand|laptop)\b/, 'desk'],
  [/\b(table|tables|kitchen island)\b/, 'table'],
  [/\b(wardrobe|wardrobes|closet|clothes rail)\b/, 'wardrobe'],
  [/\b(chest of drawers|chest of \d+ drawers|drawer unit|drawers|drawer)\b/, 'drawers'],
  [/\b(sideboard|sideboards|buffet|buffets|console)\b/, 'sideboard'],
  [/\b(bookcase|bookcases)\b/, 'shelf'],
  [/\b(shelving unit|shelving|wall upright|shelf|shelves|wall shelf|sections?)\b/, 'shelving-unit'],
  [/\b(storage box|box|boxes|basket|baskets|storage bag)\b/, 'box'],
  [/\b(cabinet|cabinets|cupboard|cupboards|display|storage|combination|locker)\b/, 'cabinet'],
  [/\b(trolley|trolleys|cart)\b/, 'trolley'],
  [/\b(divider|dividers|screen)\b/, 'divider'],
  [/\b(outdoor|garden|patio|balcony|parasol|deck)\b/, 'outdoor'],
  [/\b(children|children's|kids|child|junior|toy)\b/, 'kids'],
  // Room names, for when only the room is known.
  [/\b(bedroom|bedrooms)\b/, 'bed'],
  [/\b(living|lounge)\b/, 'sofa'],
  [/\b(dining|kitchen)\b|\bcaf[eé]/, 'table'],
  [/\b(office|study|workspace)\b/, 'desk'],
  [/\b(hallway|entrance|laundry|bathroom)\b/, 'cabinet'],
];

/** The illustration whose rule matches one text (lower-cased, underscores as spaces), or null. */
export function matchIllustration(text: string | null | undefined): Illustration | null {
  if (!text) return null;
  const t = text.toLowerCase().replace(/_+/g, ' ').trim();
  for (const [re, name] of RULES) if (re.test(t)) return name;
  return null;
}

/**
 * Path of the fallback illustration (`/illustrations/<kind>.svg`) for the first text that names a
 * kind of furniture; pass the most specific first (type, description, subcategory, room).
 */
export function illustrationFor(...texts: (string | null | undefined)[]): string {
  for (const text of texts) {
    const hit = matchIllustration(text);
    if (hit) return `/illustrations/${hit}.svg`;
  }
  return '/illustrations/furniture.svg';
}

/**
 * The product type from a name: the family name(s) in capitals left out ("KIVIK 3-seat sofa" →
 * "3-seat sofa", "NORDVIKEN / NORDVIKEN Bar table" → "Bar table", "BESTÅ TV bench" → "TV bench"); the
 * whole name when nothing is left.
 */
export function productType(name: string | null | undefined): string {
  const n = (name ?? '').trim();
  return n.replace(/^(?:(?!TV\b)[^a-z\s]+\s+(?:\/\s+)?)+/, '').trim() || n;
}

/** What illustrationOf reads of a product (ProductJson, a cart line's product, an order line's snapshot). */
export type IllustrationSubject = {
  name?: string | null;
  description?: string | null;
  category_name?: string | null;
  room_name?: string | null;
  /** The derived function: covers and spare parts are drawn as such whatever their name says. */
  function?: string | null;
};

/**
 * The illustration of a product: covers and parts by their function, else the first kind named by
 * its type, description, subcategory or room ("SÖDERHAMN 1-seat section" → a sofa section, not a chair).
 */
export function illustrationOf(p: IllustrationSubject): string {
  if (p.function === 'Covers & cushions') return '/illustrations/cushion.svg';
  if (p.function === 'Parts & fittings') return '/illustrations/fitting.svg';
  return illustrationFor(productType(p.name), p.description, p.category_name, p.room_name, p.name);
}
