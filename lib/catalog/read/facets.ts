/**
 * The facet vocabulary of the products page: the known values of products.style, .function and
 * .mobility, in the order the filters list them (lib/catalog/read/queries.ts getFacets). Browser-safe.
 *
 * Why it lives here and not in the seed importer: the shop owns its vocabulary; the importer
 * (db/import/derive.ts) only classifies the IKEA rows into it, and imports nothing from lib/ so that
 * seeding never depends on the application (it runs under tsx and before the app starts). The
 * importer's rules therefore name their outputs themselves and keep no list of their own: this is
 * the one list. The columns are free text (admins may type other values), so a value missing from
 * a list is still shown, after the listed ones, alphabetically.
 */

/** Styles, from the most specific material to the most general finish. */
export const STYLES = ['Rattan & wicker', 'Upholstered', 'Natural wood', 'Metal & industrial', 'Modern & painted'] as const;

/** What the piece is for: furniture first, then covers and spare parts. */
export const FUNCTIONS = [
  'Seating',
  'Sleeping',
  'Tables & desks',
  'Table & chair sets',
  'Storage',
  'Shelving & display',
  'TV & media',
  'Play',
  'Covers & cushions',
  'Parts & fittings',
] as const;

/** How the piece stands or moves; the plain case last. */
export const MOBILITIES = ['Wall-mounted', 'On castors', 'Foldable', 'Extendable', 'Stackable', 'Adjustable', 'Swivel & rocking', 'Freestanding'] as const;
