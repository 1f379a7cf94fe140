const esc = (s) => s.replace(/</g, "X");
