class A {
  run() {
    if (x) {
      foo();
    }
  }
}
