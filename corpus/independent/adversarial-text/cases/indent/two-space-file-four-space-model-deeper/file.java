class A {
  void f() {
    if (x) {
      y();
    }
  }
}
