const r = combine(
  (first, second),
  third,
);
