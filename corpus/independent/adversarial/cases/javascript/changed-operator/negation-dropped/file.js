function f() {
  if (!ready) {
    start();
  }
}
