const r = foo(
  a, // first
  c,
);
