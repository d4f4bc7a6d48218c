/**
 * Category input (categories managed in the back office; spec §3 Category). Shared
 * by POST /api/categories, PATCH /api/categories/{id} and the /admin/categories forms.
 *
 * A category is a room (parent_id null) or a subcategory of a room (parent_id = the room's id); the
 * tree has two levels. Names: 1–100 characters, shown as written (underscores shown as spaces,
 * spec §3). Form strings are accepted for parent_id ('' → a room).
 */
import { z } from 'zod';

export const CATEGORY_NAME_MAX = 100;
const PARENT_MESSAGE = 'The room must be chosen from the list.';

const name = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(CATEGORY_NAME_MAX, `Name must be at most ${CATEGORY_NAME_MAX} characters.`);

/** A room's id, or null for a room itself ('' and null both mean "no parent"). */
const parentId = z.union([z.number(), z.string(), z.null()], { error: PARENT_MESSAGE }).transform((v, ctx) => {
  const s = v === null ? '' : String(v).trim();
  if (s === '' || s === 'null') return null;
  if (!/^\d+$/.test(s) || Number(s) < 1 || Number(s) > 2_147_483_647) {
    ctx.addIssue({ code: 'custom', message: PARENT_MESSAGE });
    return z.NEVER;
  }
  return Number(s);
});

/** POST /api/categories: {name, parent_id?} — without parent_id (or null) a new room. */
export const categoryCreateSchema = z.object({ name, parent_id: parentId.optional().transform((v) => v ?? null) });

/** PATCH /api/categories/{id}: rename ({name}), move ({parent_id}), or both; at least one. */
export const categoryUpdateSchema = z
  .object({ name: name.optional(), parent_id: parentId.optional() })
  .refine((v) => v.name !== undefined || v.parent_id !== undefined, { message: 'Send a new name or parent_id.' });

export type CategoryCreateInput = z.output<typeof categoryCreateSchema>;
export type CategoryUpdateInput = z.output<typeof categoryUpdateSchema>;
export type CategoryFormValues = z.input<typeof categoryCreateSchema>;
