export function sum(
  a: number,
  b: number,
  ...more: number[]
): number {
  return a + b + more.reduce((s, x) => s + x, 0)
}
