function f() {
  a();
  b();
}
