import 'server-only';
import { Redis } from 'ioredis';

const REDIS = Symbol.for('storefront.redis');
type Holder = { [REDIS]?: Redis };

/**
 * The process's Redis connection (rate-limit counters, store-change messages). A subscriber needs
 * a connection of its own: `sharedRedis(url).duplicate()`.
 */
export function sharedRedis(url: string): Redis {
  const holder = globalThis as Holder;
  holder[REDIS] ??= new Redis(url, { enableOfflineQueue: true, maxRetriesPerRequest: 2 });
  return holder[REDIS];
}
