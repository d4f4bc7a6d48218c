/**
 * Many stock counts at once (docs/stock.md "The ledger"): what `setOnHand` (ledger.ts) does for one
 * product at one location, for a whole file of counts (the product import) in a fixed number of
 * statements instead of three per figure. Same rule: each level whose on hand changes gets one
 * `count` row for the difference, in the caller's transaction; an equal figure writes nothing.
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { AppError } from '@/lib/server/errors';
import type { MoveSource, StockActor } from './ledger';

/** One figure: the units on hand at a location after the count. */
export type Count = { locationId: number; productId: number; onHand: number };

/** Levels locked, moved and recorded per statement (bounded so that a statement's parameters stay few). */
const CHUNK = 1000;

/**
 * Sets each (location, product)'s on hand to its figure, writing one ledger row per change.
 * @param counts at most one figure per (location, product); whole units, 0 or more
 * @param source who counted (actor) and what it came from (importId, note), kept on each ledger row
 * @returns how many levels changed
 * @throws 400 for a negative or fractional figure; 409 when a figure is below what is held for
 *   orders at that location (naming the product id and location id). Nothing is written when it throws.
 */
export async function setOnHandMany(tx: Tx, counts: Count[], source: MoveSource & { actor: StockActor }): Promise<number> {
  for (const c of counts) {
    if (!Number.isInteger(c.onHand) || c.onHand < 0) throw new AppError('bad_request', 'Stock on hand is a whole number of units, 0 or more.');
  }
  let changed = 0;
  for (let i = 0; i < counts.length; i += CHUNK) {
    const chunk = counts.slice(i, i + CHUNK);
    const pairs = sql.join(
      chunk.map((c) => sql`(${c.locationId}::int, ${c.productId}::int, ${c.onHand}::int)`),
      sql`, `,
    );
    // The current levels, locked as setOnHand locks its one level.
    const current = (await tx.execute(sql`
      SELECT l.location_id, l.product_id, l.on_hand, l.reserved
        FROM stock_levels l JOIN (VALUES ${pairs}) AS c(location_id, product_id, on_hand)
          ON c.location_id = l.location_id AND c.product_id = l.product_id
       ORDER BY l.product_id, l.location_id
         FOR UPDATE OF l`)) as unknown as { rows: { location_id: number; product_id: number; on_hand: number; reserved: number }[] };
    const levels = new Map(current.rows.map((r) => [`${r.location_id}:${r.product_id}`, { onHand: Number(r.on_hand), reserved: Number(r.reserved) }]));
    const moves = chunk
      .map((c) => {
        const level = levels.get(`${c.locationId}:${c.productId}`) ?? { onHand: 0, reserved: 0 };
        if (c.onHand < level.reserved) {
          throw new AppError('conflict', `Stock of product ${c.productId} at location ${c.locationId} cannot be ${c.onHand}: ${level.reserved} are held for orders.`);
        }
        return { ...c, change: c.onHand - level.onHand };
      })
      .filter((m) => m.change !== 0);
    if (!moves.length) continue;
    const values = sql.join(
      moves.map((m) => sql`(${m.locationId}::int, ${m.productId}::int, ${m.onHand}::int)`),
      sql`, `,
    );
    await tx.execute(sql`
      INSERT INTO stock_levels (location_id, product_id, on_hand) VALUES ${values}
      ON CONFLICT (product_id, location_id) DO UPDATE SET on_hand = EXCLUDED.on_hand, updated_at = now()`);
    const rows = sql.join(
      moves.map(
        (m) =>
          sql`(${m.locationId}::int, ${m.productId}::int, ${m.change}::int, 'count', ${source.actor.id}::int, ${source.actor.label}::text, ${source.importId ?? null}::text, ${source.note ?? ''}::text)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`INSERT INTO stock_ledger (location_id, product_id, change, reason, actor_id, actor_label, import_id, note) VALUES ${rows}`);
    changed += moves.length;
  }
  return changed;
}
