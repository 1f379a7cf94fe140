function a() {
  let sum = 0;
  step();
  return sum;
}
function b() {
  let sum = 0;
  other();
  return sum;
}
