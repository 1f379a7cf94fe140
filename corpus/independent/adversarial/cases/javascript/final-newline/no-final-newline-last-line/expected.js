function f() {
  return 1;
}
module.exports = { f };