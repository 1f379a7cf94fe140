class A {
  run() {
    if (x) {
      go();
    }
  }
}
