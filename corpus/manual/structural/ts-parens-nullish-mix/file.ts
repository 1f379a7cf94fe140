export function total(a: number, b: number, c: number): number {
  const sum = (a + b) * c;
  const diff = a - (b - c);
  const pick = (a ?? b) || c;
  return sum + diff + pick;
}
