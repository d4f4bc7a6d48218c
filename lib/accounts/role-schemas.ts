/**
 * Roles API input (docs/accounts-and-security.md "Staff roles and permissions"): a role's name,
 * description and permissions, and the roles a staff member holds. A permission that does not
 * exist is refused here (400 naming it); a name that exists is the service's 409.
 */
import { z } from 'zod';
import { isPermission, type Permission } from '@/lib/auth/permission-list';

const roleName = z
  .string({ error: 'name must be text.' })
  .trim()
  .min(2, 'The role name must be at least 2 characters.')
  .max(60, 'The role name must be at most 60 characters.');

const description = z.string({ error: 'description must be text.' }).trim().max(200, 'The description must be at most 200 characters.');

const permissionList = z
  .array(z.string({ error: 'Each permission must be text.' }).max(60, 'Each permission must be at most 60 characters.'), { error: 'permissions must be a list.' })
  .max(100, 'Too many permissions.')
  .superRefine((list, ctx) => {
    const unknown = list.filter((p) => !isPermission(p));
    if (unknown.length) ctx.addIssue({ code: 'custom', message: `Unknown permission: ${unknown.join(', ')}.` });
  })
  .transform((list) => [...new Set(list)] as Permission[]);

/** POST /api/roles: a custom role. */
export const roleCreateSchema = z.object({ name: roleName, description: description.optional().default(''), permissions: permissionList });
export type RoleCreateInput = z.infer<typeof roleCreateSchema>;

/** PATCH /api/roles/{id}: any of name, description, permissions (a built-in role is not editable). */
export const roleUpdateSchema = z
  .object({ name: roleName.optional(), description: description.optional(), permissions: permissionList.optional() })
  .refine((r) => r.name !== undefined || r.description !== undefined || r.permissions !== undefined, 'Nothing to update.');
export type RoleUpdateInput = z.infer<typeof roleUpdateSchema>;

/** PUT /api/users/{id}/roles: the role ids a staff member holds from now on (at least one). */
export const staffRolesSchema = z.object({
  role_ids: z
    .array(z.number({ error: 'Each role id must be a number.' }).int('Each role id must be a whole number.').positive('Each role id must be positive.'), { error: 'role_ids must be a list.' })
    .min(1, 'A staff member holds at least one role; to end their staff access, remove their administrator rights.')
    .max(50, 'Too many roles.')
    .transform((ids) => [...new Set(ids)]),
});
export type StaffRolesInput = z.infer<typeof staffRolesSchema>;
