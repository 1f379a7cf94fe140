async function f() {
  const v = await (p || q); // either
  return v;
}
