function a() {
  const v  = compute(1);
  return v;
}
function b() {
  const v = compute( 1 );
  return v;
}
