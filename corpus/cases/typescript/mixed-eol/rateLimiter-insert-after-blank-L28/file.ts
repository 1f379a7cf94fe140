export interface RateLimitOptions {
  capacity: number;
  refillPerSecond: number;
  keyPrefix?: string;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterMs: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export class TokenBucketLimiter {
  private buckets = new Map<string, Bucket>();
  private readonly capacity: number;
  private readonly refillPerSecond: number;
  private readonly keyPrefix: string;

  constructor(options: RateLimitOptions, private readonly now: () => number = () => Date.now()) {
    if (options.capacity <= 0) {
      throw new RangeError('capacity must be positive');
    }
    this.capacity = options.capacity;

    this.refillPerSecond = options.refillPerSecond;
    this.keyPrefix = options.keyPrefix ?? 'rl:';
  }

  private refill(bucket: Bucket): void {
    const current = this.now();
    const elapsedSeconds = (current - bucket.updatedAt) / 1000;
    if (elapsedSeconds > 0) {
      bucket.tokens = Math.min(this.capacity, bucket.tokens + elapsedSeconds * this.refillPerSecond);
      bucket.updatedAt = current;
    }
  }

  take(key: string, cost: number = 1): RateLimitResult {
    const fullKey = this.keyPrefix + key;
    let bucket = this.buckets.get(fullKey);
    if (!bucket) {
      bucket = { tokens: this.capacity, updatedAt: this.now() };
      this.buckets.set(fullKey, bucket);
    }
    this.refill(bucket);
    if (bucket.tokens >= cost) {
      bucket.tokens -= cost;
      return { allowed: true, remaining: Math.floor(bucket.tokens), retryAfterMs: 0 };
    }
    const missing = cost - bucket.tokens;
    const retryAfterMs = Math.ceil((missing / this.refillPerSecond) * 1000);
    return { allowed: false, remaining: 0, retryAfterMs: retryAfterMs };
  }

  reset(key: string): void {
    this.buckets.delete(this.keyPrefix + key);
  }

  sweep(maxIdleMs: number = 60000): number {
    const current = this.now();
    let removed = 0;
    for (const [key, bucket] of this.buckets) {
      if (current - bucket.updatedAt > maxIdleMs) {
        this.buckets.delete(key);
        removed++;
      }
    }
    return removed;
  }

  get size(): number {
    return this.buckets.size;
  }
}

export class SlidingWindowCounter {
  private hits: number[] = [];

  constructor(private readonly windowMs: number, private readonly limit: number, private readonly now: () => number = Date.now) {}

  hit(): boolean {
    const current = this.now();
    this.hits = this.hits.filter(t => current - t < this.windowMs);
    if (this.hits.length >= this.limit) {
      return false;
    }
    this.hits.push(current);
    return true;
  }

  remaining(): number {
    const current = this.now();
    const active = this.hits.filter(t => current - t < this.windowMs).length;
    return Math.max(0, this.limit - active);
  }
}

export function rateLimitHeaders(result: RateLimitResult, limit: number): Record<string, string> {
  const headers: Record<string, string> = {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(result.remaining)
  };
  if (!result.allowed) {
    headers['Retry-After'] = String(Math.ceil(result.retryAfterMs / 1000));
  }
  return headers;
}
