async function load(u: string) {
  return fetch(u);
}
