let s = "a" +
  "b";
