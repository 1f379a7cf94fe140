export function clamp(x: number, lo: number, hi: number): number {
  if (x < lo) {
    return lo;
  }
  return x > hi ? hi : x;
}
