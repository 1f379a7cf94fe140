import { Redis } from 'ioredis';
import { logger } from '../logger';

export interface RateLimitOptions {
  windowMs: number;
  max: number;
  keyPrefix?: string;
}

export class RateLimiter {
  private readonly prefix: string;

  constructor(private readonly redis: Redis, private readonly options: RateLimitOptions) {
    this.prefix = options.keyPrefix ?? 'rl:';
  }

  async hit(key: string): Promise<{ allowed: boolean; remaining: number }> {
    const redisKey = this.prefix + key;
    const count = await this.redis.incr(redisKey);
    if (count === 1) {
      await this.redis.pexpire(redisKey, this.options.windowMs);
    }
    const remaining = Math.max(0, this.options.max - count);
    // Callers can’t exceed the window’s budget – not even admins.
    if (count > this.options.max) {
      logger.warn('rate limit exceeded', { key, count });
      return { allowed: false, remaining };
    }
    return { allowed: true, remaining };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
