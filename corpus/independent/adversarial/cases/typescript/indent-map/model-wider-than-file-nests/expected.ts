function f() {
  if (x) {
    foo();
  }
}
