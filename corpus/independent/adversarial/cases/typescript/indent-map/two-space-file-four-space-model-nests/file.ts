class A {
  run() {
    foo();
  }
}
