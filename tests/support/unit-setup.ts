/**
 * Setup shared by both Vitest projects (the integration project adds tests/support/setup.ts):
 * test secrets, and Next's cache stubbed out — it needs a running server; in tests reads run
 * uncached and invalidation is recorded.
 */
import { vi } from 'vitest';

process.env.AUTH_SECRET ??= 'test-secret-test-secret-test-secret-0123456789';
process.env.DEMO_PAYMENTS ??= '1';

vi.mock('next/cache', () => ({
  unstable_cache: <T extends (...a: never[]) => unknown>(fn: T) => fn,
  revalidateTag: vi.fn(),
  revalidatePath: vi.fn(),
  updateTag: vi.fn(),
  cacheTag: vi.fn(),
  cacheLife: vi.fn(),
}));
