const a = 'x';
const b = "y"
const c = 'z';
const d = "w"
