export function clamp(x: number, lo: number, hi: number): number {
  if (x < lo) {
    console.warn("below");
    return lo;
  }
  return x > hi ? hi : x;
}
