function a() {
  open();
  close();
}

function b() {
  open();
  work();
  close();
}
