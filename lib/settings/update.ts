/**
 * System Settings as the back office reads and writes them (spec §2 System Settings, §7 GET and
 * PUT /settings). Both take the signed-in user first and refuse anyone but an administrator
 * (authorize, lib/auth/permissions.ts). The shop's own reads (getSettingsMap, getShopSettings)
 * stay in lib/settings/queries.ts, without an actor.
 */
import 'server-only';
import { revalidateTag } from 'next/cache';
import { ne, sql } from 'drizzle-orm';
import { db, type Tx } from '@/db/client';
import { orders, products, settings } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { pick } from '@/lib/audit/diff';
import { recordAudit } from '@/lib/audit/record';
import { TAGS } from '@/lib/catalog/tags';
import { conflict } from '@/lib/server/errors';
import { getSettingsMap, type SettingsMap } from '@/lib/settings/queries';
import type { SettingsInput } from '@/lib/settings/schemas';

/**
 * GET /api/settings — every setting as a key-value map (defaults filled in).
 * @throws 401/403 not an administrator.
 */
export async function readSettings(actor: SessionUser): Promise<SettingsMap> {
  authorize(actor, 'settings.write');
  return getSettingsMap();
}

/**
 * Refuses a change of the store currency while amounts are stored in the current one: prices are
 * plain cents with no currency of their own, so a new currency code would relabel them (and
 * checkout would charge NZD cents as AUD). Orders keep their own currency; any order in another
 * currency than the new one is refused too. Runs inside the save's transaction.
 * @throws 409 with the counts and what to do.
 */
async function assertCurrencyChangeable(tx: Tx, from: string, to: string): Promise<void> {
  if (from === to) return;
  const [{ n: productCount }] = await tx.select({ n: sql<number>`count(*)::int` }).from(products);
  const [{ n: orderCount }] = await tx.select({ n: sql<number>`count(*)::int` }).from(orders).where(ne(orders.currency, to));
  if (productCount === 0 && orderCount === 0) return;
  const held = [productCount > 0 ? `${productCount.toLocaleString('en-NZ')} product${productCount === 1 ? '' : 's'}` : null, orderCount > 0 ? `${orderCount.toLocaleString('en-NZ')} order${orderCount === 1 ? '' : 's'}` : null]
    .filter(Boolean)
    .join(' and ');
  throw conflict(`The currency cannot be changed from ${from} to ${to}: ${held} hold amounts in ${from}, and changing the code would relabel them without converting them. The currency can only be set on a shop with no products or orders.`);
}

/**
 * PUT /api/settings — stores every given (already validated) setting in one transaction; keys left
 * out keep their value. Invalidates every cache tagged TAGS.settings (the site shell shows the
 * store name and support address, so every cached shopper page renders again).
 * @returns the whole settings map after the write.
 * @throws 401/403 not an administrator; 409 a currency change while amounts are held in the
 *   current currency (assertCurrencyChangeable).
 */
export async function updateSettings(actor: SessionUser, input: SettingsInput): Promise<SettingsMap> {
  authorize(actor, 'settings.write');
  const entries = Object.entries(input);
  if (entries.length > 0) {
    await db.transaction(async (tx) => {
      const now = new Date();
      const before = await getSettingsMap(tx);
      if (input.currency !== undefined) {
        const current = String(before.currency ?? 'NZD').toUpperCase();
        await assertCurrencyChangeable(tx, current, String(input.currency));
      }
      await tx
        .insert(settings)
        .values(entries.map(([key, value]) => ({ key, value, updatedAt: now })))
        .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: now } });
      await recordAudit(tx, actor, { action: 'settings.update', target: { type: 'settings', id: 'shop', label: 'Shop settings' }, before: pick(before, Object.keys(input)), after: input });
    });
    revalidateTag(TAGS.settings, { expire: 0 });
  }
  return getSettingsMap();
}
