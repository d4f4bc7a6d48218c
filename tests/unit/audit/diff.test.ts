/** What the audit log keeps of a change (lib/audit/diff.ts): only changed fields, never secrets. */
import { describe, expect, test } from 'vitest';
import { changedFields, isSecretField, pick } from '@/lib/audit/diff';

describe('changedFields', () => {
  test('keeps only the fields whose value changed, with before and after', () => {
    expect(changedFields({ name: 'Kivik', price: 1299, stock: 3 }, { name: 'Kivik', price: 1199, stock: 3 })).toEqual({ price: { before: 1299, after: 1199 } });
  });

  test('a created record has every field with before null; a deleted one every field with after null', () => {
    expect(changedFields(null, { name: 'Totara' })).toEqual({ name: { before: null, after: 'Totara' } });
    expect(changedFields({ name: 'Totara' }, undefined)).toEqual({ name: { before: 'Totara', after: null } });
  });

  test('compares dates, arrays and objects by value, and records dates as ISO text', () => {
    const at = new Date('2026-12-07T10:00:00Z');
    expect(changedFields({ at, tags: ['a'], range: { from: 1 } }, { at: new Date(at), tags: ['a'], range: { from: 1 } })).toEqual({});
    expect(changedFields({ at }, { at: new Date('2026-12-08T10:00:00Z') })).toEqual({ at: { before: '2026-12-07T10:00:00.000Z', after: '2026-12-08T10:00:00.000Z' } });
  });

  test('never keeps a secret, and leaves out the fields asked', () => {
    const before = { passwordHash: 'x', totpSecret: 'y', tokenVersion: 1, recoveryCodes: ['a'], cardNumber: '4242', email: 'a@example.test', updatedAt: 1 };
    const after = { passwordHash: 'z', totpSecret: 'w', tokenVersion: 2, recoveryCodes: ['b'], cardNumber: '4000', email: 'b@example.test', updatedAt: 2 };
    expect(changedFields(before, after, { omit: ['updatedAt'] })).toEqual({ email: { before: 'a@example.test', after: 'b@example.test' } });
    expect(['password_hash', 'OTP', 'resetToken'].every(isSecretField)).toBe(true);
    expect(isSecretField('price')).toBe(false);
  });

  test('pick takes the named fields that exist', () => {
    expect(pick({ a: 1, b: 2 }, ['a', 'c'])).toEqual({ a: 1 });
    expect(pick(null, ['a'])).toBeNull();
  });
});
