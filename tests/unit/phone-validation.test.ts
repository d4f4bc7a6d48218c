/** The phone-number rule states itself truthfully (spec §3 Contact, §5 Profile). */
import { describe, expect, test } from 'vitest';
import { contactSchema } from '@/lib/accounts/contact-schema';
import { profileUpdateSchema } from '@/lib/accounts/schemas';

const contact = (phone_number: string) => contactSchema.safeParse({ first_name: 'Aroha', last_name: 'Ngata', email: 'aroha@example.test', phone_number });
const profile = (phone_number: string | null) => profileUpdateSchema.safeParse({ user_name: 'aroha', email: 'aroha@example.test', phone_number });
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('phone number', () => {
  test('a short number is refused for being short, not for its characters', () => {
    expect(messages(contact('021'))).toEqual(['Phone number must be at least 5 characters.']);
    expect(messages(profile('021'))).toEqual(['Phone number must be at least 5 characters.']);
  });

  test('letters are refused with the characters allowed', () => {
    expect(messages(contact('ring ring'))).toEqual(['Phone number may contain only digits, spaces, +, - and brackets.']);
    expect(messages(profile('call me'))).toEqual(['Phone number may contain only digits, spaces, +, - and brackets.']);
  });

  test('more than 40 characters is refused', () => {
    expect(messages(contact('1'.repeat(41)))).toEqual(['Phone number must be at most 40 characters.']);
  });

  test('real numbers pass; the profile may leave it empty, a contact may not', () => {
    expect(contact('+64 (21) 555-0101').success).toBe(true);
    expect(profile('021 555 01').success).toBe(true);
    expect(profile('').data?.phone_number).toBeNull();
    expect(messages(contact('  '))).toEqual(['Phone number is required.']);
  });
});
