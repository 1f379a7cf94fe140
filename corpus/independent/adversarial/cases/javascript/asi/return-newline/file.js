function f(x) {
  return
    x * 2
}
