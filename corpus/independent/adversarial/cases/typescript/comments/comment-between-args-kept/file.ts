const r = foo(
  a, // first
  b,
);
