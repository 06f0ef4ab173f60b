import type { Shift } from '@shop/contracts/shift';

/** A shift as GET /shifts answers it: open at the Front counter unless told otherwise. */
export function shiftFixture(overrides: Partial<Shift> = {}): Shift {
  return {
    id: 1,
    till: { id: 1, name: 'Front counter' },
    status: 'open',
    business_date: '2026-11-25',
    opened_by: { id: 3, name: 'Staff Demo' },
    opened_at: '2026-11-25T01:00:00.000Z',
    float: [
      { currency: 'USD', amount: 50 },
      { currency: 'KHR', amount: 100000 },
    ],
    closed_by: null,
    closed_at: null,
    counted: null,
    expected: null,
    difference: null,
    note: null,
    approved_by: null,
    z_number: null,
    z_code: null,
    ...overrides,
  };
}
