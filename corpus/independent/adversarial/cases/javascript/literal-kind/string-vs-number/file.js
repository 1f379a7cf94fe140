const n = "1"; // s
