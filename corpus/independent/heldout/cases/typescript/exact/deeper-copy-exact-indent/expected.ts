export function sync(items: string[], remote: boolean) {
  if (items.length === 0) {
    return;
  }
  if (remote) {
    for (const chunk of chunks(items, 50)) {
      if (chunk.length === 0) {
        continue;
      }
      push(chunk);
    }
  }
}
