const esc = (s) => s.replace(/</g, "&lt;");
