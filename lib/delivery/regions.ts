/**
 * New Zealand regions a delivery zone can be in (docs/delivery.md), by their ISO 3166-2
 * codes as the date-holidays library names them. A zone's region decides which regional
 * anniversary day its deliveries skip (./holidays.ts). Several regions keep a neighbour's day
 * (Northland, Waikato, Bay of Plenty and Gisborne Auckland's; Manawatū-Whanganui Wellington's;
 * Tasman Nelson's), so `holiday` names the day each one observes. Pure; safe in client components.
 */
export const NZ_REGIONS = [
  { code: 'AUK', name: 'Auckland', holiday: 'Auckland Anniversary Day' },
  { code: 'BOP', name: 'Bay of Plenty', holiday: 'Auckland Anniversary Day' },
  { code: 'CAN', name: 'Canterbury', holiday: 'Christchurch Show Day' },
  { code: 'CIT', name: 'Chatham Islands', holiday: 'Chatham Islands Anniversary Day' },
  { code: 'GIS', name: 'Gisborne', holiday: 'Auckland Anniversary Day' },
  { code: 'HKB', name: "Hawke's Bay", holiday: "Hawke's Bay Anniversary Day" },
  { code: 'MBH', name: 'Marlborough', holiday: 'Marlborough Anniversary Day' },
  { code: 'MWT', name: 'Manawatū-Whanganui', holiday: 'Wellington Anniversary Day' },
  { code: 'NSN', name: 'Nelson', holiday: 'Nelson Anniversary Day' },
  { code: 'NTL', name: 'Northland', holiday: 'Auckland Anniversary Day' },
  { code: 'OTA', name: 'Otago', holiday: 'Otago Anniversary Day' },
  { code: 'STL', name: 'Southland', holiday: 'Southland Anniversary Day' },
  { code: 'TAS', name: 'Tasman', holiday: 'Nelson Anniversary Day' },
  { code: 'TKI', name: 'Taranaki', holiday: 'Taranaki Anniversary Day' },
  { code: 'WKO', name: 'Waikato', holiday: 'Auckland Anniversary Day' },
  { code: 'WGN', name: 'Wellington', holiday: 'Wellington Anniversary Day' },
  { code: 'WTC', name: 'West Coast (Westland)', holiday: 'Westland Anniversary Day' },
] as const;

export type NzRegion = (typeof NZ_REGIONS)[number]['code'];
export const NZ_REGION_CODES = NZ_REGIONS.map((r) => r.code) as [NzRegion, ...NzRegion[]];

/** "Auckland" for AUK; null for no region (or an unknown code). */
export const regionName = (code: string | null | undefined): string | null => NZ_REGIONS.find((r) => r.code === code)?.name ?? null;
