function f() {
  a();
  // note
  c();
}
