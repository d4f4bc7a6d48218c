/**
 * The address of User Management, /admin/user?q=&page=, read the same way by
 * the page on the server and the list in the browser: a blank search means every account, a page
 * that is not a whole number ≥ 1 means page 1.
 */
export type UserQuery = { q: string; page: number };

/** `?q` and `?page` (null or undefined when absent) → the query. */
export function readUserQuery(q: string | null | undefined, page: string | null | undefined): UserQuery {
  return { q: (q ?? '').trim().slice(0, 100), page: Math.max(1, Number.parseInt(page ?? '1', 10) || 1) };
}

/** The address of `query`, leaving out what is the default (no search, page 1). */
export function userListHref({ q, page }: UserQuery): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  return `/admin/user${params.size ? `?${params}` : ''}`;
}
