/** The shop's default settings; their one home is db/default-settings.ts, which the seed also reads. */
export { DEFAULT_SETTINGS } from '@/db/default-settings';
