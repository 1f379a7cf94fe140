function f() {
  a();
  b();
  c();
}
