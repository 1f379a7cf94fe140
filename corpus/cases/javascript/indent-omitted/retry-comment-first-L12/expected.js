export class TimeoutError extends Error {
  constructor(ms) {
    super(`Operation timed out after ${ms}ms`);
    this.name = 'TimeoutError';
  }
}

export const sleep = ms => new Promise(resolve => setTimeout(resolve, ms));

export function withTimeout(promise, ms) {
  let timer;
  // see the migration notes before changing this
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
  });
  return Promise.race([Promise.resolve(promise), timeout]).finally(() => clearTimeout(timer));
}

export function computeDelay(attempt, { baseMs = 200, factor = 2, maxMs = 10000, jitter = 0.1 } = {}) {
  const raw = baseMs * Math.pow(factor, attempt);
  const capped = Math.min(raw, maxMs);
  const spread = capped * jitter;
  return Math.round(capped - spread + Math.random() * spread * 2);
}

export async function retry(fn, options = {}) {
  const attempts = options.attempts || 5;
  const shouldRetry = options.shouldRetry || (err => !(err instanceof TypeError));
  let lastError;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      lastError = err;
      if (!shouldRetry(err) || attempt === attempts - 1) {
        break;
      }
      const delay = computeDelay(attempt, options);
      if (options.onRetry) {
        options.onRetry(err, attempt + 1, delay);
      }
      await sleep(delay);
    }
  }
  throw lastError;
}

export function debounce(fn, waitMs) {
  let timer = null;
  return function debounced(...args) {
    if (timer !== null) {
      clearTimeout(timer);
    }
    timer = setTimeout(() => {
      timer = null;
      fn.apply(this, args);
    }, waitMs);
  };
}

export function throttle(fn, intervalMs) {
  let last = 0;
  let pending = null;
  return (...args) => {
    const now = Date.now();
    const remaining = intervalMs - (now - last);
    if (remaining <= 0) {
      last = now;
      fn(...args);
    } else if (!pending) {
      pending = setTimeout(() => {
        pending = null;
        last = Date.now();
        fn(...args);
      }, remaining);
    }
  };
}

export function memoize(fn, keyFn = (...args) => JSON.stringify(args)) {
  const cache = new Map();
  return (...args) => {
    const key = keyFn(...args);
    if (cache.has(key)) {
      return cache.get(key);
    }
    const value = fn(...args);
    cache.set(key, value);
    return value;
  };
}

export class CircuitBreaker {
  constructor({ threshold = 5, cooldownMs = 30000 } = {}) {
    this.threshold = threshold;
    this.cooldownMs = cooldownMs;
    this.failures = 0;
    this.openedAt = null;
  }

  get state() {
    if (this.openedAt === null) return 'closed';
    return Date.now() - this.openedAt >= this.cooldownMs ? 'half-open' : 'open';
  }

  async call(fn) {
    if (this.state === 'open') {
      throw new Error('Circuit is open');
    }
    try {
      const result = await fn();
      this.failures = 0;
      this.openedAt = null;
      return result;
    } catch (err) {
      this.failures += 1;
      if (this.failures >= this.threshold) {
        this.openedAt = Date.now();
      }
      throw err;
    }
  }
}
