class A {
  void f() {
    if (x) {
      while (w) {
        y();
      }
    }
  }
}
