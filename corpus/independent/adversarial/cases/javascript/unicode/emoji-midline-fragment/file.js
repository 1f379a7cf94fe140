function f() {
  const s = "🎉 Größe – ok"; const t = 1;
  return s + t;
}
