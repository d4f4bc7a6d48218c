/**
 * The category filter's tick rules (spec §4 Category filter), as pure functions over the category
 * tree: ticking a room ticks all its subcategories; ticking every subcategory ticks the room;
 * unticking one subcategory removes the room's tick.
 *
 * Two forms of a selection:
 * - the *ticked* set: every box that shows a tick (rooms and subcategories);
 * - the *compressed* list that goes in the URL (`category=`): a fully ticked room is its room id
 *   alone, otherwise the ticked subcategory ids. The catalogue treats a room id as all of it.
 */

export type CategoryNode = { category_id: number; subcategories: { category_id: number }[] };

const subIds = (room: CategoryNode) => room.subcategories.map((s) => s.category_id);

/**
 * Normalises ids read from a URL or a submitted form into the compressed list (sorted, unique,
 * unknown ids dropped). For each room R with ticked subcategories S:
 * - R with no S, R with every S, or every S without R → R (the whole room);
 * - R with only some S → those S (the room's tick is the stale one: a subcategory was unticked);
 * - some S without R → those S.
 */
export function normalizeSelection(tree: CategoryNode[], ids: Iterable<number>): number[] {
  const given = new Set(ids);
  const out = new Set<number>();
  for (const room of tree) {
    const subs = subIds(room);
    const ticked = subs.filter((id) => given.has(id));
    const whole = (given.has(room.category_id) && (ticked.length === 0 || ticked.length === subs.length)) || (subs.length > 0 && ticked.length === subs.length);
    if (whole) out.add(room.category_id);
    else ticked.forEach((id) => out.add(id));
  }
  return [...out].sort((a, b) => a - b);
}

/** The ticked set a compressed list shows: each room id brings all its subcategories. */
export function tickedSet(tree: CategoryNode[], compressed: Iterable<number>): Set<number> {
  const ids = new Set(normalizeSelection(tree, compressed));
  const ticked = new Set<number>();
  for (const room of tree) {
    if (ids.has(room.category_id)) {
      ticked.add(room.category_id);
      subIds(room).forEach((id) => ticked.add(id));
    } else {
      subIds(room).forEach((id) => ids.has(id) && ticked.add(id));
    }
  }
  return ticked;
}

/**
 * Applies one click to a ticked set and returns the new ticked set (the input is not changed).
 * Ticking/unticking a room does the same to all its subcategories; a subcategory click re-derives
 * its room's tick (ticked exactly when every subcategory is).
 */
export function toggleCategory(tree: CategoryNode[], ticked: ReadonlySet<number>, id: number, checked: boolean): Set<number> {
  const next = new Set(ticked);
  for (const room of tree) {
    const subs = subIds(room);
    if (room.category_id === id) {
      for (const x of [id, ...subs]) {
        if (checked) next.add(x);
        else next.delete(x);
      }
      return next;
    }
    if (subs.includes(id)) {
      if (checked) next.add(id);
      else next.delete(id);
      if (subs.every((s) => next.has(s))) next.add(room.category_id);
      else next.delete(room.category_id);
      return next;
    }
  }
  return next;
}

/** The compressed list (for the URL) of a ticked set. */
export function compressTicked(tree: CategoryNode[], ticked: ReadonlySet<number>): number[] {
  const out: number[] = [];
  for (const room of tree) {
    const subs = subIds(room);
    if (ticked.has(room.category_id) && subs.every((s) => ticked.has(s))) out.push(room.category_id);
    else out.push(...subs.filter((s) => ticked.has(s)));
  }
  return out.sort((a, b) => a - b);
}
