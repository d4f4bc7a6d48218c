/**
 * System Settings writes (spec §2 System Settings, §7 PUT /settings). Reads stay in lib/settings.
 */
import 'server-only';
import { revalidateTag } from 'next/cache';
import { sql } from 'drizzle-orm';
import { db } from '@/db/client';
import { settings } from '@/db/schema';
import { TAGS } from '@/lib/catalog/tags';
import { getSettingsMap, type SettingsMap } from '@/lib/settings/queries';
import type { SettingsInput } from '@/lib/settings/schemas';

/**
 * PUT /api/settings — stores every given (already validated) setting in one transaction; keys left
 * out keep their value. Invalidates every cache tagged TAGS.settings.
 * @returns the whole settings map after the write.
 */
export async function updateSettings(input: SettingsInput): Promise<SettingsMap> {
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
