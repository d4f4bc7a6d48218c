// GET /api/settings — the settings map; PUT /api/settings — save it (spec §7 admin, System Settings)
import { readSettings, updateSettings } from '@/lib/settings/update';
import { route } from '@/lib/http/route';
import { settingsSchema } from '@/lib/settings/schemas';

export const dynamic = 'force-dynamic';

/** Admin only. → 200 { key: value } (strings, numbers, booleans). */
export const GET = route({ auth: 'admin' }, ({ user }) => readSettings(user));

/**
 * Admin only. Body: the key-value map (keys left out keep their value). Known keys are validated
 * (currency a 3-letter ISO code, time_zone an IANA zone, numbers ≥ 0, booleans); an unknown key → 400.
 * → 200 the whole map after saving.
 */
export const PUT = route({ auth: 'admin', body: settingsSchema }, ({ user, body }) => updateSettings(user, body));
