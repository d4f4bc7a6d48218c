/**
 * System Settings as the back office reads and writes them (spec §2 System Settings, §7 GET and
 * PUT /settings). Both take the signed-in user first and refuse anyone but an administrator
 * (authorize, lib/auth/permissions.ts). The shop's own reads (getSettingsMap, getShopSettings)
 * stay in lib/settings/queries.ts, without an actor.
 */
import 'server-only';
import { revalidateTag } from 'next/cache';
import { sql } from 'drizzle-orm';
import { db } from '@/db/client';
import { settings } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { TAGS } from '@/lib/catalog/tags';
import { getSettingsMap, type SettingsMap } from '@/lib/settings/queries';
import type { SettingsInput } from '@/lib/settings/schemas';

/**
 * GET /api/settings — every setting as a key-value map (defaults filled in).
 * @throws 401/403 not an administrator.
 */
export async function readSettings(actor: SessionUser): Promise<SettingsMap> {
  authorize(actor, 'admin');
  return getSettingsMap();
}

/**
 * PUT /api/settings — stores every given (already validated) setting in one transaction; keys left
 * out keep their value. Invalidates every cache tagged TAGS.settings.
 * @returns the whole settings map after the write.
 * @throws 401/403 not an administrator.
 */
export async function updateSettings(actor: SessionUser, input: SettingsInput): Promise<SettingsMap> {
  authorize(actor, 'admin');
  const entries = Object.entries(input);
  if (entries.length > 0) {
    await db.transaction(async (tx) => {
      const now = new Date();
      await tx
        .insert(settings)
        .values(entries.map(([key, value]) => ({ key, value, updatedAt: now })))
        .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: now } });
    });
    revalidateTag(TAGS.settings, { expire: 0 });
  }
  return getSettingsMap();
}
