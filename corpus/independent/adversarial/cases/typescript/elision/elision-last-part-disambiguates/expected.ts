function a() {
  init();
  x();
  done();
}

function b() {
  init();
  y();
  finish(true);
}
