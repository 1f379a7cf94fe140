export function sync(items: string[], remote: boolean) {
  if (items.length === 0) {
    return;
  }
  if (remote) {
    for (const chunk of chunks(items, 50)) {
      if (items.length === 0) {
        return;
      }
      push(chunk);
    }
  }
}
