const b = 1;
use(b);
