export function pick({
  id,
  name,
}) {
  return { id, name }
}
