export function split(xs) {
  const [
    first,
    second,
    ...others
  ] = xs
  return { first, second }
}
