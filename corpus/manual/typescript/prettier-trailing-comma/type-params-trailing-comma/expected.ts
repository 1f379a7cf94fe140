import { readFile } from "node:fs/promises";

export interface CacheOptions {
  ttlSeconds: number;
  maxEntries: number;
  onEvict?: (key: string) => void;
}

export function memoize<
  TArgs extends readonly unknown[],
  TResult extends object,
  TKey extends PropertyKey = string,
>(
  fn: (...args: TArgs) => TResult,
  keyOf: (...args: TArgs) => TKey,
): (...args: TArgs) => TResult {
  const seen = new Map<TKey, TResult>();
  return (...args) => {
    const key = keyOf(...args);
    const hit = seen.get(key);
    if (hit) return hit;
    const value = fn(...args);
    seen.set(key, value);
    return value;
  };
}

export const loadConfig = async (
  configurationFilePathFromTheEnvironment: string,
) => {
  const text = await readFile(configurationFilePathFromTheEnvironment, "utf8");
  return JSON.parse(text);
};

export const pick = <T>(items: T[], index: number): T | undefined =>
  items[index];
