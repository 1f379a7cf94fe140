function f(a: boolean, b: boolean, c: boolean) {
  return (a && b) || c;
}
function g(a: boolean, b: boolean, c: boolean) {
  return a && b || c;
}
