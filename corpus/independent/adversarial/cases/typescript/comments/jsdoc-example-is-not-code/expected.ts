/**
 * Example:
 *   const v = compute(a, b);
 */
function g(a: number, b: number) {
  const v = compute(a, b, true);
  return v;
}
