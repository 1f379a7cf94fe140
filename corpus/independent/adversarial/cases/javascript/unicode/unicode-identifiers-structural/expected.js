const ñame = "😀😀😀";
const résumé = compute(
  ñame,
  "é",
  4,
);
