function f() {
  const s = 'say "hi"';
  return s;
}
