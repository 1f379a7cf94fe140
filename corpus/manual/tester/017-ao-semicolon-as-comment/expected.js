const b = 1
  + 2;
use(b);
