export function setup(
  name: string,
  opts: Options,
  ...rest: string[]
) {
  const total = (
    opts.a +
    opts.b
  )
  return total
}
