/**
 * Cross-instance cache invalidation over Redis pub/sub, for the process-memory cache handler
 * (memory-cache-handler.mjs). Every server instance keeps its own in-memory cache (docs/architecture.md "Scale,
 * past one machine": caches that can be dropped); what they must share is revalidateTag, or an admin
 * save on one instance would leave the others serving the old price or stock until their pages
 * expire. Only tag names cross the wire, never cached data.
 *
 * connectTagBus({ url, onRevalidate }) → { publish(tags), close() }
 *   url           redis:// address (REDIS_URL)
 *   onRevalidate  called with the tags another instance revalidated (this instance's own messages are skipped)
 *   publish(tags) resolves once Redis has the message; rejects when Redis cannot be reached in time
 *
 * If Redis is down the instances still work alone: pages expire by time (revalidate = 60 s).
 */
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';

export const TAG_CHANNEL = 'totara-home:revalidate-tags';

/** Gives up on a publish after this long rather than hold up the admin's save. */
const PUBLISH_TIMEOUT_MS = 2_000;

export function connectTagBus({ url, onRevalidate }) {
  const origin = randomUUID();
  // One retry, then a publish fails (and is logged) rather than waits: the save already happened.
  const publisher = new Redis(url, { maxRetriesPerRequest: 1 });
  const subscriber = new Redis(url);
  const logError = (err) => console.error('[cache] Redis tag bus:', err.message);
  publisher.on('error', logError);
  subscriber.on('error', logError);

  const subscribed = subscriber.subscribe(TAG_CHANNEL).catch(logError);
  subscriber.on('message', (channel, message) => {
    if (channel !== TAG_CHANNEL) return;
    try {
      const { origin: from, tags } = JSON.parse(message);
      if (from !== origin && Array.isArray(tags)) onRevalidate(tags.filter((t) => typeof t === 'string'));
    } catch (err) {
      logError(err);
    }
  });

  return {
    /** Resolves when this instance listens (for tests and start-up ordering). */
    ready: subscribed,
    async publish(tags) {
      let timer;
      const timeout = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`publish timed out after ${PUBLISH_TIMEOUT_MS} ms`)), PUBLISH_TIMEOUT_MS);
      });
      try {
        await Promise.race([publisher.publish(TAG_CHANNEL, JSON.stringify({ origin, tags })), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
