// GET /api/settings — the settings map; PUT /api/settings — save it (spec §7 admin, System Settings)
import { updateSettings } from '@/lib/settings/update';
import { route } from '@/lib/server/route';
import { getSettingsMap } from '@/lib/settings/queries';
import { settingsSchema } from '@/lib/settings/schemas';

export const dynamic = 'force-dynamic';

/** Admin only. → 200 { key: value } (strings, numbers, booleans). */
export const GET = route({ auth: 'admin' }, () => getSettingsMap());

/**
 * Admin only. Body: the key-value map (keys left out keep their value). Known keys are validated
 * (currency a 3-letter ISO code, time_zone an IANA zone, numbers ≥ 0, booleans); an unknown key → 400.
 * → 200 the whole map after saving.
 */
export const PUT = route({ auth: 'admin', body: settingsSchema }, ({ body }) => updateSettings(body));
