/**
 * Cross-instance cache invalidation over Redis pub/sub, for the process-memory cache handler
 * (memory-cache-handler.mjs). Every server instance keeps its own in-memory cache (docs/architecture.md "Scale,
 * past one machine": caches that can be dropped); what they must share is revalidateTag, or an admin
 * save on one instance would leave the others serving the old price or stock until their pages
 * expire. Only tag names cross the wire, never cached data.
 *
 * connectTagBus({ url, onRevalidate, onResync }) → { ready, publish(tags), close() }
 *   url           redis:// address (REDIS_URL)
 *   onRevalidate  called with the tags another instance revalidated (this instance's own messages are skipped)
 *   onResync      called when this instance listens again after losing Redis: whatever was published
 *                 meanwhile never reached it, so it must drop everything it cached before
 *   publish(tags) resolves once Redis has the message; rejects when Redis cannot be reached in time,
 *                 and then keeps the tags to publish as soon as Redis answers again
 *
 * A Redis restart therefore loses no revalidation: every instance that lost the connection drops
 * its cache when it is back (it may have missed messages), and a revalidation made while Redis was
 * down is sent when it returns (for instances that were back before this one). Meanwhile each
 * instance works alone and its pages expire by time (revalidate = 60 s).
 */
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';

export const TAG_CHANNEL = 'totara-home:revalidate-tags';

/** Gives up on a publish after this long rather than hold up the admin's save. */
const PUBLISH_TIMEOUT_MS = 2_000;

export function connectTagBus({ url, onRevalidate, onResync = () => {} }) {
  const origin = randomUUID();
  // One retry, then a publish fails (and is logged) rather than waits: the save already happened.
  const publisher = new Redis(url, { maxRetriesPerRequest: 1 });
  // Subscribed by hand on every (re)connection, so that the resync below follows the subscription.
  const subscriber = new Redis(url, { autoResubscribe: false });
  const logError = (err) => console.error('[cache] Redis tag bus:', err.message);
  publisher.on('error', logError);
  subscriber.on('error', logError);

  /** Tags whose publish failed, sent again when the publisher is back. */
  const pending = new Set();
  const send = (tags) => publisher.publish(TAG_CHANNEL, JSON.stringify({ origin, tags }));
  publisher.on('ready', () => {
    if (pending.size === 0) return;
    const tags = [...pending];
    pending.clear();
    send(tags).catch((err) => {
      for (const tag of tags) pending.add(tag);
      logError(err);
    });
  });

  let connections = 0;
  let resolveReady;
  const ready = new Promise((resolve) => (resolveReady = resolve));
  subscriber.on('ready', () => {
    const again = connections++ > 0;
    subscriber
      .subscribe(TAG_CHANNEL)
      .then(() => {
        // Listening again after a lost connection: messages sent meanwhile were missed.
        if (again) onResync();
        resolveReady();
      })
      .catch(logError);
  });
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
    /** Resolves when this instance first listens (for tests and start-up ordering). */
    ready,
    async publish(tags) {
      let timer;
      const timeout = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`publish timed out after ${PUBLISH_TIMEOUT_MS} ms`)), PUBLISH_TIMEOUT_MS);
      });
      try {
        await Promise.race([send(tags), timeout]);
      } catch (err) {
        for (const tag of tags) pending.add(tag);
        throw err;
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
