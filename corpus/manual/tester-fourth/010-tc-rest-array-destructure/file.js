export function split(xs) {
  const [
    first,
    second,
  ] = xs
  return { first, second }
}
