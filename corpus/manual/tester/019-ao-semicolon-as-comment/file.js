let s = "a";
