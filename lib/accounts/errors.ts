/** Account errors shared by registration and profile updates. */
import { conflict } from '@/lib/server/errors';

export const DUPLICATE_ACCOUNT = 'Username or email already exists';

/** True for PostgreSQL's unique_violation (23505), whichever driver raised it. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } } | null;
  return err?.code === '23505' || err?.cause?.code === '23505';
}

/** Runs a write that may hit the users' case-insensitive unique indexes; a hit → 409. */
export async function mapDuplicateAccount<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(DUPLICATE_ACCOUNT);
    throw e;
  }
}
