import { expect, test, vi } from 'vitest';

vi.mock('next/cache', () => ({ unstable_cache: (fn: unknown) => fn }));
vi.mock('@/lib/stock/reservations', () => ({ availabilityOf: vi.fn() }));
vi.mock('@/lib/catalog/read/queries', () => ({ REVALIDATE: 60 }));
vi.mock('@/db/client', () => ({ db: {} }));

const { availabilityWords } = await import('@/lib/catalog/read/availability');

const loc = (name: string, available: number, o: { isDefault?: boolean; ships?: boolean; collectLeadDays?: number } = {}) => ({ name, available, isDefault: false, ships: false, collect: o.collectLeadDays !== undefined, collectLeadDays: null, ...o });

test('the product page says where a piece comes from: delivery from the warehouse, collection at showrooms with units, "today" only where it is ready the same day', () => {
  expect(
    availabilityWords([loc('Epsom warehouse', 12, { isDefault: true, ships: true, collectLeadDays: 1 }), loc('Newmarket showroom', 2, { ships: true, collectLeadDays: 0 }), loc('Albany showroom', 0, { collectLeadDays: 0 })]).map((l) => l.text),
  ).toEqual(['In stock — delivery from Epsom warehouse', 'Collect from Epsom warehouse: 12 left', 'Collect today at Newmarket showroom: 2 left']);
});

test('units only where nothing ships or collects are "Available to order"; none at all says nothing', () => {
  expect(availabilityWords([loc('Back store', 3)]).map((l) => l.text)).toEqual(['Available to order']);
  expect(availabilityWords([loc('Epsom warehouse', 0, { isDefault: true, ships: true })])).toEqual([]);
});
