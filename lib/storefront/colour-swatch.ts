/**
 * Colour names as the catalogue writes them ("White", "Dark grey/black", "Oak veneer", "White
 * stain", "Natural") → CSS colours, for swatches on cards and colour choices and for tinting a
 * product's illustration, so products of one model in several colours look different.
 * Pure: used by server and client components.
 */

/** Base colours, woods and metals; the first entry found in a phrase wins, so longer names come first. */
const BASES: [RegExp, string][] = [
  [/multicolou?r/, '#b88fb0'],
  [/black-brown/, '#4b3b32'],
  [/red-brown/, '#8b4a3a'],
  [/grey-green/, '#8fa394'],
  [/grey-brown/, '#8a7c6e'],
  [/grey-beige/, '#b9ad98'],
  [/grey-turquoise/, '#7fa3a3'],
  [/blue-green/, '#4f8a84'],
  [/yellow-green/, '#b5c15a'],
  [/antique stain/, '#a0764c'],
  [/white stain|whitewash|white stained/, '#eee4d3'],
  [/stainless steel|steel|chrome|galvani[sz]ed|silver|aluminium|metal/, '#c3c7cb'],
  [/anthracite/, '#55595c'],
  [/black/, '#474747'],
  [/white/, '#f5f4f0'],
  [/grey|gray/, '#a3a6a8'],
  [/beige/, '#d9c7a6'],
  [/brown/, '#8a6446'],
  [/turquoise/, '#4aa6a6'],
  [/blue/, '#5b7fb0'],
  [/green/, '#6f9a6a'],
  [/red|cerise/, '#c0473a'],
  [/pink/, '#e6a9b4'],
  [/yellow/, '#e9c75a'],
  [/orange/, '#e08a3c'],
  [/lilac|purple/, '#a58bc4'],
  [/gold|brass/, '#c9a54a'],
  [/bronze|copper/, '#b07a4a'],
  [/walnut/, '#7a5539'],
  [/teak|acacia/, '#a4703f'],
  [/oak/, '#d9b98a'],
  [/beech/, '#dcb98c'],
  [/birch/, '#e6cfa3'],
  [/pine|spruce|softwood/, '#e3c28f'],
  [/ash|eucalyptus/, '#dcc7a2'],
  [/bamboo|rattan|wicker|natural|banana/, '#d6bd8a'],
];

/** Mixes a #rrggbb colour towards black (amount < 0) or white (amount > 0), amount in [-1, 1]. */
function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const target = amount < 0 ? 0 : 255;
  const a = Math.abs(amount);
  const ch = (v: number) => Math.round(v + (target - v) * a);
  const rgb = [ch((n >> 16) & 255), ch((n >> 8) & 255), ch(n & 255)];
  return `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** One colour phrase ("dark grey", "high-gloss white", "oak veneer") → #rrggbb, or null when no colour word is known. */
export function phraseColour(phrase: string): string | null {
  const p = phrase.toLowerCase();
  const base = BASES.find(([re]) => re.test(p))?.[1];
  if (!base) return null;
  if (/\bdark\b/.test(p)) return shade(base, -0.35);
  if (/\b(light|pale)\b/.test(p)) return shade(base, 0.45);
  if (/\bbright\b/.test(p)) return shade(base, 0.15);
  return base;
}

/** The colours of a colour name, up to two ("White/light grey" → ['#f5f4f0', '#e1e2e3']); [] when none is known. */
export function colourList(colour: string | null | undefined): string[] {
  if (!colour) return [];
  return colour
    .split('/')
    .map((p) => phraseColour(p))
    .filter((c): c is string => c !== null)
    .slice(0, 2);
}

/**
 * The tint of a product's illustration: its first colour, or null (the illustration's own colours).
 * Near-black colours are lightened so the dark line drawing stays visible on them.
 */
export function tintFor(colour: string | null | undefined): string | null {
  const [first] = colourList(colour);
  if (!first) return null;
  const n = parseInt(first.slice(1), 16);
  const luminance = 0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255);
  return luminance < 90 ? shade(first, 0.25) : first;
}

/** CSS background of a swatch: one colour, or two halves for "White/light grey"; null when the colour is unknown. */
export function swatchBackground(colour: string | null | undefined): string | null {
  const list = colourList(colour);
  if (list.length === 0) return null;
  if (/multicolou?r/i.test(colour ?? '')) return 'conic-gradient(#c0473a 0 25%, #e9c75a 0 50%, #6f9a6a 0 75%, #5b7fb0 0)';
  return list.length === 1 ? list[0] : `linear-gradient(135deg, ${list[0]} 50%, ${list[1]} 50%)`;
}
