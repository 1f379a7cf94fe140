function f() {
  foo();
}
