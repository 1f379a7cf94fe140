function a() { return x + 2; }
function b() { return x + 2; }
