function a() { return x + 1; }
function b() { return x + 2; }
