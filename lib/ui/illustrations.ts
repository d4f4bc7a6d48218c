/**
 * Fallback artwork for products without a photo (spec §9 "a fallback product image is used when an
 * image is missing or fails to load"). The catalogue has no photos, so every product is drawn by
 * the line illustration of its kind, chosen from its description, subcategory and room.
 */

export const ILLUSTRATIONS = [
  'sofa', 'armchair', 'bed', 'crib', 'table', 'desk', 'chair', 'bar', 'wardrobe', 'shelf',
  'cabinet', 'drawers', 'tv-bench', 'sideboard', 'outdoor', 'trolley', 'divider', 'kids', 'furniture',
] as const;
export type Illustration = (typeof ILLUSTRATIONS)[number];

/** First matching rule wins, so the more specific kinds come first ("bar table" before "table"). */
const RULES: [RegExp, Illustration][] = [
  [/\b(crib|cot|cots|nursery|baby|changing)\b/, 'crib'],
  [/\b(sofa|sofas|sofa-bed|couch|loveseat|chaise|futon)\b|seat sofa/, 'sofa'],
  [/\b(armchair|armchairs|recliner|footstool|pouffe|ottoman)\b/, 'armchair'],
  [/\b(children|children's|kids|child|junior|toy)\b/, 'kids'],
  [/\b(wardrobe|wardrobes|closet|clothes rail)\b/, 'wardrobe'],
  [/\b(bar)\b/, 'bar'],
  [/\b(outdoor|garden|patio|balcony|lounger|parasol|deck)\b/, 'outdoor'],
  [/\b(tv|media)\b/, 'tv-bench'],
  [/\b(sideboard|sideboards|buffet|buffets|console)\b/, 'sideboard'],
  [/\b(bed|beds|bedframe|bed frame|mattress|headboard|bunk|loft)\b/, 'bed'],
  [/\b(desk|desks|workstation)\b/, 'desk'],
  [/\b(chest of drawers|drawers|drawer)\b/, 'drawers'],
  [/\b(bookcase|bookcases|shelving|shelf|shelves|wall shelf)\b/, 'shelf'],
  [/\b(cabinet|cabinets|cupboard|cupboards|display|storage)\b/, 'cabinet'],
  [/\b(trolley|trolleys|cart)\b/, 'trolley'],
  [/\b(divider|dividers|screen)\b/, 'divider'],
  [/\b(table|tables)\b/, 'table'],
  [/\b(chair|chairs|stool|stools|bench|seat)\b/, 'chair'],
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
  const t = text.toLowerCase().replace(/[_-]+/g, ' ');
  for (const [re, name] of RULES) if (re.test(t)) return name;
  return null;
}

/**
 * Path of the fallback illustration (`/illustrations/<kind>.svg`) for the first text that names a
 * kind of furniture; pass the most specific first (description, subcategory, room).
 */
export function illustrationFor(...texts: (string | null | undefined)[]): string {
  for (const text of texts) {
    const hit = matchIllustration(text);
    if (hit) return `/illustrations/${hit}.svg`;
  }
  return '/illustrations/furniture.svg';
}
