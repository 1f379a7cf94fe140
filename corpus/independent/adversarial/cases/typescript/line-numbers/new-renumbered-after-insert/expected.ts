function f() {
  a();
  x();
  b();
}
