export function visible(item, filter) {
  return (
    (item.enabled && !item.hidden) ||
    (filter.showAll && item.kind !== "private")
  );
}
