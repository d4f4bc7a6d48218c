/**
 * The two configurations of the accounts list: User Management (every account, /api/users) and
 * Administrator Management (active administrators, /api/admins; Delete takes the rights away and
 * keeps the account).
 */
import { api } from '@/lib/api/client';
import type { AdminJson, AdminUserJson } from '@/lib/accounts/contracts';
import type { AccountKind } from './use-accounts';

export const USERS: AccountKind<AdminUserJson> = {
  id: (u) => u.user_id,
  name: (u) => u.user_name,
  email: (u) => u.email,
  testId: (u) => `user-row-${u.user_id}`,
  /** The first page of every account; User Management reads its own page and search instead (user-manager.tsx). */
  read: async () => (await api.accounts.users()).items,
  loadFailure: 'Failed to load users. Please try again.',
  remove: async (u) => {
    const { deactivated } = await api.accounts.deleteUser(u.user_id);
    return deactivated ? `${u.user_name} has orders, so the account was deactivated instead of deleted.` : `${u.user_name} deleted.`;
  },
  removeFailure: 'Failed to delete user. Please try again.',
  deleteTitle: (u) => `Delete ${u.user_name}`,
  deleteDescription: 'Are you sure you want to delete this user? An account with orders is deactivated instead, so its order history is kept.',
};

export const ADMINS: AccountKind<AdminJson> = {
  id: (a) => a.id,
  name: (a) => a.username,
  email: (a) => a.email,
  testId: (a) => `admin-row-${a.id}`,
  read: () => api.accounts.admins(),
  loadFailure: 'Failed to load administrators. Please try again.',
  remove: async (a) => {
    await api.accounts.removeAdmin(a.id);
    return `${a.username} is no longer an administrator.`;
  },
  removeFailure: 'Failed to delete administrator. Please try again.',
  deleteTitle: (a) => `Delete administrator ${a.username}`,
  deleteDescription: 'Are you sure you want to delete this administrator? Their account stays, without administrator rights.',
};
