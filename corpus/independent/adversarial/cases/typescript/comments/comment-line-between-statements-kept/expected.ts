function f() {
  a();
  // note
  c(1);
}
