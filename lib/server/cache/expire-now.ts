/**
 * A route handler's cache expiries, done before its answer is sent: whoever reads next, on this
 * instance or on another sharing the Redis cache, gets the new data (README → Caching: "a change
 * shows on every instance at once").
 *
 * Why: in a route handler, Next.js 16 runs the tags queued by `revalidateTag(tag, { expire: 0 })`
 * only after the response has gone out (under `next start` it hands them to its `waitUntil`;
 * vercel/next.js#83822: read-your-writes "was never supported with revalidateTag() in a route
 * handler"). Server actions already wait for them. So an admin's price change could answer 200
 * while the old page was still in Redis for the next reader to get: e2e/shared-cache.spec.ts
 * showed it every time with one instance on a slow link to Redis, and now and then in CI without.
 *
 * How: the request's WorkStore (Next.js's AsyncLocalStorage; its `.external` module is the one
 * instance Next.js shares with the app's bundle) holds the queue. We run the queued tags with
 * Next.js's own `executeRevalidates` and take them off the queue, so nothing is left to run twice
 * after the response. These are Next.js 16.4 internals: on an upgrade,
 * tests/unit/server/expire-now.test.ts and e2e/shared-cache.spec.ts say whether they still hold.
 */
import 'server-only';
import { workAsyncStorage } from 'next/dist/server/app-render/work-async-storage.external';
import { executeRevalidates } from 'next/dist/server/revalidation-utils';

/**
 * Runs the tag expiries this request has queued with revalidateTag, and resolves once the cache
 * handler has dropped the entries (Redis answered, or gave up after its timeout: the handler
 * never rejects). Nothing to do outside a request or when nothing is queued. Never throws: a
 * failure is logged, and the answer is still sent.
 */
export async function expireQueuedTagsNow(): Promise<void> {
  const store = workAsyncStorage.getStore();
  const tags = store?.pendingRevalidatedTags;
  if (!store || !tags?.length) return;
  store.pendingRevalidatedTags = [];
  try {
    await executeRevalidates(store, { pendingRevalidatedTags: tags, pendingRevalidates: {}, pendingRevalidateWrites: [] });
  } catch (e) {
    console.error('[cache] expiring tags before the answer failed:', e instanceof Error ? e.message : e);
  }
}
