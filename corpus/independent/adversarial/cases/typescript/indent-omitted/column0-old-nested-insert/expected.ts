class A {
  run() {
    if (x) {
      go();
      if (y) {
        stop();
      }
    }
  }
}
