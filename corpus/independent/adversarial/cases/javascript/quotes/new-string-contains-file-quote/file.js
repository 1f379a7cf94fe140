function f() {
  const s = "It's";
  return s;
}
