function f(a, b) {
  let x = g()
  [a, b].forEach(h)
  return x
}
