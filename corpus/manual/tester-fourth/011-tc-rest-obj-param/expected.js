export function pick({
  id,
  name,
  ...rest
}) {
  return { id, name }
}
