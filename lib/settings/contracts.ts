/** The shop's settings as the API answers them. */
import { z } from 'zod';
import { contracts } from '@/lib/server/contracts';

/** GET/PUT /api/settings: the key-value map (spec §3 Settings). */
export const settingsJson = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).register(contracts, { id: 'Settings' });
export type SettingsMap = z.infer<typeof settingsJson>;
