/**
 * Pure rules that turn one row of the IKEA CSV into the shop's product attributes.
 * No database access and no 'server-only' imports: used by the importer (tsx scripts too) and tests.
 *
 * Every rule is documented where it is defined; db/data/README.md summarises them.
 */

// ── Money ───────────────────────────────────────────────────────────────────────────────────

/**
 * Saudi riyal → New Zealand dollar, fixed at the date the data was scraped (20 April 2020):
 * the riyal is pegged at 3.75 per US dollar and the New Zealand dollar traded near US$0.60,
 * so 1 SAR ≈ 0.2667 USD ≈ 0.44 NZD. Applied once, at import.
 */
export const NZD_PER_SAR = 0.44;
export const RATE_DATE = '2020-04-20';

/** SAR amount (e.g. 1785.5) → NZD integer cents, rounded half up. Integer maths avoids float drift. */
export function sarToNzdCents(sar: number): number {
  const halalas = Math.round(sar * 100);
  return Math.round((halalas * Math.round(NZD_PER_SAR * 100)) / 100);
}

/** The current price column: "265.0" → 265. Throws on anything that is not a non-negative number. */
export function parsePrice(text: string): number {
  const n = Number(text.trim());
  if (!Number.isFinite(n) || n < 0) throw new Error(`Unreadable price "${text}"`);
  return n;
}

export type OldPrice = { sar: number; packOf: number | null };

/**
 * The old_price column: "No old price" → null; "SR 995" / "SR 2,375" → {sar}; "SR 50/4 pack" →
 * {sar: 50, packOf: 4}. A pack price is the price of the whole pack, and so is that row's current
 * price (in all 10 pack rows the current price is below the pack price, and far above a per-piece
 * price), so both are kept as the price of one pack and the pack size is shown in the size text.
 */
export function parseOldPrice(text: string): OldPrice | null {
  const t = text.trim();
  if (/^no old price$/i.test(t)) return null;
  const m = t.match(/^SR\s*([\d,]+(?:\.\d+)?)(?:\s*\/\s*(\d+)\s*pack)?$/i);
  if (!m) throw new Error(`Unreadable old price "${text}"`);
  return { sar: Number(m[1].replace(/,/g, '')), packOf: m[2] ? Number(m[2]) : null };
}

// ── Text fields ─────────────────────────────────────────────────────────────────────────────

/**
 * short_description = product type, then (after a run of spaces) the size as sold:
 * "        Bar table, in/outdoor,          51x51 cm" → {type: "Bar table, in/outdoor", size: "51x51 cm"}.
 */
export function parseShortDescription(raw: string): { type: string; size: string | null } {
  const [typePart, sizePart] = raw.trim().split(/\s{3,}/);
  const type = typePart.replace(/,\s*$/, '').replace(/\s+/g, ' ').trim();
  const size = sizePart?.replace(/\s+/g, ' ').trim() || null;
  return { type, size };
}

/**
 * The designer column, or null when it is scraped page text rather than a name (143 rows hold an
 * article number such as "504.689.53" followed by a product description). Several designers are
 * joined with "/" in the data; they read "A, B and C".
 */
export function cleanDesigner(raw: string): string | null {
  const t = raw.trim();
  if (!t || /\d{3}\.\d{3}\.\d{2}/.test(t) || t.length > 120) return null;
  const names = t
    .split('/')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) return null;
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Product name: the IKEA family name(s) plus the product type, e.g. "BILLY Bookcase"; "NORDVIKEN / NORDVIKEN" → "NORDVIKEN". */
export function productName(family: string, type: string): string {
  const parts = [...new Set(family.split('/').map((s) => s.trim()).filter(Boolean))];
  return `${parts.join(' / ')} ${type}`.trim();
}

/**
 * The variant-group key of a product name: the name as a slug ("KIVIK 3-seat sofa" →
 * "kivik-3-seat-sofa"). Products with the same family name(s) and product type are one model in
 * several colours or sizes; the importer keeps the key only where two or more products share it.
 */
export function variantKey(name: string): string {
  return ikeaSlugWords(name).join('-');
}

// ── Article number and slug ─────────────────────────────────────────────────────────────────

/** Lower-case slug words the way ikea.com writes Swedish letters (å → a, ä → ae, ö → oe). */
export function ikeaSlugWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/å/g, 'a')
    .replace(/[äæ]/g, 'ae')
    .replace(/[öø]/g, 'oe')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export type LinkParts = { article: string; isSet: boolean; words: string[] };

/**
 * The product URL ends in the 8-digit article number, with a leading "s" for a combination/set:
 * ".../nordviken-bar-table-black-00368814/" → {article: "00368814", isSet: false, words: [...]}.
 */
export function parseLink(link: string): LinkParts {
  const last = link.replace(/\/+$/, '').split('/').pop() ?? '';
  const tokens = last.split('-');
  const m = (tokens.pop() ?? '').match(/^(s?)(\d{8})$/i);
  if (!m) throw new Error(`No article number in link "${link}"`);
  return { article: m[2], isSet: m[1] !== '', words: tokens };
}

/** SKU in IKEA's printed form: "904.203.32"; sets keep their "S": "S093.335.23". Unique per article. */
export function skuFor(article: string, isSet: boolean): string {
  return `${isSet ? 'S' : ''}${article.slice(0, 3)}.${article.slice(3, 6)}.${article.slice(6)}`;
}

/**
 * The words of the slug that describe the finish: the slug minus the family name(s) and the
 * product type, e.g. "stig-bar-stool-with-backrest-black-silver-colour" → ["black", "silver", "colour"].
 * When the type is abbreviated differently in the slug, every type word is dropped instead.
 */
export function finishWords(slugWords: string[], family: string, type: string): string[] {
  const nameWords = new Set(ikeaSlugWords(family));
  let i = 0;
  while (i < slugWords.length && nameWords.has(slugWords[i])) i++;
  const rest = slugWords.slice(i);
  const typeWords = ikeaSlugWords(type);
  let j = 0;
  while (j < rest.length && j < typeWords.length && rest[j] === typeWords[j]) j++;
  if (j === typeWords.length) return rest.slice(j);
  const typeSet = new Set(typeWords);
  return rest.filter((w) => !typeSet.has(w));
}

// ── Colour ──────────────────────────────────────────────────────────────────────────────────

const BASE_COLOURS = new Set([
  'white', 'black', 'brown', 'grey', 'gray', 'beige', 'blue', 'green', 'red', 'pink', 'yellow', 'orange',
  'turquoise', 'purple', 'lilac', 'anthracite', 'multicolour', 'multicoloured', 'silver', 'gold', 'bronze',
  'brass', 'copper', 'transparent', 'natural', 'cerise',
]);
const COLOUR_MODIFIERS = new Set(['dark', 'light', 'medium', 'bright', 'pale', 'golden', 'olive']);
/** IKEA writes these two-colour names as one hyphenated colour. */
const COMPOUND_COLOURS = new Set(['black brown', 'red brown', 'grey green', 'grey brown', 'grey beige', 'blue green', 'grey turquoise', 'yellow green']);

/**
 * Colour from the finish words of the slug: up to two colour phrases ("dark grey", "black-brown",
 * "high-gloss white", "white stain"), joined with "/" as IKEA does: "White/light grey".
 * When no colour word is present, a wood or metal finish is the colour ("Pine", "Oak veneer",
 * "Stainless steel"); rattan and banana fibre read "Natural".
 */
export function deriveColour(words: string[], materials: string[]): string | null {
  const phrases: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const mods: string[] = [];
    let k = i;
    if (words[k] === 'high' && words[k + 1] === 'gloss') {
      mods.push('high-gloss');
      k += 2;
    }
    while (k < words.length && COLOUR_MODIFIERS.has(words[k])) mods.push(words[k++]);
    let base: string | null = null;
    if (words[k] === 'antique' && words[k + 1] === 'stain') {
      base = 'antique stain';
      k += 1;
    } else if (words[k] === 'stainless' && words[k + 1] === 'steel' && words[k + 2] === 'colour') {
      base = 'stainless steel';
      k += 2;
    } else if (k < words.length && BASE_COLOURS.has(words[k])) {
      base = words[k] === 'gray' ? 'grey' : words[k] === 'multicoloured' ? 'multicolour' : words[k];
      if (COMPOUND_COLOURS.has(`${base} ${words[k + 1]}`)) base = `${base}-${words[++k]}`;
      if (words[k + 1] === 'stain') {
        base = `${base} stain`;
        k++;
      }
      if (words[k + 1] === 'colour') k++;
    }
    if (!base || (mods.includes('olive') && base !== 'green')) continue;
    const phrase = [...(base === 'white' ? mods.filter((m) => m === 'high-gloss') : mods), base].join(' ');
    if (!phrases.includes(phrase)) phrases.push(phrase);
    i = k;
    if (phrases.length === 2) break;
  }
  if (phrases.length > 0) return capitalise(phrases.join('/'));
  for (const m of materials) {
    if (m.startsWith('Solid ')) return capitalise(m.slice('Solid '.length));
    if (m.endsWith(' veneer') || m === 'Bamboo' || m === 'Stainless steel' || m === 'Aluminium') return m;
    if (m === 'Chrome-plated steel') return 'Chrome-plated';
    if (m === 'Galvanised steel') return 'Galvanised';
    if (m === 'Rattan' || m === 'Banana fibre') return 'Natural';
  }
  return null;
}

// ── Material ────────────────────────────────────────────────────────────────────────────────

const WOODS = new Set(['pine', 'birch', 'oak', 'beech', 'walnut', 'ash', 'acacia', 'eucalyptus', 'teak', 'spruce', 'softwood']);
/** IKEA cover names that are leather (GRANN/BOMSTAD, GLOSE); other covers of upholstered pieces are fabric. */
const LEATHER_WORDS = new Set(['leather', 'grann', 'glose']);

/**
 * Materials named in the finish words (then in the product type), in order of appearance:
 * solid woods ("Solid pine"), veneers ("Oak veneer"), "Wood effect" (foil printed to look like wood),
 * Bamboo, Rattan, Banana fibre, Steel, Stainless steel, Aluminium, Galvanised steel, Chrome-plated steel,
 * Metal, Metal mesh, Glass, Concrete effect, Marble effect, Linoleum, Plywood, Leather.
 */
export function deriveMaterials(finish: string[], type: string): string[] {
  const found: string[] = [];
  const add = (m: string) => {
    if (!found.includes(m)) found.push(m);
  };
  const scan = (words: string[]) => {
    for (let i = 0; i < words.length; i++) {
      const w = words[i];
      const next = words[i + 1];
      if (WOODS.has(w)) {
        if (next === 'veneer') add(`${capitalise(w)} veneer`);
        else if (next === 'effect' || next === 'eff') add('Wood effect');
        else add(w === 'softwood' ? 'Solid softwood' : `Solid ${w}`);
      } else if (w === 'wood' && words[i - 1] !== 'effect') add('Solid wood');
      else if (w === 'plywood') add('Plywood');
      else if (w === 'bamboo') add('Bamboo');
      else if (w === 'rattan' || w === 'wicker') add('Rattan');
      else if (w === 'banana' && next === 'fibre') add('Banana fibre');
      else if (w === 'stainless' && next === 'steel') {
        add(words[i + 2] === 'colour' ? 'Metal' : 'Stainless steel');
        i++;
      } else if (w === 'steel') add('Steel');
      else if (w === 'aluminium') add('Aluminium');
      else if (w === 'galvanised') add('Galvanised steel');
      else if (w === 'chrome' && next === 'plated') add('Chrome-plated steel');
      else if (w === 'metal' || (w === 'nickel' && next === 'plated')) add('Metal');
      else if (w === 'mesh' || w === 'wire') add('Metal mesh');
      else if (w === 'glass' || w === 'mirror') add('Glass');
      else if (w === 'concrete' && next === 'effect') add('Concrete effect');
      else if (w === 'marble' && next === 'effect') add('Marble effect');
      else if (w === 'linoleum') add('Linoleum');
      else if (LEATHER_WORDS.has(w)) add('Leather');
    }
  };
  scan(finish);
  if (found.length === 0) scan(ikeaSlugWords(type).filter((w) => w !== 'glass' && w !== 'mirror'));
  return found;
}

// ── Function ────────────────────────────────────────────────────────────────────────────────

/** Spare parts and fittings, matched at the start of the product type. */
const PART_TYPES =
  /^(handle|knob|drop handle|cup handle|leather handle|legs? |legs?$|leg,|leg with|leg cone|pair of legs|pair of armrests|supporting leg|2 legs|legs for|castor|foot(,|$)|hinge|soft closing|drawer runner|bracket|wall bracket|connector|connection fitting|connecting fitting|corner fittings|fitting|plinth|top and plinth|underframe|frame for|table top|corner table top|left-hand corner|right-hand corner|top panel|drawer front|door|glass door|mirror door|panel\/glass door|glass shelf|shelf insert|drawer insert|armrest|back ?rest|backrest|headrest|seat shell|drill template|mounting rail|suspension rail|pull-out rail|post|hook|cross-brace|trestle|smart lock|lid$|drawer frame|rod |drop file|top shelf|glass top|screen for desk|floor protector|rack for|chair frame|stool frame|children's armchair frame|bar stool with backrest frame|seat and back part|supporting stand|net$|guard rail|desk top$|holder|armrest tray|platform|triple cushion)/;

/** The part of the type before "with", "for", "/", "+" or a comma: "Cover for 3-seat sofa" → "Cover". */
function typeHead(type: string): string {
  return type.toLowerCase().split(/\s(?:with|w|for|f)\s|,|\/|\+/)[0].trim();
}

/** The usual function of an IKEA category, for product types no rule above recognises. */
function categoryFunction(category: string) {
  switch (category) {
    case 'Beds':
      return 'Sleeping';
    case 'Sofas & armchairs':
    case 'Chairs':
    case 'Café furniture':
    case 'Bar furniture':
    case 'Outdoor furniture':
      return 'Seating';
    case 'Tables & desks':
      return 'Tables & desks';
    case 'Bookcases & shelving units':
    case 'Room dividers':
      return 'Shelving & display';
    case 'TV & media furniture':
      return 'TV & media';
    default:
      return 'Storage';
  }
}

/**
 * What the piece is for, from the product type (short_description) with the IKEA category as the
 * fallback. First matching rule wins: covers/cushions, spare parts, table-and-chair sets, beds,
 * seating, TV, tables/desks, shelving, storage, play; otherwise the category's usual function.
 */
export function deriveFunction(type: string, category: string) {
  const t = type.toLowerCase();
  const head = typeHead(type);
  const noun = t.split(/\s(?:with|w|for|f)\s|,|\+/)[0].trim();
  if (/(^|\s)cover$|^cover|cushion|chair pad|\bpad\b|pillow|\bmat$|storage bag/.test(noun)) return 'Covers & cushions';
  if (PART_TYPES.test(t)) return 'Parts & fittings';
  if (/\btables?\b.*\b(chairs?|chrs?|stools?|bench|benches|armchairs?)\b|^table\+|conversation set/.test(t)) return 'Table & chair sets';
  if (/sofa-bed|chair-bed|day-bed|\bbeds?\b|\bcot\b|cradle|mattress|divan|underbed|headboard|bed base|bedbase/.test(head)) return 'Sleeping';
  if (/^\d section|sections/.test(head) && category === 'Wardrobes') return 'Storage';
  if (/\btv\b|media/.test(t)) return 'TV & media';
  if (/chair|stool|sofa|bench|pouffe|footstool|foot-rest|chaise longue|recliner|lounger|beanbag|seat|highchair|hammock|sit\/stand support|standing support/.test(head) && !/work bench/.test(head))
    return 'Seating';
  if (/(section|module)/.test(head) && ['Sofas & armchairs', 'Outdoor furniture', 'Chairs'].includes(category)) return 'Seating';
  if (/\btables?\b|\bdesks?\b|workstation|work bench|kitchen island|laptop (support|stand)|tablet stand|tray stand|console/.test(head)) return 'Tables & desks';
  if (/bookcase|shelving|shel(f|v)|wall upright|display|book-end|section|room divider|screen|pegboard|height extension/.test(head)) return 'Shelving & display';
  if (/wardrobe|cabinet|chest|drawer|storage|sideboard|cupboard|box|basket|trolley|frame|unit|combination|clothes rail|case|rack|insert|locker|add-on/.test(head)) return 'Storage';
  if (/tent|tunnel|play/.test(head)) return 'Play';
  return categoryFunction(category);
}

/** The functions deriveFunction names (lib/catalog/read/facets.ts FUNCTIONS lists them in display order). */
export type ProductFunction = ReturnType<typeof deriveFunction>;

// ── Mobility ────────────────────────────────────────────────────────────────────────────────

/**
 * How the piece stands or moves, from words in the product type and the slug (first rule wins):
 * wall-mounted, on castors/wheels (trolleys too), foldable (folding, drop-leaf, gateleg),
 * extendable, stackable, adjustable (sit/stand, adjustable, reclining), swivel or rocking;
 * otherwise freestanding. Spare parts and covers have no mobility (null).
 */
export function deriveMobility(type: string, slugWords: string[], fn: ProductFunction) {
  if (fn === 'Parts & fittings' || fn === 'Covers & cushions') return null;
  const text = `${type.toLowerCase()} ${slugWords.join(' ')}`;
  if (/wall-mounted|wall mounted|\bwall (shelf|cabinet|storage|upright|panel)|for wall|table f wall/.test(text)) return 'Wall-mounted';
  if (/castor|wheels|trolley/.test(text)) return 'On castors';
  if (/fold|drop-leaf|drop leaf|gateleg|gate-leg|gatleg/.test(text)) return 'Foldable';
  if (/extendable|\bext bed\b/.test(text)) return 'Extendable';
  if (/stackable/.test(text)) return 'Stackable';
  if (/sit\/stand|sit stand|adjustable|reclin/.test(text)) return 'Adjustable';
  if (/swivel|rocking/.test(text)) return 'Swivel & rocking';
  return 'Freestanding';
}

// ── Style ───────────────────────────────────────────────────────────────────────────────────

const UPHOLSTERED_TYPES = /sofa|armchair|easy chair|wing chair|footstool|pouffe|chaise longue|recliner|beanbag|day-bed|upholstered|headboard|seat module|1-seat|2-seat|3-seat|corner section/;

/** True for soft, covered pieces: sofas, armchairs, footstools, chaise longues, covers and cushions (not outdoor frames). */
export function isUpholstered(type: string, fn: ProductFunction): boolean {
  if (fn === 'Covers & cushions') return true;
  const t = type.toLowerCase();
  return (fn === 'Seating' || fn === 'Sleeping') && UPHOLSTERED_TYPES.test(t) && !/outdoor/.test(t);
}

/**
 * Style, from the materials (first rule wins):
 *   Rattan & wicker — rattan, wicker or banana fibre;
 *   Upholstered — sofas, armchairs, footstools, chaise longues, covers and cushions, and anything in leather;
 *   Natural wood — solid wood, wood veneer, bamboo or plywood;
 *   Metal & industrial — steel, aluminium, metal, mesh or concrete effect;
 *   Modern & painted — a colour or finish (paint, foil, wood effect, glass, high gloss) and none of the above.
 * Null when the data names neither a colour nor a material.
 */
export function deriveStyle(materials: string[], colour: string | null, upholstered: boolean) {
  if (materials.some((m) => m === 'Rattan' || m === 'Banana fibre')) return 'Rattan & wicker';
  if (upholstered || materials.includes('Leather')) return 'Upholstered';
  if (materials.some((m) => m.startsWith('Solid ') || m.endsWith(' veneer') || m === 'Bamboo' || m === 'Plywood')) return 'Natural wood';
  if (materials.some((m) => /steel|aluminium|metal|concrete/i.test(m))) return 'Metal & industrial';
  if (colour || materials.length > 0) return 'Modern & painted';
  return null;
}

/** The material field: the first two materials ("Aluminium, rattan"); upholstered pieces lead with Fabric or Leather. */
export function materialText(materials: string[], upholstered: boolean): string | null {
  const list = [...materials];
  if (upholstered && !list.includes('Leather')) list.unshift('Fabric');
  if (upholstered && list.includes('Leather')) {
    list.splice(list.indexOf('Leather'), 1);
    list.unshift('Leather');
  }
  const two = list.slice(0, 2);
  if (two.length === 0) return null;
  return capitalise(two.map((m, i) => (i === 0 ? m : m.toLowerCase())).join(', '));
}

// ── Dimensions ──────────────────────────────────────────────────────────────────────────────

export type Dimensions = { widthCm: number | null; heightCm: number | null; depthCm: number | null };

/**
 * Whole centimetres from the width/height/depth columns (blank → null). A value above 300 cm that
 * the size text shows divided by ten is a scraping error (HILVER "Leg cone-shaped, 70 cm" has
 * height 700): the tenth is used. Other large values are real (wardrobes 321 cm high, sofas 420 cm
 * wide) and kept. Returns how many values were corrected.
 */
export function parseDimensions(row: { width: string; height: string; depth: string }, size: string | null): Dimensions & { fixed: number } {
  let fixed = 0;
  const read = (text: string): number | null => {
    if (!text.trim()) return null;
    const n = Math.round(Number(text));
    if (!Number.isFinite(n) || n <= 0) return null;
    const tenth = n / 10;
    if (n > 300 && size && new RegExp(`(^|[^\\d-])${tenth} cm`).test(size) && !size.includes(String(n))) {
      fixed++;
      return tenth;
    }
    return n;
  };
  return { widthCm: read(row.width), heightCm: read(row.height), depthCm: read(row.depth), fixed };
}

/**
 * The sides a size text gives, in whole cm, one per "x"-separated part; a part with alternatives
 * or a range ("130/190", "74-140": an extendable or adjustable piece) counts at its largest.
 * Null for a text that gives fewer than two sides in cm (one number, millimetres, inches).
 * "207x99x182 cm" → [207, 99, 182]; "130/190x80 cm" → [190, 80]; "160x80 55 cm" → [160, 80].
 */
export function sizeSides(size: string | null): number[] | null {
  const num = String.raw`\d+(?:\.\d+)?`;
  const part = String.raw`${num}(?:[-/]${num})*`;
  const m = size?.trim().match(new RegExp(String.raw`^(${part}(?:x${part})+)(?:\s+${num})?\s*cm\b`));
  if (!m) return null;
  const sides = m[1].split('x').map((p) => Math.round(Math.max(...p.split(/[-/]/).map(Number))));
  return sides.every((n) => n > 0) ? sides : null;
}

/** Kinds whose two-number size is the footprint (width × length: tables, beds, cushions), not width × height. */
const FOOTPRINT_FUNCTIONS = new Set<ProductFunction>(['Sleeping', 'Tables & desks', 'Table & chair sets', 'Covers & cushions', 'Seating']);
/** Parts that lie flat, measured by their footprint too: "Table top, 200x60 cm". */
const FOOTPRINT_TYPES = /\b(?:table|desk|top|bed|mattress)\b/i;

/**
 * Fills the sides the columns leave empty from the product's own size text (short_description),
 * never overwriting a column. Three numbers are width × depth × height (as in 663 of the rows that
 * have all three columns); two are width × length for beds, tables, sets, seats and cushions and
 * width × height for the rest (shelving, cabinets, chests, wardrobes). A number the columns
 * already hold is not used twice (a table "125x75 cm" whose width column says 75 gets depth 125).
 * A cover's size is that of the piece it fits ("Cover for day-bed, 80x200 cm"), so it fills nothing.
 * Returns how many sides were filled.
 */
export function fillFromSize(dims: Dimensions, size: string | null, type: string, fn: ProductFunction): Dimensions & { filled: number } {
  const sides = sizeSides(size);
  const out: Dimensions = { ...dims };
  if (!sides || (out.widthCm && out.heightCm && out.depthCm) || /^cover\b/i.test(type)) return { ...out, filled: 0 };
  const footprint = FOOTPRINT_FUNCTIONS.has(fn) || FOOTPRINT_TYPES.test(type);
  const keys: (keyof Dimensions)[] = sides.length >= 3 ? ['widthCm', 'depthCm', 'heightCm'] : footprint ? ['widthCm', 'depthCm'] : ['widthCm', 'heightCm'];
  const pending = sides.slice(0, keys.length);
  // A number that a column already holds is that side, not a new one.
  for (const k of ['widthCm', 'heightCm', 'depthCm'] as const) {
    const at = out[k] ? pending.indexOf(out[k]) : -1;
    if (at >= 0) pending[at] = 0;
  }
  let filled = 0;
  // Each number to its own side where that side is empty; the rest to the sides still empty, in order.
  keys.forEach((k, i) => {
    if (!out[k] && pending[i]) {
      out[k] = pending[i];
      pending[i] = 0;
      filled++;
    }
  });
  for (const n of pending.filter(Boolean)) {
    const k = keys.find((key) => !out[key]);
    if (!k) break;
    out[k] = n;
    filled++;
  }
  return { ...out, filled };
}

/**
 * The build of a model that its colour or cover does not change, from the link's slug: the words
 * after "with" or "and" ("with chaise longue", "with open end", "and storage"). Variants of one name
 * and size with the same build have the same measurements.
 */
export function buildKey(slugWords: string[]): string {
  const found = new Set<string>();
  slugWords.forEach((w, i) => {
    if ((w === 'with' || w === 'and') && slugWords[i + 1]) found.add(slugWords[i + 1]);
  });
  return [...found].sort().join(' ');
}

// ── Description ─────────────────────────────────────────────────────────────────────────────

/**
 * A clean shop description: type and size, designer, measurements, colour and material and pack
 * size. Other colours are not claimed: the product page offers the colours the shop has as choices
 * (variants), and the dataset's other_colors flag names colours the shop does not sell. E.g. "Bar table, in/outdoor, 51x51 cm. Designed by Nicholai Wiig Hansen.
 * Width 51 cm, height 99 cm. Colour: black."
 */
export function buildDescription(p: {
  type: string;
  size: string | null;
  designer: string | null;
  dims: Dimensions;
  colour: string | null;
  material: string | null;
  packOf: number | null;
  isSet: boolean;
}): string {
  const parts: string[] = [];
  parts.push(`${p.type}${p.size ? `, ${p.size}` : ''}.`);
  if (p.isSet) parts.push('Sold as a set.');
  if (p.packOf) parts.push(`Sold in a pack of ${p.packOf}.`);
  if (p.designer) parts.push(`Designed by ${p.designer}.`);
  const dims = [
    p.dims.widthCm ? `width ${p.dims.widthCm} cm` : null,
    p.dims.depthCm ? `depth ${p.dims.depthCm} cm` : null,
    p.dims.heightCm ? `height ${p.dims.heightCm} cm` : null,
  ].filter(Boolean);
  if (dims.length) parts.push(`${capitalise(dims.join(', '))}.`);
  if (p.colour) parts.push(`Colour: ${p.colour.toLowerCase()}.`);
  if (p.material) parts.push(`Material: ${p.material.toLowerCase()}.`);
  return parts.join(' ');
}

// ── Deterministic "randomness" ──────────────────────────────────────────────────────────────

/** FNV-1a 32-bit hash: the same input always gives the same number (stock, dates, featured picks). */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Seeded stock level from the article's hash: about 7% out of stock, 10% low (1–5), the rest 6–80.
 * An item IKEA did not sell online (sellable_online False) has no stock.
 */
export function stockFor(itemId: string, sellableOnline: boolean): number {
  if (!sellableOnline) return 0;
  const h = hash32(`stock:${itemId}`);
  const bucket = h % 100;
  if (bucket < 7) return 0;
  if (bucket < 17) return 1 + ((h >>> 8) % 5);
  return 6 + ((h >>> 8) % 75);
}

/** Seeded creation time within the 90 days before `now`, so "latest" has a meaningful order. */
export function createdAtFor(itemId: string, now: Date): Date {
  const h = hash32(`created:${itemId}`);
  const secondsAgo = (h % (90 * 24 * 3600)) + 60;
  return new Date(now.getTime() - secondsAgo * 1000);
}

export function capitalise(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
