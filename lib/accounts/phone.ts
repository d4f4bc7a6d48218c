/**
 * The one phone-number rule (spec §3 Contact, §5 Profile): at least 5 and at most 40 characters,
 * of digits, spaces, +, - and brackets. Each way to break it has its own message, so a shopper
 * typing "021" is told it is too short rather than that it holds a wrong character.
 */
import { z } from 'zod';

export const PHONE_MIN = 5;
export const PHONE_MAX = 40;
export const PHONE_TOO_SHORT = `Phone number must be at least ${PHONE_MIN} characters.`;
export const PHONE_TOO_LONG = `Phone number must be at most ${PHONE_MAX} characters.`;
export const PHONE_CHARACTERS = 'Phone number may contain only digits, spaces, +, - and brackets.';

const ALLOWED = /^[+()\d\s-]*$/;

/**
 * Adds the rule's issues for a trimmed phone number to a zod refinement context. An empty value
 * is left to the caller: required for a contact, allowed (cleared) on the profile.
 */
export function checkPhone(value: string | null | undefined, ctx: z.RefinementCtx): void {
  if (!value) return;
  if (value.length < PHONE_MIN) ctx.addIssue({ code: 'custom', message: PHONE_TOO_SHORT });
  if (value.length > PHONE_MAX) ctx.addIssue({ code: 'custom', message: PHONE_TOO_LONG });
  if (!ALLOWED.test(value)) ctx.addIssue({ code: 'custom', message: PHONE_CHARACTERS });
}
