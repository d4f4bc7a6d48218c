/**
 * The seeded delivery zones and services (migration 0010_delivery_seed, docs/delivery.md) as the
 * product markup reads them (lib/delivery/queries.ts getListingZones), for pure tests.
 * Fees in cents; `overrides` sets a zone's services apart (e.g. a rural fee).
 */
import type { DeliveryServiceKind } from '@/db/statuses';
import { zoneCoverage } from '@/lib/delivery/coverage';
import type { ListingZone } from '@/lib/delivery/listing-rates';
import type { ServiceRule } from '@/lib/delivery/quote';
import type { ZoneRule } from '@/lib/delivery/zones';

const MAIN = ['Auckland', 'Wellington', 'Christchurch', 'Other main centres'];
const RURAL = '0171,0172,0173,0181,0182,0183,0184,3771,3772,3781,3782,3783,3784,4071,4072,4073,4075,7071,7072,7073,7871,7872,7873,7875,7881,7882,7883,7884,7885,7886,7891,7892,7893,7895,9371,9372,9382,9383,9384,9385,9386'.split(',');

export const SEEDED_ZONES: ZoneRule[] = [
  { id: 1, name: 'Auckland', postcodeRanges: [{ from: 600, to: 699 }, { from: 1010, to: 1072 }, { from: 2010, to: 2699 }], postcodes: [], served: true, sortOrder: 1 },
  { id: 2, name: 'Wellington', postcodeRanges: [{ from: 5010, to: 5049 }, { from: 6011, to: 6037 }], postcodes: [], served: true, sortOrder: 2 },
  { id: 3, name: 'Christchurch', postcodeRanges: [{ from: 8011, to: 8083 }], postcodes: [], served: true, sortOrder: 3 },
  {
    id: 4,
    name: 'Other main centres',
    postcodeRanges: [{ from: 3110, to: 3119 }, { from: 3200, to: 3289 }, { from: 4110, to: 4183 }, { from: 4310, to: 4381 }, { from: 4410, to: 4481 }, { from: 7010, to: 7020 }, { from: 9010, to: 9092 }],
    postcodes: [],
    served: true,
    sortOrder: 4,
  },
  { id: 5, name: 'North Island provincial', postcodeRanges: [{ from: 100, to: 6999 }], postcodes: [], served: true, sortOrder: 5 },
  { id: 6, name: 'South Island provincial', postcodeRanges: [{ from: 7000, to: 9999 }], postcodes: [], served: true, sortOrder: 6 },
  { id: 7, name: 'Rural', postcodeRanges: [], postcodes: RURAL, served: true, sortOrder: 7 },
  { id: 8, name: 'Islands', postcodeRanges: [], postcodes: ['1081', '0991', '9818'], served: true, sortOrder: 8 },
  { id: 9, name: 'Chatham Islands', postcodeRanges: [], postcodes: ['8942'], served: false, sortOrder: 9 },
];

type ServicePrices = Partial<Record<DeliveryServiceKind, Partial<Pick<ServiceRule, 'fee' | 'bulkySurcharge' | 'freeOver' | 'leadDays' | 'active'>>>>;

/** The seeded zones with their services: every fee $49, free over $500, unless `overrides` (by zone name) says otherwise. */
export function seededListingZones(overrides: Record<string, ServicePrices> = {}): ListingZone[] {
  const coverage = zoneCoverage(SEEDED_ZONES);
  let nextId = 1;
  return SEEDED_ZONES.filter((z) => z.served).map((z) => {
    const kinds: [DeliveryServiceKind, string, number][] = [
      ['courier', 'Courier', 2],
      ['two_person', 'Two-person delivery', 3],
      ...(MAIN.includes(z.name) ? ([['two_person_assembly', 'Two-person delivery with assembly', 5]] as [DeliveryServiceKind, string, number][]) : []),
      ...(z.name === 'Auckland' ? ([['click_collect', 'Click & collect', 1]] as [DeliveryServiceKind, string, number][]) : []),
    ];
    const services: ServiceRule[] = kinds.map(([kind, name, leadDays]) => ({
      id: nextId++,
      kind,
      name,
      fee: kind === 'click_collect' ? 0 : 4900,
      bulkySurcharge: 0,
      freeOver: kind === 'click_collect' ? null : 50000,
      leadDays,
      weekdays: kind === 'click_collect' ? [1, 2, 3, 4, 5, 6] : [1, 2, 3, 4, 5],
      active: true,
      pickup: kind === 'click_collect' ? { id: 1, name: 'Epsom warehouse', address: '25 Manukau Road, Epsom, Auckland 1023', openingHours: 'Mon–Fri 9am–5pm' } : null,
      ...overrides[z.name]?.[kind],
    }));
    return { id: z.id, name: z.name, services, postcodes: coverage.get(z.id) ?? [] };
  });
}
