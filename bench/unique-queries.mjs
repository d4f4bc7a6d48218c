// Queries a shopper could type or click, each returned at most once per process (so no cache has
// seen it): for bench/uncached.mjs and bench/under-load.mjs.
const FAMILIES = ['billy', 'ektorp', 'malm', 'hemnes', 'kallax', 'poang', 'kivik', 'lack', 'brimnes', 'ivar', 'alex', 'nordli', 'pax', 'soderhamn', 'vimle', 'friheten', 'lisabo', 'ingatorp', 'stefan', 'tarva', 'songesand', 'idanas', 'bekant', 'linnmon', 'besta', 'havsta', 'liatorp', 'stuva', 'trofast', 'applaro'];
const NOUNS = ['sofa', 'armchair', 'chair', 'table', 'desk', 'bed', 'wardrobe', 'bookcase', 'shelf', 'cabinet', 'drawers', 'bench', 'stool', 'cover', 'frame', 'sideboard', 'trolley', 'crib', 'footstool', 'chaise', 'corner', 'headboard', 'daybed', 'highchair', 'tv'];
const WORDS = ['white', 'black', 'grey', 'oak', 'birch', 'beige', 'blue', 'green', 'pine', 'walnut', 'glass', 'rattan', 'outdoor', 'kids', 'small', 'large', 'glass-door', 'wardrob', 'bokcase', 'chiar', 'tabel', 'sofaa', 'drawr', 'seat', 'storage', 'folding', 'extendable', 'wall', 'corner', 'castors'];
const SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'name'];

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const int = (lo, hi) => lo + Math.floor(Math.random() * (hi - lo + 1));

/** A search of two or three words: a family or a word, then a kind of piece, sometimes another word. */
function searchText() {
  const words = [pick(Math.random() < 0.5 ? FAMILIES : WORDS), pick(NOUNS)];
  if (Math.random() < 0.3) words.push(pick(WORDS));
  return words.join(' ');
}

/** A filter combination: a room or category, a width limit, sometimes a height range or on sale, an order, a page. */
function filterQuery() {
  const q = new URLSearchParams({ category: String(int(1, 24)), width_max: String(int(40, 300)) });
  if (Math.random() < 0.4) {
    const lo = int(30, 120);
    q.set('height_min', String(lo));
    q.set('height_max', String(lo + int(20, 120)));
  }
  if (Math.random() < 0.2) q.set('on_sale', '1');
  q.set('sort', pick(SORTS));
  q.set('page', String(int(1, 3)));
  return q.toString();
}

/** A function returning a new path of the kind at each call (never one it returned before). */
export function uniqueQueries(kind) {
  const seen = new Set();
  const make = {
    // A page size or order of its own too, so that runs against the same server rarely meet a query twice.
    search: () => `/api/products/search?${new URLSearchParams({ query: searchText(), limit: String(int(12, 36)) })}`,
    filter: () => `/api/products?${filterQuery()}`,
    page: () => `/products?${new URLSearchParams({ query: searchText(), sort: pick(SORTS) })}`,
  }[kind];
  return () => {
    for (;;) {
      const path = make();
      if (!seen.has(path)) {
        seen.add(path);
        return path;
      }
    }
  };
}
