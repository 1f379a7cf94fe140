function f(key) {
  if (!(key in cache)) {
    load(key);
  }
}
