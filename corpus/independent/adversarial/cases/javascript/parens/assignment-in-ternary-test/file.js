function f(a, b, c) {
  let x;
  const r = (x = a) ? b : c; // pick
  return r;
}
