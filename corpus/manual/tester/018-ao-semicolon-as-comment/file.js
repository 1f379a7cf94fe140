const b = f(1);
use(b);
