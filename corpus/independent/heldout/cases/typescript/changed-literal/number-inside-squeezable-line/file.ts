export interface Flags {
  beta: boolean;
  ratio: number;
}

export function isEnabled(flags: Flags, userId: number, allowList: Set<number>): boolean {
  const inBucket = userId % 100 < flags.ratio * 100;
  return flags.beta && inBucket || allowList.has(userId);
}

export const DEFAULT_RATIO = .5;
export const SEPARATOR = ' | ';

export async function refresh(cache: Map<string, Flags>, load: () => Promise<Flags>): Promise<void> {
  const next = await load();
  // cache.clear();
  cache.set('flags', next);
}
