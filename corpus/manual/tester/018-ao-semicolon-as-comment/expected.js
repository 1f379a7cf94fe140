const b = f(1)
  .then(g);
use(b);
