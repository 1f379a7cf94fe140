export const within = (a: number, b: number, c: number): boolean => a <= b && b < c;
export const label = (s: string) => `<${s}>`;
