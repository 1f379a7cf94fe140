function f() {
  const s = "🎉 Größe – ok"; const t = 2;
  return s + t;
}
