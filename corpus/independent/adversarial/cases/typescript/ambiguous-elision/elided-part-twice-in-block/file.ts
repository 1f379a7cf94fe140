function f() {
  a();
  log();
  b();
  log();
  c();
}
