import { randomUUID } from "node:crypto";
import { createClient } from "redis";
import { invalidateLocally, setInvalidationPublisher } from "./cache.server";
import { log } from "./logger.server";

/**
 * Cache invalidation across instances: every `invalidateTags` is published on
 * a Redis channel and each instance drops the same tags from its own caches,
 * so two instances disagree only for as long as the publish takes. Without
 * REDIS_URL there is one instance and nothing to tell.
 */
/** The channel every instance publishes its invalidations on and listens to (the cluster test listens too). */
export const INVALIDATION_CHANNEL = "atlas:cache:invalidate";
const instanceId = randomUUID();

type Bus = { close: () => Promise<void> };
let bus: Bus | undefined;

export async function startCacheBus(redisUrl: string | undefined) {
  if (!redisUrl || bus) return;
  const publisher = createClient({ url: redisUrl });
  const subscriber = publisher.duplicate();
  for (const client of [publisher, subscriber]) client.on("error", (error: Error) => log.error("redis error (cache bus)", { error: error.message }));
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(INVALIDATION_CHANNEL, (message) => {
    try {
      const { from, tags } = JSON.parse(message) as { from: string; tags: string[] };
      if (from !== instanceId && Array.isArray(tags)) invalidateLocally(tags.map(String));
    } catch (error) {
      log.warn("unreadable cache invalidation message", { error: String(error) });
    }
  });
  setInvalidationPublisher((tags) =>
    publisher.publish(INVALIDATION_CHANNEL, JSON.stringify({ from: instanceId, tags })).then(
      () => {},
      (error: Error) => log.error("cache invalidation not published", { error: error.message }),
    ),
  );
  bus = {
    async close() {
      setInvalidationPublisher(null);
      await Promise.allSettled([subscriber.close(), publisher.close()]);
    },
  };
}

export async function stopCacheBus() {
  await bus?.close();
  bus = undefined;
}
