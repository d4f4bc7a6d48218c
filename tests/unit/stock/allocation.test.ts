import { describe, expect, test } from 'vitest';
import { planAllocation, postcodeDistance, rankLocations, type Ranked } from '@/lib/stock/allocation';

const at = (locationId: number, available: number, sameZone = true, distance: number | null = 0): Ranked => ({ locationId, available, sameZone, distance });

describe('the allocation rule (docs/stock.md "Allocation")', () => {
  test('nearest first: a location in the zone before one outside it, then the smaller postcode difference', () => {
    expect(rankLocations([at(1, 50, false, 0), at(2, 1, true, 40), at(3, 1, true, 2)]).map((c) => c.locationId)).toEqual([3, 2, 1]);
  });

  test('then most stock, then the lower id; a location without a postcode last of its group', () => {
    expect(rankLocations([at(4, 2, true, 5), at(5, 9, true, 5), at(6, 9, true, 5), at(7, 99, true, null)]).map((c) => c.locationId)).toEqual([5, 6, 4, 7]);
  });

  test('the whole line from the first ranked location that holds it, else split in rank order; short when together too few', () => {
    const ranked = rankLocations([at(1, 2, true, 1), at(2, 3, true, 9), at(3, 10, false, 0)]);
    expect(planAllocation(ranked, 2)).toEqual({ takes: [{ locationId: 1, quantity: 2 }], short: 0 });
    expect(planAllocation(ranked, 3)).toEqual({ takes: [{ locationId: 2, quantity: 3 }], short: 0 });
    expect(planAllocation(ranked, 14)).toEqual({ takes: [{ locationId: 1, quantity: 2 }, { locationId: 2, quantity: 3 }, { locationId: 3, quantity: 9 }], short: 0 });
    expect(planAllocation(ranked, 16)).toMatchObject({ short: 1 });
  });

  test('postcode distance: the numeric difference; null when either is not a postcode', () => {
    expect(postcodeDistance('1023', '1010')).toBe(13);
    expect(postcodeDistance('', '1010')).toBeNull();
  });
});
