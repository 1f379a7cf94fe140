const m = `hi ${name}`; // greet
