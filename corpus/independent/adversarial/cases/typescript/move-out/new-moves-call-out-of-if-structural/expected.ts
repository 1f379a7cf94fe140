function f(ok: boolean) {
  if (ok) {
    start();
  }
  log("x");
}
