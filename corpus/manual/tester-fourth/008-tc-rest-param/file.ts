export function setup(
  name: string,
  opts: Options,
) {
  const total = (
    opts.a +
    opts.b
  )
  return total
}
