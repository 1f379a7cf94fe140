const a = 'x';
const e = 'v'
const b = "y"
const c = 'z';
const d = "w"
